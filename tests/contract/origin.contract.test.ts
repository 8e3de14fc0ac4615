import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { describeEachDatabase } from '../support/databases'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { createOffer, visitorContact } from '../support/factories'
import { addDays, utcToZonedDate, zonedDateTimeToUtc } from '../../src/server/domain/offers/zoned-time'
import { outbox, payments, sandboxSessions } from '../../src/server/db/schema'
import { createOperatorToken } from '../../src/server/domain/operator'
import * as reporting from '../../src/lib/report-error'

const ALPIN_HOST = `alpin.${HOSTED_DOMAIN}`
const ALPIN = `http://${ALPIN_HOST}`
const TZ = 'Europe/Zurich'
let n = 0
const key = () => `origin-key-${Date.now()}-${n++}`

/** Host headers that a URL parser reads differently from the shop's tenancy: each is refused. */
const POISONED_HOSTS = [
  '[::1]:4650@evil.example',
  '[::1]evil.example',
  'localhost@evil.example',
  `${ALPIN_HOST}@evil.example`,
  `evil.example#.${ALPIN_HOST}`,
  `evil.example/.${ALPIN_HOST}`,
  `evil.example?.${ALPIN_HOST}`,
  `evil.example\\.${ALPIN_HOST}`,
  'a b.localhost',
  'localhost:80:81',
  'localhost:',
  'localhost%40evil.example',
]

/** A valid Host with everything else a visitor could use to steer links elsewhere. */
const POISONED_HEADERS = {
  'x-forwarded-proto': 'https://evil.example/',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-port': '666',
  forwarded: 'host=evil.example;proto=https',
  origin: 'http://evil.example',
  referer: 'http://evil.example/',
}

const contact = visitorContact

describeEachDatabase('canonical origin and host poisoning', (factory) => {
  let app: TestApp
  const clock = Date.now()
  const at = (days: number) => zonedDateTimeToUtc(addDays(utcToZonedDate(new Date(clock), TZ), days), '10:00', TZ)!
  let xsrf: Record<string, string>
  let operator: string
  const made: Record<string, Awaited<ReturnType<typeof createOffer>>> = {}

  /** The request goes to `url` (as a URL parser read the visitor's Host), with this Host header. */
  const call = (url: string, host: string, method = 'GET', body?: unknown, extra: Record<string, string> = {}) =>
    app.call(url, {
      method,
      headers: { host, ...(method === 'GET' ? {} : { ...xsrf, 'content-type': 'application/json', 'idempotency-key': key() }), 'x-flowin-locale': 'en', ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  async function book(base: string, host: string, extra: Record<string, string>, options: { offer: string; mode?: 'order' | 'request'; paymentMethod?: string }) {
    const cart = (await (await call(`${base}/api/webshop/v1/carts`, host, 'POST', {}, extra)).json()).data.id as string
    const added = await call(`${base}/api/webshop/v1/carts/${cart}/items`, host, 'POST', { offer: options.offer, sku: made[options.offer]!.skus[0]!.id, sessionId: made[options.offer]!.sessions[0]!.id, quantity: 1 }, extra)
    const item = (await added.json()).data.items[0].id as string
    const response = await call(`${base}/api/webshop/v1/carts/${cart}/checkout`, host, 'POST', {
      mode: options.mode ?? 'order',
      items: [{ itemId: item, participants: [{ firstname: 'P', surname: 'Muster', extras: [] }] }],
      ...contact,
      paymentMethod: options.paymentMethod ?? 'PAY_LATER',
      termsAccepted: true,
    }, extra)
    expect(response.status).toBe(201)
    return { cart, booking: (await response.json()).data, response }
  }

  const mails = async (code: string) =>
    (await app.database.db.select().from(outbox)).filter((m) => (m.payload as { booking?: { code: string } }).booking?.code === code)

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date(clock) })
    const cookie = await app.call(`${ALPIN}/sanctum/csrf-cookie`)
    const token = (cookie.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=').slice(1).join('=')
    xsrf = { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token }
    operator = await createOperatorToken(app.database.db, 'alpin', 'test')
    made['origin-canyon'] = await createOffer(app.database.db, { slug: 'origin-canyon', skus: [{ key: 'adult', price: 12000 }], sessions: [{ startsAt: at(3), capacity: 50 }] })
    made['origin-request'] = await createOffer(app.database.db, { slug: 'origin-request', uponRequest: true, sessions: [{ startsAt: at(4), capacity: 5 }] })
  })
  afterAll(async () => {
    await app?.close()
  })

  it("answers 404 'Invalid host' to every poisoned Host, reads and writes alike", async () => {
    for (const host of POISONED_HOSTS) {
      // What new URL() makes of `http://${host}/…` (for `[::1]:4650@evil.example`: evil.example).
      const url = 'http://evil.example'
      for (const [method, path] of [['GET', '/api/webshop/v1/config'], ['POST', '/api/webshop/v1/carts'], ['GET', '/sanctum/csrf-cookie']] as const) {
        const response = await call(`${url}${path}`, host, method, method === 'POST' ? {} : undefined)
        expect(response.status, `${method} ${path} with Host ${host}`).toBe(404)
        expect((await response.json()).data.code, host).toBe('host.invalid')
      }
    }
  })

  it('builds every link of a checkout, a payment and a request answer on the shop’s own origin, whatever the request said', async () => {
    // The URL as a lenient parser would have read a poisoned header, the Host itself valid,
    // and every X-Forwarded-* / Forwarded header pointing elsewhere (TRUST_PROXY is off).
    for (const base of [ALPIN, 'http://evil.example', 'https://evil.example:8443']) {
      const { cart, booking } = await book(base, ALPIN_HOST, POISONED_HEADERS, { offer: 'origin-canyon' })
      const token = booking.paymentLink.token as string
      const [mail] = (await mails(booking.code)).filter((m) => m.kind === 'booking.confirmation')
      expect((mail!.payload as { paymentUrl: string }).paymentUrl).toBe(`${ALPIN}/en/aftersales/payment/${token}`)
      expect(JSON.stringify(mail!.payload)).not.toContain('evil')

      // Starting a payment: the provider's page, the return and the webhook address.
      for (const path of [`/api/webshop/v1/payment-links/${token}/payments`, `/api/webshop/v1/carts/${cart}/booking/payments`]) {
        const started = await call(`${base}${path}`, ALPIN_HOST, 'POST', undefined, POISONED_HEADERS)
        expect(started.status, path).toBe(201)
        const data = (await started.json()).data as { paymentId: string; redirectUrl: string }
        expect(data.redirectUrl.startsWith(`${ALPIN}/`), data.redirectUrl).toBe(true)
        const [payment] = await app.database.db.select().from(payments).where(eq(payments.id, data.paymentId))
        const [session] = await app.database.db.select().from(sandboxSessions).where(eq(sandboxSessions.ref, payment!.providerRef!))
        expect(session!.returnUrl.startsWith(`${ALPIN}/en/`), session!.returnUrl).toBe(true)
        expect(session!.webhookUrl).toBe(`${ALPIN}/api/webshop/v1/payments/webhooks/sandbox`)
      }

      // A request, accepted by the operator: the visitor's e-mail with its payment link.
      const request = await book(base, ALPIN_HOST, POISONED_HEADERS, { offer: 'origin-request', mode: 'request' })
      const answered = await call(`${base}/api/webshop/v1/operator/requests/${request.booking.code}/answer`, ALPIN_HOST, 'POST', { decision: 'accept', reply: 'Gern!' }, { ...POISONED_HEADERS, authorization: `Bearer ${operator}` })
      expect(answered.status).toBe(200)
      const linkToken = (await answered.json()).data.paymentLink.token as string
      const [accepted] = (await mails(request.booking.code)).filter((m) => m.kind === 'request.accepted')
      expect((accepted!.payload as { paymentUrl: string }).paymentUrl).toBe(`${ALPIN}/en/aftersales/payment/${linkToken}`)
    }
    const everything = JSON.stringify((await app.database.db.execute(sql`select payload from outbox`)) as unknown)
    expect(everything).not.toContain('evil')
    const sessionsText = JSON.stringify(await app.database.db.select().from(sandboxSessions))
    expect(sessionsText).not.toContain('evil')
  })

  it('keeps personal answers out of caches and sends nosniff on every API answer; HSTS only over HTTPS', async () => {
    const { cart, booking } = await book(ALPIN, ALPIN_HOST, {}, { offer: 'origin-canyon' })
    const personal = [
      `/api/webshop/v1/carts/${cart}`,
      `/api/webshop/v1/carts/${cart}/booking`,
      `/api/webshop/v1/payment-links/${booking.paymentLink.token}`,
    ]
    for (const path of personal) {
      const response = await call(`${ALPIN}${path}`, ALPIN_HOST)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('strict-transport-security'), path).toBeNull()
    }
    const created = await call(`${ALPIN}/api/webshop/v1/carts`, ALPIN_HOST, 'POST', {})
    expect(created.headers.get('cache-control')).toBe('no-store')
    const checkout = await book(ALPIN, ALPIN_HOST, {}, { offer: 'origin-canyon' })
    expect(checkout.response.headers.get('cache-control')).toBe('no-store')
    const operatorList = await call(`${ALPIN}/api/webshop/v1/operator/requests`, ALPIN_HOST, 'GET', undefined, { authorization: `Bearer ${operator}` })
    expect(operatorList.headers.get('cache-control')).toBe('no-store')
    // Public reads keep their caching.
    const config = await call(`${ALPIN}/api/webshop/v1/config`, ALPIN_HOST)
    expect(config.headers.get('cache-control')).toBe('no-cache')
    expect(config.headers.get('x-content-type-options')).toBe('nosniff')
    // A visitor's own X-Forwarded-Proto does not make plain HTTP look secure (TRUST_PROXY off).
    expect((await call(`${ALPIN}/api/webshop/v1/config`, ALPIN_HOST, 'GET', undefined, { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBeNull()
    const secure = await call(`https://${ALPIN_HOST}/api/webshop/v1/config`, ALPIN_HOST)
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it('tells a client that aborts its upload from an unreachable database: one log line, no error report', async () => {
    const report = vi.spyOn(reporting, 'reportError').mockImplementation(() => {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"partial":'))
          // What Node's HTTP server raises when the visitor's connection goes away mid-body.
          controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
        },
      })
      const request = new Request(`${ALPIN}/api/webshop/v1/carts`, {
        method: 'POST',
        headers: { host: ALPIN_HOST, ...xsrf, 'content-type': 'application/json', 'idempotency-key': key() },
        body,
        duplex: 'half',
      } as RequestInit)
      const response = await app.call(request)
      expect(response.status).not.toBe(503)
      expect(response.status).toBe(400)
      expect((await response.json()).data.code).toBe('request.aborted')
      expect(report).not.toHaveBeenCalled()
      expect(error).not.toHaveBeenCalled()
      expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/client aborted/)
    } finally {
      report.mockRestore()
      warn.mockRestore()
      error.mockRestore()
    }
  })
})

describeEachDatabase('canonical origin: a shop with a primary custom domain', (factory) => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp(factory, { env: { PUBLIC_SCHEME: 'https' } })
    // Before the shop is first looked up (the directory caches shops for five seconds).
    await app.database.db.execute(sql`update shop_domains set is_primary = true where domain = 'www.alpin-abenteuer.ch'`)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('links to the primary domain over the configured scheme, from any of the shop’s addresses', async () => {
    const offer = await createOffer(app.database.db, { slug: 'primary-canyon', skus: [{ key: 'adult', price: 5000 }], sessions: [{ startsAt: new Date(Date.now() + 3 * 86_400_000), capacity: 5 }] })
    for (const host of [ALPIN_HOST, 'www.alpin-abenteuer.ch', 'localhost:3000']) {
      const base = `http://${host}`
      const cookie = await app.call(`${base}/sanctum/csrf-cookie`)
      const token = (cookie.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=').slice(1).join('=')
      const headers = { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token, 'content-type': 'application/json', 'x-flowin-locale': 'de' }
      const post = (path: string, body: unknown) => app.call(`${base}${path}`, { method: 'POST', headers: { ...headers, 'idempotency-key': key() }, body: JSON.stringify(body) })
      const cart = (await (await post('/api/webshop/v1/carts', {})).json()).data.id as string
      const item = (await (await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'primary-canyon', sku: offer.skus[0]!.id, sessionId: offer.sessions[0]!.id, quantity: 1 })).json()).data.items[0].id as string
      const done = await post(`/api/webshop/v1/carts/${cart}/checkout`, { mode: 'order', items: [{ itemId: item, participants: [{ firstname: 'P', surname: 'M', extras: [] }] }], ...contact, paymentMethod: 'PAY_LATER', termsAccepted: true })
      expect(done.status, host).toBe(201)
      const booking = (await done.json()).data
      const [mail] = (await app.database.db.select().from(outbox)).filter((m) => (m.payload as { booking?: { code: string } }).booking?.code === booking.code)
      expect((mail!.payload as { paymentUrl: string }).paymentUrl, host).toBe(`https://www.alpin-abenteuer.ch/de/aftersales/payment/${booking.paymentLink.token}`)
    }
  })
})
