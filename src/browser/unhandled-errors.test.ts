// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setErrorReporter } from '~/lib/report-error'
import { watchUnhandledErrors } from './unhandled-errors'

const ORIGIN = 'https://alpin.example'

function rejection(reason: unknown) {
  return Object.assign(new Event('unhandledrejection'), { reason })
}

describe('unhandled errors outside the router', () => {
  let stop: (() => void) | undefined
  afterEach(() => {
    stop?.()
    setErrorReporter(undefined)
  })

  function watch() {
    const onFatal = vi.fn()
    const captureException = vi.fn()
    setErrorReporter({ captureException })
    stop = watchUnhandledErrors(onFatal, ORIGIN)
    return { onFatal, captureException }
  }

  it('reports an exception of our own scripts and leads to the error screen', () => {
    const { onFatal, captureException } = watch()
    const error = new Error('boom')
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'boom', filename: `${ORIGIN}/assets/index-abc.js` }))
    expect(onFatal).toHaveBeenCalledWith(error)
    expect(captureException).toHaveBeenCalledWith(error, { tags: { source: 'window.error' } })
  })

  it('reports a promise rejected with no handler and leads to the error screen', () => {
    const { onFatal, captureException } = watch()
    const error = new Error('nobody handled me')
    window.dispatchEvent(rejection(error))
    expect(onFatal).toHaveBeenCalledWith(error)
    expect(captureException).toHaveBeenCalledWith(error, { tags: { source: 'window.unhandledrejection' } })
  })

  it('leaves alone scripts of other origins, aborted requests and layout notices', () => {
    const { onFatal, captureException } = watch()
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('extension'), message: 'extension', filename: 'chrome-extension://abc/content.js' }))
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('host'), message: 'host', filename: 'https://alpin.example.evil.com/x.js' }))
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.', filename: `${ORIGIN}/assets/a.js` }))
    window.dispatchEvent(rejection(new DOMException('The user aborted a request.', 'AbortError')))
    expect(onFatal).not.toHaveBeenCalled()
    expect(captureException).not.toHaveBeenCalled()
  })

  it('stops watching when asked', () => {
    const { onFatal } = watch()
    stop!()
    stop = undefined
    window.dispatchEvent(rejection(new Error('late')))
    expect(onFatal).not.toHaveBeenCalled()
  })
})
