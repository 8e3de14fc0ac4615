/**
 * Shop isolation as a matrix (issue 20, point 3), read from the contract: every webshop operation
 * whose path names an object (an offer's slug, a cart or item id, a payment-link or manage token,
 * a booking or request code) is called with objects created in one shop through the other shop's
 * host. Each answers 404 with nothing of the object in it, and changes nothing; the same call
 * through the right host finds the object (reads), so the 404 is not an empty database's. A new
 * operation with a path parameter fails this test until it is given its object here (or is
 * listed in NOT_AN_OBJECT with the reason).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings, sessions } from '../../src/server/db/schema'
import { storeMedia } from '../../src/server/domain/media'
import { createOperatorToken } from '../../src/server/domain/operator'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { operations } from '../support/contract'
import { describeEachDatabase } from '../support/databases'
import { checkoutRequest, createOffer } from '../support/factories'
import { imageWithMetadata } from '../support/media'
import { tenOClock, xsrfHeaders } from '../support/visitor-calls'

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const MEDIA_ID = 'isolationimage0000000000000000ab'
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`

/** Path parameters that name no object of a shop, and why. */
const NOT_AN_OBJECT: Record<string, string> = {
  prefix: 'an icon set of the public icon library, the same for every shop',
  name: 'an icon of the public icon library',
  provider: 'a payment provider; the webhook names its payment in the signed body (refunds and payments contract tests)',
}

type Objects = Record<string, string>

describeEachDatabase('shop isolation matrix', (factory) => {
  let app: TestApp
  let alpin: Record<string, string>
  let atelier: Record<string, string>
  const operator: Record<string, string> = {}
  const clock = Date.now()
  const at = tenOClock(() => clock, 'Europe/Zurich')
  /** The objects of Alpin by operation (each operation's path parameters). */
  const objectsOf = new Map<string, Objects>()
  const bodies = new Map<string, unknown>()
  /** Query strings the operations need (required parameters). */
  const queries = new Map<string, string>()

  const call = (origin: string, headers: Record<string, string>, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
    app.call(`${origin}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-flowin-locale': 'en', ...extra },
      body: body === undefined || method === 'GET' ? undefined : JSON.stringify(body),
    })
  const alpinCall = (method: string, path: string, body?: unknown) => call(ALPIN, alpin, method, path, body)

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date(clock) })
    alpin = await xsrfHeaders(app, ALPIN)
    atelier = await xsrfHeaders(app, ATELIER)
    operator.alpin = await createOperatorToken(app.database.db, 'alpin', 'isolation test')
    operator.atelier = await createOperatorToken(app.database.db, 'atelier', 'isolation test')

    const tour = await createOffer(app.database.db, { slug: 'iso-tour', title: 'Isolation tour', skus: [{ key: 'adult', price: 10000 }], sessions: [{ startsAt: at(7), capacity: 20 }, { startsAt: at(8), capacity: 20 }] })
    const asked = await createOffer(app.database.db, { slug: 'iso-asked', uponRequest: true, skus: [{ key: 'adult', price: 10000 }], sessions: [{ startsAt: at(9), capacity: 20 }] })
    // An offer of Atelier's: what a write through Atelier's host names is valid there, so a refusal is the object's.
    const theirs = await createOffer(app.database.db, { shopId: 'atelier', slug: 'iso-atelier', skus: [{ key: 'adult', price: 5000 }], sessions: [{ startsAt: at(7), capacity: 20 }] })
    await storeMedia(app.database.db, { id: MEDIA_ID, shopId: 'alpin', content: new Uint8Array(await imageWithMetadata('jpeg')) })
    const cartWith = async (offer: typeof tour, slug: string) => {
      const cart = (await (await alpinCall('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
      const added = await alpinCall('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: slug, sku: offer.skus[0]!.id, sessionId: offer.sessions[0]!.id, quantity: 1 })
      expect(added.status).toBe(201)
      return { cart, item: (await added.json()).data.items[0].id as string }
    }
    // An open cart, a booked one (pay later: a payment link and a manage link), a request.
    const open = await cartWith(tour, 'iso-tour')
    const booked = await cartWith(tour, 'iso-tour')
    const booking = await alpinCall('POST', `/api/webshop/v1/carts/${booked.cart}/checkout`, checkoutRequest(booked.item, 1, { mode: 'order', paymentMethod: 'PAY_LATER' }))
    expect(booking.status).toBe(201)
    const bookingData = (await booking.json()).data
    const request = await cartWith(asked, 'iso-asked')
    const requested = await alpinCall('POST', `/api/webshop/v1/carts/${request.cart}/checkout`, checkoutRequest(request.item, 1, { mode: 'request', paymentMethod: 'PAY_LATER' }))
    expect(requested.status).toBe(201)
    const requestCode = (await requested.json()).data.code as string
    const date = (await app.database.db.select().from(sessions).where(eq(sessions.id, tour.sessions[0]!.id)))[0]!.startsAt
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(date)

    for (const op of operations) {
      const t = op.template
      if (t.includes('{mediaId}')) objectsOf.set(op.id, { mediaId: MEDIA_ID })
      else if (t.includes('{slug}')) objectsOf.set(op.id, { slug: 'iso-tour', date: day })
      else if (t.includes('/booking')) objectsOf.set(op.id, { cartId: booked.cart })
      else if (t.includes('{cartId}')) objectsOf.set(op.id, { cartId: open.cart, itemId: open.item })
      else if (t.startsWith('/api/webshop/v1/payment-links/')) objectsOf.set(op.id, { token: bookingData.paymentLink.token })
      else if (t.startsWith('/api/webshop/v1/manage/')) objectsOf.set(op.id, { token: bookingData.manageToken })
      else if (t.startsWith('/api/webshop/v1/operator/requests/')) objectsOf.set(op.id, { code: requestCode })
      else if (t.startsWith('/api/webshop/v1/operator/bookings/')) objectsOf.set(op.id, { code: bookingData.code })
    }
    queries.set('GET /api/webshop/v1/offers/{slug}/availability', `?month=${day.slice(0, 7)}`)
    // Bodies the operations take (valid in the right shop, so a refusal is the host's, not the body's).
    bodies.set('POST /api/webshop/v1/carts/{cartId}/items', { offer: 'iso-atelier', sku: theirs.skus[0]!.id, sessionId: theirs.sessions[0]!.id, quantity: 1 })
    bodies.set('PATCH /api/webshop/v1/carts/{cartId}/items/{itemId}', { quantity: 2 })
    bodies.set('POST /api/webshop/v1/carts/{cartId}/checkout', checkoutRequest(open.item, 1, { mode: 'order', paymentMethod: 'PAY_ON_SITE' }))
    bodies.set('POST /api/webshop/v1/manage/{token}/cancel', {})
    const managed = (await (await alpinCall('GET', `/api/webshop/v1/manage/${bookingData.manageToken}`)).json()).data
    bodies.set('POST /api/webshop/v1/manage/{token}/move', { itemId: managed.items[0].itemId, sessionId: tour.sessions[1]!.id })
    queries.set('GET /api/webshop/v1/manage/{token}/dates', `?itemId=${managed.items[0].itemId}`)
    bodies.set('POST /api/webshop/v1/operator/requests/{code}/answer', { decision: 'accept' })
    bodies.set('POST /api/webshop/v1/operator/bookings/{code}/cancel', {})
  })
  afterAll(async () => {
    await app?.close()
  })

  const withParams = operations.filter((op) => /\{[^}]+\}/.test(op.template))

  it('knows the object of every operation that names one (a new operation must be added here)', () => {
    const missing = withParams.filter((op) => {
      const names = [...op.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
      if (names.every((n) => n in NOT_AN_OBJECT)) return false
      return !objectsOf.has(op.id)
    })
    expect(missing.map((op) => `${op.method} ${op.template} (${op.id})`)).toEqual([])
  })

  it('answers 404 with nothing of the object when it is used through the other shop’s host; the right host finds it', async () => {
    const seen: string[] = []
    for (const op of withParams) {
      const objects = objectsOf.get(op.id)
      if (!objects) continue
      const key = `${op.method} ${op.template}`
      const path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(objects[name] ?? 'x')) + (queries.get(key) ?? '')
      if (op.id === 'getMedia') {
        // An unknown image is the default image (the contract): another shop's is unknown here.
        const theirs = await (await app.call(`${ATELIER}${path}?width=160`)).arrayBuffer()
        const unknown = await (await app.call(`${ATELIER}/api/media/v1/media/${'u'.repeat(32)}.jpg?width=160`)).arrayBuffer()
        const own = await (await app.call(`${ALPIN}${path}?width=160`)).arrayBuffer()
        expect(Buffer.from(theirs).equals(Buffer.from(unknown)), 'another shop’s image is the default image').toBe(true)
        expect(Buffer.from(own).equals(Buffer.from(unknown)), 'its own shop shows the image').toBe(false)
        seen.push(key)
        continue
      }
      const isOperator = op.template.startsWith('/api/webshop/v1/operator/')
      const auth = (shop: 'alpin' | 'atelier'): Record<string, string> => (isOperator ? { authorization: `Bearer ${operator[shop]}` } : {})
      const answer = await call(ATELIER, atelier, op.method, path, bodies.get(key) ?? {}, auth('atelier'))
      const text = await answer.text()
      expect(answer.status, `${key} through the other shop's host: ${text.slice(0, 200)}`).toBe(404)
      const data = (JSON.parse(text) as { data?: Record<string, unknown> | null }).data ?? {}
      expect(Object.keys(data).filter((k) => !['code', 'requestId', 'flowinRequestId'].includes(k)), key).toEqual([])
      for (const secret of ['Isolation tour', 'Anna', 'anna@example.ch', 'Bahnhofstrasse']) expect(text, `${key} leaks ${secret}`).not.toContain(secret)
      // The right host finds it (reads only: the writes would change it).
      if (op.method === 'GET') {
        const found = await call(ALPIN, alpin, 'GET', path, undefined, auth('alpin'))
        expect(found.status, `${key} through its own host`).toBe(200)
      }
      seen.push(key)
    }
    expect(seen.length).toBeGreaterThanOrEqual(15)
    // Nothing changed: the open cart still holds one place, the booking and the request are as they were.
    const cart = await (await alpinCall('GET', `/api/webshop/v1/carts/${objectsOf.get('getCart')?.cartId ?? ''}`)).json()
    expect(cart.data.items.map((i: { quantity: number }) => i.quantity)).toEqual([1])
    const rows = await app.database.db.select({ status: bookings.status }).from(bookings)
    expect(rows.map((r) => r.status).sort()).toEqual(['CONFIRMED', 'REQUESTED'])
  })
})
