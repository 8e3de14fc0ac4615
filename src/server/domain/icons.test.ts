import { describe, expect, it, vi } from 'vitest'
import { createIconSource, ICON_CACHE_SIZE, ICON_TIMEOUT_MS } from './icons'

const remoteSvg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>'

describe('icons', () => {
  it('serves installed icon sets locally, without asking the public API', async () => {
    const fetch = vi.fn()
    const icons = createIconSource({ fetch })
    const svg = await icons.get('mdi', 'waves')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('viewBox="0 0 24 24"')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('falls back to the public icon API for other sets', async () => {
    const fetch = vi.fn(async () => new Response(remoteSvg, { headers: { 'content-type': 'image/svg+xml' } }))
    const icons = createIconSource({ fetch: fetch as never, remoteBase: 'https://icons.test' })
    expect(await icons.get('lucide', 'tent')).toBe(remoteSvg)
    expect(fetch).toHaveBeenCalledWith('https://icons.test/lucide/tent.svg', expect.objectContaining({ signal: expect.any(AbortSignal) }))
  })

  it('gives up after 500 ms and never throws', async () => {
    const fetch = vi.fn(
      (_url: string, init: { signal: AbortSignal }) =>
        new Promise<Response>((_resolve, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason))),
    )
    const icons = createIconSource({ fetch: fetch as never })
    const started = Date.now()
    expect(await icons.get('lucide', 'slow')).toBeNull()
    const took = Date.now() - started
    expect(took).toBeGreaterThanOrEqual(ICON_TIMEOUT_MS - 50)
    expect(took).toBeLessThan(ICON_TIMEOUT_MS + 1000)
  })

  it('answers null for unknown icons, bad names and non-SVG answers', async () => {
    const fetch = vi.fn(async () => new Response('<html>nope</html>'))
    const icons = createIconSource({ fetch: fetch as never })
    expect(await icons.get('mdi', 'no-such-icon-anywhere')).toBeNull()
    expect(await icons.get('../etc', 'passwd')).toBeNull()
    expect(await icons.get('lucide', 'html')).toBeNull()
  })

  it('never mistakes Object.prototype for an icon or a set (constructor, to-string)', async () => {
    const fetch = vi.fn(async () => new Response('', { status: 404 }))
    const icons = createIconSource({ fetch: fetch as never })
    expect(await icons.get('mdi', 'constructor')).toBeNull()
    expect(await icons.get('constructor', 'home')).toBeNull()
    expect(await icons.get('mdi', 'home')).toMatch(/^<svg/)
  })

  it('keeps at most 50 entries, the most recently used ones', async () => {
    const fetch = vi.fn(async () => new Response(remoteSvg))
    const icons = createIconSource({ fetch: fetch as never })
    for (let i = 0; i < ICON_CACHE_SIZE + 10; i++) await icons.get('lucide', `icon-${i}`)
    expect(icons.size).toBe(ICON_CACHE_SIZE)
    fetch.mockClear()
    await icons.get('lucide', `icon-${ICON_CACHE_SIZE + 9}`) // recent: cached
    expect(fetch).not.toHaveBeenCalled()
    await icons.get('lucide', 'icon-0') // evicted: fetched again
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
