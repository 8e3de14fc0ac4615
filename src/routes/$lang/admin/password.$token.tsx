import { useState } from 'react'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { setPasswordFromLink } from '~/api/admin.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { useAdminApi } from '~/features/admin/api'
import { AuthLayout } from '~/features/admin/auth-layout'
import { FormField } from '~/features/admin/form-field'
import { fieldErrorsOf } from '~/features/admin/field-errors'
import { PasswordRules } from '~/features/admin/password-rules'

const title = msg`Set your password`

export const Route = createFileRoute('/$lang/admin/password/$token')({
  loader: async ({ context, params }) => (await import('~/features/admin/routing')).linkPage(context, params.token),
  staleTime: 0,
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  component: SetPasswordPage,
})

/** Sets the password from an invitation or reset link (once), then signs in. */
function SetPasswordPage() {
  const { config, lang } = Route.useRouteContext()
  const adminApi = useAdminApi(lang)
  const { link } = Route.useLoaderData()
  const { token } = Route.useParams()
  const { t, i18n } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const save = useMutation({
    mutationFn: () => setPasswordFromLink(adminApi, token, { password, passwordConfirmation: confirmation }),
    onSuccess: async (me) => {
      queryClient.setQueryData(['admin', 'me'], me)
      await router.navigate({ to: '/$lang/admin', params: { lang: me.member.locale }, replace: true })
    },
  })
  const errors = fieldErrorsOf(save.error)
  const linkGone = !link || (save.error instanceof ApiError && save.error.code === 'link.invalid')
  if (linkGone) {
    return (
      <AuthLayout config={config} lang={lang} title={i18n._(title)}>
        <p className="font-medium text-error" role="alert" data-testid="link-invalid">
          {t`The link has expired or is invalid. Request a new link.`}
        </p>
        <p className="mt-6">
          <Link to="/$lang/admin/forgot-password" params={{ lang }} className="underline">
            <Trans>Request a new link</Trans>
          </Link>
        </p>
      </AuthLayout>
    )
  }
  const email = link.email
  const name = link.name
  return (
    <AuthLayout config={config} lang={lang} title={i18n._(title)}>
      <p>{link.purpose === 'invitation' ? <Trans>Welcome, {name}! Choose a password for {email}.</Trans> : <Trans>Choose a new password for {email}.</Trans>}</p>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate()
        }}
      >
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordRules />
        <FormField id="new-password" label={t`New password`} type="password" autoComplete="new-password" required value={password} error={errors.password} onChange={setPassword} />
        <FormField
          id="new-password-confirmation"
          label={t`Repeat the new password`}
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          error={errors.passwordConfirmation}
          onChange={setConfirmation}
        />
        {save.isError && Object.keys(errors).length === 0 ? <SubmitError error={save.error} /> : null}
        <Button type="submit" className="w-full" disabled={save.isPending || save.isSuccess}>
          <Trans>Save password and sign in</Trans>
        </Button>
      </form>
    </AuthLayout>
  )
}
