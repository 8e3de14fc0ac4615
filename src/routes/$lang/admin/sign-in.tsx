import { useMemo } from 'react'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { signIn } from '~/api/admin.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { ApiError } from '~/api/client'
import { signInMachine } from '~/machines/admin/sign-in'
import { useAdminApi } from '~/features/admin/api'
import { AuthLayout } from '~/features/admin/auth-layout'
import { FormField } from '~/features/admin/form-field'
import { afterSignIn } from '~/features/admin/redirect'

const title = msg`Sign in`

type Search = { redirect?: string }

export const Route = createFileRoute('/$lang/admin/sign-in')({
  // Followed only if it is a plain path of this staff app (`afterSignIn`): never an open redirect.
  validateSearch: (search: Record<string, unknown>): Search => (typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  loaderDeps: ({ search }) => ({ redirect: search.redirect }),
  // signed in already: on to the page asked for
  loader: async ({ context, deps }) => (await import('~/features/admin/routing')).signInPage(context, deps.redirect),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  component: SignInPage,
})

function SignInPage() {
  const { config, lang } = Route.useRouteContext()
  const adminApi = useAdminApi(lang)
  const { redirect } = Route.useSearch()
  const { t, i18n } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const machine = useMemo(
    () =>
      signInMachine.provide({
        actors: {
          signIn: fromPromise(async ({ input }) => {
            const me = await signIn(adminApi, input)
            queryClient.setQueryData(['admin', 'me'], me)
            await router.navigate({ href: afterSignIn(redirect, lang), replace: true })
            return me
          }),
        },
      }),
    [adminApi, queryClient, router, redirect, lang],
  )
  const [state, send] = useMachine(machine, { input: {} })
  const { email, password, missing, retryIn, error } = state.context
  const busy = state.matches('submitting') || state.matches('signedIn')
  const required = { code: 'required' }
  return (
    <AuthLayout config={config} lang={lang} title={i18n._(title)}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          send({ type: 'submit' })
        }}
        className="space-y-4"
      >
        <FormField
          id="sign-in-email"
          label={t`E-mail address`}
          type="email"
          autoComplete="username"
          required
          value={email}
          error={missing.includes('email') ? required : undefined}
          onChange={(value) => send({ type: 'change', field: 'email', value })}
        />
        <FormField
          id="sign-in-password"
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={missing.includes('password') ? required : undefined}
          onChange={(value) => send({ type: 'change', field: 'password', value })}
        />
        <div aria-live="polite" role="status">
          {state.matches('invalidCredentials') ? (
            <p className="rounded-md border border-error p-3 font-medium text-error" data-testid="sign-in-invalid">
              <Trans>The e-mail address or the password is not correct.</Trans>
            </p>
          ) : null}
          {state.matches('throttled') ? (
            <p className="rounded-md border border-error p-3 font-medium text-error" data-testid="sign-in-throttled">
              <Trans>Too many attempts. Please wait {retryIn} seconds and try again.</Trans>
            </p>
          ) : null}
        </div>
        {state.matches('failed') ? <SubmitError error={new ApiError(error?.status ?? 500, { statusCode: error?.status ?? 500, statusMessage: '', message: '', data: { code: error?.code } })} /> : null}
        <Button type="submit" className="w-full" disabled={busy || state.matches('throttled')} aria-busy={busy || undefined}>
          <Trans>Sign in</Trans>
        </Button>
      </form>
      <p className="mt-6 text-center">
        <Link to="/$lang/admin/forgot-password" params={{ lang }} className="underline">
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
    </AuthLayout>
  )
}
