import type { ApiError } from '~/api/client'

type Reporter = { captureException: (error: unknown, hint?: { tags?: Record<string, string>; extra?: Record<string, unknown> }) => unknown }

const KEY = Symbol.for('webshop.errorReporter')
type Holder = { [KEY]?: Reporter }

/** Set by the Sentry setup (server or browser) once a DSN is configured; nothing otherwise. */
export function setErrorReporter(reporter: Reporter | undefined) {
  ;(globalThis as Holder)[KEY] = reporter
}

export function reportError(error: unknown, tags: Record<string, string> = {}) {
  const reporter = (globalThis as Holder)[KEY]
  if (!reporter) return
  try {
    reporter.captureException(error, { tags })
  } catch {
    // reporting must never break the page
  }
}

export function reportApiError(error: ApiError) {
  reportError(error, {
    ...(error.flowinRequestId ? { flowinRequestId: error.flowinRequestId } : {}),
    status: String(error.status),
  })
}
