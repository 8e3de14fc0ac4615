// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isChunkLoadError, reloadOnceAfterChunkError, watchDeployments } from './deployment'

function memoryStorage() {
  const map = new Map<string, string>()
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) }
}

describe('deployments and chunk errors', () => {
  afterEach(() => vi.useRealTimers())

  it('recognises failed chunk loads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
  })

  it('reloads at most once per 10 s per path', () => {
    const storage = memoryStorage()
    const reload = vi.fn()
    expect(reloadOnceAfterChunkError(storage, 1_000_000, reload)).toBe(true)
    expect(reloadOnceAfterChunkError(storage, 1_005_000, reload)).toBe(false)
    expect(reloadOnceAfterChunkError(storage, 1_010_001, reload)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('checks the build id about 1 s after load; a new one makes the next navigation a full load', async () => {
    vi.useFakeTimers()
    const listeners: Array<(e: { toLocation: { href: string }; pathChanged: boolean }) => void> = []
    const router = { subscribe: (_event: string, fn: (typeof listeners)[number]) => (listeners.push(fn), () => {}) }
    const fetch = vi.fn(async () => new Response(JSON.stringify({ buildId: 'a-newer-build' })))
    const assign = vi.fn()
    Object.defineProperty(window, 'location', { value: { ...window.location, assign, pathname: '/de' }, configurable: true })
    const stop = watchDeployments(router as never, fetch as never)
    await vi.advanceTimersByTimeAsync(900)
    expect(fetch).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(200)
    expect(fetch).toHaveBeenCalledWith('/_build/latest.json', { cache: 'no-store' })
    listeners[0]!({ toLocation: { href: '/de/imprint' }, pathChanged: true })
    expect(assign).toHaveBeenCalledWith('/de/imprint')
    stop()
  })

  it('does nothing while the build id is the same', async () => {
    vi.useFakeTimers()
    const listeners: Array<(e: { toLocation: { href: string }; pathChanged: boolean }) => void> = []
    const router = { subscribe: (_event: string, fn: (typeof listeners)[number]) => (listeners.push(fn), () => {}) }
    const fetch = vi.fn(async () => new Response(JSON.stringify({ buildId: 'dev' })))
    const assign = vi.fn()
    Object.defineProperty(window, 'location', { value: { ...window.location, assign }, configurable: true })
    const stop = watchDeployments(router as never, fetch as never)
    await vi.advanceTimersByTimeAsync(1_100)
    listeners[0]!({ toLocation: { href: '/de/imprint' }, pathChanged: true })
    expect(assign).not.toHaveBeenCalled()
    stop()
  })
})
