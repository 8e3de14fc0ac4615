/**
 * The staff's schedule feeds (openapi/admin.yaml, tag calendar-feed): getMyCalendarFeed,
 * renewMyCalendarFeed and getScheduleFeed, the iCalendar file read back with ical.js.
 * Guides are assigned by inserting session_guides and booking_item_guides rows directly.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bookingItemGuides, offers, sessionGuides, sessions, staff, staffEvents } from '../../src/server/db/schema'
import { FEED_MAX_EVENTS, FEED_SECRET, feedKey } from '../../src/server/domain/calendar-feed/feed'
import { getOrCreateSecret } from '../../src/server/domain/secrets'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createBuiltInApi } from '../../src/server/runtime'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer, createPrivateBooking } from '../support/factories'
import { insertStaff, signedInCast, staffCalls } from '../support/staff'
import { xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`
const DAY = 86_400_000
const FEED_URL = new RegExp(`^${ALPIN.replace(/\./g, '\\.')}/api/admin/v1/calendar/([A-Za-z0-9_-]{16,64})/([A-Za-z0-9_-]{43})\\.ics$`)

/** A host header and everything else a caller could use to steer the addresses elsewhere. */
const POISONED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https', origin: 'http://evil.example' }

const parseFeed = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) }
}

describeEachDatabase('schedule feeds (openapi/admin.yaml, tag calendar-feed)', (factory) => {
  let app: TestApp
  // Friday 20 March 2026: summer time begins in Zurich on Sunday the 29th and ends on 25 October.
  const clock = new Date('2026-03-20T10:00:00Z')
  let cast: Awaited<ReturnType<typeof signedInCast>>
  const ids: Record<string, string> = {}
  const s: Record<string, string> = {}

  const me = (session: string, call = cast.alpin.call) => call('GET', '/me/calendar-feed', { session })
  const renew = (session: string, key?: string, call = cast.alpin.call) => call('POST', '/me/calendar-feed', { session, key })
  /** GET of a feed address (no cookie: calendar apps have none). */
  const fetchFeed = (url: string, headers: Record<string, string> = {}, method = 'GET') => app.call(url, { method, headers })
  const assign = (sessionId: string, staffId: string, shopId = 'alpin') => app.database.db.insert(sessionGuides).values({ sessionId, staffId, shopId, assignedBy: null, assignedAt: clock })

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    cast = await signedInCast(app)
    const db = app.database.db
    for (const row of await db.select({ id: staff.id, email: staff.email }).from(staff)) ids[row.email.split('@')[0]!] = row.id
    const canyon = await createOffer(db, {
      slug: 'feed-canyon',
      title: 'Canyoning',
      sessions: [
        { startsAt: new Date('2026-03-29T08:00:00Z'), capacity: 12, placesTaken: 7 }, // Sunday 10:00 summer time
        { startsAt: new Date('2026-03-28T09:00:00Z'), capacity: 8 }, // Saturday 10:00 winter time (cancelled below)
        { startsAt: new Date('2026-03-30T08:00:00Z'), capacity: 8 }, // the manager's only
        { startsAt: new Date('2026-10-25T00:30:00Z'), capacity: 8, minutes: 60 }, // 02:30, the first of the two
        { startsAt: new Date(clock.getTime() - 30 * DAY), capacity: 8 }, // a month ago
        { startsAt: new Date(clock.getTime() - 62 * DAY), capacity: 8 }, // before the feed's 60 days
        { startsAt: new Date(clock.getTime() + 401 * DAY), capacity: 8 }, // after its 400 days
      ],
    })
    ;['sunday', 'cancelled', 'managers', 'doubled', 'past', 'tooOld', 'tooFar'].forEach((name, i) => (s[name] = canyon.sessions[i]!.id))
    await db
      .update(offers)
      .set({ meetingPoint: { de: 'Treffpunkt: Bahnhof, Gleis 1', en: 'Meeting point: station, platform 1', fr: 'Rendez-vous : gare, voie 1' } })
      .where(eq(offers.id, canyon.offerId))
    await db.update(sessions).set({ status: 'cancelled', version: 2 }).where(eq(sessions.id, s.cancelled!))
    const atelier = await createOffer(db, { shopId: 'atelier', slug: 'feed-atelier', sessions: [{ startsAt: new Date('2026-03-31T08:00:00Z'), capacity: 4 }] })
    s.atelier = atelier.sessions[0]!.id
    for (const id of [s.sunday, s.cancelled, s.doubled, s.past, s.tooOld, s.tooFar]) await assign(id!, ids.zora!)
    for (const id of [s.sunday, s.managers]) await assign(id!, ids.marco!)
    await assign(s.atelier, ids.claire!, 'atelier')
    // A row naming another shop's session under this shop (never written by the app): still not shown.
    await assign(s.atelier, ids.zora!)
  })
  afterAll(() => app?.close())

  it('has no feed before the first one is created: no addresses, and no key opens one', async () => {
    const answer = await me(cast.guide)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ data: { active: false, url: null, webcalUrl: null } })
    const secret = await getOrCreateSecret(app.database.db, FEED_SECRET)
    const generationZero = await fetchFeed(`${ALPIN}/api/admin/v1/calendar/${ids.zora}/${feedKey(secret, 'alpin', ids.zora!, 0)}.ics`)
    expect(generationZero.status).toBe(404)
  })

  it('creates the address on the shop’s configured origin (never the request’s headers), and records it in the member’s history', async () => {
    const created = await cast.alpin.call('POST', '/me/calendar-feed', { session: cast.guide })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const { active, url, webcalUrl } = created.body.data
    expect(active).toBe(true)
    expect(url).toMatch(FEED_URL)
    expect(FEED_URL.exec(url)![1]).toBe(ids.zora)
    expect(webcalUrl).toBe(url.replace(/^http:/, 'webcal:'))
    // Read back the same, even with every header a caller could poison.
    const read = await app.call(`${ALPIN}/api/admin/v1/me/calendar-feed`, {
      headers: { cookie: `staff-session=${cast.guide}`, 'x-flowin-locale': 'en', ...POISONED },
    })
    expect(read.status).toBe(200)
    expect((await read.json()).data).toEqual({ active: true, url, webcalUrl })
    const events = await app.database.db.select().from(staffEvents).where(and(eq(staffEvents.staffId, ids.zora!), eq(staffEvents.action, 'calendar_feed_created')))
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ actorId: ids.zora, details: { generation: 1 } })
  })

  it('serves the member’s assigned sessions of their shop as iCalendar, without a session cookie', async () => {
    const { url } = (await me(cast.guide)).body.data
    const response = await fetchFeed(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('private, no-cache')
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/)
    const text = await response.text()
    const { calendar, events } = parseFeed(text)
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toContain('Zora Zimmermann')
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Zurich')
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Zurich')
    // Assigned, this shop's, within 60 days back and 400 ahead; in order of time.
    expect(events.map((e) => e.uid)).toEqual([s.past, s.cancelled, s.sunday, s.doubled].map((id) => `session-${id}@alpin`))

    const sunday = events.find((e) => e.uid === `session-${s.sunday}@alpin`)!
    expect(sunday.startDate.toString()).toBe('2026-03-29T10:00:00') // local, summer time
    expect(sunday.startDate.zone.tzid).toBe('Europe/Zurich')
    expect(sunday.startDate.toJSDate().toISOString()).toBe('2026-03-29T08:00:00.000Z')
    expect(sunday.endDate.toJSDate().toISOString()).toBe('2026-03-29T10:00:00.000Z')
    // The member's language (de): the offer's title and meeting point.
    expect(sunday.summary).toBe('Canyoning (de)')
    expect(sunday.location).toBe('Treffpunkt: Bahnhof, Gleis 1')
    const manifest = `${ALPIN}/de/admin/sales/sessions/${s.sunday}/manifest`
    expect(sunday.component.getFirstPropertyValue('url')).toBe(manifest)
    expect(sunday.description).toContain(manifest)
    expect(sunday.description).toContain('7')
    expect(sunday.description).toContain('12')
    expect(sunday.description).toContain('Marco Rossi') // the other guide
    expect(sunday.description).not.toContain('Zora')
    expect(sunday.component.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(sunday.sequence).toBe(1)

    const saturday = events.find((e) => e.uid === `session-${s.cancelled}@alpin`)!
    expect(saturday.component.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(saturday.sequence).toBe(2)
    expect(saturday.startDate.toString()).toBe('2026-03-28T10:00:00') // winter time
    expect(saturday.startDate.toJSDate().toISOString()).toBe('2026-03-28T09:00:00.000Z')

    const doubled = events.find((e) => e.uid === `session-${s.doubled}@alpin`)!
    expect(doubled.startDate.toJSDate().toISOString()).toBe('2026-10-25T00:30:00.000Z')
    expect(doubled.endDate.toJSDate().toISOString()).toBe('2026-10-25T01:30:00.000Z')

    // HEAD answers the headers only.
    const head = await fetchFeed(url, {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('lets calendar apps revalidate: the current ETag answers 304; a change shows on the next refresh with the same UID', async () => {
    const { url } = (await me(cast.guide)).body.data
    const first = await fetchFeed(url)
    const etag = first.headers.get('etag')!
    const same = await fetchFeed(url, { 'if-none-match': etag })
    expect(same.status).toBe(304)
    expect(same.headers.get('etag')).toBe(etag)
    expect(same.headers.get('cache-control')).toBe('private, no-cache')
    expect(await same.text()).toBe('')
    expect((await fetchFeed(url, { 'if-none-match': `W/${etag}, "other"` })).status).toBe(304)

    // The session moves an hour later; the member is taken off another one.
    const db = app.database.db
    await db.update(sessions).set({ startsAt: new Date('2026-03-29T09:00:00Z'), endsAt: new Date('2026-03-29T11:00:00Z'), version: sql`${sessions.version} + 1`, updatedAt: clock }).where(eq(sessions.id, s.sunday!))
    await db.delete(sessionGuides).where(and(eq(sessionGuides.sessionId, s.doubled!), eq(sessionGuides.staffId, ids.zora!)))
    const changed = await fetchFeed(url, { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    const { events } = parseFeed(await changed.text())
    expect(events.map((e) => e.uid)).toEqual([s.past, s.cancelled, s.sunday].map((id) => `session-${id}@alpin`))
    const sunday = events.find((e) => e.uid === `session-${s.sunday}@alpin`)!
    expect(sunday.startDate.toString()).toBe('2026-03-29T11:00:00')
    expect(sunday.sequence).toBe(2)
  })

  it('a new address makes the old one answer 404 at once; the same Idempotency-Key answers the same address', async () => {
    const before = (await me(cast.guide)).body.data.url as string
    expect((await fetchFeed(before)).status).toBe(200)
    const key = randomUUID()
    const renewed = await renew(cast.guide, key)
    expect(renewed.status).toBe(200)
    const after = renewed.body.data.url as string
    expect(after).toMatch(FEED_URL)
    expect(after).not.toBe(before)
    expect((await fetchFeed(before)).status).toBe(404)
    expect((await fetchFeed(after)).status).toBe(200)
    expect((await me(cast.guide)).body.data.url).toBe(after)
    // A retried request (same key) is not a second renewal.
    const again = await renew(cast.guide, key)
    expect(again.body.data.url).toBe(after)
    expect((await fetchFeed(after)).status).toBe(200)
    const [member] = await app.database.db.select({ generation: staff.calendarFeedGeneration }).from(staff).where(eq(staff.id, ids.zora!))
    expect(member!.generation).toBe(2)
    const events = await app.database.db.select().from(staffEvents).where(and(eq(staffEvents.staffId, ids.zora!), eq(staffEvents.action, 'calendar_feed_renewed')))
    expect(events.map((e) => e.details)).toEqual([{ generation: 2 }])
  })

  it('answers the same plain 404 for every address that names no feed, without telling which part was wrong', async () => {
    const url = (await me(cast.guide)).body.data.url as string
    const [, staffId, key] = FEED_URL.exec(url)!
    const secret = await getOrCreateSecret(app.database.db, FEED_SECRET)
    const managerFeed = (await renew(cast.manager)).body.data.url as string
    const [, , managerKey] = FEED_URL.exec(managerFeed)!
    const wrong = [
      `${ALPIN}/api/admin/v1/calendar/${staffId}/${randomBytes(32).toString('base64url')}.ics`, // a wrong key
      `${ALPIN}/api/admin/v1/calendar/${staffId}/${feedKey(secret, 'alpin', staffId!, 1)}.ics`, // the previous generation's
      `${ALPIN}/api/admin/v1/calendar/${staffId}/${feedKey(secret, 'atelier', staffId!, 2)}.ics`, // made for another shop
      `${ALPIN}/api/admin/v1/calendar/${staffId}/${key!.slice(0, 42)}.ics`, // too short
      `${ALPIN}/api/admin/v1/calendar/${staffId}/${key}x.ics`, // too long
      `${ALPIN}/api/admin/v1/calendar/${ids.marco}/${key}.ics`, // the guide's key on the manager's feed
      `${ALPIN}/api/admin/v1/calendar/${staffId}/${managerKey}.ics`, // the manager's key on the guide's feed
      `${ALPIN}/api/admin/v1/calendar/${ids.claire}/${key}.ics`, // another shop's member
      `${ALPIN}/api/admin/v1/calendar/${randomBytes(16).toString('base64url')}/${key}.ics`, // nobody
      `${ATELIER}/api/admin/v1/calendar/${staffId}/${key}.ics`, // another shop's host
      `${ALPIN}/api/admin/v1/calendar/${staffId}/${key}.ICS`,
    ]
    const bodies = new Set<string>()
    for (const address of wrong) {
      const response = await fetchFeed(address)
      const body = await response.json()
      expect(response.status, address).toBe(404)
      expect(response.headers.get('cache-control'), address).toBe('no-store')
      if (!address.endsWith('.ICS')) {
        expect(body.data.code, address).toBe('calendar_feed.not_found')
        bodies.add(JSON.stringify({ ...body, data: { ...body.data, requestId: undefined } }))
      }
    }
    expect(bodies.size).toBe(1)
    expect([...bodies][0]).not.toContain(staffId!)
    // The right address still answers; only GET (and HEAD).
    expect((await fetchFeed(url)).status).toBe(200)
    expect((await app.call(url, { method: 'POST' })).status).toBe(405)
  })

  it('an inactive member’s feed answers 404 at once', async () => {
    const url = (await me(cast.guide)).body.data.url as string
    const db = app.database.db
    await db.update(staff).set({ active: false }).where(eq(staff.id, ids.zora!))
    try {
      expect((await fetchFeed(url)).status).toBe(404)
    } finally {
      await db.update(staff).set({ active: true }).where(eq(staff.id, ids.zora!))
    }
    expect((await fetchFeed(url)).status).toBe(200)
  })

  it('each member sees only their own feed: the manager’s lists the manager’s sessions, the guide’s address stays the guide’s', async () => {
    const guideUrl = (await me(cast.guide)).body.data.url as string
    const managerUrl = (await me(cast.manager)).body.data.url as string
    expect(FEED_URL.exec(managerUrl)![1]).toBe(ids.marco)
    expect(managerUrl).not.toBe(guideUrl)
    const { events } = parseFeed(await (await fetchFeed(managerUrl)).text())
    expect(events.map((e) => e.uid)).toEqual([s.sunday, s.managers].map((id) => `session-${id}@alpin`))
    expect(events[0]!.description).toContain('Zora Zimmermann')
    // Marco's language is German too; the guide's feed did not change with the manager's.
    expect((await fetchFeed(guideUrl)).status).toBe(200)
  })

  it('another shop’s member gets their own address on their own shop’s origin and sessions', async () => {
    const created = await renew(cast.atelierOwner, undefined, cast.atelier.call)
    expect(created.status).toBe(200)
    const url = created.body.data.url as string
    expect(url.startsWith(`${ATELIER}/api/admin/v1/calendar/${ids.claire}/`)).toBe(true)
    const { events } = parseFeed(await (await fetchFeed(url)).text())
    expect(events.map((e) => e.uid)).toEqual([`session-${s.atelier}@atelier`])
    expect(events[0]!.component.getFirstPropertyValue('url')).toBe(`${ATELIER}/fr/admin/sales/sessions/${s.atelier}/manifest`)
    // The same address on alpin's host names nothing.
    expect((await fetchFeed(url.replace(ATELIER, ALPIN))).status).toBe(404)
  })

  it('lists the member’s planned private bookings among the sessions (code, participants, the booker’s phone, a request tentative); not a cancelled one, nor one they no longer guide', async () => {
    const db = app.database.db
    const guiding = await createOffer(db, { slug: 'feed-private', title: 'Private guide', skus: [{ key: 'half-day', type: 'private-service-slot', durationMinutes: 180 }] })
    await db.update(offers).set({ meetingPoint: { de: 'Hotel Victoria, Eingang', en: 'Hotel Victoria, entrance', fr: 'Hôtel Victoria, entrée' } }).where(eq(offers.id, guiding.offerId))
    const three = ['Chloé', 'Noah', 'Lia'].map((firstname) => ({ firstname, surname: 'Amsler', extras: [] }))
    const person = { firstname: 'Beat', surname: 'Amsler', phone: '+41 79 111 22 33' }
    const planned = await createPrivateBooking(db, { offer: guiding, code: 'FPB1-0001', startsAt: new Date('2026-03-26T08:00:00Z'), minutes: 180, quantity: 1, participants: three, person })
    const requested = await createPrivateBooking(db, { offer: guiding, code: 'FPB2-0001', status: 'REQUESTED', startsAt: new Date('2026-04-02T07:00:00Z'), minutes: 60, quantity: 2 })
    const cancelled = await createPrivateBooking(db, { offer: guiding, code: 'FPB3-0001', status: 'CANCELLED', startsAt: new Date('2026-03-27T08:00:00Z'), minutes: 60 })
    await db.insert(bookingItemGuides).values([planned, requested, cancelled].map((b) => ({ itemId: b.itemId, staffId: ids.zora!, shopId: 'alpin', assignedAt: clock })))
    const uid = (itemId: string) => `booking-item-${itemId}@alpin`

    const url = (await me(cast.guide)).body.data.url as string
    const { events } = parseFeed(await (await fetchFeed(url)).text())
    // In order of time with the sessions.
    expect(events.map((e) => e.uid)).toEqual([`session-${s.past}@alpin`, uid(planned.itemId), `session-${s.cancelled}@alpin`, `session-${s.sunday}@alpin`, uid(requested.itemId)])
    const event = events.find((e) => e.uid === uid(planned.itemId))!
    expect(event.startDate.toString()).toBe('2026-03-26T09:00:00') // winter time
    expect(event.startDate.zone.tzid).toBe('Europe/Zurich')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-03-26T11:00:00.000Z')
    // The member's language (de): the offer's and the variant's titles, the meeting point.
    expect(event.summary).toBe('Private guide (de) – half-day (de) · FPB1-0001')
    expect(event.location).toBe('Hotel Victoria, Eingang')
    for (const part of ['FPB1-0001', ': 3', 'Beat Amsler', '+41 79 111 22 33', `${ALPIN}/de/admin/my-sessions`]) expect(event.description).toContain(part)
    expect(event.component.getFirstPropertyValue('url')).toBe(`${ALPIN}/de/admin/my-sessions`)
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(event.sequence).toBe(1)
    const request = events.find((e) => e.uid === uid(requested.itemId))!
    expect(request.component.getFirstPropertyValue('status')).toBe('TENTATIVE')
    expect(request.description).toContain(': 2')
    // Not in another member's feed.
    const managerUrl = (await me(cast.manager)).body.data.url as string | null
    if (managerUrl) expect(await (await fetchFeed(managerUrl)).text()).not.toContain('FPB')

    // Taken off the booking: gone on the next refresh; the others stay.
    await db.delete(bookingItemGuides).where(and(eq(bookingItemGuides.itemId, planned.itemId), eq(bookingItemGuides.staffId, ids.zora!)))
    const after = parseFeed(await (await fetchFeed(url)).text()).events.map((e) => e.uid)
    expect(after).toEqual([`session-${s.past}@alpin`, `session-${s.cancelled}@alpin`, `session-${s.sunday}@alpin`, uid(requested.itemId)])
    await db.delete(bookingItemGuides).where(eq(bookingItemGuides.staffId, ids.zora!))
  })

  it(`bounds its work: at most ${FEED_MAX_EVENTS} sessions and private bookings together, the coming ones first`, async () => {
    const db = app.database.db
    const [busy] = Object.values(await insertStaff(app, [{ shopId: 'alpin', email: 'busy@alpin.example', name: 'Busy Guide', role: 'guide', locale: 'en' }]))
    const calls = await staffCalls(app, ALPIN)
    const session = await calls.signIn('busy@alpin.example')
    const offer = await createOffer(db, { slug: 'feed-busy' })
    const rows = Array.from({ length: FEED_MAX_EVENTS + 5 }, (_, i) => ({
      id: `busy-session-${String(i).padStart(5, '0')}`,
      shopId: 'alpin',
      offerId: offer.offerId,
      // five in the past, then one every 8 hours
      startsAt: new Date(clock.getTime() + (i - 5) * 8 * 3_600_000),
      endsAt: new Date(clock.getTime() + (i - 5) * 8 * 3_600_000 + 3_600_000),
      capacity: 4,
    }))
    await db.insert(sessions).values(rows)
    await db.insert(sessionGuides).values(rows.map((r) => ({ sessionId: r.id, staffId: busy!, shopId: 'alpin', assignedAt: clock })))
    // Three private bookings early on: the three latest sessions make room for them.
    const guiding = await createOffer(db, { slug: 'feed-busy-private', skus: [{ key: 'slot', type: 'private-service-slot' }] })
    const items: string[] = []
    for (const hours of [9, 10, 11]) items.push((await createPrivateBooking(db, { offer: guiding, code: `BUSY-000${hours}`, startsAt: new Date(clock.getTime() + hours * 3_600_000), minutes: 30 })).itemId)
    await db.insert(bookingItemGuides).values(items.map((itemId) => ({ itemId, staffId: busy!, shopId: 'alpin', assignedAt: clock })))
    const url = (await calls.call('POST', '/me/calendar-feed', { session })).body.data.url as string
    const { events } = parseFeed(await (await fetchFeed(url)).text())
    expect(events).toHaveLength(FEED_MAX_EVENTS)
    expect(events[0]!.uid).toBe('session-busy-session-00005@alpin')
    expect(events.slice(2, 5).map((e) => e.uid)).toEqual(items.map((id) => `booking-item-${id}@alpin`))
    expect(events.at(-1)!.uid).toBe(`session-busy-session-${String(FEED_MAX_EVENTS + 1).padStart(5, '0')}@alpin`)
    expect(events[0]!.summary).toBe('feed-busy') // in English, the member's language
  })

  it('is rate limited like every read of the API (429 with Retry-After)', async () => {
    const url = (await me(cast.guide)).body.data.url as string
    const api = createBuiltInApi(app.database, { HOSTED_DOMAIN, DEFAULT_TENANT: 'alpin', NODE_ENV: 'test', APP_SECRET: undefined, PUBLIC_SCHEME: 'http', RATE_LIMIT_READS_PER_MINUTE: 20 }, { now: () => clock })
    const from = (ip: string) => api(Object.assign(new Request(url), { ip }), { requestId: 'r' })
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await from('10.9.0.1')).status)
    expect(statuses).toEqual(Array(10).fill(200))
    const limited = await from('10.9.0.1')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect((await from('10.9.0.2')).status).toBe(200)
  })
})

describeEachDatabase('schedule feeds: a shop with a primary custom domain over https', (factory) => {
  let app: TestApp
  const clock = new Date('2026-06-01T08:00:00Z')
  beforeAll(async () => {
    app = await createTestApp(factory, { env: { PUBLIC_SCHEME: 'https' }, now: () => clock })
    // Before the shop is first looked up (the directory caches shops for five seconds).
    await app.database.db.execute(sql`update shop_domains set is_primary = true where domain = 'www.alpin-abenteuer.ch'`)
  })
  afterAll(() => app?.close())

  it('builds the addresses and the manifest links from the configured origin, whichever host was asked', async () => {
    const cast = await signedInCast(app)
    const offer = await createOffer(app.database.db, { slug: 'feed-primary', sessions: [{ startsAt: new Date('2026-06-02T08:00:00Z'), capacity: 5 }] })
    const [zora] = await app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.email, 'zora@alpin.example'))
    await app.database.db.insert(sessionGuides).values({ sessionId: offer.sessions[0]!.id, staffId: zora!.id, shopId: 'alpin' })
    const pair = await xsrfHeaders(app, ALPIN)
    const created = await app.call(`${ALPIN}/api/admin/v1/me/calendar-feed`, {
      method: 'POST',
      headers: { 'x-xsrf-token': pair['x-xsrf-token']!, cookie: `${pair.cookie}; staff-session=${cast.guide}`, 'idempotency-key': randomUUID(), ...POISONED },
    })
    const { url, webcalUrl } = (await created.json()).data
    expect(url).toMatch(new RegExp(`^https://www\\.alpin-abenteuer\\.ch/api/admin/v1/calendar/${zora!.id}/[A-Za-z0-9_-]{43}\\.ics$`))
    expect(webcalUrl).toBe(url.replace(/^https:/, 'webcal:'))
    // Served on any of the shop's hosts (the proxy's), links always on the configured origin.
    const path = new URL(url).pathname
    const feed = await app.call(`${ALPIN}${path}`, { headers: POISONED })
    expect(feed.status).toBe(200)
    const { events } = parseFeed(await feed.text())
    expect(events[0]!.component.getFirstPropertyValue('url')).toBe(`https://www.alpin-abenteuer.ch/de/admin/sales/sessions/${offer.sessions[0]!.id}/manifest`)
  })
})
