import { useState } from 'react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useMutation } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { requestPasswordReset } from '~/api/admin.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { useAdminApi } from '~/features/admin/api'
import { AuthLayout } from '~/features/admin/auth-layout'
import { FormField } from '~/features/admin/form-field'
import { fieldErrorsOf } from '~/features/admin/field-errors'

const title = msg`Forgot your password?`

export const Route = createFileRoute('/$lang/admin/forgot-password')({
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  component: ForgotPasswordPage,
})

/** Asks for a reset link; the answer is the same whether the address is known or not. */
function ForgotPasswordPage() {
  const { config, lang } = Route.useRouteContext()
  const adminApi = useAdminApi(lang)
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState('')
  const [missing, setMissing] = useState(false)
  const send = useMutation({ mutationFn: (address: string) => requestPasswordReset(adminApi, address) })
  const errors = fieldErrorsOf(send.error)
  return (
    <AuthLayout config={config} lang={lang} title={i18n._(title)}>
      {send.isSuccess ? (
        <p role="status" data-testid="reset-sent">
          <Trans>If this address belongs to a staff member of this shop, we have sent a link to set a new password. Please check your e-mail.</Trans>
        </p>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault()
            if (!email.trim()) return setMissing(true)
            send.mutate(email.trim())
          }}
        >
          <p>
            <Trans>Enter your e-mail address: we will send you a link to set a new password.</Trans>
          </p>
          <FormField
            id="reset-email"
            label={t`E-mail address`}
            type="email"
            autoComplete="username"
            required
            value={email}
            error={missing ? { code: 'required' } : errors.email}
            onChange={(value) => {
              setEmail(value)
              setMissing(false)
            }}
          />
          {send.isError && !errors.email ? <SubmitError error={send.error} /> : null}
          <Button type="submit" className="w-full" disabled={send.isPending}>
            <Trans>Send link</Trans>
          </Button>
        </form>
      )}
      <p className="mt-6 text-center">
        <Link to="/$lang/admin/sign-in" params={{ lang }} search={{}} className="underline">
          <Trans>Back to sign-in</Trans>
        </Link>
      </p>
    </AuthLayout>
  )
}
