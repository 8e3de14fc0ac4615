/**
 * Refunds (ADR 029): a paid booking cancelled by the staff (directly through the domain's
 * `cancelBooking`, as the booking detail's operation will, and through `cancelSession`) is paid
 * back through the sandbox provider exactly once; its signed refund webhook is applied once;
 * the admin operations `confirmRefund` and `retryRefund` (tag finance).
 */
import { randomUUID } from 'node:crypto'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentEvents, payments, refunds, sandboxSessions, sessions, staff } from '../../src/server/db/schema'
import { listChanges } from '../../src/server/domain/history/change-log'
import { refundsOfBooking, retryUnsentRefunds } from '../../src/server/domain/refunds'
import { getOrCreateSecret } from '../../src/server/domain/secrets'
import { ShopDirectory, type Shop } from '../../src/server/domain/shops'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { cancelBooking, type CancelBookingOptions } from '../../src/server/domain/unpaid'
import { providerRegistry, RefundRefused } from '../../src/server/payments/provider'
import { createSandboxProvider } from '../../src/server/payments/sandbox'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer } from '../support/factories'
import { paymentSteps } from '../support/payment-harness'
import { signedInCast, type staffCalls } from '../support/staff'
import { bookingRecords, tenOClock, visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const TZ = 'Europe/Zurich'

describeEachDatabase('refunds (ADR 029; openapi/admin.yaml, tag finance)', (factory) => {
  let app: TestApp
  const clock = Date.now()
  let headers: Record<string, string>
  let secret: string
  let shop: Shop
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let atelier: Awaited<ReturnType<typeof staffCalls>>
  let session: { owner: string; manager: string; guide: string; stranger: string }
  const ids: Record<string, string> = {}
  const at = tenOClock(() => clock, TZ)
  const made: Record<string, Awaited<ReturnType<typeof createOffer>>> = {}

  const call = visitorCalls(ALPIN, () => ({ app, headers }))
  const { book, start, sandboxAction, webhook } = paymentSteps({
    origin: ALPIN,
    app: () => app,
    call,
    made,
    secret: () => secret,
    clock: () => clock,
    defaults: { offer: 'refund-canyon', paymentMethod: 'PAY_NOW' },
  })
  const { bookingRow, mailsOf } = bookingRecords(() => app)

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date(clock) })
    headers = await xsrfHeaders(app, ALPIN)
    secret = await getOrCreateSecret(app.database.db, 'sandbox-webhook')
    const cast = await signedInCast(app)
    ;({ alpin, atelier } = cast)
    session = { owner: cast.owner, manager: cast.manager, guide: cast.guide, stranger: cast.atelierOwner }
    for (const m of await app.database.db.select().from(staff)) ids[m.email] = m.id
    shop = (await new ShopDirectory(app.database.db, { hostedDomain: HOSTED_DOMAIN, defaultShop: 'alpin' }).loadById('alpin'))!
    made['refund-canyon'] = await createOffer(app.database.db, { slug: 'refund-canyon', skus: [{ key: 'adult', price: 9000 }], sessions: [{ startsAt: at(3), capacity: 40 }] })
    made['refund-date'] = await createOffer(app.database.db, { slug: 'refund-date', skus: [{ key: 'adult', price: 7000 }], sessions: [{ startsAt: at(4), capacity: 10 }] })
  })
  afterAll(async () => {
    app?.sandbox.simulateRefunds('succeed')
    await app?.close()
  })

  const db = () => app.database.db
  const providers = () => providerRegistry([app.sandbox], 'sandbox')
  const ctx = () => ({ db: db(), shop, locale: 'en' as const, now: new Date(clock), origin: ALPIN })
  const staffCancel = (code: string, options: CancelBookingOptions = {}) =>
    cancelBooking(ctx(), code, { providers: providers(), refundPaid: true, actorId: ids['marco@alpin.example'], message: 'Sorry.', ...options })

  /** A booking of `quantity` places, paid in full through the sandbox (its webhooks applied). */
  async function paidBooking(quantity = 2, offer = 'refund-canyon', locale = 'en') {
    const { cart, booking } = await book({ offer, quantity, paymentMethod: 'PAY_NOW', locale })
    const started = await start(`/api/webshop/v1/carts/${cart}/booking/payments`)
    expect((await sandboxAction(started.ref, 'pay')).status).toBe(303)
    await app.sandbox.settled()
    const row = await bookingRow(booking.code)
    expect(row.status).toBe('PAID')
    const [payment] = await db().select().from(payments).where(eq(payments.id, started.paymentId))
    return { code: booking.code as string, row, payment: payment!, ref: started.ref }
  }
  const refundsOf = async (bookingId: string) => refundsOfBooking(db(), 'alpin', bookingId)
  const paymentOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!
  const placesTaken = async (offer: string) => (await db().select().from(sessions).where(eq(sessions.id, made[offer]!.sessions[0]!.id)))[0]!.placesTaken
  const refundEvents = async (paymentId: string) =>
    (await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).filter((e) => e.outcome.startsWith('refund.'))
  const sandboxRefunds = async (paymentRef: string) =>
    db().select().from(sandboxSessions).where(and(eq(sandboxSessions.description, paymentRef), like(sandboxSessions.ref, 'sbr_%')))
  const confirm = (id: string, who = session.manager, key?: string) => alpin.call('POST', `/refunds/${id}/confirm`, { session: who, ...(key ? { key } : {}) })
  const retry = (id: string, who = session.manager, key?: string) => alpin.call('POST', `/refunds/${id}/retry`, { session: who, ...(key ? { key } : {}) })

  describe('the staff cancel a paid booking', () => {
    it('cancels once, refunds each payment once through the sandbox, e-mails once, under two managers at once', async () => {
      const { code, row, payment, ref } = await paidBooking(2)
      const before = await placesTaken('refund-canyon')
      const [a, b] = await Promise.all([
        staffCancel(code),
        staffCancel(code, { actorId: ids['anna@alpin.example'] }),
      ])
      expect([a.status, b.status]).toEqual(['CANCELLED', 'CANCELLED'])
      await app.sandbox.settled() // refund.succeeded delivered twice on purpose
      expect(await placesTaken('refund-canyon')).toBe(before - 2)
      const [refund, ...others] = await refundsOf(row.id)
      expect(others).toEqual([])
      expect(refund).toMatchObject({ paymentId: payment.id, provider: 'sandbox', amount: payment.amount, currency: 'CHF', status: 'succeeded', reason: 'staff_cancel', providerRef: expect.stringMatching(/^sbr_[A-Za-z0-9_-]{22}$/) })
      expect([ids['marco@alpin.example'], ids['anna@alpin.example']]).toContain(refund!.actorId)
      expect(await paymentOf(payment.id)).toMatchObject({ status: 'succeeded', refundDue: false })
      // The sandbox paid back once, and its event counted once (the duplicate was recognised).
      expect(await sandboxRefunds(ref)).toHaveLength(1)
      expect((await refundEvents(payment.id)).map((e) => e.outcome)).toEqual(['refund.succeeded'])
      const mails = await mailsOf(code, 'booking.cancelled')
      expect(mails).toHaveLength(1)
      expect(mails[0]!.payload).toMatchObject({ locale: 'en', reply: 'Sorry.', refund: { amount: payment.amount, currency: 'CHF' } })
      // Once the sandbox paid it back, the visitor is told so — once, though its event came twice.
      const sent = await mailsOf(code, 'refund.sent')
      expect(sent).toHaveLength(1)
      expect(sent[0]!.payload).toMatchObject({ locale: 'en', to: row.person.email, amount: { amount: payment.amount, currency: 'CHF' }, booking: { code, status: 'CANCELLED' } })
      const history = await listChanges(db(), 'alpin', 'booking', row.id)
      expect(history.map((h) => h.action).sort()).toEqual(['cancelled', 'refund_succeeded'])
      expect(history.find((h) => h.action === 'cancelled')!.actor?.id).toBe(refund!.actorId)
      // A later cancel call answers the cancelled booking and refunds nothing more.
      expect((await staffCancel(code)).status).toBe('CANCELLED')
      await app.sandbox.settled()
      expect(await refundsOf(row.id)).toHaveLength(1)
    })

    it('applies a replayed refund webhook once; a late contrary event changes nothing; a foreign reference is 404', async () => {
      const { code, row, payment } = await paidBooking(1)
      await staffCancel(code)
      await app.sandbox.settled()
      const [refund] = await refundsOf(row.id)
      const [event] = await refundEvents(payment.id)
      const replay = await webhook({ id: event!.eventId, type: 'refund.succeeded', ref: refund!.providerRef!, amount: refund!.amount })
      expect(replay.status).toBe(200)
      expect((await replay.json()).data.result).toBe('duplicate')
      const contrary = await webhook({ id: `evt_${randomUUID()}`, type: 'refund.failed', ref: refund!.providerRef!, amount: refund!.amount })
      expect((await contrary.json()).data.result).toBe('unchanged')
      const unknown = await webhook({ id: `evt_${randomUUID()}`, type: 'refund.succeeded', ref: 'sbr_unknownunknownunknown', amount: 100 })
      expect(unknown.status).toBe(404)
      const malformed = await webhook({ id: `evt_${randomUUID()}`, type: 'refund.cancelled', ref: refund!.providerRef!, amount: refund!.amount })
      expect(malformed.status).toBe(400)
      expect(await refundsOf(row.id)).toMatchObject([{ id: refund!.id, status: 'succeeded' }])
      expect(await paymentOf(payment.id)).toMatchObject({ refundDue: false })
      expect(await mailsOf(code, 'refund.sent')).toHaveLength(1)
    })

    it('refuses a paid booking to callers that do not ask for the refund', async () => {
      const { code, row } = await paidBooking(1)
      await expect(cancelBooking(ctx(), code, { providers: providers() })).rejects.toMatchObject({ code: 'booking.has_payments' })
      expect((await bookingRow(code)).status).toBe('PAID')
      expect(await refundsOf(row.id)).toEqual([])
    })

    it('keeps a refund pending when the provider does not answer; the retry operation and the background run send it', async () => {
      const first = await paidBooking(1)
      const second = await paidBooking(1)
      app.sandbox.simulateRefunds('unavailable')
      try {
        await staffCancel(first.code)
        await staffCancel(second.code)
        const [pending] = await refundsOf(first.row.id)
        expect(pending).toMatchObject({ status: 'pending', providerRef: null })
        expect(await paymentOf(first.payment.id)).toMatchObject({ refundDue: true })
        const refused = await retry(pending!.id)
        expect(refused.status).toBe(502)
        expect(refused.body.data.code).toBe('refund.provider_unavailable')
      } finally {
        app.sandbox.simulateRefunds('succeed')
      }
      const [pending] = await refundsOf(first.row.id)
      const key = randomUUID()
      const retried = await retry(pending!.id, session.manager, key)
      expect(retried.status, JSON.stringify(retried.body)).toBe(200)
      expect(retried.body.data).toMatchObject({ id: pending!.id, bookingCode: first.code, status: 'pending', providerRef: expect.stringMatching(/^sbr_/), amount: { amount: pending!.amount, currency: 'CHF' }, reason: 'staff_cancel' })
      // The same key double-submitted: the same answer; another key: answered as it is (sent already).
      expect((await retry(pending!.id, session.manager, key)).body).toEqual(retried.body)
      expect((await retry(pending!.id)).body.data.providerRef).toBe(retried.body.data.providerRef)
      await app.sandbox.settled()
      expect((await refundsOf(first.row.id))[0]).toMatchObject({ status: 'succeeded' })
      expect(await sandboxRefunds(first.ref)).toHaveLength(1)

      // The expiry worker's background run sends the other one once it has waited long enough.
      expect((await retryUnsentRefunds({ db: db(), providers: providers(), now: () => new Date(clock) })).sent).toBe(0)
      expect((await retryUnsentRefunds({ db: db(), providers: providers(), now: () => new Date(clock + 120_000) })).sent).toBe(1)
      await app.sandbox.settled()
      expect((await refundsOf(second.row.id))[0]).toMatchObject({ status: 'succeeded' })
      expect(await paymentOf(second.payment.id)).toMatchObject({ refundDue: false })
    })

    it('records a refund the provider failed; a retry makes one new attempt even when two managers retry at once', async () => {
      const { code, row, payment, ref } = await paidBooking(1)
      app.sandbox.simulateRefunds('fail')
      try {
        await staffCancel(code)
        await app.sandbox.settled()
      } finally {
        app.sandbox.simulateRefunds('succeed')
      }
      const [failed] = await refundsOf(row.id)
      expect(failed).toMatchObject({ status: 'failed', providerRef: expect.stringMatching(/^sbr_/) })
      expect(await paymentOf(payment.id)).toMatchObject({ refundDue: true })
      const [a, b] = await Promise.all([retry(failed!.id), retry(failed!.id, session.owner)])
      expect([a.status, b.status]).toEqual([200, 200])
      expect(a.body.data.id).toBe(b.body.data.id)
      expect(a.body.data.id).not.toBe(failed!.id)
      await app.sandbox.settled()
      const all = await refundsOf(row.id)
      expect(all.map((r) => r.status).sort()).toEqual(['failed', 'succeeded'])
      expect(all.find((r) => r.status === 'succeeded')).toMatchObject({ amount: payment.amount, reason: 'staff_cancel' })
      expect(await paymentOf(payment.id)).toMatchObject({ refundDue: false })
      // The sandbox took two requests (one failed, one paid back): never more than was paid.
      expect((await sandboxRefunds(ref)).map((r) => r.status).sort()).toEqual(['failed', 'succeeded'])
      const history = (await listChanges(db(), 'alpin', 'booking', row.id)).map((h) => h.action)
      expect(history).toEqual(expect.arrayContaining(['cancelled', 'refund_failed', 'refund_retried', 'refund_succeeded']))
      // Nothing is left to refund: retrying the failed one again answers the attempt that succeeded.
      expect((await retry(failed!.id)).body.data).toMatchObject({ id: a.body.data.id, status: 'succeeded' })
    })
  })

  describe('cancelling a date', () => {
    it('refunds its paid bookings through the sandbox (reason session_cancelled, the manager as actor)', async () => {
      const paid = await paidBooking(2, 'refund-date', 'fr')
      const { booking: unpaid } = await book({ offer: 'refund-date', quantity: 1, paymentMethod: 'PAY_LATER' })
      const sessionId = made['refund-date']!.sessions[0]!.id
      const [current] = await db().select().from(sessions).where(eq(sessions.id, sessionId))
      const cancelled = await alpin.call('POST', `/sessions/${sessionId}/cancel`, { session: session.manager, body: { version: current!.version, message: 'Hochwasser.' } })
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
      expect(cancelled.body.data).toMatchObject({ cancelledBookings: 2, notCancelled: [] })
      await app.sandbox.settled()
      expect(await refundsOf(paid.row.id)).toMatchObject([
        { status: 'succeeded', reason: 'session_cancelled', amount: paid.payment.amount, actorId: ids['marco@alpin.example'], providerRef: expect.stringMatching(/^sbr_/) },
      ])
      expect(await paymentOf(paid.payment.id)).toMatchObject({ refundDue: false })
      expect(await refundsOf((await bookingRow(unpaid.code)).id)).toEqual([])
      const [mail] = await mailsOf(paid.code, 'booking.cancelled')
      expect(mail!.payload).toMatchObject({ locale: 'fr', refund: { amount: paid.payment.amount } })
    })
  })

  describe('late payments', () => {
    it('refunds a payment that succeeds after the booking was cancelled, automatically and once', async () => {
      const { cart, booking } = await book({ quantity: 1, paymentMethod: 'PAY_NOW' })
      const started = await start(`/api/webshop/v1/carts/${cart}/booking/payments`)
      // Cancelled without closing the provider's session (as if it could not be reached): the visitor still pays.
      await cancelBooking(ctx(), booking.code, {})
      await sandboxAction(started.ref, 'pay')
      await app.sandbox.settled()
      const row = await bookingRow(booking.code)
      expect(row.status).toBe('CANCELLED')
      const [payment] = await db().select().from(payments).where(eq(payments.id, started.paymentId))
      expect(await refundsOf(row.id)).toMatchObject([{ paymentId: payment!.id, reason: 'late_payment', status: 'succeeded', amount: payment!.amount, actorId: null }])
      expect(await paymentOf(payment!.id)).toMatchObject({ status: 'succeeded', refundDue: false })
      expect(await sandboxRefunds(started.ref)).toHaveLength(1)
    })
  })

  describe('money received on site', () => {
    async function onSiteBooking() {
      const { booking } = await book({ quantity: 1, paymentMethod: 'PAY_ON_SITE' })
      const row = await bookingRow(booking.code)
      const paymentId = randomUUID().replaceAll('-', '')
      await db().insert(payments).values({ id: paymentId, shopId: 'alpin', bookingId: row.id, provider: 'on_site', amount: 4000, currency: 'CHF', status: 'succeeded', source: 'staff', method: 'cash', recordedBy: ids['marco@alpin.example'] })
      return { code: booking.code as string, row, paymentId }
    }

    it('keeps the refund pending until a manager confirms it was paid back; idempotent, recorded, scoped to the shop', async () => {
      const { code, row, paymentId } = await onSiteBooking()
      const cancelled = await staffCancel(code)
      expect(cancelled.status).toBe('CANCELLED')
      await app.sandbox.settled()
      const [pending] = await refundsOf(row.id)
      expect(pending).toMatchObject({ provider: 'on_site', status: 'pending', amount: 4000, providerRef: null, reason: 'staff_cancel' })
      expect((await mailsOf(code, 'booking.cancelled'))[0]!.payload).toMatchObject({ refund: { amount: 4000 } })
      expect(await paymentOf(paymentId)).toMatchObject({ refundDue: true })
      expect(await mailsOf(code, 'refund.sent')).toEqual([])

      expect((await confirm(pending!.id, session.guide)).status).toBe(403)
      const foreign = await atelier.call('POST', `/refunds/${pending!.id}/confirm`, { session: session.stranger })
      expect(foreign.status).toBe(404)
      expect(foreign.body.data.code).toBe('refund.not_found')
      expect((await atelier.call('POST', `/refunds/${pending!.id}/retry`, { session: session.stranger })).status).toBe(404)
      expect((await confirm('A'.repeat(22))).status).toBe(404)
      const onSiteRetry = await retry(pending!.id)
      expect(onSiteRetry.status).toBe(409)
      expect(onSiteRetry.body.data.code).toBe('refund.on_site')

      const key = randomUUID()
      const [first, second] = await Promise.all([confirm(pending!.id, session.manager, key), confirm(pending!.id, session.owner)])
      expect(first.status, JSON.stringify(first.body)).toBe(200)
      expect(first.body.data).toMatchObject({ id: pending!.id, bookingCode: code, paymentId, provider: 'on_site', status: 'succeeded', amount: { amount: 4000, currency: 'CHF' } })
      expect(second.body.data.status).toBe('succeeded')
      expect((await confirm(pending!.id, session.manager, key)).body).toEqual(first.body)
      expect(await paymentOf(paymentId)).toMatchObject({ refundDue: false })
      expect((await mailsOf(code, 'refund.sent')).map((m) => m.payload.amount)).toEqual([{ amount: 4000, currency: 'CHF' }])
      const confirmations = (await listChanges(db(), 'alpin', 'booking', row.id)).filter((h) => h.action === 'refund_confirmed')
      expect(confirmations).toHaveLength(1)
      expect([ids['marco@alpin.example'], ids['anna@alpin.example']]).toContain(confirmations[0]!.actor?.id)
    })

    it('refuses to confirm a refund that goes through the provider', async () => {
      const { code, row } = await paidBooking(1)
      await staffCancel(code)
      await app.sandbox.settled()
      const [refund] = await refundsOf(row.id)
      const answer = await confirm(refund!.id)
      expect(answer.status).toBe(409)
      expect(answer.body.data.code).toBe('refund.not_on_site')
    })
  })

  describe('the sandbox provider', () => {
    it('refunds a completed payment at most up to what it took, answers the same ref for the same refund id, refuses an unpaid one', async () => {
      const { ref, payment } = await paidBooking(1)
      // A second sandbox on the same database whose events are swallowed: these refunds are not the shop's.
      const delivered: string[] = []
      const sandbox = createSandboxProvider({
        db: db(),
        secret: async () => secret,
        deliver: async (request) => {
          delivered.push(JSON.parse(await request.text()).type)
          return new Response(null, { status: 204 })
        },
        deliveryDelayMs: 0,
        now: () => new Date(clock),
      })
      const one = await sandbox.refund({ refundId: 'refund-one-000000000000', paymentRef: ref, amount: 5000, currency: 'CHF' })
      const again = await sandbox.refund({ refundId: 'refund-one-000000000000', paymentRef: ref, amount: 5000, currency: 'CHF' })
      expect(again.ref).toBe(one.ref)
      await expect(sandbox.refund({ refundId: 'refund-two-000000000000', paymentRef: ref, amount: payment.amount - 4999, currency: 'CHF' })).rejects.toMatchObject({ code: 'refund.exceeds_payment' })
      await expect(sandbox.refund({ refundId: 'refund-three-0000000000', paymentRef: ref, amount: 100, currency: 'EUR' })).rejects.toBeInstanceOf(RefundRefused)
      const rest = await sandbox.refund({ refundId: 'refund-four-00000000000', paymentRef: ref, amount: payment.amount - 5000, currency: 'CHF' })
      expect(rest.ref).not.toBe(one.ref)
      expect(await sandboxRefunds(ref)).toHaveLength(2)
      await sandbox.settled()
      // Each refund's event at least once, twice on purpose; none for the repeated request.
      expect(delivered).toEqual(['refund.succeeded', 'refund.succeeded', 'refund.succeeded', 'refund.succeeded'])

      const { cart } = await book({ quantity: 1, paymentMethod: 'PAY_NOW' })
      const open = await start(`/api/webshop/v1/carts/${cart}/booking/payments`)
      await expect(sandbox.refund({ refundId: 'refund-five-00000000000', paymentRef: open.ref, amount: 100, currency: 'CHF' })).rejects.toMatchObject({ code: 'refund.not_refundable' })
      // Refund rows have no hosted page.
      expect((await app.sandbox.handle(new Request(`${ALPIN}/api/sandbox-pay/v1/sessions/${one.ref}`))).status).toBe(404)
      expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([])
    })
  })
})
