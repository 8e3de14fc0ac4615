/**
 * Unpaid bookings release their places (ADR 016): a pay-now booking still unpaid after its
 * payment deadline is cancelled once, whatever the processes, its places go back on sale and the
 * visitor is told; a late payment never revives it; the staff can cancel a booking without
 * online payments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { describeEachDatabase } from '../support/databases'
import { bookingRecords, tenOClock, visitorCalls, xsrfHeaders } from '../support/visitor-calls'
import { paymentSteps } from '../support/payment-harness'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { createOffer } from '../support/factories'
import { bookings, paymentLinks, payments, sandboxSessions, sessions } from '../../src/server/db/schema'
import { getOrCreateSecret } from '../../src/server/domain/secrets'
import { createOperatorToken } from '../../src/server/domain/operator'
import { ShopDirectory } from '../../src/server/domain/shops'
import { cancelBooking, expireUnpaidBookings, paymentDeadlineFor, PAYMENT_GRACE_MINUTES } from '../../src/server/domain/unpaid'
import { providerRegistry } from '../../src/server/payments/provider'
import { composeMessage } from '../../src/server/mail/outbox'
import { problemOf } from '../../src/server/http/problem'
import { DomainError } from '../../src/server/domain/errors'

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const TZ = 'Europe/Zurich'
const MINUTE = 60_000
let n = 0
const key = () => `unpaid-key-${Date.now()}-${n++}`


describe('the payment deadline of a new booking', () => {
  const shop = (payNowMinutes?: number) => ({ id: 'x', config: { booking: payNowMinutes ? { payNowMinutes } : {} } }) as never
  it('is 30 minutes for pay now by default, the shop’s setting otherwise, and none for the other methods', () => {
    const now = new Date('2026-11-23T10:00:00Z')
    expect(paymentDeadlineFor(shop(), 'PAY_NOW', now)).toEqual(new Date('2026-11-23T10:30:00Z'))
    expect(paymentDeadlineFor(shop(5), 'PAY_NOW', now)).toEqual(new Date('2026-11-23T10:05:00Z'))
    for (const method of ['PAY_LATER', 'PAY_ON_SITE', 'PAY_LATER_OR_ON_SITE'] as const) expect(paymentDeadlineFor(shop(5), method, now)).toBeNull()
  })
})

describeEachDatabase('unpaid bookings', (factory) => {
  let app: TestApp
  let clock = Date.now()
  let headers: Record<string, string>
  let secret: string
  let operator: string
  let shops: ShopDirectory
  const at = tenOClock(() => clock, TZ)
  const made: Record<string, Awaited<ReturnType<typeof createOffer>>> = {}

  const call = visitorCalls(ALPIN, () => ({ app, headers }))

  /** Adds `quantity` places of the offer's first session to a new cart: the answer's status. */
  const steps = { origin: ALPIN, app: () => app, call, made, secret: () => secret, clock: () => clock }
  const { hold, book, start, sandboxAction, webhook } = paymentSteps({ ...steps, defaults: { offer: 'unpaid-canyon', paymentMethod: 'PAY_NOW' } })

  const expire = () => expireUnpaidBookings({ db: app.database.db, loadShop: (id) => shops.loadById(id), providers: providerRegistry([app.sandbox], 'sandbox'), now: () => new Date(clock) })
  const staffCancel = async (code: string, message?: string) =>
    cancelBooking({ db: app.database.db, shop: (await shops.loadById('alpin'))!, locale: 'en', now: new Date(clock) }, code, {
      message,
      providers: providerRegistry([app.sandbox], 'sandbox'),
    })
  const refusal = async (promise: Promise<unknown>) => {
    // The domain's refusal as the API answers it (its status and code).
    const error = await promise.then(() => null, (e: unknown) => e)
    expect(error).toBeInstanceOf(DomainError)
    const problem = problemOf(error as DomainError)
    return { status: problem.statusCode, code: problem.data.code }
  }
  const { bookingRow, mailsOf } = bookingRecords(() => app)
  const placesTaken = async (offer: string) =>
    (await app.database.db.select().from(sessions).where(eq(sessions.id, made[offer]!.sessions[0]!.id)))[0]!.placesTaken

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date(clock) })
    shops = new ShopDirectory(app.database.db, { hostedDomain: HOSTED_DOMAIN, defaultShop: 'alpin' })
    headers = await xsrfHeaders(app, ALPIN)
    secret = await getOrCreateSecret(app.database.db, 'sandbox-webhook')
    operator = await createOperatorToken(app.database.db, 'alpin', 'test')
    made['unpaid-canyon'] = await createOffer(app.database.db, { slug: 'unpaid-canyon', skus: [{ key: 'adult', price: 12000 }], sessions: [{ startsAt: at(40), capacity: 50 }] })
    made['unpaid-last'] = await createOffer(app.database.db, { slug: 'unpaid-last', skus: [{ key: 'adult', price: 9000 }], sessions: [{ startsAt: at(40), capacity: 2 }] })
    made['unpaid-request'] = await createOffer(app.database.db, { slug: 'unpaid-request', uponRequest: true, sessions: [{ startsAt: at(41), capacity: 10 }] })
  })
  afterAll(async () => {
    await app?.close()
  })

  describe('pay now: the deadline', () => {
    it('cancels a pay-now booking unpaid after its deadline: places back on sale, link and payment dead, e-mail in the visitor’s language', async () => {
      const { cart, booking } = await book({ offer: 'unpaid-last', quantity: 2, locale: 'fr' })
      const row = await bookingRow(booking.code)
      expect(row.paymentDeadline).toEqual(new Date(clock + 30 * MINUTE))
      // The link of a pay-now booking is valid until its deadline, not for days.
      expect(new Date(booking.paymentLink.expiresAt)).toEqual(row.paymentDeadline)
      expect(booking.paymentDeadline).toBe(row.paymentDeadline!.toISOString()) // shown to the visitor
      expect(await placesTaken('unpaid-last')).toBe(2)
      expect((await hold('unpaid-last', 1)).added.status).toBe(409) // sold out

      clock += 29 * MINUTE
      expect(await expire()).not.toContain(booking.code)
      expect((await bookingRow(booking.code)).status).toBe('CONFIRMED')

      clock += 2 * MINUTE
      expect(await expire()).toContain(booking.code)
      expect(await bookingRow(booking.code)).toMatchObject({ status: 'CANCELLED', cancelReason: 'payment_deadline', cancelledAt: new Date(clock), openAmount: 18000 })
      expect(await placesTaken('unpaid-last')).toBe(0)
      expect((await hold('unpaid-last', 2)).added.status).toBe(201) // back on sale

      const linkAnswer = await app.call(`${ALPIN}/api/webshop/v1/payment-links/${booking.paymentLink.token}`, { headers: { 'x-flowin-locale': 'en' } })
      expect(linkAnswer.status).toBe(410)
      const retry = await call('POST', `/api/webshop/v1/carts/${cart}/booking/payments`)
      expect(retry.status).toBe(409)
      expect((await retry.json()).data.code).toBe('payment.not_payable')
      const view = (await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`, { headers: { ...headers, 'x-flowin-locale': 'en' } })).json()).data
      expect(view).toMatchObject({ status: 'CANCELLED', paymentState: 'not_payable' })
      expect(view.paymentDeadline).toBeUndefined()

      const mails = await mailsOf(booking.code, 'booking.cancelled')
      expect(mails).toHaveLength(1)
      expect(mails[0]!.payload).toMatchObject({ locale: 'fr', reason: 'payment_deadline', to: 'anna@example.ch' })
      const shop = { id: 'alpin', title: 'Alpin', contact: { name: 'Alpin', email: 'info@alpin.ch' }, colorPalette: {}, timeZone: TZ } as never
      const message = composeMessage(mails[0]!, shop, 'Alpin <info@alpin.ch>', new Date(clock))
      expect(message.subject).toBe(`Annulation de votre réservation ${booking.code} – Alpin`)
      expect(message.text).toContain('nous n’avons pas reçu votre paiement dans le délai prévu')
      expect(message.attachments ?? []).toEqual([])

      expect(await expire()).not.toContain(booking.code) // once
      expect(await mailsOf(booking.code, 'booking.cancelled')).toHaveLength(1)
    })

    it('keeps a booking paid in time, and pay-later, on-site and request bookings have no deadline', async () => {
      const paid = await book()
      const started = await start(`/api/webshop/v1/carts/${paid.cart}/booking/payments`)
      await sandboxAction(started.ref, 'pay')
      await app.sandbox.settled()
      const later = await book({ paymentMethod: 'PAY_LATER' })
      const onSite = await book({ paymentMethod: 'PAY_ON_SITE' })
      const request = await book({ offer: 'unpaid-request', mode: 'request', paymentMethod: 'PAY_LATER' })
      for (const b of [later, onSite, request]) {
        expect((await bookingRow(b.booking.code)).paymentDeadline).toBeNull()
        expect(b.booking.paymentDeadline).toBeUndefined()
      }
      expect(new Date(later.booking.paymentLink.expiresAt).getTime()).toBe(clock + 30 * 86_400_000)
      clock += 10 * 24 * 60 * MINUTE
      const cancelled = await expire()
      for (const b of [paid, later, onSite, request]) expect(cancelled).not.toContain(b.booking.code)
      expect((await bookingRow(paid.booking.code)).status).toBe('PAID')
      expect((await bookingRow(later.booking.code)).status).toBe('CONFIRMED')
      expect((await bookingRow(onSite.booking.code)).status).toBe('CONFIRMED')
      expect((await bookingRow(request.booking.code)).status).toBe('REQUESTED')
    })

    it('never cancels a partly paid booking (money was received)', async () => {
      const { booking } = await book({ quantity: 2 })
      await app.database.db.update(bookings).set({ openAmount: 12000 }).where(eq(bookings.code, booking.code)) // 120 of 240 paid
      clock += 31 * MINUTE
      expect(await expire()).not.toContain(booking.code)
      expect((await bookingRow(booking.code)).status).toBe('CONFIRMED')
    })

    it('gives a payment in progress a grace period, then closes it at the provider and cancels', async () => {
      const { cart, booking } = await book()
      const started = await start(`/api/webshop/v1/carts/${cart}/booking/payments`)
      clock += 31 * MINUTE
      expect(await expire()).not.toContain(booking.code) // the visitor is on the provider's page
      clock += PAYMENT_GRACE_MINUTES * MINUTE
      expect(await expire()).toContain(booking.code)
      const [payment] = await app.database.db.select().from(payments).where(eq(payments.id, started.paymentId))
      expect(payment!.status).toBe('cancelled')
      const [session] = await app.database.db.select().from(sandboxSessions).where(eq(sandboxSessions.ref, started.ref))
      expect(session!.status).toBe('cancelled')
      expect((await sandboxAction(started.ref, 'pay')).status).toBe(409) // too late to pay
      expect((await bookingRow(booking.code)).status).toBe('CANCELLED')
    })

    it('does not cancel when the provider reports the payment done: its webhook settles the booking', async () => {
      const { cart, booking } = await book()
      const started = await start(`/api/webshop/v1/carts/${cart}/booking/payments`)
      // Paid at the provider; its webhook has not arrived yet.
      await app.database.db.update(sandboxSessions).set({ status: 'succeeded' }).where(eq(sandboxSessions.ref, started.ref))
      clock += (31 + PAYMENT_GRACE_MINUTES) * MINUTE
      expect(await expire()).not.toContain(booking.code)
      expect((await bookingRow(booking.code)).status).toBe('CONFIRMED')
      await webhook({ id: `evt_${key()}`, type: 'payment.succeeded', ref: started.ref, amount: 12000 })
      expect(await bookingRow(booking.code)).toMatchObject({ status: 'PAID', openAmount: 0 })
      expect(await expire()).not.toContain(booking.code)
    })

    it('never revives a cancelled booking: a late success is recorded, flagged for a refund, and takes no places', async () => {
      const { cart, booking } = await book({ quantity: 2 })
      const started = await start(`/api/webshop/v1/carts/${cart}/booking/payments`)
      const before = await placesTaken('unpaid-canyon')
      clock += (31 + PAYMENT_GRACE_MINUTES) * MINUTE
      expect(await expire()).toContain(booking.code)
      expect(await placesTaken('unpaid-canyon')).toBe(before - 2)
      // A provider that could not stop the payment in time sends its success afterwards (twice).
      const event = { id: `evt_${key()}`, type: 'payment.succeeded', ref: started.ref, amount: 24000 }
      expect((await (await webhook(event)).json()).data.result).toBe('applied')
      expect((await (await webhook(event)).json()).data.result).toBe('duplicate')
      expect(await bookingRow(booking.code)).toMatchObject({ status: 'CANCELLED', openAmount: 24000 })
      const [payment] = await app.database.db.select().from(payments).where(eq(payments.id, started.paymentId))
      expect(payment).toMatchObject({ status: 'succeeded', refundDue: true })
      expect(await placesTaken('unpaid-canyon')).toBe(before - 2)
      expect(await mailsOf(booking.code, 'payment.received')).toHaveLength(0)
      expect(await mailsOf(booking.code, 'booking.cancelled')).toHaveLength(1)
      // The staff cannot cancel it again nor hide the payment; it stays as it is.
      expect((await staffCancel(booking.code)).status).toBe('CANCELLED')
      expect(await mailsOf(booking.code, 'booking.cancelled')).toHaveLength(1)
    })

    it('cancels each booking once when two workers run at the same time', async () => {
      const made3 = [await book(), await book({ quantity: 3 }), await book({ quantity: 2, locale: 'de' })]
      const before = await placesTaken('unpaid-canyon')
      clock += 31 * MINUTE
      const [a, b] = await Promise.all([expire(), expire()])
      for (const { booking } of made3) {
        expect([...a, ...b].filter((code) => code === booking.code)).toHaveLength(1)
        expect(await mailsOf(booking.code, 'booking.cancelled')).toHaveLength(1)
        expect((await bookingRow(booking.code)).status).toBe('CANCELLED')
      }
      expect(await placesTaken('unpaid-canyon')).toBe(before - 6)
    })

    it('settles a race between a success and the deadline one way: paid with its places, or cancelled with a refund due', async () => {
      const { cart, booking } = await book({ quantity: 2 })
      const started = await start(`/api/webshop/v1/carts/${cart}/booking/payments`)
      const before = await placesTaken('unpaid-canyon')
      clock += (31 + PAYMENT_GRACE_MINUTES) * MINUTE
      // The provider cannot stop it (it reports 'cancelled') while the success is on its way.
      const [, answer] = await Promise.all([expire(), webhook({ id: `evt_${key()}`, type: 'payment.succeeded', ref: started.ref, amount: 24000 })])
      expect(answer.status).toBe(200)
      const row = await bookingRow(booking.code)
      const [payment] = await app.database.db.select().from(payments).where(eq(payments.id, started.paymentId))
      expect(payment!.status).toBe('succeeded')
      if (row.status === 'PAID') {
        expect(await placesTaken('unpaid-canyon')).toBe(before)
        expect(payment!.refundDue).toBe(false)
        expect(await mailsOf(booking.code, 'booking.cancelled')).toHaveLength(0)
      } else {
        expect(row.status).toBe('CANCELLED')
        expect(await placesTaken('unpaid-canyon')).toBe(before - 2)
        expect(payment!.refundDue).toBe(true)
      }
    })

    it('gives a request accepted for payment now a deadline from the acceptance', async () => {
      const { booking } = await book({ offer: 'unpaid-request', mode: 'request', paymentMethod: 'PAY_LATER', quantity: 2 })
      // Requests are paid later today; one to be paid now gets the same deadline once accepted.
      await app.database.db.update(bookings).set({ paymentMethod: 'PAY_NOW' }).where(eq(bookings.code, booking.code))
      const answered = await app.call(`${ALPIN}/api/webshop/v1/operator/requests/${booking.code}/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key(), authorization: `Bearer ${operator}` },
        body: JSON.stringify({ decision: 'accept' }),
      })
      expect(answered.status).toBe(200)
      expect((await bookingRow(booking.code)).paymentDeadline).toEqual(new Date(clock + 30 * MINUTE))
      expect(await placesTaken('unpaid-request')).toBe(2)
      clock += 31 * MINUTE
      expect(await expire()).toContain(booking.code)
      expect(await bookingRow(booking.code)).toMatchObject({ status: 'CANCELLED', cancelReason: 'payment_deadline' })
      expect(await placesTaken('unpaid-request')).toBe(0)
    })
  })

  describe('the staff cancels a booking', () => {
    it('cancels a pay-later booking: places released, link dead, visitor e-mailed with the message, once', async () => {
      const { booking } = await book({ paymentMethod: 'PAY_LATER', quantity: 3, locale: 'de' })
      const before = await placesTaken('unpaid-canyon')
      const view = await staffCancel(booking.code, 'Der Anlass fällt wegen Hochwasser aus.')
      expect(view).toMatchObject({ code: booking.code, status: 'CANCELLED', paymentState: 'not_payable' })
      expect(view.paymentLink).toBeUndefined()
      expect(await bookingRow(booking.code)).toMatchObject({ status: 'CANCELLED', cancelReason: 'staff', cancelledAt: new Date(clock) })
      expect(await placesTaken('unpaid-canyon')).toBe(before - 3)
      const [link] = await app.database.db.select().from(paymentLinks).where(eq(paymentLinks.token, booking.paymentLink.token))
      expect(link!.expiresAt.getTime()).toBeLessThanOrEqual(clock)
      const mails = await mailsOf(booking.code, 'booking.cancelled')
      expect(mails).toHaveLength(1)
      expect(mails[0]!.payload).toMatchObject({ locale: 'de', reason: 'staff', reply: 'Der Anlass fällt wegen Hochwasser aus.' })
      const shop = { id: 'alpin', title: 'Alpin', contact: { name: 'Alpin', email: 'info@alpin.ch' }, colorPalette: {}, timeZone: TZ } as never
      const message = composeMessage(mails[0]!, shop, 'Alpin <info@alpin.ch>', new Date(clock))
      expect(message.subject).toBe(`Stornierung Ihrer Buchung ${booking.code} – Alpin`)
      expect(message.text).toContain('> Der Anlass fällt wegen Hochwasser aus.')

      // Idempotent: again, nothing changes and no second e-mail.
      expect((await staffCancel(booking.code)).status).toBe('CANCELLED')
      expect(await placesTaken('unpaid-canyon')).toBe(before - 3)
      expect(await mailsOf(booking.code, 'booking.cancelled')).toHaveLength(1)
    })

    it('cancels on-site, unpaid pay-now and accepted bookings once under concurrent calls', async () => {
      const onSite = await book({ paymentMethod: 'PAY_ON_SITE', quantity: 2 })
      const payNow = await book({ quantity: 1 })
      const before = await placesTaken('unpaid-canyon')
      await Promise.all([staffCancel(onSite.booking.code), staffCancel(onSite.booking.code), staffCancel(payNow.booking.code)])
      expect(await placesTaken('unpaid-canyon')).toBe(before - 3)
      expect(await mailsOf(onSite.booking.code, 'booking.cancelled')).toHaveLength(1)
      expect(await mailsOf(payNow.booking.code, 'booking.cancelled')).toHaveLength(1)

      const request = await book({ offer: 'unpaid-request', mode: 'request', paymentMethod: 'PAY_LATER', quantity: 2 })
      expect(await refusal(staffCancel(request.booking.code))).toEqual({ status: 409, code: 'booking.not_cancellable' })
      await app.call(`${ALPIN}/api/webshop/v1/operator/requests/${request.booking.code}/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key(), authorization: `Bearer ${operator}` },
        body: JSON.stringify({ decision: 'accept' }),
      })
      const taken = await placesTaken('unpaid-request')
      expect((await staffCancel(request.booking.code)).status).toBe('CANCELLED')
      expect(await placesTaken('unpaid-request')).toBe(taken - 2)
    })

    it('refuses a booking with an online payment (refunds are not available yet) and an unknown code', async () => {
      const { cart, booking } = await book({ paymentMethod: 'PAY_LATER' })
      const started = await start(`/api/webshop/v1/carts/${cart}/booking/payments`)
      await sandboxAction(started.ref, 'pay')
      await app.sandbox.settled()
      expect((await bookingRow(booking.code)).status).toBe('PAID')
      expect(await refusal(staffCancel(booking.code))).toEqual({ status: 409, code: 'booking.has_payments' })
      expect((await bookingRow(booking.code)).status).toBe('PAID')
      expect(await mailsOf(booking.code, 'booking.cancelled')).toHaveLength(0)
      expect((await refusal(staffCancel('ZZZZ-ZZZZ'))).status).toBe(404)
      expect((await refusal(staffCancel('not a code'))).status).toBe(404)
    })

    it('is in the operator API: bearer token of the shop only, 200 with the cancelled booking, problems as 404/409', async () => {
      const { booking } = await book({ paymentMethod: 'PAY_LATER', quantity: 2, locale: 'fr' })
      const cancel = (code: string, body: unknown, token?: string) =>
        app.call(`${ALPIN}/api/webshop/v1/operator/bookings/${code}/cancel`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        })
      expect((await cancel(booking.code, {})).status).toBe(401)
      const other = await createOperatorToken(app.database.db, 'atelier', 'other shop')
      expect((await cancel(booking.code, {}, other)).status).toBe(401)
      // A visitor's cookie API cannot cancel.
      expect((await call('POST', `/api/webshop/v1/operator/bookings/${booking.code}/cancel`, {})).status).toBe(401)
      expect((await bookingRow(booking.code)).status).toBe('CONFIRMED')
      expect((await cancel(booking.code, { message: 'x'.repeat(2001) }, operator)).status).toBe(400)

      const before = await placesTaken('unpaid-canyon')
      const answer = await cancel(booking.code, { message: 'Désolés !' }, operator)
      expect(answer.status).toBe(200)
      expect((await answer.json()).data).toMatchObject({ code: booking.code, status: 'CANCELLED', paymentState: 'not_payable' })
      expect(await placesTaken('unpaid-canyon')).toBe(before - 2)
      expect((await cancel(booking.code, {}, operator)).status).toBe(200) // again: as it is
      expect(await mailsOf(booking.code, 'booking.cancelled')).toHaveLength(1)
      expect((await cancel('ZZZZ-ZZZZ', {}, operator)).status).toBe(404)
      const open = await book({ offer: 'unpaid-request', mode: 'request', paymentMethod: 'PAY_LATER' })
      const refused = await cancel(open.booking.code, {}, operator)
      expect(refused.status).toBe(409)
      expect((await refused.json()).data.code).toBe('booking.not_cancellable')
    })

    it('closes a payment in progress at the provider first', async () => {
      const { cart, booking } = await book({ paymentMethod: 'PAY_LATER' })
      const started = await start(`/api/webshop/v1/carts/${cart}/booking/payments`)
      expect((await staffCancel(booking.code)).status).toBe('CANCELLED')
      const [session] = await app.database.db.select().from(sandboxSessions).where(eq(sandboxSessions.ref, started.ref))
      expect(session!.status).toBe('cancelled')
      const [payment] = await app.database.db.select().from(payments).where(eq(payments.id, started.paymentId))
      expect(payment!.status).toBe('cancelled')
    })
  })

  it('keeps places_taken equal to the places of live bookings', async () => {
    const result = await app.database.db.execute(sql`
      select s.id, s.places_taken, coalesce(sum(bi.places) filter (where b.status in ('CONFIRMED', 'ACCEPTED', 'PAID')), 0)::int as live
      from sessions s left join booking_items bi on bi.session_id = s.id left join bookings b on b.id = bi.booking_id
      where s.offer_id in (${made['unpaid-canyon']!.offerId}, ${made['unpaid-last']!.offerId}, ${made['unpaid-request']!.offerId})
      group by s.id, s.places_taken`)
    for (const row of (result as unknown as { rows: { places_taken: number; live: number }[] }).rows) expect(row.places_taken).toBe(row.live)
  })
})
