import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingItems, bookings, sessions } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer, visitorContact } from '../support/factories'
import { signedInCast, staffCalls } from '../support/staff'
import { visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`

type Line = { slug: string; sku: string; sessionId?: string; start?: string; quantity: number }
type Figures = { bookings: number; participants: number; revenue: number; cancelled: number; sessions: number; capacity: number; placesTaken: number }

const figures = (f: Partial<Figures>): Figures => ({ bookings: 0, participants: 0, revenue: 0, cancelled: 0, sessions: 0, capacity: 0, placesTaken: 0, ...f })
const noRequests = { received: 0, answered: 0, accepted: 0, declined: 0, open: 0, medianHours: null, p90Hours: null }

describeEachDatabase('reports (openapi/admin.yaml, tag reports)', (factory) => {
  let app: TestApp
  // The visitors book on 20 February 2026; the staff answer requests later and read on 15 April.
  let clock = new Date('2026-02-20T08:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let atelier: Awaited<ReturnType<typeof staffCalls>>
  let owner: string
  let manager: string
  let guide: string
  let atelierOwner: string
  let headers: Record<string, string>
  let atelierHeaders: Record<string, string>
  const visitor = visitorCalls(ALPIN, () => ({ app, headers }))
  const atelierVisitor = visitorCalls(ATELIER, () => ({ app, headers: atelierHeaders }))
  const made = {} as Record<'canyon' | 'trek' | 'guiding' | 'pottery', Awaited<ReturnType<typeof createOffer>>>
  const codes = {} as Record<'early' | 'a' | 'euro' | 'b' | 'c' | 'x' | 'd' | 'r4' | 'e' | 'f' | 'g' | 'atelier', string>

  /** Puts the lines in a new cart and checks it out (with `extra` in the checkout's body). */
  async function checkout(lines: Line[], options: { mode?: 'order' | 'request'; extra?: Record<string, unknown>; call?: typeof visitor } = {}) {
    const call = options.call ?? visitor
    const cart = (await (await call('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const items: { itemId: string; participants: { firstname: string; surname: string; extras: string[] }[] }[] = []
    for (const line of lines) {
      const { slug, quantity, ...item } = line
      const added = await call('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: slug, ...item, quantity })
      const body = await added.json()
      expect(added.status, JSON.stringify(body)).toBe(201)
      const newest = body.data.items.find((i: { id: string }) => !items.some((known) => known.itemId === i.id))
      const people = newest.skuType === 'activity' ? quantity : 1
      items.push({ itemId: newest.id, participants: Array.from({ length: people }, (_, i) => ({ firstname: `P${i}`, surname: 'Muster', extras: [] })) })
    }
    const mode = options.mode ?? 'order'
    return call('POST', `/api/webshop/v1/carts/${cart}/checkout`, {
      mode,
      items,
      ...visitorContact,
      paymentMethod: mode === 'order' ? 'PAY_ON_SITE' : 'PAY_LATER',
      termsAccepted: true,
      ...options.extra,
    })
  }
  /** A booking made through the checkout, then dated `createdAt` (the database stamps the real time). */
  async function book(lines: Line[], createdAt: string, options: Parameters<typeof checkout>[1] = {}) {
    const answer = await checkout(lines, options)
    const body = await answer.json()
    expect(answer.status, JSON.stringify(body)).toBe(201)
    await app.database.db.update(bookings).set({ createdAt: new Date(createdAt) }).where(eq(bookings.code, body.data.code))
    return body.data.code as string
  }
  /** A manager answers a request at `at` (the clock's time: the answer's `replied_at`). */
  async function answerAt(code: string, decision: 'accept' | 'decline', at: string) {
    clock = new Date(at)
    const session = await alpin.signIn('marco@alpin.example')
    const answer = await alpin.call('POST', `/requests/${code}/answer`, { session, body: { decision } })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  }
  const setStatus = (code: string, status: 'PAID' | 'CANCELLED') =>
    app.database.db
      .update(bookings)
      .set({ status, ...(status === 'CANCELLED' ? { cancelledAt: clock, cancelReason: 'staff' as const } : {}) })
      .where(eq(bookings.code, code))

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    ;({ alpin, atelier } = await signedInCast(app))
    headers = await xsrfHeaders(app, ALPIN)
    atelierHeaders = await xsrfHeaders(app, ATELIER)
    const db = app.database.db
    made.canyon = await createOffer(db, {
      slug: 'rep-canyon',
      title: 'Canyoning',
      sessions: [
        { startsAt: new Date('2026-03-10T08:00:00Z'), capacity: 10 },
        { startsAt: new Date('2026-03-31T21:30:00Z'), capacity: 8 }, // 23:30 on 31 March in Zurich: March
        { startsAt: new Date('2026-04-20T08:00:00Z'), capacity: 12 },
        { startsAt: new Date('2026-04-22T08:00:00Z'), capacity: 6 }, // cancelled below
      ],
    })
    made.trek = await createOffer(db, { slug: 'rep-trek', title: 'Glacier trek', uponRequest: true, sessions: [{ startsAt: new Date('2026-05-05T08:00:00Z'), capacity: 20 }] })
    made.guiding = await createOffer(db, {
      slug: 'rep-guiding',
      title: 'Private guide',
      skus: [{ key: 'slot', type: 'private-service-slot', price: 30000, durationMinutes: 60 }],
      schedule: {
        weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday: weekday as 0, start: '09:00', end: '12:00' })),
        exceptions: [],
        durationMinutes: 60,
        bufferMinutes: 0,
        stepMinutes: 60,
      },
    })
    made.pottery = await createOffer(db, { shopId: 'atelier', slug: 'rep-pottery', title: 'Pottery', sessions: [{ startsAt: new Date('2026-03-15T09:00:00Z'), capacity: 8 }] })
    const [s1, s2, s3, s4] = made.canyon.sessions.map((s) => s.id)
    const canyon = (sessionId: string | undefined, quantity: number): Line => ({ slug: 'rep-canyon', sku: made.canyon.skus[0]!.id, sessionId, quantity })
    const trek = (quantity: number): Line => ({ slug: 'rep-trek', sku: made.trek.skus[0]!.id, sessionId: made.trek.sessions[0]!.id, quantity })

    // 23:30 on 28 February in Zurich (winter time): February.
    codes.early = await book([canyon(s1, 1)], '2026-02-28T22:30:00Z')
    codes.a = await book([canyon(s1, 3)], '2026-03-05T10:00:00Z')
    codes.euro = await book([canyon(s1, 1)], '2026-03-06T10:00:00Z')
    // Booked in another currency: counted, but not in the revenue.
    await db.update(bookings).set({ currency: 'EUR' }).where(eq(bookings.code, codes.euro))
    const [euro] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.code, codes.euro))
    await db.update(bookingItems).set({ currency: 'EUR' }).where(eq(bookingItems.bookingId, euro!.id))
    // 23:30 on 31 March in Zurich (summer time): March; through a widget on a page of another site.
    codes.b = await book([canyon(s2, 2)], '2026-03-31T21:30:00Z', {
      extra: { channel: { kind: 'embed', hostOrigin: 'https://WWW.Example-Host.ch:8443', hostPath: '/de/aktivit%C3%A4ten/' } },
    })
    await setStatus(codes.b, 'PAID')
    // 00:30 on 1 April in Zurich (still 31 March in UTC): April; a widget whose host is unknown.
    codes.c = await book([canyon(s3, 1)], '2026-03-31T22:30:00Z', { extra: { channel: { kind: 'embed' } } })
    codes.x = await book([canyon(s3, 2)], '2026-04-08T09:00:00Z')
    await setStatus(codes.x, 'CANCELLED')
    // Two offers in one booking (40 000): each offer's revenue is its own item's. A host without an embed is no host.
    codes.d = await book([{ slug: 'rep-guiding', sku: made.guiding.skus[0]!.id, start: '2026-04-10T07:00:00.000Z', quantity: 1 }, canyon(s3, 1)], '2026-04-09T12:00:00Z', {
      extra: { channel: { kind: 'shop', hostOrigin: 'https://ignored.example' } },
    })
    codes.r4 = await book([trek(1)], '2026-03-20T08:00:00Z', { mode: 'request' })
    codes.e = await book([trek(2)], '2026-04-02T08:00:00Z', { mode: 'request' })
    codes.f = await book([trek(1)], '2026-04-03T08:00:00Z', { mode: 'request' })
    codes.g = await book([trek(1)], '2026-04-05T08:00:00Z', { mode: 'request' })
    // Atelier offers paying on site only together with paying later (its demo settings).
    codes.atelier = await book([{ slug: 'rep-pottery', sku: made.pottery.skus[0]!.id, sessionId: made.pottery.sessions[0]!.id, quantity: 4 }], '2026-03-15T10:00:00Z', {
      call: atelierVisitor,
      extra: { paymentMethod: 'PAY_LATER_OR_ON_SITE' },
    })
    await db.update(sessions).set({ status: 'cancelled' }).where(eq(sessions.id, s4!))

    // Answered after 2.5 h (then cancelled: it was accepted), 6 h and 24 h; one still open.
    await answerAt(codes.r4, 'accept', '2026-03-20T10:30:00Z')
    await setStatus(codes.r4, 'CANCELLED')
    await answerAt(codes.e, 'accept', '2026-04-02T14:00:00Z')
    await answerAt(codes.f, 'decline', '2026-04-04T08:00:00Z')

    clock = new Date('2026-04-15T10:00:00Z')
    owner = await alpin.signIn('anna@alpin.example')
    manager = await alpin.signIn('marco@alpin.example')
    guide = await alpin.signIn('zora@alpin.example')
    atelierOwner = await atelier.signIn('claire@atelier.example')
  })
  afterAll(() => app?.close())

  const report = (query: string, session = manager, locale = 'en') => alpin.call('GET', `/reports?${query}`, { session, locale })
  const MARCH_APRIL = 'from=2026-03-01&to=2026-04-30'

  describe('who may see the reports', () => {
    it('answers managers and owners, refuses guides (403) and the signed-out (401)', async () => {
      expect((await report(MARCH_APRIL, manager)).status).toBe(200)
      expect((await report(MARCH_APRIL, owner)).status).toBe(200)
      expect((await report(MARCH_APRIL, guide)).status).toBe(403)
      expect((await alpin.call('GET', `/reports?${MARCH_APRIL}`)).status).toBe(401)
    })

    it('counts only the shop’s own bookings, dates and requests', async () => {
      const own = (await atelier.call('GET', `/reports?${MARCH_APRIL}`, { session: atelierOwner, locale: 'fr' })).body.data
      expect(own.total).toEqual(figures({ bookings: 1, participants: 4, revenue: 40000, sessions: 1, capacity: 8, placesTaken: 4 }))
      expect(own.offers.map((o: { title: string }) => o.title)).toEqual(['Pottery (fr)'])
      expect(own.requests).toEqual(noRequests)
      // Another shop's offer named by alpin's manager: nothing of it.
      const foreign = (await report(`${MARCH_APRIL}&offerId=${made.pottery.offerId}`)).body.data
      expect(foreign.total).toEqual(figures({}))
      expect(foreign.offers).toEqual([])
      expect(foreign.channels).toEqual([])
    })
  })

  describe('bookings, participants, revenue and occupancy', () => {
    it('counts per month of the shop’s time zone: standing and cancelled bookings, places, revenue in the shop’s currency, the dates', async () => {
      const answer = await report(MARCH_APRIL)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const data = answer.body.data
      expect(data).toMatchObject({ from: '2026-03-01', to: '2026-04-30', granularity: 'month', timeZone: 'Europe/Zurich', currency: 'CHF' })
      expect(data).not.toHaveProperty('offerId')
      expect(data.periods.map((p: { key: string; start: string; end: string; figures: Figures }) => [p.key, p.start, p.end, p.figures])).toEqual([
        // a (3 places), euro (1, EUR) and b (2, paid, at 23:30 on 31 March); the accepted request cancelled since; dates 1 and 2.
        ['2026-03', '2026-03-01', '2026-03-31', figures({ bookings: 3, participants: 6, revenue: 50000, cancelled: 1, sessions: 2, capacity: 18, placesTaken: 7 })],
        // c (at 00:30 on 1 April), d (two items, 40 000) and the accepted request e (2 places); x cancelled; date 3 (date 4 is cancelled).
        ['2026-04', '2026-04-01', '2026-04-30', figures({ bookings: 3, participants: 5, revenue: 70000, cancelled: 1, sessions: 1, capacity: 12, placesTaken: 4 })],
      ])
      expect(data.total).toEqual(figures({ bookings: 6, participants: 11, revenue: 120000, cancelled: 2, sessions: 3, capacity: 30, placesTaken: 11 }))
    })

    it('lists every period of the range, empty ones with zeros, and only the range’s days', async () => {
      const months = (await report('from=2026-01-01&to=2026-05-31')).body.data
      expect(months.periods.map((p: { key: string; figures: Figures }) => [p.key, p.figures.bookings, p.figures.revenue, p.figures.sessions, p.figures.placesTaken])).toEqual([
        ['2026-01', 0, 0, 0, 0],
        ['2026-02', 1, 10000, 0, 0], // 23:30 on 28 February
        ['2026-03', 3, 50000, 2, 7],
        ['2026-04', 3, 70000, 1, 4],
        ['2026-05', 0, 0, 1, 3], // the trek's date: the two accepted requests' places
      ])
      expect(months.periods[0]).toEqual({ key: '2026-01', start: '2026-01-01', end: '2026-01-31', figures: figures({}), requests: noRequests })

      const weeks = (await report('from=2026-03-25&to=2026-04-12&granularity=week')).body.data
      expect(weeks.periods.map((p: { key: string; start: string; end: string; figures: Figures }) => [p.key, p.start, p.end, p.figures])).toEqual([
        ['2026-W13', '2026-03-23', '2026-03-29', figures({})], // from Wednesday 25 March only: nothing
        ['2026-W14', '2026-03-30', '2026-04-05', figures({ bookings: 3, participants: 5, revenue: 50000, sessions: 1, capacity: 8, placesTaken: 2 })],
        ['2026-W15', '2026-04-06', '2026-04-12', figures({ bookings: 1, participants: 2, revenue: 40000, cancelled: 1 })],
      ])
      // 31 March alone: b at 23:30 and its date at 23:30, not c at 00:30 on 1 April.
      const day = (await report('from=2026-03-31&to=2026-03-31')).body.data
      expect(day.periods).toHaveLength(1)
      expect(day.total).toEqual(figures({ bookings: 1, participants: 2, revenue: 20000, sessions: 1, capacity: 8, placesTaken: 2 }))
    })

    it('gives each offer its figures, most revenue first, its title in the staff member’s language and its kind', async () => {
      const data = (await report(MARCH_APRIL, manager, 'de')).body.data
      expect(data.offers).toEqual([
        { offerId: made.canyon.offerId, title: 'Canyoning (de)', kind: 'activity', figures: figures({ bookings: 5, participants: 8, revenue: 70000, cancelled: 1, sessions: 3, capacity: 30, placesTaken: 11 }) },
        { offerId: made.guiding.offerId, title: 'Private guide (de)', kind: 'service', figures: figures({ bookings: 1, participants: 1, revenue: 30000 }) },
        // Its date is in May: no occupancy in the range.
        { offerId: made.trek.offerId, title: 'Glacier trek (de)', kind: 'activity', figures: figures({ bookings: 1, participants: 2, revenue: 20000, cancelled: 1 }) },
      ])
    })

    it('with an offer, counts that offer’s bookings, places, items’ totals and dates only', async () => {
      const canyon = (await report(`${MARCH_APRIL}&offerId=${made.canyon.offerId}`)).body.data
      expect(canyon.offerId).toBe(made.canyon.offerId)
      expect(canyon.periods.map((p: { figures: Figures }) => p.figures)).toEqual([
        figures({ bookings: 3, participants: 6, revenue: 50000, sessions: 2, capacity: 18, placesTaken: 7 }),
        figures({ bookings: 2, participants: 2, revenue: 20000, cancelled: 1, sessions: 1, capacity: 12, placesTaken: 4 }),
      ])
      expect(canyon.total).toEqual(figures({ bookings: 5, participants: 8, revenue: 70000, cancelled: 1, sessions: 3, capacity: 30, placesTaken: 11 }))
      expect(canyon.offers.map((o: { offerId: string }) => o.offerId)).toEqual([made.canyon.offerId])
      expect(canyon.requests).toEqual(noRequests)
      // d's guiding item only: 30 000 of its 40 000.
      const guiding = (await report(`${MARCH_APRIL}&offerId=${made.guiding.offerId}`)).body.data
      expect(guiding.total).toEqual(figures({ bookings: 1, participants: 1, revenue: 30000 }))
      expect(guiding.channels).toEqual([{ channel: 'shop', host: null, bookings: 1, revenue: 30000 }])
    })
  })

  describe('channels', () => {
    it('stores where the visitor booked: the shop, or a widget with its host page (name and path)', async () => {
      const rows = await app.database.db.select({ code: bookings.code, channel: bookings.channel, host: bookings.channelHost }).from(bookings)
      const of = (code: string) => rows.find((r) => r.code === code)
      expect(of(codes.a)).toMatchObject({ channel: 'shop', host: null })
      expect(of(codes.b)).toMatchObject({ channel: 'embed', host: 'www.example-host.ch/de/aktivitäten' })
      expect(of(codes.c)).toMatchObject({ channel: 'embed', host: null })
      expect(of(codes.d)).toMatchObject({ channel: 'shop', host: null })
    })

    it('groups the standing bookings by channel and host, most bookings first', async () => {
      const data = (await report(MARCH_APRIL)).body.data
      expect(data.channels).toEqual([
        // a, euro (not in the revenue), d and the accepted request e
        { channel: 'shop', host: null, bookings: 4, revenue: 90000 },
        { channel: 'embed', host: 'www.example-host.ch/de/aktivitäten', bookings: 1, revenue: 20000 },
        { channel: 'embed', host: null, bookings: 1, revenue: 10000 },
      ])
      const canyon = (await report(`${MARCH_APRIL}&offerId=${made.canyon.offerId}`)).body.data
      expect(canyon.channels).toEqual([
        { channel: 'shop', host: null, bookings: 3, revenue: 40000 },
        { channel: 'embed', host: 'www.example-host.ch/de/aktivitäten', bookings: 1, revenue: 20000 },
        { channel: 'embed', host: null, bookings: 1, revenue: 10000 },
      ])
    })

    it('refuses a channel outside the contract at the checkout (400 validation), booking nothing', async () => {
      const line = (): Line => ({ slug: 'rep-canyon', sku: made.canyon.skus[0]!.id, sessionId: made.canyon.sessions[2]!.id, quantity: 1 })
      const before = (await app.database.db.select({ id: bookings.id }).from(bookings)).length
      const withPath = await checkout([line()], { extra: { channel: { kind: 'embed', hostOrigin: 'https://www.example-host.ch/page' } } })
      expect(withPath.status).toBe(400)
      expect((await withPath.json()).data).toMatchObject({ code: 'validation', errors: { 'channel.hostOrigin': { code: 'invalid_format' } } })
      const script = await checkout([line()], { extra: { channel: { kind: 'embed', hostOrigin: 'javascript:alert(1)' } } })
      expect((await script.json()).data.errors).toHaveProperty(['channel.hostOrigin'])
      const query = await checkout([line()], { extra: { channel: { kind: 'embed', hostOrigin: 'https://www.example-host.ch', hostPath: '/page?user=anna' } } })
      expect((await query.json()).data.errors).toHaveProperty(['channel.hostPath'])
      const kind = await checkout([line()], { extra: { channel: { kind: 'partner' } } })
      expect((await kind.json()).data.errors).toEqual({ 'channel.kind': { code: 'invalid_value', params: {} } })
      const extra = await checkout([line()], { extra: { channel: { kind: 'shop', host: 'x' } } })
      expect(extra.status).toBe(400)
      expect((await app.database.db.select({ id: bookings.id }).from(bookings)).length).toBe(before)
    })
  })

  describe('requests', () => {
    it('counts the range’s requests, their answers and the hours to the answer (median, 90th percentile)', async () => {
      const data = (await report(MARCH_APRIL)).body.data
      // 2.5 h, 6 h and 24 h: median 6, 90th percentile 6 + 0.8 × 18 = 20.4.
      expect(data.requests).toEqual({ received: 4, answered: 3, accepted: 2, declined: 1, open: 1, medianHours: 6, p90Hours: 20.4 })
      expect(data.periods.map((p: { requests: unknown }) => p.requests)).toEqual([
        { received: 1, answered: 1, accepted: 1, declined: 0, open: 0, medianHours: 2.5, p90Hours: 2.5 },
        { received: 3, answered: 2, accepted: 1, declined: 1, open: 1, medianHours: 15, p90Hours: 22.2 },
      ])
      // With the trek (every request is of it) the same; with another offer none.
      expect((await report(`${MARCH_APRIL}&offerId=${made.trek.offerId}`)).body.data.requests).toEqual(data.requests)
      expect((await report(`${MARCH_APRIL}&offerId=${made.guiding.offerId}`)).body.data.requests).toEqual(noRequests)
      // Only the open one in its week: no answer time.
      const open = (await report('from=2026-04-05&to=2026-04-05&granularity=week')).body.data
      expect(open.requests).toEqual({ ...noRequests, received: 1, open: 1 })
    })
  })

  describe('validation', () => {
    it('refuses a reversed or too long range, a missing end, an unknown granularity or offer id', async () => {
      const reversed = await report('from=2026-04-02&to=2026-04-01')
      expect(reversed.status).toBe(400)
      expect(reversed.body.data.errors).toEqual({ to: { code: 'range.reversed' } })
      const long = await report('from=2025-01-01&to=2026-03-01&granularity=week')
      expect(long.status).toBe(400)
      expect(long.body.data.errors).toEqual({ to: { code: 'range.too_long', params: { maximum: 400 } } })
      // 400 days are 58 weeks at most: the bound of 120 periods is the finance views' and holds.
      expect((await report('from=2025-03-02&to=2026-04-05&granularity=week')).body.data.periods).toHaveLength(58)
      expect((await report('from=2026-03-01')).status).toBe(400)
      expect((await report('from=2026-02-30&to=2026-03-31')).status).toBe(400)
      expect((await report(`${MARCH_APRIL}&granularity=day`)).status).toBe(400)
      expect((await report(`${MARCH_APRIL}&offerId=x`)).status).toBe(400)
      expect((await report(`${MARCH_APRIL}&granularity=week`)).body.data.granularity).toBe('week')
    })
  })
})
