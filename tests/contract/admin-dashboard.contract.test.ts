import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, outbox, sessionGuides, sessions, staff } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { loadDashboard } from '../../src/server/domain/dashboard/load'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { checkoutRequest, createOffer } from '../support/factories'
import { insertStaff, signedInCast, staffCalls } from '../support/staff'
import { visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`

type Day = {
  date: string
  sessions: { id: string; [k: string]: unknown }[]
  services: { bookingCode: string; [k: string]: unknown }[]
}

describeEachDatabase('the dashboard (openapi/admin.yaml, tag dashboard)', (factory) => {
  let app: TestApp
  // 00:30 in Zurich on Saturday 28 March 2026 (still the 27th in UTC); summer time begins on the 29th.
  const clock = new Date('2026-03-27T23:30:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let atelier: Awaited<ReturnType<typeof staffCalls>>
  let owner: string
  let manager: string
  let guide: string
  let atelierOwner: string
  let headers: Record<string, string>
  let atelierHeaders: Record<string, string>
  const visitor = visitorCalls(ALPIN, () => ({ app, headers }))
  const atelierVisitor = visitorCalls(ATELIER, () => ({
    app,
    headers: atelierHeaders,
  }))
  const made = {} as Record<'canyon' | 'request' | 'guiding' | 'atelier', Awaited<ReturnType<typeof createOffer>>>
  const codes = {} as Record<'three' | 'cancelled' | 'paid' | 'request' | 'seenRequest' | 'private' | 'atelier', string>

  /** Adds a session's places (or a private start) to a new cart and checks it out. */
  async function book(
    call: typeof visitor,
    slug: string,
    item: { sku: string; sessionId?: string; start?: string },
    quantity: number,
    options: {
      mode: 'order' | 'request'
      paymentMethod: string
      locale?: string
    },
  ): Promise<string> {
    const cart = (await (await call('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const added = await call('POST', `/api/webshop/v1/carts/${cart}/items`, {
      offer: slug,
      ...item,
      quantity,
    })
    const addedBody = await added.json()
    expect(added.status, JSON.stringify(addedBody)).toBe(201)
    const checkout = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, checkoutRequest(addedBody.data.items[0].id, quantity, options), {
      'x-flowin-locale': options.locale ?? 'en',
    })
    const body = await checkout.json()
    expect(checkout.status, JSON.stringify(body)).toBe(201)
    return body.data.code as string
  }

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    ;({ alpin, atelier, owner, manager, guide, atelierOwner } = await signedInCast(app))
    headers = await xsrfHeaders(app, ALPIN)
    atelierHeaders = await xsrfHeaders(app, ATELIER)
    const db = app.database.db
    made.canyon = await createOffer(db, {
      slug: 'dash-canyon',
      title: 'Canyoning',
      sessions: [
        { startsAt: new Date('2026-03-27T22:30:00Z'), capacity: 10 }, // 23:30 on the 27th in Zurich: yesterday
        { startsAt: new Date('2026-03-27T23:00:00Z'), capacity: 10 }, // 00:00 on the 28th: today's first minute
        { startsAt: new Date('2026-03-30T08:00:00Z'), capacity: 10 }, // 10:00 summer time on Monday 30th
        { startsAt: new Date('2026-04-03T21:59:00Z'), capacity: 6 }, // 23:59 on Friday 3 April: the last day
        { startsAt: new Date('2026-04-03T22:00:00Z'), capacity: 6 }, // 00:00 on 4 April: past the 7 days
      ],
    })
    made.request = await createOffer(db, {
      slug: 'dash-request',
      title: 'Glacier trek',
      uponRequest: true,
      sessions: [{ startsAt: new Date('2026-03-31T07:00:00Z'), capacity: 20 }],
    })
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday: weekday as 0,
      start: '09:00',
      end: '12:00',
    }))
    made.guiding = await createOffer(db, {
      slug: 'dash-guiding',
      title: 'Private guide',
      skus: [
        {
          key: 'slot',
          type: 'private-service-slot',
          price: 30000,
          durationMinutes: 60,
        },
      ],
      schedule: {
        weeklyHours: everyDay,
        exceptions: [],
        durationMinutes: 60,
        bufferMinutes: 0,
        stepMinutes: 60,
      },
    })
    made.atelier = await createOffer(db, {
      shopId: 'atelier',
      slug: 'dash-pottery',
      title: 'Pottery',
      sessions: [{ startsAt: new Date('2026-03-30T09:00:00Z'), capacity: 8 }],
    })

    const canyonSku = made.canyon.skus[0]!.id
    const monday = made.canyon.sessions[2]!.id
    codes.three = await book(visitor, 'dash-canyon', { sku: canyonSku, sessionId: monday }, 3, { mode: 'order', paymentMethod: 'PAY_ON_SITE' })
    codes.cancelled = await book(visitor, 'dash-canyon', { sku: canyonSku, sessionId: monday }, 2, { mode: 'order', paymentMethod: 'PAY_LATER' })
    await db.update(bookings).set({ status: 'CANCELLED', cancelledAt: clock, cancelReason: 'staff' }).where(eq(bookings.code, codes.cancelled))
    codes.paid = await book(visitor, 'dash-canyon', { sku: canyonSku, sessionId: made.canyon.sessions[3]!.id }, 1, { mode: 'order', paymentMethod: 'PAY_ON_SITE' })
    await db.update(bookings).set({ status: 'PAID', openAmount: 0 }).where(eq(bookings.code, codes.paid))
    codes.request = await book(
      visitor,
      'dash-request',
      {
        sku: made.request.skus[0]!.id,
        sessionId: made.request.sessions[0]!.id,
      },
      2,
      { mode: 'request', paymentMethod: 'PAY_LATER' },
    )
    codes.seenRequest = await book(
      visitor,
      'dash-request',
      {
        sku: made.request.skus[0]!.id,
        sessionId: made.request.sessions[0]!.id,
      },
      1,
      { mode: 'request', paymentMethod: 'PAY_LATER' },
    )
    await db.update(bookings).set({ seen: true }).where(eq(bookings.code, codes.seenRequest))
    // 09:00 summer time on Tuesday 31 March.
    codes.private = await book(visitor, 'dash-guiding', { sku: made.guiding.skus[0]!.id, start: '2026-03-31T07:00:00.000Z' }, 1, { mode: 'order', paymentMethod: 'PAY_ON_SITE' })
    codes.atelier = await book(
      atelierVisitor,
      'dash-pottery',
      {
        sku: made.atelier.skus[0]!.id,
        sessionId: made.atelier.sessions[0]!.id,
      },
      4,
      // Atelier offers paying on site only together with paying later (its demo settings).
      { mode: 'order', paymentMethod: 'PAY_LATER_OR_ON_SITE' },
    )
    // When each was made (the database stamps the real time): the first 3 days ago in the shop's
    // calendar; the private one at 23:59 on the 27th in Zurich, yesterday there (today in UTC).
    const madeAt: [keyof typeof codes, string][] = [
      ['three', '2026-03-25T10:00:00Z'],
      ['cancelled', '2026-03-26T10:00:00Z'],
      ['paid', '2026-03-26T11:00:00Z'],
      ['request', '2026-03-27T08:00:00Z'],
      ['seenRequest', '2026-03-27T09:00:00Z'],
      ['private', '2026-03-27T22:59:00Z'],
      ['atelier', '2026-03-27T10:00:00Z'],
    ]
    for (const [key, at] of madeAt)
      await db
        .update(bookings)
        .set({ createdAt: new Date(at) })
        .where(eq(bookings.code, codes[key]))
    await db.update(sessions).set({ closed: true }).where(eq(sessions.id, made.canyon.sessions[1]!.id))
    await db.update(sessions).set({ status: 'cancelled' }).where(eq(sessions.id, made.canyon.sessions[3]!.id))
  })
  afterAll(() => app?.close())

  const dashboard = (session: string, locale = 'en') => alpin.call('GET', '/dashboard', { session, locale })

  it('lists the 7 days of the shop’s calendar with each session’s occupancy and participants to expect', async () => {
    const answer = await dashboard(manager)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const data = answer.body.data
    expect(data).toMatchObject({
      role: 'manager',
      scope: 'shop',
      timeZone: 'Europe/Zurich',
      today: '2026-03-28',
      from: '2026-03-28',
      to: '2026-04-03',
      truncated: false,
    })
    expect(data.days.map((d: Day) => d.date)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03'])
    const all = data.days.flatMap((d: Day) => d.sessions)
    const ids = all.map((s: { id: string }) => s.id)
    expect(ids).not.toContain(made.canyon.sessions[0]!.id) // yesterday in Zurich
    expect(ids).not.toContain(made.canyon.sessions[4]!.id) // the 8th day
    expect(ids).not.toContain(made.atelier.sessions[0]!.id) // another shop's

    const day = (date: string) => data.days.find((d: Day) => d.date === date) as Day
    expect(day('2026-03-28').sessions).toEqual([
      expect.objectContaining({
        id: made.canyon.sessions[1]!.id,
        time: '00:00',
        closed: true,
        cancelled: false,
        participants: 0,
        placesTaken: 0,
        placesFree: 10,
      }),
    ])
    expect(day('2026-03-30').sessions).toEqual([
      {
        id: made.canyon.sessions[2]!.id,
        offerId: made.canyon.offerId,
        offerTitle: 'Canyoning',
        startsAt: '2026-03-30T08:00:00.000Z',
        endsAt: '2026-03-30T10:00:00.000Z',
        date: '2026-03-30',
        time: '10:00',
        capacity: 10,
        // The cancelled booking's places were taken when it was booked (this test cancelled it in the table only).
        placesTaken: 5,
        placesFree: 5,
        participants: 3,
        bookings: 1,
        cancelled: false,
        closed: false,
        // One guide whatever the size (the offer sets no participants per guide); none assigned yet.
        guidesNeeded: 1,
        guidesAssigned: 0,
      },
    ])
    expect(day('2026-03-31').sessions).toEqual([
      expect.objectContaining({
        offerTitle: 'Glacier trek',
        time: '09:00',
        participants: 0,
        bookings: 0,
      }),
    ])
    expect(day('2026-04-03').sessions).toEqual([
      expect.objectContaining({
        id: made.canyon.sessions[3]!.id,
        time: '23:59',
        cancelled: true,
        participants: 1,
        bookings: 1,
      }),
    ])
    // The private service's booking on its day, no money in it.
    expect(day('2026-03-31').services).toEqual([
      {
        bookingCode: codes.private,
        mode: 'order',
        status: 'CONFIRMED',
        name: 'Anna Muster',
        offerTitle: 'Private guide – slot',
        startsAt: '2026-03-31T07:00:00.000Z',
        endsAt: '2026-03-31T08:00:00.000Z',
        date: '2026-03-31',
        time: '09:00',
        participants: 1,
      },
    ])
    // Titles in the member's language.
    const german = (await dashboard(manager, 'de')).body.data
    expect(german.days.find((d: Day) => d.date === '2026-03-30').sessions[0].offerTitle).toBe('Canyoning (de)')
  })

  it('shows unseen requests, open amounts with their age and the latest bookings to managers and owners', async () => {
    for (const session of [manager, owner]) {
      const { sales, role } = (await dashboard(session)).body.data
      expect(role).toBe(session === owner ? 'owner' : 'manager')
      expect(sales.unseenRequests.count).toBe(1)
      expect(sales.unseenRequests.newest).toEqual([
        {
          code: codes.request,
          name: 'Anna Muster',
          offerTitle: 'Glacier trek',
          items: 1,
          createdAt: '2026-03-27T08:00:00.000Z',
        },
      ])
      // Confirmed, not paid, not cancelled: the 3 places (CHF 300) and the private guide (CHF 300).
      expect(sales.openAmounts.count).toBe(2)
      expect(sales.openAmounts.totals).toEqual([{ amount: 60000, currency: 'CHF' }])
      expect(sales.openAmounts.oldest.map((b: { code: string }) => b.code)).toEqual([codes.three, codes.private])
      expect(sales.openAmounts.oldest[0]).toEqual({
        code: codes.three,
        name: 'Anna Muster',
        status: 'CONFIRMED',
        total: { amount: 30000, currency: 'CHF' },
        open: { amount: 30000, currency: 'CHF' },
        createdAt: '2026-03-25T10:00:00.000Z',
        daysOpen: 3,
      })
      expect(sales.openAmounts.oldest[1].daysOpen).toBe(1)
      const latest = sales.latest.map((b: { code: string }) => b.code)
      expect(latest).toHaveLength(6)
      expect(latest).not.toContain(codes.atelier)
      expect(latest).toEqual([codes.private, codes.seenRequest, codes.request, codes.paid, codes.cancelled, codes.three])
      expect(sales.latest.find((b: { code: string }) => b.code === codes.cancelled)).toMatchObject({
        status: 'CANCELLED',
        mode: 'order',
        total: { amount: 20000, currency: 'CHF' },
      })
    }
  })

  it('gives guides their own sessions only and never a money figure', async () => {
    const db = app.database.db
    const [zora] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, 'zora@alpin.example'))
    // Assigned: Monday's canyoning and a session past the 7 days; another guide has the last day's.
    await db.insert(sessionGuides).values([
      { sessionId: made.canyon.sessions[2]!.id, staffId: zora!.id, shopId: 'alpin' },
      { sessionId: made.canyon.sessions[4]!.id, staffId: zora!.id, shopId: 'alpin' },
    ])
    const answer = await dashboard(guide)
    expect(answer.status).toBe(200)
    const data = answer.body.data
    expect(data).toMatchObject({ role: 'guide', scope: 'assigned', timeZone: 'Europe/Zurich', today: '2026-03-28', from: '2026-03-28', to: '2026-04-03', truncated: false })
    expect(data.days.map((d: Day) => d.date)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03'])
    expect(data.days.flatMap((d: Day) => d.sessions).map((s: { id: string }) => s.id)).toEqual([made.canyon.sessions[2]!.id])
    // Private services have no guides: none listed.
    expect(data.days.flatMap((d: Day) => d.services)).toEqual([])
    expect(data).not.toHaveProperty('sales')
    expect(JSON.stringify(answer.body)).not.toMatch(/amount|currency|total/i)
    await db.delete(sessionGuides).where(eq(sessionGuides.staffId, zora!.id))
  })

  it('never includes another shop’s data, and answers only signed-in members', async () => {
    const theirs = (await atelier.call('GET', '/dashboard', { session: atelierOwner })).body.data
    expect(theirs.days.flatMap((d: Day) => d.sessions).map((s: { id: string }) => s.id)).toEqual([made.atelier.sessions[0]!.id])
    expect(theirs.sales.latest.map((b: { code: string }) => b.code)).toEqual([codes.atelier])
    expect(theirs.sales.unseenRequests.count).toBe(0)
    expect(theirs.sales.openAmounts.totals).toEqual([{ amount: 40000, currency: 'CHF' }])
    // A session of one shop is no key to the other's dashboard.
    expect((await atelier.call('GET', '/dashboard', { session: manager })).status).toBe(401)
    expect((await alpin.call('GET', '/dashboard')).status).toBe(401)
  })

  it('answers within a fixed number of queries: the domain function is timed by the benchmark', async () => {
    const scope = {
      shopId: 'alpin',
      staffId: 'x',
      role: 'owner' as const,
      timeZone: 'Europe/Zurich',
      locale: 'en' as const,
      now: clock,
    }
    const started = performance.now()
    const data = await loadDashboard(app.database.db, scope)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(data.days).toHaveLength(7)
  })

  describe('notifications of new bookings and requests', () => {
    beforeAll(async () => {
      await insertStaff(app, [
        {
          shopId: 'alpin',
          email: 'olga@alpin.example',
          name: 'Olga Opt-out',
          role: 'manager',
          locale: 'en',
        },
        {
          shopId: 'alpin',
          email: 'ines@alpin.example',
          name: 'Ines Inactive',
          role: 'owner',
          active: false,
        },
        {
          shopId: 'alpin',
          email: 'ivo@alpin.example',
          name: 'Ivo Invited',
          role: 'manager',
          invited: true,
        },
        {
          shopId: 'alpin',
          email: 'gina@alpin.example',
          name: 'Gina Guide',
          role: 'guide',
        },
      ])
      await app.database.db.update(staff).set({ notifyBookings: false, notifyRequests: false }).where(eq(staff.email, 'olga@alpin.example'))
    })
    const noticesOf = async (code: string) =>
      (
        await app.database.db
          .select()
          .from(outbox)
          .where(inArray(outbox.kind, ['staff.booking_received', 'staff.request_received']))
      ).filter((row) => row.bookingCode === code)

    it('e-mails each opted-in active manager and owner of the shop in their language, with a link to the booking', async () => {
      const rows = await noticesOf(codes.three)
      expect(rows.map((r) => (r.payload as { to: string }).to).sort()).toEqual(['anna@alpin.example', 'marco@alpin.example'])
      expect(rows.every((r) => r.kind === 'staff.booking_received')).toBe(true)
      const anna = rows.find((r) => (r.payload as { to: string }).to === 'anna@alpin.example')!.payload as Record<string, never>
      expect(anna).toMatchObject({
        locale: 'de',
        name: 'Anna Keller',
        path: `/de/admin/sales/bookings/${codes.three}`,
        booking: {
          code: codes.three,
          mode: 'order',
          person: {
            firstname: 'Anna',
            surname: 'Muster',
            email: 'anna@example.ch',
          },
          paymentMethod: 'PAY_ON_SITE',
          total: { amount: 30000, currency: 'CHF' },
          items: [
            {
              offer: 'Canyoning (de)',
              variant: 'adult (de)',
              start: '2026-03-30T08:00:00.000Z',
              end: '2026-03-30T10:00:00.000Z',
              participants: 3,
            },
          ],
        },
      })
      // The other shop's booking told only its own owner.
      expect((await noticesOf(codes.atelier)).map((r) => [r.shopId, (r.payload as { to: string }).to])).toEqual([['atelier', 'claire@atelier.example']])
    })

    it('tells requests apart, links them to the inbox and leaves out opted-out members, guides, inactive and invited ones', async () => {
      const code = await book(
        visitor,
        'dash-request',
        {
          sku: made.request.skus[0]!.id,
          sessionId: made.request.sessions[0]!.id,
        },
        1,
        { mode: 'request', paymentMethod: 'PAY_LATER', locale: 'fr' },
      )
      const rows = await noticesOf(code)
      expect(rows.map((r) => r.kind)).toEqual(['staff.request_received', 'staff.request_received'])
      expect(rows.map((r) => (r.payload as { to: string }).to).sort()).toEqual(['anna@alpin.example', 'marco@alpin.example'])
      expect(rows.map((r) => (r.payload as { path: string }).path)).toContain(`/de/admin/sales/requests/${code}`)
      // Marco turns requests off in his profile: the next request is not mailed to him, bookings still are.
      const me = await alpin.call('PATCH', '/me', {
        session: manager,
        body: { notifyRequests: false },
      })
      expect(me.status, JSON.stringify(me.body)).toBe(200)
      expect(me.body.data).toMatchObject({
        notifyBookings: true,
        notifyRequests: false,
      })
      expect((await alpin.call('GET', '/me', { session: manager })).body.data).toMatchObject({ notifyBookings: true, notifyRequests: false })
      const next = await book(
        visitor,
        'dash-request',
        {
          sku: made.request.skus[0]!.id,
          sessionId: made.request.sessions[0]!.id,
        },
        1,
        { mode: 'request', paymentMethod: 'PAY_LATER' },
      )
      expect((await noticesOf(next)).map((r) => (r.payload as { to: string }).to)).toEqual(['anna@alpin.example'])
      const order = await book(
        visitor,
        'dash-canyon',
        {
          sku: made.canyon.skus[0]!.id,
          sessionId: made.canyon.sessions[2]!.id,
        },
        1,
        { mode: 'order', paymentMethod: 'PAY_ON_SITE' },
      )
      expect((await noticesOf(order)).map((r) => (r.payload as { to: string }).to).sort()).toEqual(['anna@alpin.example', 'marco@alpin.example'])
      // A guide may keep the switches (harmless) but is never told about bookings.
      const guideMe = await alpin.call('PATCH', '/me', {
        session: guide,
        body: { notifyBookings: true },
      })
      expect(guideMe.status).toBe(200)
      const refused = await alpin.call('PATCH', '/me', {
        session: manager,
        body: { notifyBookings: 'yes' },
      })
      expect(refused.status).toBe(400)
    })
  })
})
