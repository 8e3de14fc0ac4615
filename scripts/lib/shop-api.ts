// A visitor of a running shop over plain HTTP, as the browser client talks to it: the
// anti-forgery pair, an Idempotency-Key per write. Used by benchmarks and the multi-process
// tests to find a bookable session, hold places and book them.
import { randomUUID } from 'node:crypto'

/**
 * `address`: the visitor's own client address, sent as a proxy would (X-Forwarded-For; the
 * server takes it only with TRUST_PROXY). Without it every visitor is 127.0.0.1.
 */
export async function visitor(origin: string, locale = 'en', address?: string) {
  const from: Record<string, string> = address ? { 'x-forwarded-for': address } : {}
  const cookie = await fetch(`${origin}/sanctum/csrf-cookie`, { headers: from })
  const token = decodeURIComponent((cookie.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=').slice(1).join('='))
  const headers = { ...from, cookie: `XSRF-TOKEN=${encodeURIComponent(token)}`, 'x-xsrf-token': token, 'content-type': 'application/json', 'x-flowin-locale': locale }
  return {
    origin,
    post: (path: string, body: unknown, key = randomUUID()) =>
      fetch(`${origin}${path}`, { method: 'POST', headers: { ...headers, 'idempotency-key': key }, body: JSON.stringify(body) }),
    get: (path: string) => fetch(`${origin}${path}`, { headers: { ...from, 'x-flowin-locale': locale } }),
  }
}

export type Visitor = Awaited<ReturnType<typeof visitor>>
export type BookableSession = { slug: string; sku: string; sessionId: string; placesLeft: number; date: string }

/** A bookable session of a group activity (not on request) with at least `minimum` places left. */
export async function findSession(v: Visitor, minimum = 1): Promise<BookableSession> {
  const list = (await (await v.get('/api/webshop/v1/offers?type=activity&perPage=50')).json()).data as { slug: string }[]
  for (const { slug } of list) {
    const detail = (await (await v.get(`/api/webshop/v1/offers/${slug}`)).json()).data
    if (detail.uponRequest || detail.mode === 'request') continue
    for (let m = 0; m < 4; m++) {
      const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + m, 1)).toISOString().slice(0, 7)
      const days = (await (await v.get(`/api/webshop/v1/offers/${slug}/availability?month=${month}`)).json()).data.dates as { date: string; status: string }[]
      for (const day of days.filter((d) => d.status === 'AVAILABLE' || d.status === 'STOCK_LOW')) {
        const slots = (await (await v.get(`/api/webshop/v1/offers/${slug}/dates/${day.date}`)).json()).data.slots as { sessionId?: string; placesLeft: number }[]
        const slot = slots.find((s) => s.sessionId && s.placesLeft >= minimum)
        const sku = (detail.skus as { id: string; blockCount?: number; type: string }[]).find((k) => k.type === 'activity' && (k.blockCount ?? 1) === 1)
        if (slot && sku) return { slug, sku: sku.id, sessionId: slot.sessionId!, placesLeft: slot.placesLeft, date: day.date }
      }
    }
  }
  throw new Error('no bookable session found')
}

export const contact = {
  customer: { type: 'PRIVATE' },
  person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '+41 79 900 00 00' },
  address: { street: 'Bahnhofstrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
}

/**
 * `count` visitors, each with an empty cart of its own, ready to race for places. `address(i)`:
 * visitor i's own client address (see `visitor`); without it all are 127.0.0.1.
 */
export function visitorsWithCarts(origin: string, count: number, address?: (i: number) => string) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const w = await visitor(origin, 'en', address?.(i))
      return { w, cart: (await (await w.post('/api/webshop/v1/carts', {})).json()).data.id as string }
    }),
  )
}

/** A new cart holding `quantity` places of the session. */
export async function cartWithPlace(v: Visitor, session: BookableSession, quantity = 1) {
  const cart = (await (await v.post('/api/webshop/v1/carts', {})).json()).data.id as string
  const added = await v.post(`/api/webshop/v1/carts/${cart}/items`, { offer: session.slug, sku: session.sku, sessionId: session.sessionId, quantity })
  const body = await added.json()
  return { cart, status: added.status, itemId: body.data?.items?.[0]?.id as string | undefined }
}

export const checkoutBody = (itemId: string, paymentMethod = 'PAY_ON_SITE', participants = 1) => ({
  mode: 'order',
  items: [{ itemId, participants: Array.from({ length: participants }, (_, i) => ({ firstname: 'Gast', surname: `Muster ${i + 1}`, extras: [] })) }],
  ...contact,
  paymentMethod,
  termsAccepted: true,
})

export async function placesLeft(v: Visitor, session: BookableSession) {
  const slots = (await (await v.get(`/api/webshop/v1/offers/${session.slug}/dates/${session.date}`)).json()).data.slots as { sessionId?: string; placesLeft: number }[]
  return slots.find((s) => s.sessionId === session.sessionId)?.placesLeft
}

/** Books places of the session (a few per booking) until `left` remain. */
export async function bookDownTo(v: Visitor, session: BookableSession, left: number) {
  for (let now = session.placesLeft; now > left; ) {
    const quantity = Math.min(now - left, 5)
    const { cart, status, itemId } = await cartWithPlace(v, session, quantity)
    if (status !== 201 || !itemId) throw new Error(`could not hold ${quantity} places to fill the session (${status})`)
    const booked = await v.post(`/api/webshop/v1/carts/${cart}/checkout`, checkoutBody(itemId, 'PAY_ON_SITE', quantity))
    if (booked.status !== 201) throw new Error(`could not book ${quantity} places to fill the session (${booked.status}: ${await booked.text()})`)
    now -= quantity
  }
}
