import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bookingItems, bookings, cartItems, outbox, payments, refunds, sessions } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { checkoutRequest, createOffer } from '../support/factories'
import { signedInCast, staffCalls } from '../support/staff'
import { paymentSteps } from '../support/payment-harness'
import { visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`

describeEachDatabase('dates of group activities (openapi/admin.yaml, tag sessions)', (factory) => {
  let app: TestApp
  const clock = new Date('2026-03-01T08:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let manager: string
  let guide: string
  let stranger: string
  let headers: Record<string, string>
  let canyon: Awaited<ReturnType<typeof createOffer>>
  const visitor = visitorCalls(ALPIN, () => ({ app, headers }))
  let lastCart = ''

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    ;({ alpin, manager, guide, atelierOwner: stranger } = await signedInCast(app))
    headers = await xsrfHeaders(app, ALPIN)
    canyon = await createOffer(app.database.db, { slug: 'dates-canyon', sessions: [{ startsAt: new Date('2026-03-10T09:00:00Z'), capacity: 10 }] })
  })
  afterAll(() => app?.close())

  const sessionId = () => canyon.sessions[0]!.id
  const list = (from: string, to: string, offerId = canyon.offerId) => alpin.call('GET', `/offers/${offerId}/sessions?from=${from}&to=${to}`, { session: manager })
  const create = (body: unknown, session = manager, offerId = canyon.offerId) => alpin.call('POST', `/offers/${offerId}/sessions`, { session, body })
  const current = async (id = sessionId()) => (await list('2026-03-01', '2026-06-30')).body.data.sessions.find((s: { id: string }) => s.id === id)
  const patch = (id: string, body: unknown, session = manager) => alpin.call('PATCH', `/sessions/${id}`, { session, body })
  const count = async () => (await app.database.db.select().from(sessions).where(eq(sessions.offerId, canyon.offerId))).length
  /** A visitor's cart holding `quantity` places of a session: the answer of adding it. */
  const hold = async (quantity: number, id = sessionId(), extra: Record<string, string> = {}) => {
    const cart = (await (await visitor('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const added = await visitor('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'dates-canyon', sku: canyon.skus[0]!.id, sessionId: id, quantity }, extra)
    return { cart, added, body: await added.json() }
  }
  const book = async (quantity: number, locale: string, id = sessionId()) => {
    const { cart, body } = await hold(quantity, id)
    lastCart = cart
    const answer = await visitor('POST', `/api/webshop/v1/carts/${cart}/checkout`, checkoutRequest(body.data.items[0].id, quantity, { mode: 'order', paymentMethod: 'PAY_NOW' }), { 'x-flowin-locale': locale })
    expect(answer.status).toBe(201)
    return (await answer.json()).data.code as string
  }
  const { start, sandboxAction } = paymentSteps({ origin: ALPIN, app: () => app, call: visitor, made: {}, secret: () => '', clock: () => clock.getTime(), defaults: { offer: 'dates-canyon', paymentMethod: 'PAY_NOW' } })

  it('refuses every write to guides, and another shop’s offers and dates are unknown', async () => {
    expect((await create({ capacity: 5, durationMinutes: 60, single: { date: '2026-03-20', time: '10:00' } }, guide)).status).toBe(403)
    expect((await patch(sessionId(), { version: 1, capacity: 12 }, guide)).status).toBe(403)
    expect((await alpin.call('POST', `/sessions/${sessionId()}/cancel`, { session: guide, body: { version: 1 } })).status).toBe(403)
    const atelier = await staffCalls(app, ATELIER)
    expect((await atelier.call('GET', `/offers/${canyon.offerId}/sessions?from=2026-03-01&to=2026-03-31`, { session: stranger })).body.data.code).toBe('offer.not_found')
    expect((await atelier.call('PATCH', `/sessions/${sessionId()}`, { session: stranger, body: { version: 1, capacity: 3 } })).status).toBe(404)
    expect((await atelier.call('POST', `/sessions/${sessionId()}/cancel`, { session: stranger, body: { version: 1 } })).status).toBe(404)
    expect((await atelier.call('GET', `/sessions/${sessionId()}/history`, { session: stranger })).status).toBe(404)
    expect(await count()).toBe(1)
  })

  it('previews and then makes a weekly series in the shop’s time zone, across the change to summer time, without exceptions and duplicates', async () => {
    const series = { weekdays: [0, 6], times: ['09:00', '02:30'], from: '2026-03-21', to: '2026-04-05', exceptions: ['2026-03-22'] }
    const preview = await create({ dryRun: true, capacity: 8, durationMinutes: 90, series })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body.data.created).toEqual([])
    expect(await count()).toBe(1)
    // Sat 21, Sat 28, Sun 29, Sat 4, Sun 5 (Sun 22 left out) × 2 times, less 02:30 on the 29th, which the clock skips.
    expect(preview.body.data.dates).toHaveLength(9)
    expect(preview.body.data.skipped).toEqual([{ date: '2026-03-29', time: '02:30', reason: 'no_such_time' }])
    const nine = preview.body.data.dates.filter((d: { time: string }) => d.time === '09:00').map((d: { startsAt: string }) => d.startsAt)
    expect(nine).toEqual(['2026-03-21T08:00:00.000Z', '2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z', '2026-04-04T07:00:00.000Z', '2026-04-05T07:00:00.000Z'])

    const made = await create({ capacity: 8, durationMinutes: 90, series })
    expect(made.body.data.created).toHaveLength(9)
    expect(made.body.data.created[0]).toMatchObject({ capacity: 8, placesTaken: 0, placesHeld: 0, bookings: 0, status: 'scheduled', closed: false, version: 1, durationMinutes: 90 })
    expect(await count()).toBe(10)
    const again = await create({ capacity: 8, durationMinutes: 90, series })
    expect(again.body.data.created).toEqual([])
    expect(again.body.data.skipped.filter((s: { reason: string }) => s.reason === 'exists')).toHaveLength(9)
    expect(await count()).toBe(10)

    const single = await create({ capacity: 4, durationMinutes: 60, single: { date: '2026-03-12', time: '14:15' } })
    expect(single.body.data.created[0]).toMatchObject({ date: '2026-03-12', time: '14:15', startsAt: '2026-03-12T13:15:00.000Z' })
    const history = await alpin.call('GET', `/sessions/${single.body.data.created[0].id}/history`, { session: manager })
    expect(history.body.data[0]).toMatchObject({ action: 'created', actor: { name: 'Marco Rossi' } })
    expect((await list('2026-03-12', '2026-03-12')).body.data.sessions.map((s: { time: string }) => s.time)).toEqual(['14:15'])
  })

  it('refuses a series of 10 000 dates with a field error and makes none of them', async () => {
    const before = await count()
    const times = Array.from({ length: 14 }, (_, i) => `${String(7 + i).padStart(2, '0')}:00`)
    const answer = await create({ capacity: 5, durationMinutes: 60, series: { weekdays: [0, 1, 2, 3, 4, 5, 6], times, from: '2026-04-01', to: '2028-03-30' } })
    expect(answer.status).toBe(400)
    expect(answer.body.data.errors.series).toEqual({ code: 'series.too_many', params: { count: 10220, maximum: 1000 } })
    expect(await count()).toBe(before)
  })

  it('never lowers the capacity below the places taken and held, saying how many, and detects a stale version', async () => {
    await book(3, 'en')
    const { added } = await hold(2)
    expect(added.status).toBe(201)
    const session = await current()
    expect(session).toMatchObject({ placesTaken: 3, placesHeld: 2, bookings: 1 })
    const tooLow = await patch(session.id, { version: session.version, capacity: 4 })
    expect(tooLow.status).toBe(400)
    expect(tooLow.body.data.errors.capacity).toEqual({ code: 'capacity.below_taken', params: { taken: 3, held: 2, minimum: 5 } })
    expect(tooLow.body.message).toContain('3 places are booked and 2 held')
    const saved = await patch(session.id, { version: session.version, capacity: 6 })
    expect(saved.body.data).toMatchObject({ capacity: 6, version: session.version + 1 })
    const stale = await patch(session.id, { version: session.version, capacity: 9 })
    expect(stale.status).toBe(409)
    expect(stale.body.data).toMatchObject({ code: 'session.version_conflict', version: session.version + 1 })
  })

  it('moves a date with its bookings and closes it for booking: visitors can no longer hold places', async () => {
    const session = await current()
    const moved = await patch(session.id, { version: session.version, date: '2026-03-11', time: '13:00', durationMinutes: 150 })
    expect(moved.body.data).toMatchObject({ date: '2026-03-11', time: '13:00', startsAt: '2026-03-11T12:00:00.000Z', endsAt: '2026-03-11T14:30:00.000Z', placesTaken: 3 })
    const items = await app.database.db.select().from(bookingItems).where(eq(bookingItems.sessionId, session.id))
    expect(items.map((i) => i.startsAt.toISOString())).toEqual(['2026-03-11T12:00:00.000Z'])
    const closed = await patch(session.id, { version: moved.body.data.version, closed: true })
    expect(closed.body.data.closed).toBe(true)
    const refused = await hold(1)
    expect(refused.added.status).toBe(409)
    expect(refused.body.data.code).toBe('session.closed')
    // Visitors see it as not bookable on the day's list (no place to take).
    const day = await (await app.call(`${ALPIN}/api/webshop/v1/offers/dates-canyon/dates/2026-03-11`, { headers: { 'x-flowin-locale': 'en' } })).json()
    const slot = (day.data.slots as { sessionId: string; status: string; placesLeft: number }[]).find((s) => s.sessionId === session.id)
    expect(slot).toMatchObject({ status: 'SOLD_OUT', placesLeft: 0 }) // the count booking goes by
    const actions = (await alpin.call('GET', `/sessions/${session.id}/history`, { session: manager })).body.data.map((r: { action: string }) => r.action)
    expect(actions.slice(0, 3)).toEqual(['closed', 'moved', 'updated'])
    const reopened = await patch(session.id, { version: closed.body.data.version, closed: false })
    expect(reopened.body.data.closed).toBe(false)
  })

  it('cancels a date: its bookings are cancelled, the visitors e-mailed in their language, places and holds released; once', async () => {
    const before = await current()
    expect((await patch(before.id, { version: before.version, capacity: 10 })).status).toBe(200)
    const code = await book(2, 'de')
    const { cart } = await hold(1)
    const session = await current()
    expect(session).toMatchObject({ placesTaken: 5, bookings: 2 })
    const cancelled = await alpin.call('POST', `/sessions/${session.id}/cancel`, { session: manager, body: { version: session.version, message: 'Hochwasser in der Schlucht.' } })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(cancelled.body.data).toMatchObject({ cancelledBookings: 2, notCancelled: [], session: { status: 'cancelled', placesTaken: 0, placesHeld: 0, bookings: 0 } })
    const [row] = await app.database.db.select().from(bookings).where(eq(bookings.code, code))
    expect(row!.status).toBe('CANCELLED')
    const mails = (await app.database.db.select().from(outbox).where(eq(outbox.kind, 'booking.cancelled'))).filter((m) => (m.payload as { booking: { code: string } }).booking.code === code)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.payload).toMatchObject({ locale: 'de', reply: 'Hochwasser in der Schlucht.', to: 'anna@example.ch' })
    const held = await app.database.db.select().from(cartItems).where(and(eq(cartItems.cartId, cart)))
    expect(held[0]!.heldUntil.getTime()).toBeLessThanOrEqual(clock.getTime())
    expect((await hold(1)).body.data.code).toBe('validation') // a cancelled date is gone for visitors

    const twice = await alpin.call('POST', `/sessions/${session.id}/cancel`, { session: manager, body: { version: session.version } })
    expect(twice.body.data).toMatchObject({ cancelledBookings: 0, session: { status: 'cancelled' } })
    const after = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'booking.cancelled'))
    expect(after.filter((m) => (m.payload as { booking: { code: string } }).booking.code === code)).toHaveLength(1)
    expect((await patch(session.id, { version: twice.body.data.session.version, capacity: 20 })).body.data.code).toBe('session.cancelled')
  })

  it('never oversells when the capacity is lowered while visitors hold places in parallel', async () => {
    const made = await create({ capacity: 10, durationMinutes: 60, single: { date: '2026-03-15', time: '10:00' } })
    const target = made.body.data.created[0]
    const holds = Array.from({ length: 8 }, (_, i) => hold(1, target.id, { 'x-forwarded-for': `203.0.113.${i + 1}` }))
    const lower = patch(target.id, { version: target.version, capacity: 4 })
    const [answers, lowered] = await Promise.all([Promise.all(holds), lower])
    const granted = answers.filter((a) => a.added.status === 201).length
    const [row] = await app.database.db.select().from(sessions).where(eq(sessions.id, target.id))
    const now = await current(target.id)
    expect(now.placesHeld).toBe(granted)
    expect(now.placesTaken + now.placesHeld).toBeLessThanOrEqual(row!.capacity)
    // Either the capacity went down first (then at most 4 holds) or the holds came first (then it was refused).
    if (lowered.status === 200) expect(granted).toBeLessThanOrEqual(4)
    else expect(lowered.body.data.errors.capacity.code).toBe('capacity.below_taken')
  })

  it('cancels a date with a booking paid online too: its payment is refunded through the provider and the e-mail says the money goes back', async () => {
    const target = (await create({ capacity: 10, durationMinutes: 60, single: { date: '2026-03-20', time: '10:00' } })).body.data.created[0]
    const unpaid = await book(1, 'fr', target.id)
    const paid = await book(2, 'en', target.id)
    const started = await start(`/api/webshop/v1/carts/${lastCart}/booking/payments`)
    await sandboxAction(started.ref, 'pay')
    await app.sandbox.settled()
    const cancelled = await alpin.call('POST', `/sessions/${target.id}/cancel`, { session: manager, body: { version: target.version, message: 'Hochwasser.' } })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(cancelled.body.data).toMatchObject({ cancelledBookings: 2, notCancelled: [] })
    const states = await app.database.db.select({ id: bookings.id, code: bookings.code, status: bookings.status }).from(bookings)
    expect(states.filter((b) => b.code === unpaid || b.code === paid).map((b) => b.status)).toEqual(['CANCELLED', 'CANCELLED'])
    const paidId = states.find((b) => b.code === paid)!.id
    await app.sandbox.settled() // the refund's webhook (ADR 029)
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.bookingId, paidId))
    expect(payment).toMatchObject({ status: 'succeeded', refundDue: false })
    expect(await app.database.db.select().from(refunds).where(eq(refunds.bookingId, paidId))).toMatchObject([{ status: 'succeeded', reason: 'session_cancelled', amount: payment!.amount }])
    const mails = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'booking.cancelled'))
    const paidMail = mails.find((m) => (m.payload as { booking: { code: string } }).booking.code === paid)!.payload as { refund?: { amount: number }; locale: string }
    expect(paidMail).toMatchObject({ locale: 'en', refund: { amount: payment!.amount } })
    const unpaidMail = mails.find((m) => (m.payload as { booking: { code: string } }).booking.code === unpaid)!.payload as { refund?: unknown }
    expect(unpaidMail.refund).toBeUndefined()
    expect(await current(target.id)).toMatchObject({ status: 'cancelled', placesTaken: 0 })
  })

  it('answers the range asked for only, bounded', async () => {
    expect((await list('2026-03-01', '2027-06-01')).body.data.errors.to.code).toBe('range.too_long')
    const { body } = await list('2026-03-21', '2026-03-21')
    expect(body.data.offer).toMatchObject({ id: canyon.offerId, title: 'dates-canyon', timeZone: 'Europe/Zurich', durationMinutes: 120 })
    expect(body.data.sessions.map((s: { time: string }) => s.time)).toEqual(['02:30', '09:00'])
  })
})
