import { setErrorReporter } from '~/lib/report-error'

let started: Promise<void> | undefined

/** Starts the Sentry server SDK when SENTRY_DSN is set; nothing is loaded otherwise. */
export function startServerSentry(dsn: string | undefined, environment: string) {
  if (!dsn) return Promise.resolve()
  started ??= import('@sentry/node')
    .then((Sentry) => {
      // Tracing stays off: it costs a large share of SSR throughput.
      Sentry.init({ dsn, environment, tracesSampleRate: 0 })
      setErrorReporter({
        captureException: (error, hint) => Sentry.captureException(error, { tags: hint?.tags, extra: hint?.extra }),
      })
    })
    .catch((error) => console.error('[sentry] could not start:', error))
  return started
}
