/**
 * Caching that is correct (issue 19, point 7; docs/decisions/039-http-caching.md): the shop's
 * configuration and the offer reads carry a strong ETag and must be revalidated (`no-cache`,
 * `Vary: x-flowin-locale`); If-None-Match naming it answers 304 without a body; a change of the
 * data gives a new tag; a tag of another shop or another language never answers 304; previews
 * and carts are never kept; icons and images revalidate by their own tag. Every answer is checked
 * against the contract (app.call), 304s included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compress } from '../../scripts/serve'
import { createMicroCache } from '../../src/server/http/micro-cache'
import { storeMedia } from '../../src/server/domain/media'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer } from '../support/factories'
import { imageWithMetadata } from '../support/media'
import { signedInCast, staffCalls } from '../support/staff'
import { tenOClock, visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`
const MEDIA_ID = 'cachingimage00000000000000000000'

describeEachDatabase('HTTP caching: ETag, 304, Vary (openapi/webshop.yaml)', (factory) => {
  let app: TestApp
  let headers: Record<string, string>
  let staff: Awaited<ReturnType<typeof staffCalls>>
  let manager: string
  let owner: string
  let tour: Awaited<ReturnType<typeof createOffer>>
  const clock = Date.now()
  const at = tenOClock(() => clock, 'Europe/Zurich')
  const visitor = visitorCalls(ALPIN, () => ({ app, headers }))

  /** A GET as a browser sends it: the locale header, and the tag of its copy when it has one. */
  const get = (url: string, options: { locale?: string; ifNoneMatch?: string; method?: string; cookie?: string } = {}) =>
    app.call(url.startsWith('http') ? url : `${ALPIN}${url}`, {
      method: options.method ?? 'GET',
      headers: {
        'x-flowin-locale': options.locale ?? 'en',
        ...(options.ifNoneMatch ? { 'if-none-match': options.ifNoneMatch } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    })

  /** A 200 with a strong tag that must be revalidated and varies on the locale; its tag and body. */
  const tagged = async (url: string, options: { locale?: string } = {}) => {
    const response = await get(url, options)
    expect(response.status, url).toBe(200)
    const etag = response.headers.get('etag')
    expect(etag, url).toMatch(/^"[A-Za-z0-9_-]{43}"$/)
    expect(response.headers.get('cache-control'), url).toBe('no-cache')
    expect(response.headers.get('vary'), url).toMatch(/\bx-flowin-locale\b/i)
    return { etag: etag!, body: await response.text() }
  }

  /** The 304 for a tag: no body, the same ETag, Cache-Control and Vary. */
  const expectNotModified = async (url: string, etag: string, options: { locale?: string; ifNoneMatch?: string; method?: string } = {}) => {
    const response = await get(url, { ifNoneMatch: etag, ...options })
    expect(response.status, `${url} with ${options.ifNoneMatch ?? etag}`).toBe(304)
    expect(await response.text()).toBe('')
    expect(response.headers.get('etag')).toBe(etag)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('vary')).toMatch(/\bx-flowin-locale\b/i)
    expect(response.headers.get('content-type')).toBeNull()
  }

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date(clock) })
    headers = await xsrfHeaders(app, ALPIN)
    const cast = await signedInCast(app)
    staff = cast.alpin
    manager = cast.manager
    owner = cast.owner
    // The same slug in both shops, with the same texts; an offer with related offers.
    tour = await createOffer(app.database.db, { slug: 'cache-tour', title: 'Cache tour', related: ['cache-other'], sessions: [{ startsAt: at(5), capacity: 2 }] })
    await createOffer(app.database.db, { slug: 'cache-other', title: 'Other tour', sessions: [{ startsAt: at(6), capacity: 10 }] })
    await createOffer(app.database.db, { slug: 'cache-lonely', title: 'Lonely tour' })
    await createOffer(app.database.db, { shopId: 'atelier', slug: 'cache-lonely', title: 'Lonely tour' })
    await storeMedia(app.database.db, { id: MEDIA_ID, shopId: 'alpin', content: new Uint8Array(await imageWithMetadata('jpeg')) })
  })
  afterAll(() => app?.close())

  const READS = ['/api/webshop/v1/config', '/api/webshop/v1/offers?page=1', '/api/webshop/v1/offers/cache-tour', '/api/webshop/v1/offers/cache-tour/related']

  it('answers the configuration and the offer reads with a strong ETag, and 304 without a body to If-None-Match naming it (weak, in a list, or *)', async () => {
    for (const url of READS) {
      const first = await tagged(url)
      expect(first.body.length).toBeGreaterThan(0)
      // a request without If-None-Match (the pages' SSR calls, in-process) always gets the whole answer
      expect(await tagged(url)).toEqual(first)
      await expectNotModified(url, first.etag)
      // the server's gzip makes the tag weak: a browser sends back W/"…" (RFC 9110's weak comparison)
      await expectNotModified(url, first.etag, { ifNoneMatch: `W/${first.etag}` })
      await expectNotModified(url, first.etag, { ifNoneMatch: `"other", ${first.etag}` })
      await expectNotModified(url, first.etag, { ifNoneMatch: '*' })
      await expectNotModified(url, first.etag, { method: 'HEAD' })
      const other = await get(url, { ifNoneMatch: '"not-this-one"' })
      expect(other.status).toBe(200)
      expect(await other.text()).toBe(first.body)
    }
  })

  it('through the server\'s gzip: a weak tag and Vary on Accept-Encoding, for the 200 and its 304 alike', async () => {
    const url = `${ALPIN}/api/webshop/v1/offers/cache-tour`
    const gzip = (ifNoneMatch?: string) =>
      new Request(url, { headers: { 'accept-encoding': 'gzip, br', 'x-flowin-locale': 'de', ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) } })
    const full = await compress(gzip(), await app.call(gzip()))
    expect(full.headers.get('content-encoding')).toBe('gzip')
    const etag = full.headers.get('etag')!
    expect(etag).toMatch(/^W\/"/)
    expect(full.headers.get('vary')).toBe('x-flowin-locale, accept-encoding')
    const again = await compress(gzip(etag), await app.call(gzip(etag)))
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('vary')).toBe('x-flowin-locale, accept-encoding')
    // a client without gzip gets the strong tag, and revalidates with it
    const plain = await tagged(url, { locale: 'de' })
    expect(plain.etag).toBe(etag.slice(2))
  })

  it('never answers 304 to the tag of another shop or another language, even where the bodies are the same', async () => {
    // No related offers and no match: the same bytes in both shops and in every language.
    for (const path of ['/api/webshop/v1/offers/cache-lonely/related', '/api/webshop/v1/offers?q=nothing-matches-this']) {
      const alpinDe = await tagged(`${ALPIN}${path}`, { locale: 'de' })
      const atelierDe = await tagged(`${ATELIER}${path}`, { locale: 'de' })
      const alpinFr = await tagged(`${ALPIN}${path}`, { locale: 'fr' })
      expect(atelierDe.body).toBe(alpinDe.body)
      expect(alpinFr.body).toBe(alpinDe.body)
      expect(new Set([alpinDe.etag, atelierDe.etag, alpinFr.etag]).size).toBe(3)
      expect((await get(`${ATELIER}${path}`, { locale: 'de', ifNoneMatch: alpinDe.etag })).status).toBe(200)
      expect((await get(`${ALPIN}${path}`, { locale: 'de', ifNoneMatch: atelierDe.etag })).status).toBe(200)
      expect((await get(`${ALPIN}${path}`, { locale: 'fr', ifNoneMatch: alpinDe.etag })).status).toBe(200)
      expect((await get(`${ALPIN}${path}`, { locale: 'de', ifNoneMatch: alpinFr.etag })).status).toBe(200)
      // a locale the header names only by another spelling is the same answer
      await expectNotModified(`${ALPIN}${path}`, alpinDe.etag, { locale: ' DE ' })
    }
    // The same offer (same slug and texts) through both shops' hosts, and in de and fr.
    const path = '/api/webshop/v1/offers/cache-lonely'
    const alpinDe = await tagged(`${ALPIN}${path}`, { locale: 'de' })
    const atelierDe = await tagged(`${ATELIER}${path}`, { locale: 'de' })
    const alpinFr = await tagged(`${ALPIN}${path}`, { locale: 'fr' })
    expect((await get(`${ATELIER}${path}`, { locale: 'de', ifNoneMatch: alpinDe.etag })).status).toBe(200)
    expect((await get(`${ALPIN}${path}`, { locale: 'fr', ifNoneMatch: alpinDe.etag })).status).toBe(200)
    expect((await get(`${ALPIN}${path}`, { locale: 'de', ifNoneMatch: `${alpinFr.etag}, ${atelierDe.etag}` })).status).toBe(200)
    // Another query is another answer.
    const page1 = await tagged('/api/webshop/v1/offers?perPage=1')
    expect((await get('/api/webshop/v1/offers?perPage=1&page=2', { ifNoneMatch: page1.etag })).status).toBe(200)
  })

  it('gives a new tag when places are taken (after the two-second read cache), so the old one answers 200', async () => {
    const detail = await tagged('/api/webshop/v1/offers/cache-tour')
    const list = await tagged('/api/webshop/v1/offers?page=1')
    const related = await tagged('/api/webshop/v1/offers/cache-other/related')
    const cart = (await (await visitor('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const added = await visitor('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'cache-tour', sku: tour.skus[0]!.id, sessionId: tour.sessions[0]!.id, quantity: 2 })
    expect(added.status, await added.clone().text()).toBe(201)
    // A visitor's hold shows after at most two seconds (the per-process read cache).
    await new Promise((resolve) => setTimeout(resolve, 2_100))
    for (const [url, before] of [['/api/webshop/v1/offers/cache-tour', detail], ['/api/webshop/v1/offers?page=1', list]] as const) {
      const after = await get(url, { ifNoneMatch: before.etag })
      expect(after.status, url).toBe(200)
      expect(after.headers.get('etag')).not.toBe(before.etag)
      expect(await after.text()).not.toBe(before.body)
    }
    // the related offers of another offer did not change: still 304
    await expectNotModified('/api/webshop/v1/offers/cache-other/related', related.etag)
    // carts are personal: never kept, no validator
    const read = await visitor('GET', `/api/webshop/v1/carts/${cart}`, undefined, { 'if-none-match': '*' })
    expect(read.status).toBe(200)
    expect(read.headers.get('cache-control')).toBe('no-store')
    expect(read.headers.get('etag')).toBeNull()
  })

  it('gives a new tag at once when the staff edits an offer or the settings (the shop\'s read cache is dropped)', async () => {
    const created = (await staff.call('POST', '/offers', { session: manager, body: { kind: 'activity', title: { de: 'Frisch', en: 'Fresh' } } })).body.data
    const variant = { key: 'adult', type: 'activity', title: { de: 'Erwachsene' }, price: 9000, durationMinutes: 60, blockCount: 1, maxParticipants: null, minQuantity: 0, maxQuantity: 8 }
    const saved = await staff.call('PUT', `/offers/${created.id}`, { session: manager, body: { version: created.version, content: { ...created.content, intro: { de: 'Erst', en: 'First' }, variants: [variant] } } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const published = await staff.call('POST', `/offers/${created.id}/publish`, { session: manager, body: { version: saved.body.data.version } })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    const url = `/api/webshop/v1/offers/${created.content.slug}`
    const before = await tagged(url)
    expect(JSON.parse(before.body).data.intro).toBe('First')
    await expectNotModified(url, before.etag) // read again within the two seconds: the cached answer

    const edited = await staff.call('PUT', `/offers/${created.id}`, { session: manager, body: { version: published.body.data.version, content: { ...saved.body.data.content, intro: { de: 'Erst', en: 'Second' } } } })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    // No wait: the staff write dropped the shop's cached reads.
    const after = await get(url, { ifNoneMatch: before.etag })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(before.etag)
    expect((await after.json()).data.intro).toBe('Second')

    const config = await tagged('/api/webshop/v1/config')
    const settings = (await staff.call('GET', '/settings/general', { session: owner })).body.data
    settings.settings.labels.slogan.en = 'Revalidated, always'
    expect((await staff.call('PUT', '/settings/general', { session: owner, body: { version: settings.version, settings: settings.settings } })).status).toBe(200)
    const changed = await get('/api/webshop/v1/config', { ifNoneMatch: config.etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(config.etag)
    expect((await changed.json()).data.labels.slogan.en).toBe('Revalidated, always')
    // the other shop's configuration did not change
    const atelier = await tagged(`${ATELIER}/api/webshop/v1/config`)
    await expectNotModified(`${ATELIER}/api/webshop/v1/config`, atelier.etag)
  })

  it('never keeps a staff member\'s preview of a draft: no tag, private, no-store, never 304', async () => {
    const created = (await staff.call('POST', '/offers', { session: manager, body: { kind: 'activity', title: { de: 'Entwurf' } } })).body.data
    for (const url of [`/api/webshop/v1/offers/${created.content.slug}`, `/api/webshop/v1/offers/${created.content.slug}/related`]) {
      const preview = await get(url, { ifNoneMatch: '*', cookie: `staff-session=${manager}` })
      expect(preview.status, url).toBe(200)
      expect(preview.headers.get('cache-control')).toBe('private, no-store')
      expect(preview.headers.get('etag')).toBeNull()
      expect((await get(url)).status).toBe(404)
    }
  })

  it('revalidates icons (a day, then their own tag) and images (immutable) by ETag, weak tags included', async () => {
    const icon = await get('/api/webshop/v1/icons/mdi/home.svg')
    expect(icon.status).toBe(200)
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400')
    const etag = icon.headers.get('etag')!
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/)
    // the same for every shop and language: one tag, no Vary on the locale
    expect(icon.headers.get('vary')).toBe('accept-encoding')
    expect((await get(`${ATELIER}/api/webshop/v1/icons/mdi/home.svg`, { locale: 'fr' })).headers.get('etag')).toBe(etag)
    for (const ifNoneMatch of [etag, `W/${etag}`]) {
      const again = await get('/api/webshop/v1/icons/mdi/home.svg', { ifNoneMatch })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('cache-control')).toBe('public, max-age=86400')
    }
    expect((await get('/api/webshop/v1/icons/mdi/account.svg', { ifNoneMatch: etag })).status).toBe(200)

    const image = await get(`/api/media/v1/media/${MEDIA_ID}.jpg?width=64`)
    expect(image.status).toBe(200)
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const imageTag = image.headers.get('etag')!
    for (const ifNoneMatch of [imageTag, `W/${imageTag}`, `"x", ${imageTag}`]) {
      const again = await get(`/api/media/v1/media/${MEDIA_ID}.jpg?width=64`, { ifNoneMatch })
      expect(again.status, ifNoneMatch).toBe(304)
      expect(again.headers.get('etag')).toBe(imageTag)
    }
  })
})

describe('the offers read cache', () => {
  it('forgets a shop\'s entries, and only that shop\'s', async () => {
    const cache = createMicroCache<string>(2_000, 10, () => 0)
    let computed = 0
    const read = (key: string) => cache(key, async () => `${key}#${++computed}`)
    expect(await read('alpin|de|/a')).toBe('alpin|de|/a#1')
    expect(await read('alpin2|de|/a')).toBe('alpin2|de|/a#2')
    expect(await read('alpin|de|/a')).toBe('alpin|de|/a#1')
    cache.forget('alpin|')
    expect(await read('alpin|de|/a')).toBe('alpin|de|/a#3')
    expect(await read('alpin2|de|/a')).toBe('alpin2|de|/a#2')
  })
})
