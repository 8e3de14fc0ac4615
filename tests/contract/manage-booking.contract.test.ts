import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { describeEachDatabase } from '../support/databases'
import { bookingRecords, tenOClock, visitorCalls, xsrfHeaders } from '../support/visitor-calls'
import { paymentSteps } from '../support/payment-harness'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { checkoutRequest, createOffer } from '../support/factories'
import { bookingItems, bookingManageLinks, changeLog, offers, refunds, sessions, shops, skus } from '../../src/server/db/schema'
import { getOrCreateSecret } from '../../src/server/domain/secrets'
import { manageTokenHash } from '../../src/server/domain/manage/links'

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`
const TZ = 'Europe/Zurich'

type Any = any // eslint-disable-line @typescript-eslint/no-explicit-any

describeEachDatabase('manage-booking contract', (factory) => {
  let app: TestApp
  const clock = Date.now()
  let headers: Record<string, string>
  let atelierHeaders: Record<string, string>
  let secret: string
  const at = tenOClock(() => clock, TZ)
  const made: Record<string, Awaited<ReturnType<typeof createOffer>>> = {}

  const call = visitorCalls(ALPIN, () => ({ app, headers }))
  const atelierCall = visitorCalls(ATELIER, () => ({ app, headers: atelierHeaders }))
  const get = (path: string, origin = ALPIN, locale = 'en') => app.call(`${origin}${path}`, { headers: { 'x-flowin-locale': locale } })
  const steps = { origin: ALPIN, app: () => app, call, made, secret: () => secret, clock: () => clock }
  const { start, sandboxAction } = paymentSteps({ ...steps, defaults: { offer: 'mb-canyon', paymentMethod: 'PAY_LATER' } })
  const { bookingRow, mailsOf } = bookingRecords(() => app)

  /** The manage token of a booking, from its confirmation e-mail (as the visitor finds it). */
  async function tokenOf(code: string) {
    const [mail] = await mailsOf(code, 'booking.confirmation')
    const url = (mail!.payload as { manageUrl: string }).manageUrl
    return url.split('/').pop()!
  }
  const placesTaken = async (id: string) => (await app.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!.placesTaken

  /** Books `quantity` places of a session of an offer (not only the first). */
  async function bookSession(offer: string, session: number, quantity = 1, paymentMethod = 'PAY_ON_SITE', via = call, locale = 'en') {
    const cart = (await (await via('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const added = await via('POST', `/api/webshop/v1/carts/${cart}/items`, { offer, sku: made[offer]!.skus[0]!.id, sessionId: made[offer]!.sessions[session]!.id, quantity })
    expect(added.status).toBe(201)
    const item = (await added.json()).data.items[0].id as string
    const response = await via('POST', `/api/webshop/v1/carts/${cart}/checkout`, checkoutRequest(item, quantity, { mode: 'order', paymentMethod }), { 'x-flowin-locale': locale })
    expect(response.status).toBe(201)
    return (await response.json()).data
  }

  async function pay(booking: Any) {
    const started = await start(`/api/webshop/v1/payment-links/${booking.paymentLink.token}/payments`)
    await sandboxAction(started.ref, 'pay')
    await app.sandbox.settled()
  }

  async function setPolicy(shopId: string, policy: unknown) {
    const [row] = await app.database.db.select().from(shops).where(eq(shops.id, shopId))
    await app.database.db.update(shops).set({ config: { ...row!.config, booking: { ...row!.config.booking, cancellationPolicy: policy as never } } }).where(eq(shops.id, shopId))
  }

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date(clock) })
    // Before the first request: the shops are cached for 5 s.
    await setPolicy('alpin', { cancellation: 'free_until', hoursBefore: 48, late: 'fee', lateFeePercent: 50, moves: true })
    await setPolicy('atelier', { cancellation: 'free_until', hoursBefore: 48, late: 'refused', moves: true })
    headers = await xsrfHeaders(app, ALPIN)
    atelierHeaders = await xsrfHeaders(app, ATELIER)
    secret = await getOrCreateSecret(app.database.db, 'sandbox-webhook')
    made['mb-canyon'] = await createOffer(app.database.db, {
      slug: 'mb-canyon',
      skus: [{ key: 'adult', price: 12000 }],
      sessions: [
        { startsAt: at(5), capacity: 50 },
        { startsAt: at(6), capacity: 50 },
        { startsAt: at(1), capacity: 50 }, // inside the 48 hours
        { startsAt: at(8), capacity: 1 }, // one place left for the race
        { startsAt: at(120), capacity: 50 }, // beyond the 90 days
      ],
    })
    made['mb-late'] = await createOffer(app.database.db, { shopId: 'atelier', slug: 'mb-late', skus: [{ key: 'adult', price: 5000 }], sessions: [{ startsAt: at(1), capacity: 5 }, { startsAt: at(3), capacity: 5 }] })
  })
  afterAll(async () => {
    await app?.close()
  })

  describe('the link', () => {
    it('comes with the confirmation: in the e-mail and the checkout answer, 256 bits, stored hashed', async () => {
      const booking = await bookSession('mb-canyon', 0)
      expect(booking.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const token = await tokenOf(booking.code)
      expect(token).toBe(booking.manageToken)
      const [mail] = await mailsOf(booking.code, 'booking.confirmation')
      expect((mail!.payload as { manageUrl: string }).manageUrl).toBe(`${ALPIN}/en/aftersales/booking/${token}`)
      const stored = await app.database.db.select().from(bookingManageLinks).where(eq(bookingManageLinks.tokenHash, manageTokenHash(token)))
      expect(stored).toHaveLength(1)
      expect(JSON.stringify(stored)).not.toContain(token)
      // Read again, the booking no longer tells the token.
      const again = (await (await get(`/api/webshop/v1/manage/${token}`)).json()).data
      expect(again.booking.manageToken).toBeUndefined()
    })

    it('answers 404 for a bad or unknown token, and on another shop’s host', async () => {
      const booking = await bookSession('mb-canyon', 0)
      expect((await get('/api/webshop/v1/manage/short')).status).toBe(404)
      const unknown = await get(`/api/webshop/v1/manage/${'x'.repeat(43)}`)
      expect(unknown.status).toBe(404)
      expect((await unknown.json()).data.code).toBe('manage_link.not_found')
      expect((await get(`/api/webshop/v1/manage/${booking.manageToken}`, ATELIER)).status).toBe(404)
      expect((await atelierCall('POST', `/api/webshop/v1/manage/${booking.manageToken}/cancel`)).status).toBe(404)
      expect((await bookingRow(booking.code)).status).toBe('CONFIRMED')
    })
  })

  describe('seeing the booking', () => {
    it('shows the booking in the page’s language with what is allowed now', async () => {
      const booking = await bookSession('mb-canyon', 0, 2)
      const view = (await (await get(`/api/webshop/v1/manage/${booking.manageToken}`, ALPIN, 'de')).json()).data
      expect(view.booking).toMatchObject({ code: booking.code, status: 'CONFIRMED', total: { amount: 24000 } })
      expect(view.booking.items[0].offerTitle).toBe('mb-canyon (de)')
      expect(view.cancel).toMatchObject({ allowed: true, late: false, fee: { amount: 0 }, refund: { amount: 0 }, paid: { amount: 0 } })
      expect(new Date(view.cancel.freeUntil).getTime()).toBe(at(5).getTime() - 48 * 3_600_000)
      expect(view.move.allowed).toBe(true)
      expect(view.items).toEqual([{ itemId: expect.any(String), movable: true, moveUntil: view.cancel.freeUntil }])
      expect(view.policy).toEqual({ cancellation: 'free_until', hoursBefore: 48, late: 'fee', lateFeePercent: 50, moves: true })
      expect(view.contact.email).toContain('@')
    })

    it('lists the other dates of the same offer with enough places, in the next 90 days', async () => {
      const booking = await bookSession('mb-canyon', 0, 2)
      const view = (await (await get(`/api/webshop/v1/manage/${booking.manageToken}`)).json()).data
      const dates = (await (await get(`/api/webshop/v1/manage/${booking.manageToken}/dates?itemId=${view.items[0].itemId}`)).json()).data
      const ids = dates.map((d: Any) => d.sessionId)
      const s = made['mb-canyon']!.sessions
      expect(ids).toContain(s[1]!.id)
      expect(ids).toContain(s[2]!.id) // inside 48 hours, but may still be booked
      expect(ids).not.toContain(s[0]!.id) // its own
      expect(ids).not.toContain(s[3]!.id) // one place, two needed
      expect(ids).not.toContain(s[4]!.id) // too far ahead
      expect(dates[0]).toMatchObject({ total: { amount: 24000, currency: 'CHF' }, difference: { amount: 0 } })
      expect((await get(`/api/webshop/v1/manage/${booking.manageToken}/dates?itemId=${'y'.repeat(22)}`)).status).toBe(404)
    })
  })

  describe('cancelling', () => {
    it('inside the policy: places back on sale, full refund through the provider, e-mails to both sides, once', async () => {
      const booking = await bookSession('mb-canyon', 0, 2, 'PAY_LATER')
      await pay(booking)
      expect((await bookingRow(booking.code)).status).toBe('PAID')
      const session = made['mb-canyon']!.sessions[0]!.id
      const before = await placesTaken(session)
      const view = (await (await get(`/api/webshop/v1/manage/${booking.manageToken}`)).json()).data
      expect(view.cancel).toMatchObject({ allowed: true, late: false, paid: { amount: 24000 }, refund: { amount: 24000 }, fee: { amount: 0 } })

      const key = 'cancel-key-1234567890'
      const [first, second] = await Promise.all([
        call('POST', `/api/webshop/v1/manage/${booking.manageToken}/cancel`, undefined, { 'idempotency-key': key }),
        call('POST', `/api/webshop/v1/manage/${booking.manageToken}/cancel`),
      ])
      expect(first.status).toBe(200)
      expect(second.status).toBe(200)
      const data = (await first.json()).data
      expect(data.booking.status).toBe('CANCELLED')
      expect(data.cancel).toMatchObject({ allowed: false, reason: 'cancelled' })
      expect(await placesTaken(session)).toBe(before - 2)
      const row = await bookingRow(booking.code)
      expect(row.cancelReason).toBe('visitor')
      await app.sandbox.settled()
      const back = await app.database.db.select().from(refunds).where(eq(refunds.bookingId, row.id))
      expect(back).toHaveLength(1)
      expect(back[0]).toMatchObject({ amount: 24000, reason: 'visitor_cancel', actorId: null })
      const mails = await mailsOf(booking.code, 'booking.cancelled')
      expect(mails).toHaveLength(1)
      expect(mails[0]!.payload).toMatchObject({ reason: 'visitor', locale: 'en', refund: { amount: 24000 } })
      const shopMails = await mailsOf(booking.code, 'booking.visitor_cancelled')
      expect(shopMails).toHaveLength(1)
      expect(shopMails[0]!.payload).toMatchObject({ locale: 'de', refund: { amount: 24000 }, fee: { amount: 0 } })
      const history = await app.database.db.select().from(changeLog).where(and(eq(changeLog.subject, 'booking'), eq(changeLog.subjectId, row.id)))
      expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['cancelled', 'visitor_cancelled']))
      expect(history.filter((h) => h.action === 'cancelled' || h.action === 'visitor_cancelled')).toHaveLength(2)
      // The sandbox paid it back: the refund is settled by its signed event (it shows in Finance).
      expect((await app.database.db.select().from(refunds).where(eq(refunds.bookingId, row.id)))[0]!.status).toBe('succeeded')
      // Again later: answered as it is, nothing more.
      expect((await call('POST', `/api/webshop/v1/manage/${booking.manageToken}/cancel`)).status).toBe(200)
      expect(await mailsOf(booking.code, 'booking.cancelled')).toHaveLength(1)
      expect(await app.database.db.select().from(refunds).where(eq(refunds.bookingId, row.id))).toHaveLength(1)
    })

    it('after the free period: keeps the fee (50 % of the total) and refunds the rest', async () => {
      const booking = await bookSession('mb-canyon', 2, 1, 'PAY_LATER') // starts in 1 day
      await pay(booking)
      const view = (await (await get(`/api/webshop/v1/manage/${booking.manageToken}`)).json()).data
      expect(view.cancel).toMatchObject({ allowed: true, late: true, feePercent: 50, fee: { amount: 6000 }, refund: { amount: 6000 } })
      expect(view.move).toMatchObject({ allowed: false, reason: 'too_late' })
      const response = await call('POST', `/api/webshop/v1/manage/${booking.manageToken}/cancel`)
      expect(response.status).toBe(200)
      const row = await bookingRow(booking.code)
      const back = await app.database.db.select().from(refunds).where(eq(refunds.bookingId, row.id))
      expect(back.map((r) => r.amount)).toEqual([6000])
      expect((await mailsOf(booking.code, 'booking.visitor_cancelled'))[0]!.payload).toMatchObject({ fee: { amount: 6000 }, refund: { amount: 6000 } })
    })

    it('after the free period of a shop that refuses then: 409 with the reason, nothing changes', async () => {
      const booking = await bookSession('mb-late', 0, 1, 'PAY_LATER_OR_ON_SITE', atelierCall)
      const view = (await (await get(`/api/webshop/v1/manage/${booking.manageToken}`, ATELIER)).json()).data
      expect(view.cancel).toMatchObject({ allowed: false, reason: 'too_late' })
      const response = await atelierCall('POST', `/api/webshop/v1/manage/${booking.manageToken}/cancel`)
      expect(response.status).toBe(409)
      expect((await response.json()).data).toMatchObject({ code: 'manage.not_allowed', reason: 'too_late' })
      expect((await bookingRow(booking.code)).status).toBe('CONFIRMED')
      // Inside the period the same shop lets the visitor cancel.
      const early = await bookSession('mb-late', 1, 1, 'PAY_LATER_OR_ON_SITE', atelierCall)
      expect((await atelierCall('POST', `/api/webshop/v1/manage/${early.manageToken}/cancel`)).status).toBe(200)
    })
  })

  describe('moving', () => {
    it('moves to another date: code kept, places right, history and e-mail', async () => {
      const booking = await bookSession('mb-canyon', 0, 2)
      const [from, to] = [made['mb-canyon']!.sessions[0]!.id, made['mb-canyon']!.sessions[1]!.id]
      const [beforeFrom, beforeTo] = [await placesTaken(from), await placesTaken(to)]
      const view = (await (await get(`/api/webshop/v1/manage/${booking.manageToken}`)).json()).data
      const response = await call('POST', `/api/webshop/v1/manage/${booking.manageToken}/move`, { itemId: view.items[0].itemId, sessionId: to })
      expect(response.status).toBe(200)
      const moved = (await response.json()).data
      expect(moved.booking.code).toBe(booking.code)
      expect(new Date(moved.booking.items[0].start).getTime()).toBe(at(6).getTime())
      expect([await placesTaken(from), await placesTaken(to)]).toEqual([beforeFrom - 2, beforeTo + 2])
      const row = await bookingRow(booking.code)
      const history = await app.database.db.select().from(changeLog).where(and(eq(changeLog.subjectId, row.id), eq(changeLog.action, 'moved')))
      expect(history).toHaveLength(1)
      expect(history[0]!.actorId).toBeNull()
      expect(await mailsOf(booking.code, 'booking.moved')).toHaveLength(1)
      expect(await mailsOf(booking.code, 'booking.visitor_moved')).toHaveLength(1)
      // The same token still works; an unknown session or another offer's is 404.
      expect((await call('POST', `/api/webshop/v1/manage/${booking.manageToken}/move`, { itemId: view.items[0].itemId, sessionId: 'nope' })).status).toBe(404)
      expect((await call('POST', `/api/webshop/v1/manage/${booking.manageToken}/move`, { itemId: view.items[0].itemId, sessionId: made['mb-late']!.sessions[1]!.id })).status).toBe(404)
    })

    it('prices the new date as sold today: more raises the open amount (with a payment link), less is refunded', async () => {
      const booking = await bookSession('mb-canyon', 0, 1, 'PAY_LATER')
      await pay(booking)
      const view = (await (await get(`/api/webshop/v1/manage/${booking.manageToken}`)).json()).data
      const sku = made['mb-canyon']!.skus[0]!.id
      await app.database.db.update(skus).set({ priceAmount: 15000 }).where(eq(skus.id, sku))
      try {
        const dearer = await call('POST', `/api/webshop/v1/manage/${booking.manageToken}/move`, { itemId: view.items[0].itemId, sessionId: made['mb-canyon']!.sessions[1]!.id })
        expect(dearer.status).toBe(200)
        const moved = (await dearer.json()).data.booking
        expect(moved).toMatchObject({ status: 'CONFIRMED', total: { amount: 15000 }, openAmount: { amount: 3000 }, paymentState: 'payable' })
        const [mail] = await mailsOf(booking.code, 'booking.moved')
        expect(mail!.payload).toMatchObject({ difference: { amount: 3000 }, paymentUrl: expect.stringContaining('/en/aftersales/payment/') })

        await app.database.db.update(skus).set({ priceAmount: 8000 }).where(eq(skus.id, sku))
        const cheaper = await call('POST', `/api/webshop/v1/manage/${booking.manageToken}/move`, { itemId: view.items[0].itemId, sessionId: made['mb-canyon']!.sessions[0]!.id })
        expect(cheaper.status).toBe(200)
        const back = (await cheaper.json()).data.booking
        // 15000 → 8000: the 3000 still open go first, 4000 of the 12000 paid go back.
        expect(back).toMatchObject({ status: 'PAID', total: { amount: 8000 }, openAmount: { amount: 0 } })
        const row = await bookingRow(booking.code)
        const rows = await app.database.db.select().from(refunds).where(eq(refunds.bookingId, row.id))
        expect(rows).toMatchObject([{ amount: 4000, reason: 'move' }])
      } finally {
        await app.database.db.update(skus).set({ priceAmount: 12000 }).where(eq(skus.id, sku))
      }
    })

    it('a per-booking extra stays charged once when an item of its offer moves (ADR 035)', async () => {
      made['mb-transfer'] = await createOffer(app.database.db, {
        slug: 'mb-transfer',
        skus: [{ key: 'adult', price: 10000 }, { key: 'youth', price: 8000 }],
        sessions: [{ startsAt: at(5), capacity: 20 }, { startsAt: at(6), capacity: 20 }],
      })
      const offer = made['mb-transfer']!
      const transfer = { key: 'transfer', title: { de: 'Transfer', en: 'Transfer', fr: 'Transfert' }, price: 4000, per: 'booking' as const }
      await app.database.db.update(offers).set({ extras: [transfer] }).where(eq(offers.id, offer.offerId))
      const cart = (await (await call('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
      const add = async (sku: number) => {
        const added = await call('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'mb-transfer', sku: offer.skus[sku]!.id, sessionId: offer.sessions[0]!.id, quantity: 1 })
        expect(added.status).toBe(201)
        return ((await added.json()).data.items as { id: string; sku: string }[]).find((i) => i.sku === offer.skus[sku]!.id)!.id
      }
      const adult = await add(0)
      const youth = await add(1)
      const booked = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, {
        ...checkoutRequest(adult, 1, { mode: 'order', paymentMethod: 'PAY_ON_SITE' }),
        items: [
          { itemId: adult, participants: [{ firstname: 'Anna', surname: 'Muster', extras: ['transfer'] }] },
          { itemId: youth, participants: [{ firstname: 'Carla', surname: 'Muster', extras: ['transfer'] }] },
        ],
      })
      expect(booked.status).toBe(201)
      const booking = (await booked.json()).data
      expect(booking.total).toEqual({ amount: 10000 + 4000 + 8000, currency: 'CHF' })
      const view = (await (await get(`/api/webshop/v1/manage/${booking.manageToken}`)).json()).data
      // The youths move to the next day: the transfer is on the adults' item, so nothing changes in price.
      const moved = await call('POST', `/api/webshop/v1/manage/${booking.manageToken}/move`, { itemId: view.items[1].itemId, sessionId: offer.sessions[1]!.id })
      expect(moved.status).toBe(200)
      const after = (await moved.json()).data.booking
      expect(after.total).toEqual({ amount: 22000, currency: 'CHF' })
      expect(after.items.map((i: { extras: { id: string }[] }) => i.extras.map((e) => e.id))).toEqual([['transfer'], []])
      // The adults move too: their item still carries it, once.
      const second = await call('POST', `/api/webshop/v1/manage/${booking.manageToken}/move`, { itemId: view.items[0].itemId, sessionId: offer.sessions[1]!.id })
      expect(second.status).toBe(200)
      expect((await second.json()).data.booking.total).toEqual({ amount: 22000, currency: 'CHF' })
    })

    it('gives the last place to one of two parallel moves', async () => {
      const last = made['mb-canyon']!.sessions[3]!.id
      const a = await bookSession('mb-canyon', 0)
      const b = await bookSession('mb-canyon', 1)
      const item = async (booking: Any) => (await (await get(`/api/webshop/v1/manage/${booking.manageToken}`)).json()).data.items[0].itemId
      const [ia, ib] = [await item(a), await item(b)]
      const answers = await Promise.all([
        call('POST', `/api/webshop/v1/manage/${a.manageToken}/move`, { itemId: ia, sessionId: last }),
        call('POST', `/api/webshop/v1/manage/${b.manageToken}/move`, { itemId: ib, sessionId: last }),
      ])
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
      const refused = answers.find((r) => r.status === 409)!
      expect((await refused.json()).data.code).toBe('places.insufficient')
      expect(await placesTaken(last)).toBe(1)
      const onLast = await app.database.db.select().from(bookingItems).where(eq(bookingItems.sessionId, last))
      expect(onLast).toHaveLength(1)
    })

    it('refuses a move too close to the start, and for a cancelled booking', async () => {
      const soon = await bookSession('mb-canyon', 2)
      const view = (await (await get(`/api/webshop/v1/manage/${soon.manageToken}`)).json()).data
      const response = await call('POST', `/api/webshop/v1/manage/${soon.manageToken}/move`, { itemId: view.items[0].itemId, sessionId: made['mb-canyon']!.sessions[1]!.id })
      expect(response.status).toBe(409)
      expect((await response.json()).data).toMatchObject({ code: 'manage.not_allowed', reason: 'too_late' })
      const gone = await bookSession('mb-canyon', 0)
      await call('POST', `/api/webshop/v1/manage/${gone.manageToken}/cancel`)
      const goneView = (await (await get(`/api/webshop/v1/manage/${gone.manageToken}`)).json()).data
      expect(goneView.move).toMatchObject({ allowed: false, reason: 'cancelled' })
      const again = await call('POST', `/api/webshop/v1/manage/${gone.manageToken}/move`, { itemId: goneView.items[0].itemId, sessionId: made['mb-canyon']!.sessions[1]!.id })
      expect(again.status).toBe(409)
    })
  })

  describe('a shop without a policy', () => {
    it('lets visitors neither cancel nor move', async () => {
      const booking = await bookSession('mb-late', 1, 1, 'PAY_LATER_OR_ON_SITE', atelierCall)
      await setPolicy('atelier', undefined)
      await new Promise((r) => setTimeout(r, 5100)) // the shop cache keeps configs 5 s
      const view = (await (await get(`/api/webshop/v1/manage/${booking.manageToken}`, ATELIER)).json()).data
      expect(view.cancel).toMatchObject({ allowed: false, reason: 'policy_none' })
      expect(view.move).toMatchObject({ allowed: false, reason: 'policy_none' })
      const response = await atelierCall('POST', `/api/webshop/v1/manage/${booking.manageToken}/cancel`)
      expect(response.status).toBe(409)
      expect((await response.json()).data.reason).toBe('policy_none')
    }, 15_000)
  })
})
