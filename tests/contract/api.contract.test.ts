import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describeEachDatabase } from '../support/databases'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { shops } from '../../src/server/db/schema'

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`

async function xsrfPair(app: TestApp, origin = ALPIN) {
  const response = await app.call(`${origin}/sanctum/csrf-cookie`)
  const cookie = response.headers.getSetCookie()[0] ?? ''
  const token = cookie.split(';')[0]!.split('=').slice(1).join('=')
  return { cookie: `XSRF-TOKEN=${token}`, token }
}

describeEachDatabase('API contract', (factory) => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp(factory)
  })
  afterAll(async () => {
    await app?.close()
  })

  describe('tenancy and config', () => {
    it('answers the config of the shop the host belongs to', async () => {
      const alpin = await (await app.call(`${ALPIN}/api/webshop/v1/config`)).json()
      expect(alpin.data.id).toBe('alpin')
      expect(alpin.data.languages).toEqual(['de', 'en', 'fr'])
      const atelier = await (await app.call(`${ATELIER}/api/webshop/v1/config`)).json()
      expect(atelier.data.id).toBe('atelier')
      expect(atelier.data.languages).toEqual(['fr', 'de'])
      expect(atelier.data.theme.colorPalette.primary).not.toEqual(alpin.data.theme.colorPalette.primary)
    })

    it('maps localhost and 127.0.0.1 to the default shop, {shop}.localhost to that shop', async () => {
      for (const host of ['localhost:3000', '127.0.0.1:3000', 'localhost']) {
        const body = await (await app.call(`http://${host}/api/webshop/v1/config`)).json()
        expect(body.data.id, host).toBe('alpin')
      }
      const body = await (await app.call('http://atelier.localhost:3000/api/webshop/v1/config')).json()
      expect(body.data.id).toBe('atelier')
    })

    it('finds a shop by its custom domain', async () => {
      const [row] = await app.database.db.execute(sql`select domain from shop_domains where shop_id = 'atelier' limit 1`).then((r) => (r as unknown as { rows: { domain: string }[] }).rows)
      expect(row, 'the seed gives atelier a custom domain').toBeDefined()
      const body = await (await app.call(`http://${row!.domain}/api/webshop/v1/config`)).json()
      expect(body.data.id).toBe('atelier')
    })

    it("answers 404 'Invalid host' for hosts with too many labels", async () => {
      for (const host of ['a.b.c.d.shop.test', 'a.b.c.example.com', 'a.b.c.d.localhost', 'bad_host.example.com']) {
        const response = await app.call(`http://${host}/api/webshop/v1/config`)
        expect(response.status, host).toBe(404)
        const body = await response.json()
        expect(body.statusMessage, host).toBe('Invalid host')
      }
      // 4 labels are allowed under the hosted domain suffix, 3 elsewhere
      expect((await app.call(`http://www.alpin.${HOSTED_DOMAIN}/api/webshop/v1/config`)).status).toBe(200)
    })

    it('answers 404 for an unknown shop', async () => {
      const response = await app.call(`http://nobody.${HOSTED_DOMAIN}/api/webshop/v1/config`)
      expect(response.status).toBe(404)
      expect((await response.json()).data.code).toBe('shop.not_found')
      expect((await app.call('http://unknown-shop.example.org/api/webshop/v1/config')).status).toBe(404)
    })

    it('drops colours that are not rgb triples before they reach anyone', async () => {
      const [row] = await app.database.db.select().from(shops).where(sql`id = 'alpin'`)
      const hostile = structuredClone(row!.config)
      ;(hostile.theme.colorPalette as Record<string, unknown>).evil = {
        background: ['0;}body{background:url(//evil)', 0, 0],
        foreground: [0, 0, 0],
      }
      ;(hostile.theme.colorPalette as Record<string, unknown>)['bad name;'] = { background: [1, 2, 3], foreground: [1, 2, 3] }
      await app.database.db.insert(shops).values({ id: 'hostile', config: hostile })
      const body = await (await app.call(`http://hostile.${HOSTED_DOMAIN}/api/webshop/v1/config`)).json()
      expect(body.data.theme.colorPalette.evil).toBeUndefined()
      expect(body.data.theme.colorPalette['bad name;']).toBeUndefined()
      expect(body.data.theme.colorPalette.primary).toBeDefined()
    })

    it('answers a JSON 404 for unknown /api paths and 405 for a wrong method', async () => {
      const response = await app.call(`${ALPIN}/api/webshop/v1/nothing-here`)
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toContain('application/json')
      expect((await response.json()).message).toBe('Page not found: /api/webshop/v1/nothing-here')
      const wrong = await app.call(`${ALPIN}/api/webshop/v1/config`, { method: 'DELETE' })
      expect(wrong.status).toBe(405)
      expect(wrong.headers.get('allow')).toBe('GET')
    })

    it('puts x-flowin-request-id on every answer, a new one each time', async () => {
      const a = await app.call(`${ALPIN}/api/webshop/v1/config`)
      const b = await app.call(`${ALPIN}/api/nope`)
      expect(a.headers.get('x-flowin-request-id')).toMatch(/^[0-9a-f-]{36}$/)
      expect(b.headers.get('x-flowin-request-id')).not.toBe(a.headers.get('x-flowin-request-id'))
    })
  })

  describe('anti-forgery (XSRF)', () => {
    it('sets a readable, SameSite=Lax cookie', async () => {
      const response = await app.call(`${ALPIN}/sanctum/csrf-cookie`)
      expect(response.status).toBe(204)
      const cookie = response.headers.getSetCookie()[0] ?? ''
      expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{40,}\.[A-Za-z0-9_-]{40,};/)
      expect(cookie).toContain('SameSite=Lax')
      expect(cookie).toContain('Path=/')
      expect(cookie).not.toContain('HttpOnly')
    })

    it('marks the cookie Secure in production over HTTPS or on localhost, not on plain HTTP elsewhere', async () => {
      const { createBuiltInApi } = await import('../../src/server/runtime')
      const production = createBuiltInApi(app.database, { HOSTED_DOMAIN, DEFAULT_TENANT: 'alpin', NODE_ENV: 'production', APP_SECRET: undefined })
      const behindProxy = createBuiltInApi(app.database, { HOSTED_DOMAIN, DEFAULT_TENANT: 'alpin', NODE_ENV: 'production', APP_SECRET: undefined, TRUST_PROXY: true })
      const cookieOf = async (url: string, headers: Record<string, string> = {}, api = production) =>
        (await api(new Request(url, { headers }), { requestId: 'r' })).headers.getSetCookie()[0] ?? ''
      expect(await cookieOf('http://localhost:3000/sanctum/csrf-cookie')).toContain('; Secure')
      expect(await cookieOf(`https://alpin.${HOSTED_DOMAIN}/sanctum/csrf-cookie`)).toContain('; Secure')
      // X-Forwarded-Proto counts only from our own proxy (TRUST_PROXY): anyone can send it.
      expect(await cookieOf(`http://alpin.${HOSTED_DOMAIN}/sanctum/csrf-cookie`, { 'x-forwarded-proto': 'https' }, behindProxy)).toContain('; Secure')
      expect(await cookieOf(`http://alpin.${HOSTED_DOMAIN}/sanctum/csrf-cookie`, { 'x-forwarded-proto': 'https' })).not.toContain('Secure')
      expect(await cookieOf(`http://alpin.${HOSTED_DOMAIN}/sanctum/csrf-cookie`)).not.toContain('Secure')
    })

    it('refuses a write without the cookie/header pair with 419', async () => {
      const { cookie, token } = await xsrfPair(app)
      const cases: Record<string, string>[] = [
        { 'idempotency-key': 'k-no-token-000' },
        { 'idempotency-key': 'k-no-cookie-00', 'x-xsrf-token': token },
        { 'idempotency-key': 'k-no-header-00', cookie },
        { 'idempotency-key': 'k-mismatch-000', cookie, 'x-xsrf-token': `${token}x` },
        { 'idempotency-key': 'k-forged-00000', cookie: 'XSRF-TOKEN=abc.def', 'x-xsrf-token': 'abc.def' },
      ]
      for (const headers of cases) {
        const response = await app.call(`${ALPIN}/api/webshop/v1/carts`, { method: 'POST', headers })
        expect(response.status, JSON.stringify(headers)).toBe(419)
        expect((await response.json()).data.code).toBe('xsrf.mismatch')
      }
    })
  })

  describe('cookie-less anti-forgery token of embedded frames (ADR 013)', () => {
    const frameToken = async () => (await app.call(`${ALPIN}/sanctum/csrf-cookie`)).headers.get('x-xsrf-token') ?? ''
    const post = (headers: Record<string, string>) =>
      app.call(`${ALPIN}/api/webshop/v1/carts`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' })

    it('accepts a write with the frame token and no cookie at all', async () => {
      const token = await frameToken()
      expect(token).toMatch(/^f1\.\d+\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/)
      const response = await post({ 'x-xsrf-token': token, 'idempotency-key': `frame-ok-${Date.now()}` })
      expect(response.status).toBe(201)
    })

    it('refuses a tampered, expired, foreign or cookie-mismatched frame token with 419', async () => {
      const token = await frameToken()
      const [prefix, expiry, nonce, mac] = token.split('.')
      const { cookie } = await xsrfPair(app)
      const { createHmac } = await import('node:crypto')
      const past = Math.floor(Date.now() / 1000) - 10
      const cases: Record<string, string>[] = [
        { 'x-xsrf-token': `${prefix}.${Number(expiry) + 1}.${nonce}.${mac}` }, // longer life, same signature
        { 'x-xsrf-token': `${prefix}.${past}.${nonce}.${createHmac('sha256', 'guess').update(`xsrf:f1.${past}.${nonce}`).digest('base64url')}` },
        { 'x-xsrf-token': `${prefix}.${expiry}.${nonce}x.${mac}` },
        { 'x-xsrf-token': token, cookie }, // a cookie is there: the header must be that cookie
        { 'x-xsrf-token': 'f1' },
      ]
      for (const [i, headers] of cases.entries()) {
        const response = await post({ ...headers, 'idempotency-key': `frame-bad-${i}-${Date.now()}` })
        expect(response.status, JSON.stringify(headers)).toBe(419)
      }
    })

    it('lets a frame token expire after 24 hours', async () => {
      const { createBuiltInApi } = await import('../../src/server/runtime')
      let now = new Date('2026-11-23T10:00:00Z')
      const api = createBuiltInApi(app.database, { HOSTED_DOMAIN, DEFAULT_TENANT: 'alpin', NODE_ENV: 'test', APP_SECRET: 'a-secret-for-this-test' }, { now: () => now })
      const token = (await api(new Request(`${ALPIN}/sanctum/csrf-cookie`), { requestId: 'r' })).headers.get('x-xsrf-token')!
      const write = (key: string) =>
        api(new Request(`${ALPIN}/api/webshop/v1/carts`, { method: 'POST', headers: { 'x-xsrf-token': token, 'idempotency-key': key, 'content-type': 'application/json' }, body: '{}' }), { requestId: 'r' })
      now = new Date('2026-11-24T09:59:00Z')
      expect((await write(`frame-in-time-${Date.now()}`)).status).toBe(201)
      now = new Date('2026-11-24T10:00:01Z')
      expect((await write(`frame-too-late-${Date.now()}`)).status).toBe(419)
    })
  })

  describe('rate limiting', () => {
    it("limits a client's writes with 429 and Retry-After; other clients, reads and operators go on", async () => {
      const { createBuiltInApi } = await import('../../src/server/runtime')
      const api = createBuiltInApi(app.database, { HOSTED_DOMAIN, DEFAULT_TENANT: 'alpin', NODE_ENV: 'test', APP_SECRET: 'a-secret-for-the-rate-limit-test-0', RATE_LIMIT_WRITES_PER_MINUTE: 20 })
      const from = (ip: string, url: string, init: RequestInit = {}) => api(Object.assign(new Request(url, init), { ip }), { requestId: 'r' })
      const cookieResponse = await from('10.0.0.1', `${ALPIN}/sanctum/csrf-cookie`)
      const token = (cookieResponse.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=').slice(1).join('=')
      const write = (ip: string, i: number) =>
        from(ip, `${ALPIN}/api/webshop/v1/carts`, { method: 'POST', headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token, 'idempotency-key': `rate-${ip.replace(/\./g, '-')}-${i}-${Date.now()}`, 'content-type': 'application/json' }, body: '{}' })
      const statuses: number[] = []
      for (let i = 0; i < 10; i++) statuses.push((await write('10.0.0.1', i)).status)
      expect(statuses).toEqual(Array(10).fill(201)) // the burst
      const limited = await write('10.0.0.1', 99)
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      const body = await limited.json()
      expect(body).toMatchObject({ statusCode: 429, data: { code: 'rate_limited' } })
      expect((await write('10.0.0.2', 0)).status).toBe(201) // another client
      expect((await from('10.0.0.1', `${ALPIN}/api/webshop/v1/config`)).status).toBe(200) // reads are not limited
    })
  })

  describe('idempotency and carts', () => {
    it('creates a cart with an unguessable id and reads it back', async () => {
      const { cookie, token } = await xsrfPair(app)
      const response = await app.call(`${ALPIN}/api/webshop/v1/carts`, {
        method: 'POST',
        headers: { cookie, 'x-xsrf-token': token, 'idempotency-key': 'create-cart-1', 'content-type': 'application/json' },
        body: '{}',
      })
      expect(response.status).toBe(201)
      const { data } = await response.json()
      expect(data.id).toMatch(/^[A-Za-z0-9_-]{24}$/)
      const read = await app.call(`${ALPIN}/api/webshop/v1/carts/${data.id}`)
      expect(read.status).toBe(200)
      expect((await read.json()).data.id).toBe(data.id)
      // another shop cannot read it
      expect((await app.call(`${ATELIER}/api/webshop/v1/carts/${data.id}`)).status).toBe(404)
      expect((await app.call(`${ALPIN}/api/webshop/v1/carts/not-a-cart`)).status).toBe(404)
    })

    it('requires a well-formed Idempotency-Key on writes', async () => {
      const { cookie, token } = await xsrfPair(app)
      const missing = await app.call(`${ALPIN}/api/webshop/v1/carts`, { method: 'POST', headers: { cookie, 'x-xsrf-token': token } })
      expect(missing.status).toBe(400)
      expect((await missing.json()).data.code).toBe('idempotency.missing')
      const bad = await app.call(`${ALPIN}/api/webshop/v1/carts`, {
        method: 'POST',
        headers: { cookie, 'x-xsrf-token': token, 'idempotency-key': 'no spaces allowed' },
      })
      expect(bad.status).toBe(400)
    })

    it('answers the same key and body with the first answer, another body with 422', async () => {
      const { cookie, token } = await xsrfPair(app)
      const headers = { cookie, 'x-xsrf-token': token, 'idempotency-key': 'same-key-twice', 'content-type': 'application/json' }
      const first = await app.call(`${ALPIN}/api/webshop/v1/carts`, { method: 'POST', headers, body: '{}' })
      const second = await app.call(`${ALPIN}/api/webshop/v1/carts`, { method: 'POST', headers, body: '{}' })
      expect(second.status).toBe(201)
      expect(second.headers.get('idempotent-replayed')).toBe('true')
      expect((await second.json()).data.id).toBe((await first.json()).data.id)
      const other = await app.call(`${ALPIN}/api/webshop/v1/carts`, { method: 'POST', headers, body: '{ }' })
      expect(other.status).toBe(422)
      // the same key in another shop is another key
      const pair = await xsrfPair(app, ATELIER)
      const elsewhere = await app.call(`${ATELIER}/api/webshop/v1/carts`, {
        method: 'POST',
        headers: { ...headers, cookie: pair.cookie, 'x-xsrf-token': pair.token },
        body: '{}',
      })
      expect(elsewhere.status).toBe(201)
    })

    it('makes parallel repetitions of one key one cart', async () => {
      const { cookie, token } = await xsrfPair(app)
      const headers = { cookie, 'x-xsrf-token': token, 'idempotency-key': 'parallel-key-1' }
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => app.call(`${ALPIN}/api/webshop/v1/carts`, { method: 'POST', headers })),
      )
      const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).data.id)))
      expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201))
      expect(ids.size).toBe(1)
      const [row] = (await app.database.db.execute(sql`select count(*)::int as n from carts where id = ${[...ids][0]}`) as unknown as { rows: { n: number }[] }).rows
      expect(row!.n).toBe(1)
    })
  })

  describe('media', () => {
    it('resizes to the width asked for, with long-lived caching and an ETag', async () => {
      const config = (await (await app.call(`${ALPIN}/api/webshop/v1/config`)).json()).data
      const response = await app.call(`${ALPIN}/api/media/v1/media/${config.media.hero}.jpg?width=1024`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/jpeg')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const etag = response.headers.get('etag')
      expect(etag).toMatch(/^".+"$/)
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(meta.format).toBe('jpeg')
      expect(meta.width).toBe(1024)
      const logo = await app.call(`${ALPIN}/api/media/v1/media/${config.media.logo}.jpg?width=64`)
      expect((await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).width).toBe(64)
      const again = await app.call(`${ALPIN}/api/media/v1/media/${config.media.hero}.jpg?width=1024`, {
        headers: { 'if-none-match': etag! },
      })
      expect(again.status).toBe(304)
    })

    it('never enlarges beyond the original width', async () => {
      const config = (await (await app.call(`${ALPIN}/api/webshop/v1/config`)).json()).data
      const response = await app.call(`${ALPIN}/api/media/v1/media/${config.media.logo}.jpg?width=2560`)
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(meta.width).toBeLessThanOrEqual(256)
    })

    it("falls back to 'default' for an unknown id or another shop's image", async () => {
      const fallback = await app.call(`${ALPIN}/api/media/v1/media/does-not-exist.jpg?width=200`)
      expect(fallback.status).toBe(200)
      expect(fallback.headers.get('cache-control')).toBe('public, max-age=300')
      const atelier = (await (await app.call(`${ATELIER}/api/webshop/v1/config`)).json()).data
      const foreign = await app.call(`${ALPIN}/api/media/v1/media/${atelier.media.hero}.jpg?width=200`)
      expect(foreign.headers.get('etag')).toBe(fallback.headers.get('etag'))
    })

    it('refuses a bad width or id with 400 and a clear message', async () => {
      for (const width of ['0', '15', '2561', 'abc', '100.5', '-5', '']) {
        const response = await app.call(`${ALPIN}/api/media/v1/media/default.jpg?width=${width}`)
        expect(response.status, width).toBe(400)
        expect((await response.json()).message).toBe('The width must be a whole number of pixels from 16 to 2560.')
      }
      const badId = await app.call(`${ALPIN}/api/media/v1/media/${'x'.repeat(65)}.jpg`)
      expect(badId.status).toBe(400)
    })
  })

  describe('icons', () => {
    it('serves an icon of an installed set as a sandboxed SVG', async () => {
      const response = await app.call(`${ALPIN}/api/webshop/v1/icons/mdi/waves.svg`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
      expect(response.headers.get('content-security-policy')).toContain('sandbox')
      expect(await response.text()).toMatch(/^<svg /)
    })

    it('answers 404 for an unknown icon and 400 for a malformed name', async () => {
      expect((await app.call(`${ALPIN}/api/webshop/v1/icons/mdi/no-such-icon-xyz.svg`)).status).toBe(404)
      expect((await app.call(`${ALPIN}/api/webshop/v1/icons/MDI/waves.svg`)).status).toBe(400)
    })
  })

})
