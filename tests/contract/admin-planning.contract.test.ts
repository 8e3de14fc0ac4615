/**
 * The planning board and the assignment of guides (openapi/admin.yaml, tag planning; issue 18,
 * point 2): the board's dates, guides needed and assigned, private-service bookings and each
 * member's half-days; assigning against availability (MAYBE warns, UNAVAILABLE needs a reason),
 * double bookings refused inside the member's lock (20 simultaneous calls: exactly one wins),
 * unassigning, the e-mails to the member in their language, the history and the dashboard's
 * understaffed dates.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bookings, changeLog, offers, outbox, sessionGuides, sessions, staff, staffAvailability, staffWeeklyAvailability } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { composeMessage } from '../../src/server/mail/outbox'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { checkoutRequest, createOffer } from '../support/factories'
import { shopFixture } from '../support/mail'
import { insertStaff, signedInCast, staffCalls } from '../support/staff'
import { visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`

type Guide = { staffId: string; name: string; overrideReason: string | null; availability: string | null }
type BoardSession = { id: string; guides: Guide[]; [k: string]: unknown }
type Member = { id: string; name: string; role: string; days: { date: string; am: unknown; pm: unknown }[]; sessionIds: string[]; itemIds: string[] }

/** Tuesday 2 June 2026 (summer time: UTC+2) at a wall-clock time of Zurich. */
const zurich = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`)

describeEachDatabase('the planning board and guides (openapi/admin.yaml, tag planning)', (factory) => {
  let app: TestApp
  // Monday 1 June 2026, 08:00 in Zurich.
  const clock = new Date('2026-06-01T06:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let atelier: Awaited<ReturnType<typeof staffCalls>>
  let owner: string
  let manager: string
  let guide: string
  let atelierOwner: string
  const ids = {} as Record<'anna' | 'marco' | 'zora' | 'luc' | 'emma' | 'otto' | 'ivan' | 'claire', string>
  const s = {} as Record<'s1' | 's2' | 's3' | 's4' | 's5' | 'hike' | 'past' | 'late' | 'outside' | 'atelier', string>
  let rush: string[] = []
  let privateCode: string

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    ;({ alpin, atelier, owner, manager, guide, atelierOwner } = await signedInCast(app))
    const more = await insertStaff(app, [
      { shopId: 'alpin', email: 'luc@alpin.example', name: 'Luc Favre', role: 'guide', locale: 'fr' },
      { shopId: 'alpin', email: 'emma@alpin.example', name: 'Emma Brown', role: 'guide', locale: 'en' },
      { shopId: 'alpin', email: 'otto@alpin.example', name: 'Otto Old', role: 'guide', active: false },
      { shopId: 'alpin', email: 'ivan@alpin.example', name: 'Ivan New', role: 'guide', invited: true },
    ])
    const db = app.database.db
    const rows = await db.select({ id: staff.id, email: staff.email }).from(staff)
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r.id]))
    Object.assign(ids, {
      anna: byEmail['anna@alpin.example'],
      marco: byEmail['marco@alpin.example'],
      zora: byEmail['zora@alpin.example'],
      claire: byEmail['claire@atelier.example'],
      luc: more['luc@alpin.example'],
      emma: more['emma@alpin.example'],
      otto: more['otto@alpin.example'],
      ivan: more['ivan@alpin.example'],
    })

    const canyon = await createOffer(db, {
      slug: 'plan-canyon',
      title: 'Canyoning',
      sessions: [
        { startsAt: zurich('2026-06-02', '09:00'), capacity: 12, placesTaken: 9, minutes: 180 }, // s1: 3 guides (4 per guide)
        { startsAt: zurich('2026-06-02', '11:00'), capacity: 12 }, // s2: overlaps s1
        { startsAt: zurich('2026-06-02', '14:00'), capacity: 12 }, // s3: afternoon only
        { startsAt: zurich('2026-06-03', '09:00'), capacity: 12 }, // s4: cancelled below
        { startsAt: zurich('2026-06-02', '12:00'), capacity: 12, placesTaken: 4 }, // s5: starts as s1 ends, ends as s3 starts
      ],
    })
    await db.update(offers).set({ participantsPerGuide: 4, meetingPoint: { de: 'Bahnhof Interlaken Ost (de)', en: 'Interlaken Ost station', fr: 'Gare d’Interlaken Ost' } }).where(eq(offers.id, canyon.offerId))
    ;[s.s1, s.s2, s.s3, s.s4, s.s5] = canyon.sessions.map((x) => x.id) as [string, string, string, string, string]
    await db.update(sessions).set({ status: 'cancelled' }).where(eq(sessions.id, s.s4))
    const hike = await createOffer(db, {
      slug: 'plan-hike',
      title: 'Hike',
      sessions: [
        { startsAt: zurich('2026-06-04', '08:00'), capacity: 30, placesTaken: 25 }, // one guide whatever the size
        { startsAt: zurich('2026-06-01', '06:00'), capacity: 10, minutes: 60 }, // over before "now"
        { startsAt: zurich('2026-06-07', '23:00'), capacity: 10 }, // into Monday 8 June
        { startsAt: zurich('2026-06-08', '09:00'), capacity: 10 }, // after the range
      ],
    })
    ;[s.hike, s.past, s.late, s.outside] = hike.sessions.map((x) => x.id) as [string, string, string, string]
    const rushOffer = await createOffer(db, {
      slug: 'plan-rush',
      title: 'Rush',
      // 20 dates on Friday 5 June, a minute apart, an hour each: every one overlaps every other.
      sessions: Array.from({ length: 20 }, (_, i) => ({ startsAt: new Date(zurich('2026-06-05', '10:00').getTime() + i * 60_000), capacity: 5, minutes: 60 })),
    })
    rush = rushOffer.sessions.map((x) => x.id)
    const pottery = await createOffer(db, { shopId: 'atelier', slug: 'plan-pottery', title: 'Pottery', sessions: [{ startsAt: zurich('2026-06-02', '10:00'), capacity: 8 }] })
    s.atelier = pottery.sessions[0]!.id

    // A private service booked on Wednesday 3 June at 09:00.
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday: weekday as 0, start: '09:00', end: '12:00' }))
    const guiding = await createOffer(db, {
      slug: 'plan-guiding',
      title: 'Private guide',
      skus: [{ key: 'slot', type: 'private-service-slot', price: 30000, durationMinutes: 60 }],
      schedule: { weeklyHours: everyDay, exceptions: [], durationMinutes: 60, bufferMinutes: 0, stepMinutes: 60 },
    })
    const headers = await xsrfHeaders(app, ALPIN)
    const visitor = visitorCalls(ALPIN, () => ({ app, headers }))
    const cart = (await (await visitor('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const added = await (await visitor('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'plan-guiding', sku: guiding.skus[0]!.id, start: zurich('2026-06-03', '09:00').toISOString(), quantity: 1 })).json()
    const checkout = await visitor('POST', `/api/webshop/v1/carts/${cart}/checkout`, checkoutRequest(added.data.items[0].id, 1, { mode: 'order', paymentMethod: 'PAY_ON_SITE' }), { 'x-flowin-locale': 'en' })
    const booked = await checkout.json()
    expect(checkout.status, JSON.stringify(booked)).toBe(201)
    privateCode = booked.data.code

    // Zora: not on Tuesday morning (the afternoon from the day's entry), away on Monday 8 June.
    await db.insert(staffAvailability).values([
      { staffId: ids.zora, shopId: 'alpin', day: '2026-06-02', part: 'AM', availability: 'UNAVAILABLE', note: 'Dentist' },
      { staffId: ids.zora, shopId: 'alpin', day: '2026-06-02', part: 'DAY', availability: 'AVAILABLE', note: null },
      { staffId: ids.zora, shopId: 'alpin', day: '2026-06-08', part: 'DAY', availability: 'UNAVAILABLE', note: 'Away' },
    ])
    // Luc: maybe on every Tuesday (weekly pattern).
    await db.insert(staffWeeklyAvailability).values([{ staffId: ids.luc, shopId: 'alpin', weekday: 2, part: 'DAY', availability: 'MAYBE', note: 'School holidays' }])
    // Already planned: Marco guides the hike; Otto (deactivated since) was on s3.
    await db.insert(sessionGuides).values([
      { sessionId: s.hike, staffId: ids.marco, shopId: 'alpin', assignedBy: ids.anna },
      { sessionId: s.s3, staffId: ids.otto, shopId: 'alpin', assignedBy: ids.anna },
    ])
  })
  afterAll(() => app?.close())

  const board = (session: string, from = '2026-06-01', to = '2026-06-07', locale = 'en') => alpin.call('GET', `/planning?from=${from}&to=${to}`, { session, locale })
  const assign = (session: string, sessionId: string, body: Record<string, unknown>, locale = 'en') =>
    alpin.call('POST', `/sessions/${sessionId}/guides`, { session, body, locale })
  const unassign = (session: string, sessionId: string, staffId: string) => alpin.call('DELETE', `/sessions/${sessionId}/guides/${staffId}`, { session })
  const mails = async (kind: 'staff.assigned' | 'staff.unassigned') =>
    (await app.database.db.select().from(outbox).where(and(eq(outbox.shopId, 'alpin'), eq(outbox.kind, kind)))).map((r) => r.payload as Record<string, unknown> & { to: string })

  it('shows the scheduled dates of the range with guides needed and assigned, the private bookings and every active member’s half-days', async () => {
    const answer = await board(manager)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const data = answer.body.data
    expect(data).toMatchObject({ from: '2026-06-01', to: '2026-06-07', timeZone: 'Europe/Zurich', truncated: false })
    const sessionIds = data.sessions.map((x: BoardSession) => x.id)
    // Earliest first; the cancelled date, the date after the range and the other shop's are not shown.
    expect(sessionIds).toEqual([s.past, s.s1, s.s2, s.s5, s.s3, s.hike, ...rush, s.late])
    const byId = (id: string) => data.sessions.find((x: BoardSession) => x.id === id) as BoardSession
    expect(byId(s.s1)).toEqual({
      id: s.s1,
      offerId: expect.any(String),
      offerTitle: 'Canyoning',
      startsAt: '2026-06-02T07:00:00.000Z',
      endsAt: '2026-06-02T10:00:00.000Z',
      date: '2026-06-02',
      time: '09:00',
      halfDays: [{ date: '2026-06-02', part: 'AM' }],
      capacity: 12,
      placesTaken: 9,
      status: 'scheduled',
      closed: false,
      participantsPerGuide: 4,
      guidesNeeded: 3,
      understaffed: true,
      guides: [],
    })
    expect(byId(s.s2).halfDays).toEqual([
      { date: '2026-06-02', part: 'AM' },
      { date: '2026-06-02', part: 'PM' },
    ])
    expect(byId(s.s5)).toMatchObject({ halfDays: [{ date: '2026-06-02', part: 'PM' }], guidesNeeded: 1, placesTaken: 4 })
    expect(byId(s.late).halfDays).toEqual([
      { date: '2026-06-07', part: 'PM' },
      { date: '2026-06-08', part: 'AM' },
    ])
    // One guide whatever the size without the offer's setting; Marco guides it (nothing stated: null).
    expect(byId(s.hike)).toMatchObject({ participantsPerGuide: null, placesTaken: 25, guidesNeeded: 1, understaffed: false, guides: [{ staffId: ids.marco, name: 'Marco Rossi', overrideReason: null, availability: null }] })
    // A deactivated member guides nothing: s3 has no guide.
    expect(byId(s.s3)).toMatchObject({ guides: [], understaffed: true })

    expect(data.privateBookings).toEqual([
      {
        bookingCode: privateCode,
        itemId: expect.any(String),
        offerId: expect.any(String),
        offerTitle: 'Private guide – slot',
        startsAt: '2026-06-03T07:00:00.000Z',
        endsAt: '2026-06-03T08:00:00.000Z',
        date: '2026-06-03',
        time: '09:00',
        participants: 1,
        status: 'CONFIRMED',
        halfDays: [{ date: '2026-06-03', part: 'AM' }],
        guidesNeeded: 1,
        understaffed: true,
        guides: [],
      },
    ])

    // Active members of every role, by name (the invited one too; not the deactivated one, not the other shop's).
    expect(data.staff.map((m: Member) => [m.name, m.role])).toEqual([
      ['Anna Keller', 'owner'],
      ['Emma Brown', 'guide'],
      ['Ivan New', 'guide'],
      ['Luc Favre', 'guide'],
      ['Marco Rossi', 'manager'],
      ['Zora Zimmermann', 'guide'],
    ])
    const member = (name: string) => data.staff.find((m: Member) => m.name === name) as Member
    const zora = member('Zora Zimmermann')
    expect(zora.days.map((d) => d.date)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07'])
    expect(zora.days[1]).toEqual({ date: '2026-06-02', am: { availability: 'UNAVAILABLE', note: 'Dentist' }, pm: { availability: 'AVAILABLE', note: null } })
    expect(zora.days[0]).toEqual({ date: '2026-06-01', am: { availability: null, note: null }, pm: { availability: null, note: null } })
    expect(member('Luc Favre').days[1]).toEqual({
      date: '2026-06-02',
      am: { availability: 'MAYBE', note: 'School holidays' },
      pm: { availability: 'MAYBE', note: 'School holidays' },
    })
    expect(member('Marco Rossi').sessionIds).toEqual([s.hike])
    expect(zora.sessionIds).toEqual([])
    expect(zora.itemIds).toEqual([])

    // Titles in the member's language.
    const french = (await board(manager, '2026-06-01', '2026-06-07', 'fr')).body.data
    expect(french.sessions.find((x: BoardSession) => x.id === s.s1).offerTitle).toBe('Canyoning (fr)')
    // The owner sees the same board; the other shop's owner sees only their shop's.
    expect((await board(owner)).body.data.sessions.map((x: BoardSession) => x.id)).toEqual(sessionIds)
    const theirs = await atelier.call('GET', '/planning?from=2026-06-01&to=2026-06-07', { session: atelierOwner })
    expect(theirs.status).toBe(200)
    expect(theirs.body.data.sessions.map((x: BoardSession) => x.id)).toEqual([s.atelier])
    expect(theirs.body.data.staff.map((m: Member) => m.name)).toEqual(['Claire Dubois'])
    expect(theirs.body.data.privateBookings).toEqual([])
  })

  it('takes at most 31 days, a real range and real days (400 with a field error)', async () => {
    expect((await board(manager, '2026-06-01', '2026-07-01')).status).toBe(200) // 31 days
    const long = await board(manager, '2026-06-01', '2026-07-02')
    expect([long.status, long.body.data.code, long.body.data.errors]).toEqual([400, 'validation', { to: { code: 'range.too_long', params: { maximum: 31 } } }])
    const reversed = await board(manager, '2026-06-07', '2026-06-01')
    expect(reversed.body.data.errors).toEqual({ to: { code: 'range.reversed' } })
    const unreal = await board(manager, '2026-02-30', '2026-03-01')
    expect([unreal.status, unreal.body.data.errors.from?.code]).toEqual([400, 'invalid_date'])
    expect((await alpin.call('GET', '/planning?from=2026-06-01', { session: manager })).status).toBe(400)
  })

  it('is for managers and owners: a guide gets 403 on the board and on every assignment', async () => {
    expect((await board(guide)).status).toBe(403)
    const assigned = await assign(guide, s.s3, { staffId: ids.zora })
    expect([assigned.status, assigned.body.data.code]).toEqual([403, 'auth.forbidden'])
    const removed = await unassign(guide, s.hike, ids.marco)
    expect([removed.status, removed.body.data.code]).toEqual([403, 'auth.forbidden'])
    expect(await mails('staff.assigned')).toEqual([])
  })

  it('answers another shop’s date and member, an unknown or deactivated member with 404', async () => {
    const foreignSession = await assign(manager, s.atelier, { staffId: ids.zora })
    expect([foreignSession.status, foreignSession.body.data.code]).toEqual([404, 'session.not_found'])
    const foreignMember = await assign(manager, s.s3, { staffId: ids.claire })
    expect([foreignMember.status, foreignMember.body.data.code]).toEqual([404, 'staff.not_found'])
    const unknown = await assign(manager, s.s3, { staffId: 'AAAAAAAAAAAAAAAAAAAAAA' })
    expect([unknown.status, unknown.body.data.code]).toEqual([404, 'staff.not_found'])
    const deactivated = await assign(manager, s.s3, { staffId: ids.otto })
    expect([deactivated.status, deactivated.body.data.code]).toEqual([404, 'staff.not_found'])
    // The other shop's owner cannot reach this shop's date from their host either.
    const across = await atelier.call('POST', `/sessions/${s.s3}/guides`, { session: atelierOwner, body: { staffId: ids.claire } })
    expect([across.status, across.body.data.code]).toEqual([404, 'session.not_found'])
    const cancelled = await assign(manager, s.s4, { staffId: ids.zora })
    expect([cancelled.status, cancelled.body.data.code]).toEqual([409, 'session.cancelled'])
    expect(await mails('staff.assigned')).toEqual([])
  })

  it('refuses a member who said UNAVAILABLE unless a reason is given, and stores the reason', async () => {
    const refused = await assign(manager, s.s1, { staffId: ids.zora })
    expect(refused.status).toBe(409)
    expect(refused.body.data).toMatchObject({ code: 'guide.unavailable', availability: 'UNAVAILABLE', note: 'Dentist' })
    // A reason that is blank or not plain text is a field error; nothing is assigned.
    for (const [overrideReason, code] of [
      ['   ', 'required'],
      ['<b>bold</b>', 'plain_text'],
      ['line\nbreak', 'plain_text'],
    ] as const) {
      const bad = await assign(manager, s.s1, { staffId: ids.zora, overrideReason })
      expect([bad.status, bad.body.data.errors], overrideReason).toEqual([400, { overrideReason: { code } }])
    }
    const tooLong = await assign(manager, s.s1, { staffId: ids.zora, overrideReason: 'x'.repeat(501) })
    expect([tooLong.status, tooLong.body.data.errors.overrideReason.code]).toEqual([400, 'too_big'])
    expect(await mails('staff.assigned')).toEqual([])

    const overridden = await assign(manager, s.s1, { staffId: ids.zora, overrideReason: '  The only one who knows this canyon  ' })
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200)
    expect(overridden.body.warnings).toEqual([])
    expect(overridden.body.data).toMatchObject({
      id: s.s1,
      guidesNeeded: 3,
      understaffed: true,
      guides: [{ staffId: ids.zora, name: 'Zora Zimmermann', overrideReason: 'The only one who knows this canyon', availability: 'UNAVAILABLE' }],
    })
    const [row] = await app.database.db.select().from(sessionGuides).where(and(eq(sessionGuides.sessionId, s.s1), eq(sessionGuides.staffId, ids.zora)))
    expect(row).toMatchObject({ shopId: 'alpin', assignedBy: ids.marco, overrideReason: 'The only one who knows this canyon' })
    expect(row!.assignedAt.toISOString()).toBe(clock.toISOString())

    // A date touching a later day: the worst half-day counts (Monday 8 June morning: away).
    const late = await assign(manager, s.late, { staffId: ids.zora })
    expect(late.body.data).toMatchObject({ code: 'guide.unavailable', note: 'Away' })
  })

  it('assigns a member who said MAYBE with a warning, and one who said nothing or AVAILABLE without', async () => {
    const maybe = await assign(manager, s.s1, { staffId: ids.luc })
    expect(maybe.status).toBe(200)
    expect(maybe.body.warnings).toEqual(['guide.maybe'])
    expect(maybe.body.data.guides.map((g: Guide) => [g.name, g.availability])).toEqual([
      ['Luc Favre', 'MAYBE'],
      ['Zora Zimmermann', 'UNAVAILABLE'],
    ])
    // A reason given for a member who is not UNAVAILABLE is not stored.
    const emma = await assign(manager, s.s1, { staffId: ids.emma, overrideReason: 'Not needed' })
    expect(emma.body.warnings).toEqual([])
    expect(emma.body.data).toMatchObject({ understaffed: false })
    expect(emma.body.data.guides.find((g: Guide) => g.staffId === ids.emma)).toEqual({ staffId: ids.emma, name: 'Emma Brown', overrideReason: null, availability: null })
    // Zora on Tuesday afternoon: AVAILABLE (the day's entry).
    const afternoon = await assign(owner, s.s3, { staffId: ids.zora })
    expect(afternoon.status).toBe(200)
    expect(afternoon.body.data.guides).toEqual([{ staffId: ids.zora, name: 'Zora Zimmermann', overrideReason: null, availability: 'AVAILABLE' }])
  })

  it('refuses to double-book a member on overlapping dates; back-to-back dates are fine', async () => {
    const overlapping = await assign(manager, s.s2, { staffId: ids.zora })
    expect(overlapping.status).toBe(409)
    expect(overlapping.body.data).toMatchObject({ code: 'guide.double_booked', sessionId: s.s1, offerTitle: 'Canyoning', startsAt: '2026-06-02T07:00:00.000Z', endsAt: '2026-06-02T10:00:00.000Z' })
    // s5 (12:00–14:00) starts as s1 ends and ends as s3 starts: no overlap.
    const between = await assign(manager, s.s5, { staffId: ids.zora })
    expect(between.status, JSON.stringify(between.body)).toBe(200)
    // A cancelled date does not count: Otto's old s3 is irrelevant, and a cancelled date's guide is free.
    await app.database.db.insert(sessionGuides).values({ sessionId: s.s4, staffId: ids.ivan, shopId: 'alpin' })
    await app.database.db.update(sessions).set({ startsAt: zurich('2026-06-04', '08:00'), endsAt: zurich('2026-06-04', '10:00') }).where(eq(sessions.id, s.s4))
    expect((await assign(manager, s.hike, { staffId: ids.ivan })).status).toBe(200)
  })

  it('answers an assignment made before as it is, without a second e-mail', async () => {
    const before = (await mails('staff.assigned')).length
    const again = await assign(manager, s.s1, { staffId: ids.zora, overrideReason: 'Another reason' })
    expect(again.status).toBe(200)
    expect(again.body.data.guides.find((g: Guide) => g.staffId === ids.zora).overrideReason).toBe('The only one who knows this canyon')
    expect((await mails('staff.assigned')).length).toBe(before)
  })

  it('e-mails each assigned member in their language with a link to the participant list (built from the shop’s origin when sent)', async () => {
    const sent = await mails('staff.assigned')
    const to = (email: string) => sent.filter((p) => p.to === email)
    expect(
      to('zora@alpin.example')
        .map((p) => p.path)
        .sort(),
    ).toEqual([s.s1, s.s3, s.s5].map((id) => `/de/admin/sales/sessions/${id}/manifest`).sort())
    expect(to('zora@alpin.example').every((p) => p.locale === 'de')).toBe(true)
    const [luc] = to('luc@alpin.example')
    expect(luc).toMatchObject({
      locale: 'fr',
      name: 'Luc Favre',
      path: `/fr/admin/sales/sessions/${s.s1}/manifest`,
      assignment: {
        sessionId: s.s1,
        offer: 'Canyoning (fr)',
        start: '2026-06-02T07:00:00.000Z',
        end: '2026-06-02T10:00:00.000Z',
        meetingPoint: 'Gare d’Interlaken Ost',
        place: 'Test place, Weg 1, 3800 Interlaken',
        by: 'Marco Rossi',
      },
    })
    expect(to('emma@alpin.example')[0]).toMatchObject({ locale: 'en', assignment: { offer: 'Canyoning', meetingPoint: 'Interlaken Ost station' } })
    // No e-mail to the browser's host or the request: the payload holds the path; the worker adds the shop's canonical origin.
    expect(JSON.stringify(sent)).not.toContain(HOSTED_DOMAIN)
    const rows = await app.database.db.select().from(outbox).where(and(eq(outbox.kind, 'staff.assigned'), eq(outbox.shopId, 'alpin')))
    const lucRow = rows.find((r) => (r.payload as { to: string }).to === 'luc@alpin.example')!
    const message = composeMessage(lucRow, shopFixture({ origin: 'https://www.alpin-abenteuer.ch' }), 'shop@example.ch', clock)
    expect(message.to).toBe('luc@alpin.example')
    expect(message.html).toContain('lang="fr"')
    expect(message.text).toContain(`https://www.alpin-abenteuer.ch/fr/admin/sales/sessions/${s.s1}/manifest`)
    expect(message.text).toContain('2 juin 2026, 09:00–12:00')
    expect(message.text).toContain('Gare d’Interlaken Ost')
  })

  it('takes a guide off a date (404 when not assigned), e-mails them, and records both changes in the date’s history', async () => {
    const missing = await unassign(manager, s.s2, ids.zora)
    expect([missing.status, missing.body.data.code]).toEqual([404, 'guide.not_assigned'])
    const foreign = await unassign(manager, s.s1, ids.claire)
    expect([foreign.status, foreign.body.data.code]).toEqual([404, 'guide.not_assigned'])
    const otherShop = await unassign(manager, s.atelier, ids.claire)
    expect([otherShop.status, otherShop.body.data.code]).toEqual([404, 'session.not_found'])

    const removed = await unassign(manager, s.s1, ids.luc)
    expect(removed.status).toBe(200)
    expect(removed.body).toMatchObject({ warnings: [], data: { id: s.s1, understaffed: true } })
    expect(removed.body.data.guides.map((g: Guide) => g.name)).toEqual(['Emma Brown', 'Zora Zimmermann'])
    const [notice] = (await mails('staff.unassigned')).filter((p) => p.to === 'luc@alpin.example')
    expect(notice).toMatchObject({ locale: 'fr', assignment: { sessionId: s.s1, offer: 'Canyoning (fr)', by: 'Marco Rossi' } })
    // Again: no longer assigned.
    expect((await unassign(manager, s.s1, ids.luc)).status).toBe(404)

    const history = await alpin.call('GET', `/sessions/${s.s1}/history`, { session: manager })
    expect(history.status).toBe(200)
    const actions = history.body.data.map((c: { action: string; actor: { name: string } | null; changes: unknown[] }) => [c.action, c.actor?.name, c.changes])
    expect(actions).toContainEqual(['guide_unassigned', 'Marco Rossi', [{ field: 'guides', before: 'Luc Favre' }]])
    expect(actions).toContainEqual(['guide_assigned', 'Marco Rossi', [{ field: 'guides', after: 'Luc Favre' }]])
    expect(actions).toContainEqual([
      'guide_assigned',
      'Marco Rossi',
      [
        { field: 'guides', after: 'Zora Zimmermann' },
        { field: 'overrideReason', after: 'The only one who knows this canyon' },
      ],
    ])
  })

  it('sends no e-mail about a date that is over, nor about a cancelled one; a cancelled date’s guide can still be taken off', async () => {
    const before = { assigned: (await mails('staff.assigned')).length, unassigned: (await mails('staff.unassigned')).length }
    const past = await assign(manager, s.past, { staffId: ids.emma })
    expect(past.status).toBe(200)
    const pastOff = await unassign(manager, s.past, ids.emma)
    expect(pastOff.status).toBe(200)
    const cancelled = await unassign(manager, s.s4, ids.ivan)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.data).toMatchObject({ id: s.s4, status: 'cancelled', guides: [] })
    expect((await mails('staff.assigned')).length).toBe(before.assigned)
    expect((await mails('staff.unassigned')).length).toBe(before.unassigned)
  })

  it('lists each member’s assigned dates on the board and flags the dates without enough guides on the dashboard', async () => {
    const data = (await board(manager)).body.data
    const zora = data.staff.find((m: Member) => m.name === 'Zora Zimmermann') as Member
    expect(zora.sessionIds).toEqual([s.s1, s.s5, s.s3])
    const dashboard = await alpin.call('GET', '/dashboard', { session: manager })
    expect(dashboard.status).toBe(200)
    const all = dashboard.body.data.days.flatMap((d: { sessions: { id: string }[] }) => d.sessions)
    const entry = (id: string) => all.find((x: { id: string }) => x.id === id)
    expect(entry(s.s1)).toMatchObject({ guidesNeeded: 3, guidesAssigned: 2 })
    expect(entry(s.s2)).toMatchObject({ guidesNeeded: 1, guidesAssigned: 0 })
    expect(entry(s.hike)).toMatchObject({ guidesNeeded: 1, guidesAssigned: 2 })
    // Otto is deactivated: his assignment does not count.
    expect(entry(s.s3)).toMatchObject({ guidesNeeded: 1, guidesAssigned: 1 })
    // The guide's own dashboard carries the same figures for their dates.
    const own = (await alpin.call('GET', '/dashboard', { session: guide })).body.data.days.flatMap((d: { sessions: { id: string }[] }) => d.sessions)
    expect(own.map((x: { id: string }) => x.id)).toEqual([s.s1, s.s5, s.s3])
  })

  it('refuses to move a date onto another date of one of its guides (409 guide.double_booked); a move that touches is fine', async () => {
    const db = app.database.db
    const moves = await createOffer(db, {
      slug: 'plan-move',
      title: 'Move',
      sessions: [
        { startsAt: zurich('2026-06-06', '09:00'), capacity: 5, minutes: 120 },
        { startsAt: zurich('2026-06-06', '13:00'), capacity: 5, minutes: 120 },
      ],
    })
    const [first, second] = moves.sessions.map((x) => x.id) as [string, string]
    await db.insert(sessionGuides).values([first, second].map((sessionId) => ({ sessionId, staffId: ids.anna, shopId: 'alpin', assignedBy: ids.anna })))
    const version = async () => (await db.select({ v: sessions.version }).from(sessions).where(eq(sessions.id, second)))[0]!.v
    const refused = await alpin.call('PATCH', `/sessions/${second}`, { session: manager, body: { version: await version(), time: '10:00' } })
    expect(refused.status).toBe(409)
    expect(refused.body.data).toMatchObject({ code: 'guide.double_booked', staffId: ids.anna, name: 'Anna Keller', sessionId: first, startsAt: zurich('2026-06-06', '09:00').toISOString() })
    const [unchanged] = await db.select({ startsAt: sessions.startsAt }).from(sessions).where(eq(sessions.id, second))
    expect(unchanged!.startsAt.toISOString()).toBe(zurich('2026-06-06', '13:00').toISOString())
    // Longer, into the first date: refused too; ending as the first begins is fine.
    const longer = await alpin.call('PATCH', `/sessions/${first}`, { session: manager, body: { version: (await db.select({ v: sessions.version }).from(sessions).where(eq(sessions.id, first)))[0]!.v, durationMinutes: 300 } })
    expect([longer.status, longer.body.data.code]).toEqual([409, 'guide.double_booked'])
    const touching = await alpin.call('PATCH', `/sessions/${second}`, { session: manager, body: { version: await version(), time: '11:00' } })
    expect(touching.status, JSON.stringify(touching.body)).toBe(200)
    // Capacity alone is not a move: no guide check, no lock needed.
    expect((await alpin.call('PATCH', `/sessions/${second}`, { session: manager, body: { version: await version(), capacity: 6 } })).status).toBe(200)
  })

  it('assigns a guide to a private booking under the same rules: overlaps with dates refused both ways, e-mail to My sessions, history', async () => {
    const db = app.database.db
    const itemId = (await board(manager)).body.data.privateBookings[0].itemId as string
    const assignItem = (session: string, body: Record<string, unknown>, item = itemId) => alpin.call('POST', `/booking-items/${item}/guides`, { session, body })
    const unassignItem = (session: string, staffId: string, item = itemId) => alpin.call('DELETE', `/booking-items/${item}/guides/${staffId}`, { session })

    expect((await assignItem(guide, { staffId: ids.anna })).status).toBe(403)
    const foreign = await atelier.call('POST', `/booking-items/${itemId}/guides`, { session: atelierOwner, body: { staffId: ids.claire } })
    expect([foreign.status, foreign.body.data.code]).toEqual([404, 'booking_item.not_found'])
    const unknown = await assignItem(manager, { staffId: ids.anna }, 'AAAAAAAAAAAAAAAAAAAAAA')
    expect([unknown.status, unknown.body.data.code]).toEqual([404, 'booking_item.not_found'])
    expect((await assignItem(manager, { staffId: ids.otto })).body.data.code).toBe('staff.not_found')

    // Anna guides a date overlapping the booking (Wednesday 09:30–10:30): refused with the date named.
    const overlap = await createOffer(db, { slug: 'plan-overlap', title: 'Overlap', sessions: [{ startsAt: zurich('2026-06-03', '09:30'), capacity: 5, minutes: 60 }] })
    const overlapping = overlap.sessions[0]!.id
    expect((await assign(manager, overlapping, { staffId: ids.anna })).status).toBe(200)
    const refused = await assignItem(manager, { staffId: ids.anna })
    expect(refused.status).toBe(409)
    expect(refused.body.data).toMatchObject({ code: 'guide.double_booked', sessionId: overlapping, offerTitle: 'Overlap' })
    await unassign(manager, overlapping, ids.anna)

    const assigned = await assignItem(manager, { staffId: ids.anna })
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200)
    expect(assigned.body.data).toMatchObject({ itemId, bookingCode: privateCode, understaffed: false, guides: [{ staffId: ids.anna, name: 'Anna Keller', availability: null, overrideReason: null }] })
    expect((await assignItem(manager, { staffId: ids.anna })).status).toBe(200)
    const shown = (await board(manager)).body.data
    expect(shown.staff.find((m: Member) => m.id === ids.anna).itemIds).toEqual([itemId])
    // The other way round: the date overlapping her private booking is refused now, naming the booking.
    const back = await assign(manager, overlapping, { staffId: ids.anna })
    expect(back.status).toBe(409)
    expect(back.body.data).toMatchObject({ code: 'guide.double_booked', itemId, bookingCode: privateCode })
    // Moving one of her dates onto the booking is refused as well.
    const anna6 = (await db.select({ id: sessionGuides.sessionId }).from(sessionGuides).where(eq(sessionGuides.staffId, ids.anna))).map((r) => r.id)
    const [movable] = await db.select({ id: sessions.id, v: sessions.version }).from(sessions).where(inArray(sessions.id, anna6))
    const moved = await alpin.call('PATCH', `/sessions/${movable!.id}`, { session: manager, body: { version: movable!.v, date: '2026-06-03', time: '09:00', durationMinutes: 30 } })
    expect([moved.status, moved.body.data.code, moved.body.data.itemId]).toEqual([409, 'guide.double_booked', itemId])

    // One e-mail, linking to her "My sessions", with the booking code.
    const sent = (await mails('staff.assigned')).filter((p) => p.to === 'anna@alpin.example' && (p.assignment as { sessionId: string }).sessionId === itemId)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ path: '/de/admin/my-sessions', assignment: { offer: `Private guide (de) – slot (de) (${privateCode})` } })

    const removed = await unassignItem(manager, ids.anna)
    expect([removed.status, removed.body.data.understaffed]).toEqual([200, true])
    expect((await unassignItem(manager, ids.anna)).body.data.code).toBe('guide.not_assigned')
    expect((await mails('staff.unassigned')).some((p) => (p.assignment as { sessionId: string }).sessionId === itemId)).toBe(true)
    const [booking] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.code, privateCode))
    const history = await db.select().from(changeLog).where(and(eq(changeLog.subject, 'booking'), eq(changeLog.subjectId, booking!.id)))
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['guide_assigned', 'guide_unassigned']))

    // A cancelled booking takes no guide.
    await db.update(bookings).set({ status: 'CANCELLED' }).where(eq(bookings.id, booking!.id))
    const cancelled = await assignItem(manager, { staffId: ids.anna })
    expect([cancelled.status, cancelled.body.data.code]).toEqual([409, 'booking.not_planned'])
    await db.update(bookings).set({ status: 'CONFIRMED' }).where(eq(bookings.id, booking!.id))
  })

  it('lets exactly one of 20 simultaneous assignments of one member to 20 overlapping dates through (the others: 409 guide.double_booked)', async () => {
    const answers = await Promise.all(rush.map((sessionId) => assign(manager, sessionId, { staffId: ids.emma })))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((x) => x === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.data.code)).toEqual(Array(19).fill('guide.double_booked'))
    const winner = rush[statuses.indexOf(200)]!
    const stored = await app.database.db
      .select({ sessionId: sessionGuides.sessionId })
      .from(sessionGuides)
      .where(and(eq(sessionGuides.staffId, ids.emma), inArray(sessionGuides.sessionId, rush)))
    expect(stored).toEqual([{ sessionId: winner }])
    // Every refusal names the date that won.
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.data.sessionId).toBe(winner)
    // And two managers at once: the owner and the manager assign Luc to two overlapping dates.
    const [first, second] = await Promise.all([assign(manager, rush[0]!, { staffId: ids.luc }), assign(owner, rush[1]!, { staffId: ids.luc })])
    expect([first.status, second.status].sort()).toEqual([200, 409])
  })
})
