import { reportError } from '~/lib/report-error'
import { isChunkLoadError, reloadOnceAfterChunkError } from './deployment'

/** Browser messages that are no fault of the page (a layout notice, an aborted request). */
function isNoise(error: unknown, message = ''): boolean {
  const name = (error as { name?: unknown } | null)?.name
  return name === 'AbortError' || /ResizeObserver loop/i.test(message || String((error as { message?: unknown } | null)?.message ?? ''))
}

/**
 * Errors nothing caught, outside the router's error boundaries (an event handler's exception, a
 * promise rejected with no handler): reported as the router's errors are, then `onFatal`, which
 * shows the error screen ("Fatal or unhandled errors lead to the error screen"). Errors of
 * scripts from other origins (browser extensions, a host page's code) and browser noise are
 * left alone; a failed chunk load reloads the page once instead (a new deployment). Returns
 * the function that stops watching.
 */
export function watchUnhandledErrors(onFatal: (error: unknown) => void, origin = window.location.origin): () => void {
  const handle = (error: unknown, source: string) => {
    if (isChunkLoadError(error) && reloadOnceAfterChunkError()) return
    reportError(error, { source })
    onFatal(error)
  }
  const onError = (event: ErrorEvent) => {
    if (event.filename && !event.filename.startsWith(`${origin}/`)) return
    if (isNoise(event.error, event.message)) return
    handle(event.error ?? new Error(event.message), 'window.error')
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isNoise(event.reason)) return
    handle(event.reason, 'window.unhandledrejection')
  }
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  return () => {
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
  }
}
