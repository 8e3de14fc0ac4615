/**
 * Bounded work per request: body size limits (413) on the API's writes, the payment webhook and
 * the sandbox page, read and webhook rate limits per client address (429 with Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../support/databases'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { createBuiltInApi } from '../../src/server/runtime'
import { BODY_LIMITS } from '../../src/server/http/body-limit'
import { SANDBOX_PATH } from '../../src/server/payments/sandbox'

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const WEBHOOK = `${ALPIN}/api/webshop/v1/payments/webhooks/sandbox`
const env = { HOSTED_DOMAIN, DEFAULT_TENANT: 'alpin', NODE_ENV: 'test' as const, APP_SECRET: 'a-secret-for-the-limits-tests-000' }
let n = 0

/** A body streamed in 16 KiB chunks without Content-Length, counting the bytes the server pulled. */
function chunkedBody(totalBytes: number) {
  const chunk = 16 * 1024
  const seen = { bytes: 0, cancelled: false }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.bytes >= totalBytes) return controller.close()
      seen.bytes += chunk
      controller.enqueue(new TextEncoder().encode('x'.repeat(chunk)))
    },
    cancel() {
      seen.cancelled = true
    },
  }, { highWaterMark: 0 })
  return { body, seen, chunk }
}

/** The largest checkout a visitor can legitimately send: 500 participants, long names, extras. */
function largestCheckout() {
  const name = (seed: string) => `${seed} Müller-Lüdenscheidt von Wattenwyl-Bärtschi `.repeat(4).slice(0, 100)
  const participants = (item: number) =>
    Array.from({ length: 50 }, (_, i) => ({ firstname: name(`Anne-Sophie ${item}-${i}`), surname: name('Zürcher'), forSelf: false, extras: ['wetsuit-and-helmet-rental', 'photo-package-download', 'transfer-from-interlaken', 'lunch-picnic-vegetarian'] }))
  return {
    mode: 'order',
    items: Array.from({ length: 10 }, (_, item) => ({ itemId: `item-${'x'.repeat(40)}-${item}`, participants: participants(item) })),
    customer: { type: 'COMPANY', company: 'Ä'.repeat(200) },
    person: { firstname: name('Anna'), surname: name('Muster'), email: `${'a'.repeat(64)}@${'b'.repeat(180)}.ch`, phone: '+41 79 900 00 00' },
    address: { street: 'S'.repeat(200), streetNumber: '12a', postalCode: '3800', city: 'Interlaken', country: 'CH' },
    paymentMethod: 'PAY_LATER',
    termsAccepted: true,
    message: 'é'.repeat(2000),
  }
}

describeEachDatabase('limits per request', (factory) => {
  let app: TestApp
  let cookie: string
  let token: string

  beforeAll(async () => {
    app = await createTestApp(factory)
    const response = await app.call(`${ALPIN}/sanctum/csrf-cookie`)
    token = (response.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=').slice(1).join('=')
    cookie = `XSRF-TOKEN=${token}`
  })
  afterAll(async () => {
    await app.close()
  })

  const write = (path: string, body: string, headers: Record<string, string> = {}) =>
    app.call(`${ALPIN}${path}`, { method: 'POST', headers: { cookie, 'x-xsrf-token': token, 'idempotency-key': `limits-${Date.now()}-${n++}`, 'content-type': 'application/json', ...headers }, body })

  describe('request bodies', () => {
    it('lets the largest legitimate checkout through and refuses a bigger body with 413 and the error body', async () => {
      const body = JSON.stringify(largestCheckout())
      const bytes = Buffer.byteLength(body)
      expect(bytes).toBeGreaterThan(BODY_LIMITS.json / 2) // a real test of the margin …
      expect(bytes).toBeLessThan(BODY_LIMITS.json) // … that fits
      const { data: cart } = await (await write('/api/webshop/v1/carts', '{}')).json()
      const fits = await write(`/api/webshop/v1/carts/${cart.id}/checkout`, body)
      expect(fits.status).not.toBe(413) // read and validated (the items are not in the cart: 4xx of its own)
      expect((await fits.json()).data.code).not.toBe('body.too_large')

      const over = await write(`/api/webshop/v1/carts/${cart.id}/checkout`, JSON.stringify({ ...largestCheckout(), message: 'x'.repeat(BODY_LIMITS.json) }))
      expect(over.status).toBe(413)
      expect(await over.json()).toMatchObject({ statusCode: 413, statusMessage: 'Payload too large', data: { code: 'body.too_large', limit: BODY_LIMITS.json } })
    })

    it('refuses a big webhook body before its signature is checked, declared or chunked, without reading it all', async () => {
      // without a signature a small body is refused by the signature check (400) …
      const unsigned = await app.call(WEBHOOK, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(unsigned.status).toBe(400)
      // … a big one never gets there
      const declared = await app.call(WEBHOOK, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(BODY_LIMITS.webhook + 1) })
      expect(declared.status).toBe(413)
      expect((await declared.json()).data.code).toBe('body.too_large')

      // a stream (no Content-Length) of 100 MB is cut off at the limit (the test app's contract
      // check would buffer a copy: straight to the handler)
      const api = createBuiltInApi(app.database, env)
      const { body, seen, chunk } = chunkedBody(100 * 1024 * 1024)
      const response = await api(new Request(WEBHOOK, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit), { requestId: 'r' })
      expect(response.status).toBe(413)
      expect(seen.bytes).toBeLessThanOrEqual(BODY_LIMITS.webhook + chunk)
      // not cancelled: on Node that resets the connection before the 413 is read; the production
      // server discards the rest and closes in stages (src/server/http/lingering-close.ts)
      expect(seen.cancelled).toBe(false)
    })

    it("bounds the sandbox payment page's form and the operator's writes too", async () => {
      const page = await app.call(`${ALPIN}${SANDBOX_PATH}sbx_${'A'.repeat(22)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `action=pay&x=${'x'.repeat(BODY_LIMITS.page)}` })
      expect(page.status).toBe(413)
      const operator = await app.call(`${ALPIN}/api/webshop/v1/operator/requests/K7Q2-X9PM/answer`, { method: 'POST', headers: { authorization: 'Bearer nope', 'content-type': 'application/json', 'content-length': String(BODY_LIMITS.json + 1) }, body: 'x'.repeat(BODY_LIMITS.json + 1) })
      expect(operator.status).toBe(413) // bounded before anything else, the bearer token included
      const small = await app.call(`${ALPIN}/api/webshop/v1/operator/requests/K7Q2-X9PM/answer`, { method: 'POST', headers: { authorization: 'Bearer nope', 'content-type': 'application/json' }, body: '{}' })
      expect(small.status).toBe(401)
    })
  })

  describe('image renders', () => {
    it('serves a width between the pages\' sizes at the next size up, with the ETag of that size', async () => {
      const asked = await app.call(`${ALPIN}/api/media/v1/media/default.jpg?width=1000`)
      const size = await app.call(`${ALPIN}/api/media/v1/media/default.jpg?width=1024`)
      expect(asked.status).toBe(200)
      expect(asked.headers.get('etag')).toMatch(/-1024"$/)
      expect(asked.headers.get('etag')).toBe(size.headers.get('etag'))
      const { default: sharp } = await import('sharp')
      expect((await sharp(Buffer.from(await asked.arrayBuffer())).metadata()).width).toBe(1024)
      const cached = await app.call(`${ALPIN}/api/media/v1/media/default.jpg?width=1017`, { headers: { 'if-none-match': asked.headers.get('etag')! } })
      expect(cached.status).toBe(304)
    })
  })

  describe('rate limits', () => {
    it('limits reads per client address with 429 and Retry-After; other addresses and the page renderer go on', async () => {
      const api = createBuiltInApi(app.database, { ...env, RATE_LIMIT_READS_PER_MINUTE: 20 })
      const from = (ip: string | undefined, path: string) => {
        const request = new Request(`${ALPIN}${path}`)
        return api(ip === undefined ? request : Object.assign(request, { ip }), { requestId: 'r' })
      }
      const statuses: number[] = []
      for (let i = 0; i < 10; i++) statuses.push((await from('10.1.0.1', i % 2 ? '/api/webshop/v1/config' : '/api/webshop/v1/offers')).status)
      expect(statuses).toEqual(Array(10).fill(200)) // the burst: half the budget per minute
      const limited = await from('10.1.0.1', '/api/media/v1/media/default.jpg?width=64')
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(await limited.json()).toMatchObject({ statusCode: 429, data: { code: 'rate_limited' } })
      expect((await from('10.1.0.2', '/api/webshop/v1/config')).status).toBe(200) // another address
      for (let i = 0; i < 30; i++) expect((await from(undefined, '/api/webshop/v1/config')).status).toBe(200) // in-process (SSR)
      // pages and server functions share the budget (the server entry asks before rendering)
      const page = (ip?: string) => api.limitRead(ip ? Object.assign(new Request(`${ALPIN}/de`), { ip }) : new Request(`${ALPIN}/de`))
      expect(page('10.1.0.1')).toBeGreaterThanOrEqual(1)
      expect(page('10.1.0.3')).toBeNull()
      expect(page()).toBeNull()
      for (let i = 0; i < 9; i++) page('10.1.0.4')
      expect((await from('10.1.0.4', '/api/webshop/v1/config')).status).toBe(200) // the 10th of the burst
      expect((await from('10.1.0.4', '/api/webshop/v1/config')).status).toBe(429)
    })

    it('limits webhook calls per shop and client address, before the body is read', async () => {
      const api = createBuiltInApi(app.database, { ...env, RATE_LIMIT_WEBHOOKS_PER_MINUTE: 20 })
      const post = (ip: string) => api(Object.assign(new Request(WEBHOOK, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), { ip }), { requestId: 'r' })
      const statuses: number[] = []
      for (let i = 0; i < 10; i++) statuses.push((await post('10.2.0.1')).status)
      expect(statuses).toEqual(Array(10).fill(400)) // unsigned: refused by the signature check
      const limited = await post('10.2.0.1')
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect((await post('10.2.0.2')).status).toBe(400) // another address
    })

    it('turns a limit off with 0 and keeps reads apart from writes', async () => {
      const api = createBuiltInApi(app.database, { ...env, RATE_LIMIT_READS_PER_MINUTE: 0, RATE_LIMIT_WRITES_PER_MINUTE: 20 })
      for (let i = 0; i < 40; i++) {
        const response = await api(Object.assign(new Request(`${ALPIN}/api/webshop/v1/config`), { ip: '10.3.0.1' }), { requestId: 'r' })
        expect(response.status).toBe(200)
      }
    })
  })
})
