import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sql } from 'drizzle-orm'
import { describeEachDatabase } from '../support/databases'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { createOffer } from '../support/factories'
import { addDays, utcToZonedDate, zonedDateTimeToUtc } from '../../src/server/domain/offers/zoned-time'
import { shops } from '../../src/server/db/schema'

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`
const TZ = 'Europe/Zurich'

async function xsrf(app: TestApp, origin = ALPIN) {
  const response = await app.call(`${origin}/sanctum/csrf-cookie`)
  const token = (response.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=').slice(1).join('=')
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token }
}

let keyCounter = 0
const key = () => `test-key-${Date.now()}-${keyCounter++}`

describeEachDatabase('offers and carts contract', (factory) => {
  let app: TestApp
  let clock = Date.now()
  const today = () => utcToZonedDate(new Date(clock), TZ)
  const at = (days: number, time: string) => zonedDateTimeToUtc(addDays(today(), days), time, TZ)!
  let headers: Record<string, string>
  const ids: Record<string, { sessions: { id: string }[]; skus: { id: string; key: string }[] }> = {}

  const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
    app.call(`${ALPIN}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key(), ...extra },
      body: JSON.stringify(body),
    })
  const newCart = async () => (await (await post('/api/webshop/v1/carts', {})).json()).data.id as string
  /** A write from a given client address (as srvx sets `request.ip`). */
  const from = (ip: string, method: string, path: string, body: unknown) =>
    app.call(
      Object.assign(
        new Request(`${ALPIN}${path}`, {
          method,
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key() },
          body: JSON.stringify(body),
        }),
        { ip },
      ),
    )

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date(clock) })
    headers = await xsrf(app)
    ids.river = await createOffer(app.database.db, {
      slug: 'test-river',
      title: 'River Rafting Sörenberg',
      tags: ['water'],
      related: ['test-full', 'test-low'],
      skus: [{ key: 'adult', price: 12000 }, { key: 'family', price: 36000, blockCount: 4 }],
      sessions: [
        { startsAt: at(2, '09:00'), capacity: 10, placesTaken: 2 },
        { startsAt: at(2, '14:00'), capacity: 10 },
        { startsAt: at(3, '09:00'), capacity: 10 },
      ],
    })
    ids.low = await createOffer(app.database.db, { slug: 'test-low', tags: ['climbing'], sessions: [{ startsAt: at(4, '10:00'), capacity: 8, placesTaken: 6 }] })
    ids.full = await createOffer(app.database.db, { slug: 'test-full', sessions: [{ startsAt: at(5, '10:00'), capacity: 8, placesTaken: 8 }] })
    ids.request = await createOffer(app.database.db, { slug: 'test-request', uponRequest: true, sessions: [{ startsAt: at(6, '10:00'), capacity: 20 }] })
    ids.big = await createOffer(app.database.db, {
      slug: 'test-big',
      skus: [{ key: 'adult', maxQuantity: 50 }, { key: 'family', blockCount: 4 }],
      sessions: [{ startsAt: at(8, '10:00'), capacity: 500 }, { startsAt: at(9, '10:00'), capacity: 500 }],
    })
    ids.last = await createOffer(app.database.db, { slug: 'test-last-places', sessions: [{ startsAt: at(7, '10:00'), capacity: 5, placesTaken: 2 }] })
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday: weekday as 0, start: '09:00', end: '12:00' }))
    ids.guide = await createOffer(app.database.db, {
      slug: 'test-guide',
      skus: [{ key: 'slot', type: 'private-service-slot', price: 30000, durationMinutes: 60 }],
      schedule: { weeklyHours: everyDay, exceptions: [{ date: addDays(today(), 3), closed: true }], durationMinutes: 60, bufferMinutes: 30, stepMinutes: 30 },
    })
    ids.lesson = await createOffer(app.database.db, {
      shopId: 'atelier',
      slug: 'test-lesson',
      skus: [{ key: 'person', type: 'private-service-participant', price: 9000, maxParticipants: 4, durationMinutes: 90 }],
      schedule: { weeklyHours: everyDay, exceptions: [], durationMinutes: 90, bufferMinutes: 0, stepMinutes: 90 },
    })
  })
  afterAll(async () => {
    await app?.close()
  })

  describe('offers', () => {
    it('lists the shop’s offers with price from and availability, paginated', async () => {
      const body = await (await app.call(`${ALPIN}/api/webshop/v1/offers?perPage=50`)).json()
      const river = body.data.find((o: { slug: string }) => o.slug === 'test-river')
      expect(river).toMatchObject({ kind: 'activity', priceFrom: { amount: 12000, currency: 'CHF' }, availability: { status: 'AVAILABLE', datesAvailable: 2 } })
      expect(body.data.some((o: { slug: string }) => o.slug === 'test-lesson')).toBe(false) // another shop's
      const page = await (await app.call(`${ALPIN}/api/webshop/v1/offers?perPage=2&page=2`)).json()
      expect(page.meta).toMatchObject({ page: 2, perPage: 2, total: body.meta.total })
      expect(page.data).toHaveLength(Math.min(2, body.meta.total - 2))
    })

    it('summarises every status', async () => {
      const body = await (await app.call(`${ALPIN}/api/webshop/v1/offers?perPage=50`)).json()
      const status = (slug: string) => body.data.find((o: { slug: string }) => o.slug === slug)?.availability
      expect(status('test-low')).toMatchObject({ status: 'STOCK_LOW', amountLeft: 2 })
      expect(status('test-full')).toMatchObject({ status: 'SOLD_OUT', datesAvailable: 0 })
      expect(status('test-request')).toMatchObject({ status: 'UPON_REQUEST' })
      expect(status('test-guide')).toMatchObject({ status: 'AVAILABLE' })
      expect(status('test-guide').datesAvailable).toBeGreaterThan(100)
    })

    it('filters by tag, type, free text (accents ignored) and date range', async () => {
      const slugs = async (query: string, locale = 'en') =>
        (await (await app.call(`${ALPIN}/api/webshop/v1/offers?perPage=50&${query}`, { headers: { 'x-flowin-locale': locale } })).json()).data.map((o: { slug: string }) => o.slug)
      expect(await slugs('tag=water')).toContain('test-river')
      expect(await slugs('tag=water')).not.toContain('test-low')
      expect(await slugs('type=private')).toEqual(['test-guide'])
      expect(await slugs('q=sorenberg rafting')).toEqual(['test-river'])
      const day4 = addDays(today(), 4)
      const inRange = await slugs(`from=${day4}&to=${day4}&type=activity`)
      expect(inRange).toContain('test-low')
      expect(inRange).not.toContain('test-river')
      expect(inRange).not.toContain('test-full')
    })

    it('refuses bad filters with field errors', async () => {
      const response = await app.call(`${ALPIN}/api/webshop/v1/offers?page=0&perPage=500&from=2026-13-40&type=boat`)
      expect(response.status).toBe(400)
      const errors = (await response.json()).data.errors
      expect(Object.keys(errors).sort()).toEqual(['from', 'page', 'perPage', 'type'])
      const reversed = await app.call(`${ALPIN}/api/webshop/v1/offers?from=${addDays(today(), 5)}&to=${addDays(today(), 1)}`)
      expect((await reversed.json()).data.errors.to.code).toBe('too_small')
    })

    it('refuses a filter the shop switched off', async () => {
      const [row] = await app.database.db.select().from(shops).where(sql`id = 'atelier'`)
      await app.database.db.update(shops).set({ config: { ...row!.config, filterConfig: { ...row!.config.filterConfig, text: false } } }).where(sql`id = 'atelier'`)
      await new Promise((r) => setTimeout(r, 5100)) // the shop cache keeps configs 5 s
      const response = await app.call(`${ATELIER}/api/webshop/v1/offers?q=pain`)
      expect(response.status).toBe(400)
      expect((await response.json()).data.code).toBe('filter.disabled')
    }, 15_000)

    it('answers one offer in the request’s locale, with variants and mode', async () => {
      const de = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-river`, { headers: { 'x-flowin-locale': 'de' } })).json()
      expect(de.data).toMatchObject({ slug: 'test-river', title: 'River Rafting Sörenberg (de)', mode: 'order', kind: 'activity', timeZone: TZ })
      expect(de.data.skus.map((s: { key: string; blockCount: number }) => [s.key, s.blockCount])).toEqual([['adult', 1], ['family', 4]])
      const request = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-request`)).json()
      expect(request.data.mode).toBe('request')
      expect((await app.call(`${ALPIN}/api/webshop/v1/offers/no-such-offer`)).status).toBe(404)
      expect((await app.call(`${ATELIER}/api/webshop/v1/offers/test-river`)).status).toBe(404)
      expect((await app.call(`${ALPIN}/api/webshop/v1/offers/BAD_slug`)).status).toBe(404)
    })

    it('answers related offers', async () => {
      const body = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-river/related`)).json()
      expect(body.data.map((o: { slug: string }) => o.slug)).toEqual(['test-full', 'test-low'])
    })

    it('answers the statuses of a month’s days', async () => {
      const month = addDays(today(), 2).slice(0, 7)
      const body = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-river/availability?month=${month}`)).json()
      const day2 = body.data.dates.find((d: { date: string }) => d.date === addDays(today(), 2))
      if (addDays(today(), 2).startsWith(month)) expect(day2).toEqual({ date: addDays(today(), 2), status: 'AVAILABLE' })
      const low = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-low/availability?month=${addDays(today(), 4).slice(0, 7)}`)).json()
      expect(low.data.dates).toEqual([{ date: addDays(today(), 4), status: 'STOCK_LOW', amountLeft: 2 }])
      const full = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-full/availability?month=${addDays(today(), 5).slice(0, 7)}`)).json()
      expect(full.data.dates).toEqual([{ date: addDays(today(), 5), status: 'SOLD_OUT' }])
      const guide = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-guide/availability?month=${addDays(today(), 3).slice(0, 7)}`)).json()
      expect(guide.data.dates.some((d: { date: string }) => d.date === addDays(today(), 3))).toBe(false) // closed that day
      for (const bad of ['2026-13', '26-11', '']) {
        expect((await app.call(`${ALPIN}/api/webshop/v1/offers/test-river/availability?month=${bad}`)).status, bad).toBe(400)
      }
    })

    it('answers the sessions or start times of a day, in the shop’s time zone', async () => {
      const day = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-river/dates/${addDays(today(), 2)}`)).json()
      expect(day.data.slots.map((s: { startTime: string; placesLeft: number; status: string; timeStatus: string }) => [s.startTime, s.placesLeft, s.status, s.timeStatus])).toEqual([
        ['09:00', 8, 'AVAILABLE', 'inFuture'],
        ['14:00', 10, 'AVAILABLE', 'inFuture'],
      ])
      const guide = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-guide/dates/${addDays(today(), 2)}`)).json()
      expect(guide.data.slots.map((s: { startTime: string }) => s.startTime)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00'])
      expect(guide.data.slots[0].sessionId).toBeUndefined()
      expect((await app.call(`${ALPIN}/api/webshop/v1/offers/test-guide/dates/2026-02-30`)).status).toBe(400)
    })
  })

  describe('carts and holds', () => {
    it('adds items and holds their places for 15 minutes', async () => {
      const cart = await newCart()
      const [adult, family] = ids.river!.skus
      const session = ids.river!.sessions[0]!.id
      const added = await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-river', sku: family!.id, sessionId: session, quantity: 1 })
      expect(added.status).toBe(201)
      const body = (await added.json()).data
      expect(body.items[0]).toMatchObject({ offer: 'test-river', quantity: 1, places: 4, held: true, total: { amount: 36000, currency: 'CHF' } })
      expect(Date.parse(body.items[0].heldUntil) - clock).toBe(15 * 60_000)
      // 8 were free: 4 held now
      const day = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-river/dates/${addDays(today(), 2)}`)).json()
      expect(day.data.slots[0].placesLeft).toBe(4)
      // more than is left: 409 with the places left
      const tooMany = await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-river', sku: adult!.id, sessionId: session, quantity: 5 })
      expect(tooMany.status).toBe(409)
      expect((await tooMany.json()).data).toMatchObject({ code: 'places.insufficient', placesLeft: 4 })
      const more = await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-river', sku: adult!.id, sessionId: session, quantity: 2 })
      const twoItems = (await more.json()).data
      expect(twoItems.items).toHaveLength(2)
      expect(twoItems.total.amount).toBe(36000 + 2 * 12000)
      // change quantity and remove
      const itemId = twoItems.items[1].id
      const patched = await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/items/${itemId}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key() },
        body: JSON.stringify({ quantity: 4 }),
      })
      expect((await patched.json()).data.items[1]).toMatchObject({ quantity: 4, places: 4 })
      const over = await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/items/${itemId}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key() },
        body: JSON.stringify({ quantity: 5 }),
      })
      expect(over.status).toBe(409)
      const removed = await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/items/${itemId}`, { method: 'DELETE', headers: { ...headers, 'idempotency-key': key() } })
      expect((await removed.json()).data.items).toHaveLength(1)
      const read = await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}`)).json()
      expect(read.data.items).toHaveLength(1)
      expect(read.data.heldUntil).toBe(body.items[0].heldUntil)
    })

    it('releases expired holds', async () => {
      const cart = await newCart()
      const session = ids.river!.sessions[2]!.id
      await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-river', sku: ids.river!.skus[0]!.id, sessionId: session, quantity: 10 })
      const other = await newCart()
      const blocked = await post(`/api/webshop/v1/carts/${other}/items`, { offer: 'test-river', sku: ids.river!.skus[0]!.id, sessionId: session, quantity: 1 })
      expect(blocked.status).toBe(409)
      clock += 16 * 60_000
      try {
        const after = await post(`/api/webshop/v1/carts/${other}/items`, { offer: 'test-river', sku: ids.river!.skus[0]!.id, sessionId: session, quantity: 1 })
        expect(after.status).toBe(201)
        const first = await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}`)).json()
        expect(first.data.items[0].held).toBe(false)
        expect(first.data.heldUntil).toBeUndefined()
      } finally {
        clock -= 16 * 60_000
      }
    })

    it('keeps a hold’s expiry when its quantity changes; an expired item cannot be revived', async () => {
      const cart = await newCart()
      const [adult] = ids.river!.skus
      const session = ids.river!.sessions[1]!.id
      const added = (await (await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-river', sku: adult!.id, sessionId: session, quantity: 2 })).json()).data
      const item = added.items[0]
      const expiry = item.heldUntil
      const patch = (quantity: number) =>
        app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/items/${item.id}`, {
          method: 'PATCH',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key() },
          body: JSON.stringify({ quantity }),
        })
      const start = clock
      try {
        // re-sending the same quantity, lowering or raising it: the expiry stays
        for (const [minutes, quantity] of [[5, 2], [9, 1], [14, 3]] as const) {
          clock = start + minutes * 60_000
          const response = await patch(quantity)
          expect(response.status).toBe(200)
          expect((await response.json()).data.items[0]).toMatchObject({ quantity, places: quantity, heldUntil: expiry, held: true })
        }
        const [row] = await app.database.db.execute(sql`select held_until from cart_items where id = ${item.id}`).then((r) => (r as unknown as { rows: { held_until: string | Date }[] }).rows)
        expect(new Date(row!.held_until).toISOString()).toBe(expiry)
        clock = start + 15 * 60_000
        // expired: neither the same nor another quantity brings it back
        for (const quantity of [3, 1]) {
          const expired = await patch(quantity)
          expect(expired.status).toBe(409)
          expect((await expired.json()).data.code).toBe('hold.expired')
        }
        const read = (await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}`)).json()).data
        expect(read.items[0]).toMatchObject({ quantity: 3, held: false, heldUntil: expiry })
      } finally {
        clock = start
      }
    })

    it('a cart holds at most maxPlacesPerCart places (default 20), counted in places', async () => {
      // a client of its own: the places held here do not count against the other tests' client
      const ip = '192.0.2.20'
      const cart = (await (await from(ip, 'POST', '/api/webshop/v1/carts', {})).json()).data.id as string
      const [adult, family] = ids.big!.skus
      const session = ids.big!.sessions[0]!.id
      const add = (sku: string, quantity: number) => from(ip, 'POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'test-big', sku, sessionId: session, quantity })
      const tooMany = await add(adult!.id, 21)
      expect(tooMany.status).toBe(400)
      expect((await tooMany.json()).data.errors.quantity).toEqual({ code: 'cart_limit', params: { maximum: 20 } })
      expect((await add(adult!.id, 12)).status).toBe(201)
      // a family takes 4 places: 12 + 2 × 4 = 20 fits, a third family does not
      const families = await add(family!.id, 2)
      expect(families.status).toBe(201)
      const familyItem = (await families.json()).data.items[1]
      const third = await add(family!.id, 1)
      expect(third.status).toBe(400)
      expect((await third.json()).data.errors.quantity.code).toBe('cart_limit')
      // raising a quantity beyond it is refused as well, lowering is fine
      const patch = (id: string, quantity: number) => from(ip, 'PATCH', `/api/webshop/v1/carts/${cart}/items/${id}`, { quantity })
      const raised = await patch(familyItem.id, 3)
      expect(raised.status).toBe(400)
      expect((await raised.json()).data.errors.quantity).toEqual({ code: 'cart_limit', params: { maximum: 20 } })
      expect((await patch(familyItem.id, 1)).status).toBe(200)
      expect((await add(adult!.id, 4)).status).toBe(201)
      const held = (await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}`)).json()).data.items.reduce((sum: number, i: { places: number }) => sum + i.places, 0)
      expect(held).toBe(20)
      // an item on request holds no places and does not count
      const request = await from(ip, 'POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'test-request', sku: ids.request!.skus[0]!.id, sessionId: ids.request!.sessions[0]!.id, quantity: 20 })
      expect(request.status).toBe(201)
    })

    it('a client address holds at most maxHeldPlacesPerClient live places across carts (default 40); others still can', async () => {
      const [adult] = ids.big!.skus
      const session = ids.big!.sessions[1]!.id
      const newCartFrom = async (ip: string) => (await (await from(ip, 'POST', '/api/webshop/v1/carts', {})).json()).data.id as string
      const addFrom = (ip: string, cart: string, quantity: number) =>
        from(ip, 'POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'test-big', sku: adult!.id, sessionId: session, quantity })
      const farmer = '203.0.113.7'
      const carts = [await newCartFrom(farmer), await newCartFrom(farmer), await newCartFrom(farmer)]
      expect((await addFrom(farmer, carts[0]!, 20)).status).toBe(201)
      const second = await addFrom(farmer, carts[1]!, 20)
      expect(second.status).toBe(201)
      const secondItem = (await second.json()).data.items[0].id
      const over = await addFrom(farmer, carts[2]!, 1)
      expect(over.status).toBe(409)
      expect((await over.json()).data).toMatchObject({ code: 'holds.too_many', maximum: 40 })
      // raising an item is held to the same limit; lowering frees places for another item
      expect((await from(farmer, 'PATCH', `/api/webshop/v1/carts/${carts[1]}/items/${secondItem}`, { quantity: 20 })).status).toBe(200)
      expect((await from(farmer, 'PATCH', `/api/webshop/v1/carts/${carts[1]}/items/${secondItem}`, { quantity: 18 })).status).toBe(200)
      expect((await addFrom(farmer, carts[2]!, 2)).status).toBe(201)
      expect((await addFrom(farmer, carts[2]!, 1)).status).toBe(409)
      // another visitor is not affected, and neither is the shop's session
      const other = '198.51.100.23'
      expect((await addFrom(other, await newCartFrom(other), 20)).status).toBe(201)
      // once the holds have expired, the address can hold places again
      clock += 16 * 60_000
      try {
        expect((await addFrom(farmer, await newCartFrom(farmer), 20)).status).toBe(201)
      } finally {
        clock -= 16 * 60_000
      }
    })

    it('validates items with field errors', async () => {
      const cart = await newCart()
      const bad = await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-river', sku: ids.river!.skus[0]!.id, quantity: 0 })
      expect(bad.status).toBe(400)
      expect((await bad.json()).data.errors.quantity.code).toBe('too_small')
      const noSession = await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-river', sku: ids.river!.skus[0]!.id, quantity: 1 })
      expect((await noSession.json()).data.errors.sessionId.code).toBe('required')
      const wrongSku = await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-river', sku: ids.low!.skus[0]!.id, sessionId: ids.river!.sessions[0]!.id, quantity: 1 })
      expect((await wrongSku.json()).data.errors.sku.code).toBe('not_found')
      const foreignSession = await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-river', sku: ids.river!.skus[0]!.id, sessionId: ids.low!.sessions[0]!.id, quantity: 1 })
      expect((await foreignSession.json()).data.errors.sessionId.code).toBe('not_found')
      const unknownCart = await post(`/api/webshop/v1/carts/${'x'.repeat(24)}/items`, { offer: 'test-river', sku: ids.river!.skus[0]!.id, sessionId: ids.river!.sessions[0]!.id, quantity: 1 })
      expect(unknownCart.status).toBe(404)
      const notJson = await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/items`, { method: 'POST', headers: { ...headers, 'idempotency-key': key() }, body: 'nope' })
      expect((await notJson.json()).data.code).toBe('body.invalid_json')
    })

    it('holds private start times: a slot is taken once, with its buffer', async () => {
      const cart = await newCart()
      const day = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-guide/dates/${addDays(today(), 2)}`)).json()
      const ten = day.data.slots.find((s: { startTime: string }) => s.startTime === '10:00')
      const sku = ids.guide!.skus[0]!.id
      const added = await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-guide', sku, start: ten.start, quantity: 1 })
      expect(added.status).toBe(201)
      expect((await added.json()).data.items[0]).toMatchObject({ skuType: 'private-service-slot', startTime: '10:00', places: 1 })
      const after = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-guide/dates/${addDays(today(), 2)}`)).json()
      // 60 minutes and 30 minutes' buffer to any other booking: 09:00–11:00 starts all come too
      // close to 10:00–11:00, and 11:30 would end after 12:00
      expect(after.data.slots.map((s: { startTime: string }) => s.startTime)).toEqual([])
      const nextDay = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-guide/dates/${addDays(today(), 4)}`)).json()
      expect(nextDay.data.slots).toHaveLength(5) // other days are untouched
      const again = await post(`/api/webshop/v1/carts/${await newCart()}/items`, { offer: 'test-guide', sku, start: ten.start, quantity: 1 })
      expect(again.status).toBe(409)
      expect((await again.json()).data.code).toBe('slot.unavailable')
      const twoForSlot = await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-guide', sku, start: day.data.slots.at(-1).start, quantity: 2 })
      expect((await twoForSlot.json()).data.errors.quantity.code).toBe('too_big')
    })

    it('prices private services per participant', async () => {
      const atelierHeaders = await xsrf(app, ATELIER)
      const create = await app.call(`${ATELIER}/api/webshop/v1/carts`, { method: 'POST', headers: { ...atelierHeaders, 'idempotency-key': key() } })
      const cart = (await create.json()).data.id
      const day = await (await app.call(`${ATELIER}/api/webshop/v1/offers/test-lesson/dates/${addDays(today(), 1)}`)).json()
      const add = (quantity: number) =>
        app.call(`${ATELIER}/api/webshop/v1/carts/${cart}/items`, {
          method: 'POST',
          headers: { ...atelierHeaders, 'content-type': 'application/json', 'idempotency-key': key() },
          body: JSON.stringify({ offer: 'test-lesson', sku: ids.lesson!.skus[0]!.id, start: day.data.slots[0].start, quantity }),
        })
      expect((await add(5)).status).toBe(400)
      const ok = await add(3)
      expect((await ok.json()).data.items[0]).toMatchObject({ quantity: 3, total: { amount: 27000 } })
    })
  })

  describe('concurrency', () => {
    it('N parallel requests for the last k places give exactly k holds', async () => {
      const carts = await Promise.all(Array.from({ length: 12 }, () => newCart()))
      const session = ids.last!.sessions[0]!.id
      const responses = await Promise.all(
        carts.map((cart) => post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-last-places', sku: ids.last!.skus[0]!.id, sessionId: session, quantity: 1 })),
      )
      const statuses = responses.map((r) => r.status).sort()
      expect(statuses.filter((s) => s === 201)).toHaveLength(3)
      expect(statuses.filter((s) => s === 409)).toHaveLength(9)
      const rows = await app.database.db.execute(sql`select coalesce(sum(places), 0)::int as held from cart_items where session_id = ${session}`)
      expect((rows as unknown as { rows: { held: number }[] }).rows[0]!.held).toBe(3)
    })

    it('refuses a full date in one read, before any transaction or lock, with the answer the lock would give', async () => {
      // the session of the test above: its three places are held
      const cart = await newCart()
      const transaction = vi.spyOn(app.database.db, 'transaction')
      try {
        const response = await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-last-places', sku: ids.last!.skus[0]!.id, sessionId: ids.last!.sessions[0]!.id, quantity: 1 })
        expect(response.status).toBe(409)
        expect((await response.json()).data).toMatchObject({ code: 'places.insufficient', placesLeft: 0 })
        expect(transaction).not.toHaveBeenCalled()
      } finally {
        transaction.mockRestore()
      }
    })

    it('writes nothing for a refusal on a full date: its Idempotency-Key is not even claimed', async () => {
      const cart = await newCart()
      const sent = key()
      const writes = (['insert', 'update', 'delete'] as const).map((kind) => vi.spyOn(app.database.db, kind))
      try {
        const response = await post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-last-places', sku: ids.last!.skus[0]!.id, sessionId: ids.last!.sessions[0]!.id, quantity: 1 }, { 'idempotency-key': sent })
        expect(response.status).toBe(409)
        expect((await response.json()).data.code).toBe('places.insufficient')
        for (const write of writes) expect(write).not.toHaveBeenCalled()
      } finally {
        for (const write of writes) write.mockRestore()
      }
      const rows = await app.database.db.execute(sql`select count(*)::int as n from idempotency_keys where key = ${sent}`)
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
    })

    it('a repetition of the hold that took the last place gets its first answer, though the date is full now', async () => {
      const one = await createOffer(app.database.db, { slug: 'test-one-left', sessions: [{ startsAt: at(7, '11:00'), capacity: 1 }] })
      const item = { offer: 'test-one-left', sku: one.skus[0]!.id, sessionId: one.sessions[0]!.id, quantity: 1 }
      const cart = await newCart()
      const sent = key()
      const first = await post(`/api/webshop/v1/carts/${cart}/items`, item, { 'idempotency-key': sent })
      expect(first.status).toBe(201)
      const answer = await first.text()
      // another visitor is refused before any write
      expect((await post(`/api/webshop/v1/carts/${await newCart()}/items`, item)).status).toBe(409)
      // the client's retry of its own call (its answer was lost): the hold it got, not a refusal
      const again = await post(`/api/webshop/v1/carts/${cart}/items`, item, { 'idempotency-key': sent })
      expect(again.status).toBe(201)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(await again.text()).toBe(answer)
    })

    it('one call sent twice at once for the last place: both get the one hold it made', async () => {
      const one = await createOffer(app.database.db, { slug: 'test-twice-at-once', sessions: [{ startsAt: at(7, '12:00'), capacity: 1 }] })
      const item = { offer: 'test-twice-at-once', sku: one.skus[0]!.id, sessionId: one.sessions[0]!.id, quantity: 1 }
      const cart = await newCart()
      const sent = key()
      const answers = await Promise.all([0, 1].map(() => post(`/api/webshop/v1/carts/${cart}/items`, item, { 'idempotency-key': sent })))
      expect(answers.map((a) => a.status)).toEqual([201, 201])
      const [a, b] = await Promise.all(answers.map(async (r) => (await r.json()).data.items.map((i: { id: string }) => i.id)))
      expect(a).toHaveLength(1)
      expect(b).toEqual(a)
    })

    it('parallel requests for one private start time give one hold', async () => {
      const day = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-guide/dates/${addDays(today(), 4)}`)).json()
      const start = day.data.slots[0].start
      const carts = await Promise.all(Array.from({ length: 6 }, () => newCart()))
      const responses = await Promise.all(
        carts.map((cart) => post(`/api/webshop/v1/carts/${cart}/items`, { offer: 'test-guide', sku: ids.guide!.skus[0]!.id, start, quantity: 1 })),
      )
      expect(responses.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1)
    })
  })
})
