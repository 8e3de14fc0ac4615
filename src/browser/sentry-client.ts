import { setErrorReporter } from '~/lib/report-error'

let started = false

/** Loads the Sentry browser SDK (its own chunk) only when the server configured a DSN. */
export function startBrowserSentry(dsn: string | undefined, tags: Record<string, string>) {
  if (!dsn || started || typeof window === 'undefined') return
  started = true
  void import('@sentry/react')
    .then((Sentry) => {
      Sentry.init({
        dsn,
        tracesSampleRate: 0,
        initialScope: { tags },
        // uncaught errors are reported by browser/unhandled-errors.ts (once, with the same filters)
        integrations: (defaults) => defaults.filter((integration) => integration.name !== 'GlobalHandlers'),
      })
      setErrorReporter({
        captureException: (error, hint) => Sentry.captureException(error, { tags: hint?.tags, extra: hint?.extra }),
      })
    })
    .catch(() => {
      started = false
    })
}
