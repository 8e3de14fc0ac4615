import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../../../tests/support/databases'
import { createTestApp, type TestApp } from '../../../tests/support/app'
import { MEDIA_WIDTHS } from '../../lib/media'
import { createMediaRenderer, MediaBusy, renderMedia } from './media'

const tick = () => new Promise((r) => setTimeout(r, 5))

describe('media renderer bounds', () => {
  it('never runs more renders at once than its bound; the others wait', async () => {
    let running = 0
    let peak = 0
    const renderer = createMediaRenderer({
      concurrency: 2,
      maxQueue: 100,
      resize: async (_content, width) => {
        running++
        peak = Math.max(peak, running)
        await tick()
        running--
        return new Uint8Array([width % 256])
      },
    })
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => renderer.render(`k${i}`, new Uint8Array(1), i)))
    expect(results).toHaveLength(40)
    expect(peak).toBe(2)
    expect(renderer.stats.peakActive).toBe(2)
    expect(renderer.stats.renders).toBe(40)
  })

  it('refuses at once (MediaBusy) when the waiting queue is full', async () => {
    const renderer = createMediaRenderer({ concurrency: 2, maxQueue: 3, resize: async () => (await tick(), new Uint8Array(1)) })
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => renderer.render(`k${i}`, new Uint8Array(1), 100)))
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5)
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')
    expect(refused).toHaveLength(5)
    for (const r of refused) expect(r.reason).toBeInstanceOf(MediaBusy)
  })

  it('renders an image and width once however many ask at the same time, then from the cache', async () => {
    let renders = 0
    const renderer = createMediaRenderer({ resize: async () => (renders++, await tick(), new Uint8Array(10)) })
    await Promise.all(Array.from({ length: 20 }, () => renderer.render('same', new Uint8Array(1), 640)))
    await renderer.render('same', new Uint8Array(1), 640)
    expect(renders).toBe(1)
  })

  it('keeps its cache within its byte bound, dropping the least recently used', async () => {
    const maxCacheBytes = 10_000
    const renderer = createMediaRenderer({ maxCacheBytes, resize: async () => new Uint8Array(2_000) })
    for (let i = 0; i < 50; i++) {
      await renderer.render(`k${i}`, new Uint8Array(1), 100)
      expect(renderer.cachedBytes()).toBeLessThanOrEqual(maxCacheBytes)
    }
    const before = renderer.stats.renders
    await renderer.render('k49', new Uint8Array(1), 100) // recent: cached
    expect(renderer.stats.renders).toBe(before)
    await renderer.render('k0', new Uint8Array(1), 100) // long gone: rendered again
    expect(renderer.stats.renders).toBe(before + 1)
    // an image bigger than a quarter of the bound is served, never cached
    const big = createMediaRenderer({ maxCacheBytes, resize: async () => new Uint8Array(3_000) })
    await big.render('x', new Uint8Array(1), 100)
    expect(big.cachedBytes()).toBe(0)
  })
})

describeEachDatabase('media widths snapped to the pages\' sizes', (factory) => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp(factory)
  })
  afterAll(async () => {
    await app.close()
  })

  it('renders 100 distinct widths with at most one render per allowed width', async () => {
    const widths: number[] = []
    const renderer = createMediaRenderer({ resize: async (_content, width) => (widths.push(width), new Uint8Array([1, 2, 3])) })
    const shop = (await app.database.db.query.shops.findFirst())!
    const etags = new Set<string>()
    for (let i = 0; i < 100; i++) {
      const width = 16 + Math.round((i * (2560 - 16)) / 99)
      const image = await renderMedia(app.database.db, shop.id, 'default', width, { renderer })
      expect(image?.body).toBeTruthy()
      etags.add(image!.etag)
    }
    expect(widths.length).toBeLessThanOrEqual(MEDIA_WIDTHS.length)
    expect(new Set(widths).size).toBe(widths.length)
    expect(etags.size).toBe(widths.length) // the ETag follows the rendered width
    const original = Math.max(...widths)
    for (const w of widths) expect(MEDIA_WIDTHS.includes(w) || w === original, String(w)).toBe(true)
  })

  it('answers a matching If-None-Match without rendering', async () => {
    let renders = 0
    const renderer = createMediaRenderer({ resize: async () => (renders++, new Uint8Array(1)) })
    const shop = (await app.database.db.query.shops.findFirst())!
    const first = await renderMedia(app.database.db, shop.id, 'default', 300, { renderer })
    expect(first!.etag).toMatch(/-400"$/)
    const again = await renderMedia(app.database.db, shop.id, 'default', 399, { renderer, clientHas: (etag) => etag === first!.etag })
    expect(again).toMatchObject({ etag: first!.etag, body: null })
    expect(renders).toBe(1)
  })
})
