/**
 * The guides' own dates (openapi/admin.yaml, tag my-sessions, getMySessions; issue 18, point 5):
 * the caller's assigned dates only, from those under way (started at most 12 hours ago) to
 * `days` ahead, earliest first, cancelled ones flagged, each with the manifest's participants
 * grouped by booking (booker's phone, extras with quantities, no money), other guides, the
 * offer's texts in the caller's language; never another shop's dates; at most 50. The planned
 * private bookings the caller guides among them, by start (a cancelled one not).
 * Guides are assigned and bookings made by inserting rows directly.
 */
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bookingItemGuides, bookingItems, bookings, carts, offers, sessionGuides, sessions, staff } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer, createPrivateBooking } from '../support/factories'
import { insertStaff, signedInCast } from '../support/staff'

useFastPasswordHashing()

const HOUR = 3_600_000
const DAY = 24 * HOUR
const id = () => randomBytes(12).toString('base64url')

type Extra = { title: string; quantity: number }
type Participant = { firstname: string; surname: string; skuTitle?: string; extras: Extra[] }
type Booking = { code: string; booker: { firstname: string; surname: string; company?: string; phone: string }; places: number; participants: Participant[] }
type MySession = { kind: string; id: string; status: string; offerTitle: string; bookings: Booking[]; [k: string]: unknown }

/** Tuesday 2 June 2026 (summer time: UTC+2) at a wall-clock time of Zurich. */
const zurich = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`)

describeEachDatabase('the guides’ own dates (openapi/admin.yaml, tag my-sessions)', (factory) => {
  let app: TestApp
  // Monday 1 June 2026, 08:00 in Zurich.
  const clock = new Date('2026-06-01T06:00:00Z')
  let cast: Awaited<ReturnType<typeof signedInCast>>
  const ids: Record<string, string> = {}
  const s: Record<string, string> = {}
  let luc: string
  let otto: string
  const codes = { zurcher: 'ZUR1-0001', amsler: 'AMS1-0001', cancelled: 'CAN1-0001', other: 'OTH1-0001' }

  const mine = (session: string, query = '', locale = 'en', call = cast.alpin.call) => call('GET', `/me/assigned-sessions${query}`, { session, locale })
  const assign = (sessionId: string, staffId: string, shopId = 'alpin') => app.database.db.insert(sessionGuides).values({ sessionId, staffId, shopId, assignedBy: null, assignedAt: clock })

  /** A booking of `sessionId` inserted as the checkout would leave it. */
  async function book(input: {
    code: string
    sessionId: string
    offer: Awaited<ReturnType<typeof createOffer>>
    status?: 'CONFIRMED' | 'PAID' | 'CANCELLED' | 'REQUESTED'
    person: { firstname: string; surname: string; phone: string }
    company?: string
    places: number
    participants: { firstname: string; surname: string; extras: string[] }[]
    createdAt: Date
  }) {
    const db = app.database.db
    const cartId = id()
    const bookingId = id()
    const [session] = await db.select().from(sessions).where(eq(sessions.id, input.sessionId))
    await db.insert(carts).values({ id: cartId, shopId: 'alpin' })
    await db.insert(bookings).values({
      id: bookingId,
      shopId: 'alpin',
      code: input.code,
      cartId,
      mode: 'order',
      status: input.status ?? 'CONFIRMED',
      locale: 'de',
      customer: input.company ? { type: 'COMPANY', company: input.company } : { type: 'PRIVATE' },
      person: { ...input.person, email: `${input.code.toLowerCase()}@example.ch` },
      address: { street: 'Weg', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
      paymentMethod: 'PAY_LATER',
      totalAmount: 12345,
      openAmount: 6789,
      currency: 'CHF',
      createdAt: input.createdAt,
    })
    await db.insert(bookingItems).values({
      id: id(),
      bookingId,
      shopId: 'alpin',
      offerId: input.offer.offerId,
      skuId: input.offer.skus[0]!.id,
      sessionId: input.sessionId,
      startsAt: session!.startsAt,
      endsAt: session!.endsAt,
      quantity: input.places,
      places: input.places,
      unitAmount: 4321,
      totalAmount: 4321 * input.places,
      currency: 'CHF',
      participants: input.participants,
      position: 0,
    })
  }

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    cast = await signedInCast(app)
    const db = app.database.db
    const more = await insertStaff(app, [
      { shopId: 'alpin', email: 'luc@alpin.example', name: 'Luc Favre', role: 'guide', locale: 'fr' },
      { shopId: 'alpin', email: 'otto@alpin.example', name: 'Otto Old', role: 'guide', active: false },
    ])
    otto = more['otto@alpin.example']!
    for (const row of await db.select({ id: staff.id, email: staff.email }).from(staff)) ids[row.email.split('@')[0]!] = row.id
    luc = await cast.alpin.signIn('luc@alpin.example')

    const canyon = await createOffer(db, {
      slug: 'mine-canyon',
      title: 'Canyoning',
      sessions: [
        { startsAt: new Date(clock.getTime() - 2 * HOUR), capacity: 12, minutes: 360 }, // under way: started 2 hours ago
        { startsAt: new Date(clock.getTime() - 10 * HOUR), capacity: 12, minutes: 60 }, // over
        { startsAt: new Date(clock.getTime() - 13 * HOUR), capacity: 12, minutes: 24 * 60 }, // started more than 12 hours ago
        { startsAt: zurich('2026-06-02', '09:00'), capacity: 12, placesTaken: 5, minutes: 180 }, // Tuesday: the bookings below
        { startsAt: zurich('2026-06-03', '09:00'), capacity: 12 }, // cancelled below
        { startsAt: zurich('2026-06-02', '14:00'), capacity: 12 }, // the manager's only
        { startsAt: new Date(clock.getTime() + 20 * DAY), capacity: 12 }, // beyond 14 days, within 31
        { startsAt: new Date(clock.getTime() + 40 * DAY), capacity: 12 }, // beyond 31 days
      ],
    })
    ;['underway', 'over', 'tooEarly', 'tuesday', 'cancelled', 'managers', 'later', 'tooFar'].forEach((name, i) => (s[name] = canyon.sessions[i]!.id))
    await db
      .update(offers)
      .set({
        meetingPoint: { de: 'Bahnhof Wilderswil', en: 'Wilderswil station', fr: 'Gare de Wilderswil' },
        extras: [
          { key: 'lunch', title: { de: 'Mittagessen', en: 'Lunch', fr: 'Déjeuner' }, price: 2000 },
          { key: 'photos', title: { de: 'Fotos', en: 'Photos', fr: 'Photos' }, price: 1500, per: 'booking' },
        ],
      })
      .where(eq(offers.id, canyon.offerId))
    await db.update(sessions).set({ status: 'cancelled' }).where(eq(sessions.id, s.cancelled!))
    const pottery = await createOffer(db, { shopId: 'atelier', slug: 'mine-pottery', title: 'Pottery', sessions: [{ startsAt: zurich('2026-06-02', '10:00'), capacity: 8 }] })
    s.atelier = pottery.sessions[0]!.id

    for (const name of ['underway', 'over', 'tooEarly', 'tuesday', 'cancelled', 'later', 'tooFar']) await assign(s[name]!, ids.zora!)
    for (const name of ['tuesday', 'managers']) await assign(s[name]!, ids.marco!)
    await assign(s.tuesday!, otto) // deactivated since: not named as another guide
    await assign(s.atelier, ids.claire!, 'atelier')
    // A row naming another shop's date under this shop (never written by the app): still not shown.
    await assign(s.atelier, ids.zora!)

    // Tuesday: Zürcher (two named, the first with lunch and photos), a company's booking without names, a cancelled one.
    await book({
      code: codes.zurcher,
      sessionId: s.tuesday!,
      offer: canyon,
      status: 'PAID',
      person: { firstname: 'Anna', surname: 'Zürcher', phone: '+41 79 111 22 33' },
      places: 2,
      participants: [
        { firstname: 'Chloé', surname: 'Zürcher', extras: ['lunch', 'photos'] },
        { firstname: 'Noah', surname: 'Zürcher', extras: ['lunch'] },
      ],
      createdAt: new Date(clock.getTime() - 3 * DAY),
    })
    await book({
      code: codes.amsler,
      sessionId: s.tuesday!,
      offer: canyon,
      person: { firstname: 'Beat', surname: 'Amsler', phone: '+41 31 555 66 77' },
      company: 'Amsler AG',
      places: 3,
      participants: [],
      createdAt: new Date(clock.getTime() - 2 * DAY),
    })
    await book({
      code: codes.cancelled,
      sessionId: s.tuesday!,
      offer: canyon,
      status: 'CANCELLED',
      person: { firstname: 'Carla', surname: 'Abgesagt', phone: '+41 79 000 00 01' },
      places: 1,
      participants: [{ firstname: 'Carla', surname: 'Abgesagt', extras: [] }],
      createdAt: new Date(clock.getTime() - DAY),
    })
    // The manager's date has a booking too (not Zora's to see).
    await book({
      code: codes.other,
      sessionId: s.managers!,
      offer: canyon,
      person: { firstname: 'Otto', surname: 'Fremd', phone: '+41 79 999 99 99' },
      places: 1,
      participants: [{ firstname: 'Otto', surname: 'Fremd', extras: [] }],
      createdAt: new Date(clock.getTime() - DAY),
    })
  })
  afterAll(() => app?.close())

  it('answers a guide their own dates under way and coming within 14 days, earliest first, cancelled ones flagged, never another shop’s', async () => {
    const answer = await mine(cast.guide)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const data = answer.body.data
    expect(data).toMatchObject({ timeZone: 'Europe/Zurich', truncated: false, from: new Date(clock.getTime() - 12 * HOUR).toISOString(), until: new Date(clock.getTime() + 14 * DAY).toISOString() })
    expect(data.sessions.map((x: MySession) => x.id)).toEqual([s.underway, s.tuesday, s.cancelled])
    expect(data.sessions.map((x: MySession) => x.status)).toEqual(['scheduled', 'scheduled', 'cancelled'])
    const text = JSON.stringify(data)
    for (const absent of [s.managers, s.over, s.tooEarly, s.later, s.tooFar, s.atelier, codes.other, 'Fremd', 'Pottery']) expect(text).not.toContain(absent)
  })

  it('lists each date’s participants as the manifest does: per booking the booker and phone, per participant the name and extras with quantities; no money', async () => {
    const data = (await mine(cast.guide)).body.data
    const tuesday = data.sessions.find((x: MySession) => x.id === s.tuesday)
    expect(tuesday).toEqual({
      kind: 'session',
      id: s.tuesday,
      offerId: expect.any(String),
      offerTitle: 'Canyoning',
      startsAt: '2026-06-02T07:00:00.000Z',
      endsAt: '2026-06-02T10:00:00.000Z',
      status: 'scheduled',
      location: 'Test place Weg 1, 3800 Interlaken',
      meetingPoint: 'Wilderswil station',
      capacity: 12,
      placesTaken: 5,
      participants: 5,
      // Marco; Otto, deactivated, is not named; Zora herself neither.
      otherGuides: ['Marco Rossi'],
      extras: [
        { title: 'Lunch', quantity: 2 },
        { title: 'Photos', quantity: 1 },
      ],
      bookings: [
        {
          code: codes.amsler,
          booker: { firstname: 'Beat', surname: 'Amsler', company: 'Amsler AG', phone: '+41 31 555 66 77' },
          places: 3,
          participants: [{ firstname: '', surname: '', skuTitle: 'adult', extras: [] }],
        },
        {
          code: codes.zurcher,
          booker: { firstname: 'Anna', surname: 'Zürcher', phone: '+41 79 111 22 33' },
          places: 2,
          participants: [
            {
              firstname: 'Chloé',
              surname: 'Zürcher',
              skuTitle: 'adult',
              extras: [
                { title: 'Lunch', quantity: 1 },
                { title: 'Photos', quantity: 1 },
              ],
            },
            { firstname: 'Noah', surname: 'Zürcher', skuTitle: 'adult', extras: [{ title: 'Lunch', quantity: 1 }] },
          ],
        },
      ],
    })
    // The cancelled booking is not listed; no amount, payment state or e-mail address anywhere.
    const text = JSON.stringify(data)
    for (const absent of [codes.cancelled, 'Abgesagt', '12345', '6789', '4321', 'paymentState', '"open', 'amount', 'total', '@example.ch', 'CHF']) expect(text).not.toContain(absent)
    expect(data.sessions.find((x: MySession) => x.id === s.cancelled)).toMatchObject({ status: 'cancelled', bookings: [], participants: 0, extras: [] })
  })

  it('shares the manifest’s participants: the same names, order and phones', async () => {
    const manifest = (await cast.alpin.call('GET', `/sessions/${s.tuesday}/manifest`, { session: cast.guide })).body.data
    const data = (await mine(cast.guide)).body.data
    const tuesday = data.sessions.find((x: MySession) => x.id === s.tuesday) as MySession
    const flattened = tuesday.bookings.flatMap((b) => b.participants.map((p) => [b.code, p.firstname, p.surname, b.booker.phone]))
    expect(flattened).toEqual(manifest.rows.map((r: { bookingCode: string; firstname: string; surname: string; booker: { phone: string } }) => [r.bookingCode, r.firstname, r.surname, r.booker.phone]))
    expect(tuesday.participants).toBe(manifest.participants)
  })

  it('speaks the caller’s language (titles, meeting point, extras)', async () => {
    const data = (await mine(cast.guide, '', 'de')).body.data
    const tuesday = data.sessions.find((x: MySession) => x.id === s.tuesday)
    expect(tuesday).toMatchObject({ offerTitle: 'Canyoning (de)', meetingPoint: 'Bahnhof Wilderswil', extras: [{ title: 'Mittagessen', quantity: 2 }, { title: 'Fotos', quantity: 1 }] })
  })

  it('looks `days` ahead (1–31); other values are refused', async () => {
    expect((await mine(cast.guide, '?days=31')).body.data.sessions.map((x: MySession) => x.id)).toEqual([s.underway, s.tuesday, s.cancelled, s.later])
    const one = (await mine(cast.guide, '?days=1')).body.data
    expect(one.sessions.map((x: MySession) => x.id)).toEqual([s.underway])
    expect(one.until).toBe(new Date(clock.getTime() + DAY).toISOString())
    for (const days of ['0', '32', 'x', '1.5']) expect((await mine(cast.guide, `?days=${days}`)).status, days).toBe(400)
  })

  it('answers every role its own assignments only', async () => {
    const manager = (await mine(cast.manager)).body.data
    expect(manager.sessions.map((x: MySession) => x.id)).toEqual([s.tuesday, s.managers])
    expect(manager.sessions[0].otherGuides).toEqual(['Zora Zimmermann'])
    expect(manager.sessions[1].bookings.map((b: Booking) => b.code)).toEqual([codes.other])
    // No money for managers either: this is the guides' list.
    expect(JSON.stringify(manager)).not.toContain('6789')
    // The owner guides nothing.
    expect((await mine(cast.owner)).body.data).toMatchObject({ sessions: [], truncated: false })
    // Atelier's owner on her own host: her date only.
    const atelier = (await mine(cast.atelierOwner, '', 'fr', cast.atelier.call)).body.data
    expect(atelier.sessions.map((x: MySession) => [x.id, x.offerTitle])).toEqual([[s.atelier, 'Pottery (fr)']])
  })

  it('lists the caller’s planned private bookings among their dates by start, each with its code, booker, participants and extras; not a cancelled one nor one beyond the period', async () => {
    const db = app.database.db
    const guiding = await createOffer(db, { slug: 'mine-guiding', title: 'Private guide', skus: [{ key: 'half-day', type: 'private-service-slot', durationMinutes: 60 }] })
    await db
      .update(offers)
      .set({
        meetingPoint: { de: 'Hotel Victoria (de)', en: 'Hotel Victoria', fr: 'Hôtel Victoria' },
        extras: [{ key: 'lunch', title: { de: 'Mittagessen', en: 'Lunch', fr: 'Déjeuner' }, price: 2000 }],
      })
      .where(eq(offers.id, guiding.offerId))
    const planned = await createPrivateBooking(db, {
      offer: guiding,
      code: 'PRV1-0001',
      startsAt: zurich('2026-06-02', '12:30'),
      minutes: 60,
      quantity: 1,
      person: { firstname: 'Urs', surname: 'Keller', phone: '+41 78 222 33 44' },
      participants: [
        { firstname: 'Urs', surname: 'Keller', extras: ['lunch'] },
        { firstname: 'Eva', surname: 'Keller', extras: [] },
      ],
    })
    const requested = await createPrivateBooking(db, { offer: guiding, code: 'PRV2-0001', status: 'REQUESTED', startsAt: zurich('2026-06-04', '10:00'), minutes: 60, quantity: 1 })
    const cancelled = await createPrivateBooking(db, { offer: guiding, code: 'PRV3-0001', status: 'CANCELLED', startsAt: zurich('2026-06-02', '15:00'), minutes: 60, quantity: 1 })
    const later = await createPrivateBooking(db, { offer: guiding, code: 'PRV4-0001', startsAt: new Date(clock.getTime() + 20 * DAY), minutes: 60, quantity: 1 })
    const guides = [planned, requested, cancelled, later].map((b) => ({ itemId: b.itemId, staffId: ids.zora!, shopId: 'alpin', assignedAt: clock }))
    await db.insert(bookingItemGuides).values([...guides, { itemId: planned.itemId, staffId: ids.marco!, shopId: 'alpin', assignedAt: clock }, { itemId: planned.itemId, staffId: otto, shopId: 'alpin', assignedAt: clock }])
    try {
      const data = (await mine(cast.guide)).body.data
      expect(data.sessions.map((x: MySession) => [x.kind, x.id])).toEqual([
        ['session', s.underway],
        ['session', s.tuesday],
        ['booking', planned.itemId],
        ['session', s.cancelled],
        ['booking', requested.itemId],
      ])
      expect(data.sessions.find((x: MySession) => x.id === planned.itemId)).toEqual({
        kind: 'booking',
        id: planned.itemId,
        offerId: guiding.offerId,
        offerTitle: 'Private guide – half-day',
        bookingCode: 'PRV1-0001',
        bookingStatus: 'CONFIRMED',
        startsAt: '2026-06-02T10:30:00.000Z',
        endsAt: '2026-06-02T11:30:00.000Z',
        status: 'scheduled',
        location: 'Test place Weg 1, 3800 Interlaken',
        meetingPoint: 'Hotel Victoria',
        capacity: 2,
        placesTaken: 2,
        participants: 2,
        // Marco guides it too; Otto, deactivated, is not named.
        otherGuides: ['Marco Rossi'],
        extras: [{ title: 'Lunch', quantity: 1 }],
        bookings: [
          {
            code: 'PRV1-0001',
            booker: { firstname: 'Urs', surname: 'Keller', phone: '+41 78 222 33 44' },
            places: 2,
            participants: [
              { firstname: 'Urs', surname: 'Keller', skuTitle: 'half-day', extras: [{ title: 'Lunch', quantity: 1 }] },
              { firstname: 'Eva', surname: 'Keller', skuTitle: 'half-day', extras: [] },
            ],
          },
        ],
      })
      expect(data.sessions.find((x: MySession) => x.id === requested.itemId)).toMatchObject({ bookingStatus: 'REQUESTED', participants: 1, bookings: [{ code: 'PRV2-0001', places: 1 }] })
      const text = JSON.stringify(data)
      for (const absent of ['PRV3-0001', 'PRV4-0001', '30000', '@example.ch']) expect(text).not.toContain(absent)
      // Beyond 14 days with `days`; in the caller's language.
      expect((await mine(cast.guide, '?days=31')).body.data.sessions.map((x: MySession) => x.id)).toContain(later.itemId)
      const german = (await mine(cast.guide, '', 'de')).body.data.sessions.find((x: MySession) => x.id === planned.itemId)
      expect(german).toMatchObject({ offerTitle: 'Private guide (de) – half-day (de)', meetingPoint: 'Hotel Victoria (de)', extras: [{ title: 'Mittagessen', quantity: 1 }] })
      // Marco sees it as his, with Zora as the other guide.
      const marcos = (await mine(cast.manager)).body.data.sessions.find((x: MySession) => x.id === planned.itemId)
      expect(marcos.otherGuides).toEqual(['Zora Zimmermann'])
      // Taken off it, Zora no longer has it.
      await db.delete(bookingItemGuides).where(and(eq(bookingItemGuides.itemId, planned.itemId), eq(bookingItemGuides.staffId, ids.zora!)))
      expect((await mine(cast.guide)).body.data.sessions.map((x: MySession) => x.id)).not.toContain(planned.itemId)
    } finally {
      await db.delete(bookingItemGuides)
    }
  })

  it('refuses a caller without a session (401) and another shop’s session on this host (401)', async () => {
    const anonymous = await cast.alpin.call('GET', '/me/assigned-sessions')
    expect([anonymous.status, anonymous.body.data.code]).toEqual([401, 'auth.required'])
    expect((await mine(cast.atelierOwner)).status).toBe(401)
  })

  it('lists at most 50 dates, the earliest, and says there are more', async () => {
    const db = app.database.db
    const many = await createOffer(db, {
      slug: 'mine-many',
      title: 'Many',
      sessions: Array.from({ length: 52 }, (_, i) => ({ startsAt: new Date(clock.getTime() + DAY + i * 2 * HOUR), capacity: 4, minutes: 60 })),
    })
    for (const session of many.sessions) await assign(session.id, ids.luc!)
    const data = (await mine(luc, '', 'fr')).body.data
    expect(data.truncated).toBe(true)
    expect(data.sessions).toHaveLength(50)
    expect(data.sessions.map((x: MySession) => x.id)).toEqual(many.sessions.slice(0, 50).map((x) => x.id))
    expect(data.sessions[0].offerTitle).toBe('Many (fr)')
  })
})
