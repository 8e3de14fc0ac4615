import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { describeEachDatabase } from '../support/databases'
import { bookingRecords, tenOClock, visitorCalls, xsrfHeaders } from '../support/visitor-calls'
import { paymentSteps, WEBHOOK } from '../support/payment-harness'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { createOffer } from '../support/factories'
import { paymentLinks, payments, sandboxSessions, sessions } from '../../src/server/db/schema'
import { getOrCreateSecret } from '../../src/server/domain/secrets'
import { createOperatorToken } from '../../src/server/domain/operator'
import { SANDBOX_PATH, signWebhook } from '../../src/server/payments/sandbox'

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const TZ = 'Europe/Zurich'
let n = 0
const key = () => `payment-key-${Date.now()}-${n++}`


type Row = Record<string, unknown>
const rows = (result: unknown) => (result as { rows: Row[] }).rows

describeEachDatabase('payments contract', (factory) => {
  let app: TestApp
  const clock = Date.now()
  let headers: Record<string, string>
  let secret: string
  let operator: string
  const at = tenOClock(() => clock, TZ)
  const made: Record<string, Awaited<ReturnType<typeof createOffer>>> = {}

  const call = visitorCalls(ALPIN, () => ({ app, headers }))
  const get = async (path: string) => app.call(`${ALPIN}${path}`, { headers: { 'x-flowin-locale': 'en' } })

  const steps = { origin: ALPIN, app: () => app, call, made, secret: () => secret, clock: () => clock }
  const { book, start, sandboxAction, webhook } = paymentSteps({ ...steps, defaults: { offer: 'pay-canyon', paymentMethod: 'PAY_LATER' } })

  const { bookingRow, mailsOf } = bookingRecords(() => app)

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date(clock) })
    headers = await xsrfHeaders(app, ALPIN)
    secret = await getOrCreateSecret(app.database.db, 'sandbox-webhook')
    operator = await createOperatorToken(app.database.db, 'alpin', 'test')
    made['pay-canyon'] = await createOffer(app.database.db, { slug: 'pay-canyon', skus: [{ key: 'adult', price: 12000 }], sessions: [{ startsAt: at(3), capacity: 50 }] })
    made['pay-request'] = await createOffer(app.database.db, { slug: 'pay-request', uponRequest: true, sessions: [{ startsAt: at(4), capacity: 3 }] })
  })
  afterAll(async () => {
    await app?.close()
  })

  describe('pay later: the payment link', () => {
    it('gives a pay-later booking a link of 256 random bits that the confirmation e-mail carries', async () => {
      const { booking } = await book({ paymentMethod: 'PAY_LATER' })
      expect(booking).toMatchObject({ paymentState: 'payable', payments: [], paymentLink: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } })
      // 30 days by default, but never beyond the activity (in 3 days): the link ends when it starts
      expect(new Date(booking.paymentLink.expiresAt).getTime()).toBe(at(3).getTime())
      const [mail] = await mailsOf(booking.code, 'booking.confirmation')
      expect((mail!.payload as { paymentUrl: string }).paymentUrl).toBe(`${ALPIN}/en/aftersales/payment/${booking.paymentLink.token}`)
      const view = await (await get(`/api/webshop/v1/payment-links/${booking.paymentLink.token}`)).json()
      expect(view.data).toMatchObject({ code: booking.code, paymentState: 'payable', total: { amount: 12000 }, openAmount: { amount: 12000 }, payments: [] })
    })

    it('gives no link to a booking paid on site, and refuses to start a payment for it', async () => {
      const { cart, booking } = await book({ paymentMethod: 'PAY_ON_SITE' })
      expect(booking.paymentState).toBe('not_payable')
      expect(booking.paymentLink).toBeUndefined()
      const response = await call('POST', `/api/webshop/v1/carts/${cart}/booking/payments`)
      expect(response.status).toBe(409)
      expect((await response.json()).data.code).toBe('payment.not_payable')
    })

    it('answers 404 for an unknown link and 410 for an expired one', async () => {
      expect((await get(`/api/webshop/v1/payment-links/${'x'.repeat(43)}`)).status).toBe(404)
      expect((await get('/api/webshop/v1/payment-links/short')).status).toBe(404)
      const { booking } = await book()
      await app.database.db.update(paymentLinks).set({ expiresAt: new Date(clock - 1000) }).where(eq(paymentLinks.token, booking.paymentLink.token))
      const expired = await get(`/api/webshop/v1/payment-links/${booking.paymentLink.token}`)
      expect(expired.status).toBe(410)
      expect((await expired.json()).data.code).toBe('payment_link.expired')
      const starting = await call('POST', `/api/webshop/v1/payment-links/${booking.paymentLink.token}/payments`)
      expect(starting.status).toBe(410)
    })

    it('pays through the link: sandbox page, redirect back, webhook, paid once, receipt mailed', async () => {
      const { booking } = await book({ quantity: 2 })
      const token = booking.paymentLink.token
      const started = await start(`/api/webshop/v1/payment-links/${token}/payments`)
      expect(started.redirectUrl).toBe(`${ALPIN}${SANDBOX_PATH}${started.ref}`)
      const page = await app.sandbox.handle(new Request(started.redirectUrl))
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      const html = await page.text()
      expect(html).toContain('CHF\u00a0240.00')
      expect(html).toContain(booking.code)
      const back = await sandboxAction(started.ref, 'pay')
      expect(back.status).toBe(303)
      expect(back.headers.get('location')).toBe(`${ALPIN}/en/aftersales/payment/${token}?payment=${started.paymentId}&outcome=succeeded`)
      await app.sandbox.settled() // delivered twice on purpose: at least once
      const view = (await (await get(`/api/webshop/v1/payment-links/${token}`)).json()).data
      expect(view).toMatchObject({ status: 'PAID', paymentState: 'paid', openAmount: { amount: 0 }, payments: [{ id: started.paymentId, status: 'succeeded' }] })
      expect(await mailsOf(booking.code, 'payment.received')).toHaveLength(1)
      const again = await call('POST', `/api/webshop/v1/payment-links/${token}/payments`)
      expect(again.status).toBe(409)
      expect((await again.json()).data.code).toBe('payment.already_paid')
      // The sandbox session is closed: paying it again does nothing.
      expect((await sandboxAction(started.ref, 'pay')).status).toBe(409)
    })

    it('keeps the booking payable after a failed or cancelled payment, and a retry pays it', async () => {
      const { booking } = await book()
      const token = booking.paymentLink.token
      const first = await start(`/api/webshop/v1/payment-links/${token}/payments`)
      await sandboxAction(first.ref, 'fail')
      await app.sandbox.settled()
      let view = (await (await get(`/api/webshop/v1/payment-links/${token}`)).json()).data
      expect(view).toMatchObject({ paymentState: 'payable', status: 'CONFIRMED', payments: [{ id: first.paymentId, status: 'failed' }] })
      const second = await start(`/api/webshop/v1/payment-links/${token}/payments`)
      await sandboxAction(second.ref, 'cancel')
      await app.sandbox.settled()
      const third = await start(`/api/webshop/v1/payment-links/${token}/payments`)
      await sandboxAction(third.ref, 'pay')
      await app.sandbox.settled()
      view = (await (await get(`/api/webshop/v1/payment-links/${token}`)).json()).data
      expect(view.payments.map((p: { status: string }) => p.status)).toEqual(['succeeded', 'cancelled', 'failed'])
      expect(view).toMatchObject({ paymentState: 'paid', status: 'PAID' })
    })

    it('never charges twice: a new attempt closes the open one, and is refused while one went through', async () => {
      const { booking } = await book()
      const token = booking.paymentLink.token
      const first = await start(`/api/webshop/v1/payment-links/${token}/payments`)
      const second = await start(`/api/webshop/v1/payment-links/${token}/payments`)
      expect((await sandboxAction(first.ref, 'pay')).status).toBe(409) // closed by the second start
      const [old] = await app.database.db.select().from(payments).where(eq(payments.id, first.paymentId))
      expect(old!.status).toBe('cancelled')
      // The tester paid the second one; its webhook has not arrived yet.
      await app.database.db.update(sandboxSessions).set({ status: 'succeeded' }).where(eq(sandboxSessions.ref, second.ref))
      const third = await call('POST', `/api/webshop/v1/payment-links/${token}/payments`)
      expect(third.status).toBe(409)
      expect((await third.json()).data.code).toBe('payment.in_progress')
    })
  })

  describe('pay now in the checkout', () => {
    it('starts a payment for the cart booking that returns to the success page', async () => {
      const { cart, booking } = await book({ paymentMethod: 'PAY_NOW' })
      expect(booking).toMatchObject({ status: 'CONFIRMED', paymentState: 'payable', paymentMethod: 'PAY_NOW' })
      expect(booking.paymentLink).toBeDefined() // to pay later should this payment not go through
      const started = await start(`/api/webshop/v1/carts/${cart}/booking/payments`)
      const back = await sandboxAction(started.ref, 'pay')
      expect(back.headers.get('location')).toBe(`${ALPIN}/en/checkout/${cart}/success?payment=${started.paymentId}&outcome=succeeded`)
      // Until the webhook is in, the redirect alone proves nothing.
      const before = (await (await get(`/api/webshop/v1/carts/${cart}/booking`)).json()).data
      expect(before.status).toBe('CONFIRMED')
      await app.sandbox.settled()
      const after = (await (await get(`/api/webshop/v1/carts/${cart}/booking`)).json()).data
      expect(after).toMatchObject({ status: 'PAID', paymentState: 'paid', openAmount: { amount: 0 }, payments: [{ id: started.paymentId, status: 'succeeded' }] })
      expect(after.paymentLink).toBeDefined()
    })

    it('answers 404 for a cart without booking', async () => {
      const cart = (await (await call('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
      expect((await call('POST', `/api/webshop/v1/carts/${cart}/booking/payments`)).status).toBe(404)
    })
  })

  describe('webhook', () => {
    async function pending() {
      const { booking } = await book()
      const started = await start(`/api/webshop/v1/payment-links/${booking.paymentLink.token}/payments`)
      return { booking, ...started }
    }

    it('refuses a bad signature, another secret, a stale or future event, and a malformed body', async () => {
      const { ref } = await pending()
      const event = { id: `evt_${key()}`, type: 'payment.succeeded', ref, amount: 12000 }
      for (const response of [
        await webhook(event, { secret: 'another-secret' }),
        await app.call(`${ALPIN}${WEBHOOK}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
        await app.call(`${ALPIN}${WEBHOOK}`, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-signature': `t=1,v1=${'0'.repeat(64)}` }, body: '{}' }),
      ]) {
        expect(response.status).toBe(400)
        expect((await response.json()).data.code).toBe('webhook.invalid_signature')
      }
      for (const time of [Math.floor(clock / 1000) - 301, Math.floor(clock / 1000) + 301]) {
        const stale = await webhook(event, { time })
        expect(stale.status).toBe(400)
        expect((await stale.json()).data.code).toBe('webhook.stale')
      }
      // Signed, but no event: not JSON, JSON null or an array (found by the fuzzer), an id or ref with U+0000.
      for (const body of ['not json', 'null', '[1]', JSON.stringify({ id: 'evt_a\u0000b', type: 'payment.succeeded', data: { ref, amount: 12000, currency: 'CHF' } }), JSON.stringify({ id: `evt_${key()}`, type: 'payment.succeeded', data: { ref: 'sbx_a\u0000', amount: 12000, currency: 'CHF' } })]) {
        const malformed = await app.call(`${ALPIN}${WEBHOOK}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'webhook-signature': signWebhook(secret, Math.floor(clock / 1000), body) },
          body,
        })
        expect(malformed.status, body).toBe(400)
        expect((await malformed.json()).data.code, body).toBe('webhook.invalid_body')
      }
      const unknownProvider = await app.call(`${ALPIN}/api/webshop/v1/payments/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(unknownProvider.status).toBe(404)
      const unknownRef = await webhook({ ...event, ref: 'sbx_unknown' })
      expect(unknownRef.status).toBe(404)
      const mismatch = await webhook({ ...event, amount: 1 })
      expect(mismatch.status).toBe(400)
      expect((await mismatch.json()).data.code).toBe('webhook.amount_mismatch')
    })

    it('applies an event once: a duplicate changes nothing', async () => {
      const { booking, ref } = await pending()
      const event = { id: `evt_${key()}`, type: 'payment.succeeded', ref, amount: 12000 }
      expect((await (await webhook(event)).json()).data.result).toBe('applied')
      expect((await (await webhook(event)).json()).data.result).toBe('duplicate')
      expect((await (await webhook({ ...event, id: `evt_${key()}` })).json()).data.result).toBe('unchanged')
      expect((await bookingRow(booking.code)).openAmount).toBe(0)
      expect(await mailsOf(booking.code, 'payment.received')).toHaveLength(1)
    })

    it('is order-independent: a failure after the success changes nothing, a success after a failure counts', async () => {
      const a = await pending()
      await webhook({ id: `evt_${key()}`, type: 'payment.succeeded', ref: a.ref, amount: 12000 })
      expect((await (await webhook({ id: `evt_${key()}`, type: 'payment.failed', ref: a.ref, amount: 12000 })).json()).data.result).toBe('unchanged')
      expect(await bookingRow(a.booking.code)).toMatchObject({ status: 'PAID', openAmount: 0 })

      const b = await pending()
      await webhook({ id: `evt_${key()}`, type: 'payment.failed', ref: b.ref, amount: 12000 })
      expect(await bookingRow(b.booking.code)).toMatchObject({ status: 'CONFIRMED', openAmount: 12000 })
      expect((await (await webhook({ id: `evt_${key()}`, type: 'payment.succeeded', ref: b.ref, amount: 12000 })).json()).data.result).toBe('applied')
      expect(await bookingRow(b.booking.code)).toMatchObject({ status: 'PAID', openAmount: 0 })
    })

    it('counts a payment once under concurrent deliveries of the same and of different events', async () => {
      const { booking, ref, paymentId } = await pending()
      const same = { id: `evt_${key()}`, type: 'payment.succeeded', ref, amount: 12000 }
      const responses = await Promise.all([
        ...Array.from({ length: 6 }, () => webhook(same)),
        ...Array.from({ length: 4 }, () => webhook({ ...same, id: `evt_${key()}` })),
        webhook({ id: `evt_${key()}`, type: 'payment.failed', ref, amount: 12000 }),
      ])
      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200))
      const results = await Promise.all(responses.map(async (r) => (await r.json()).data.result as string))
      expect(results.filter((r) => r === 'applied').length).toBeGreaterThanOrEqual(1)
      const [payment] = await app.database.db.select().from(payments).where(eq(payments.id, paymentId))
      expect(payment!.status).toBe('succeeded')
      expect(await bookingRow(booking.code)).toMatchObject({ status: 'PAID', openAmount: 0 })
      expect(await mailsOf(booking.code, 'payment.received')).toHaveLength(1)
      const events = rows(await app.database.db.execute(sql`select count(*)::int as n from payment_events where payment_id = ${paymentId}`))
      expect(events[0]!.n).toBe(6) // the same event once, four others, one failure
    })
  })

  describe('request answers', () => {
    const auth = (token = operator) => ({ authorization: `Bearer ${token}` })
    const answer = (code: string, body: unknown, token = operator) =>
      app.call(`${ALPIN}/api/webshop/v1/operator/requests/${code}/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key(), ...auth(token) },
        body: JSON.stringify(body),
      })

    it('needs the shop’s operator token', async () => {
      const { booking } = await book({ offer: 'pay-request', mode: 'request' })
      expect((await app.call(`${ALPIN}/api/webshop/v1/operator/requests`)).status).toBe(401)
      expect((await app.call(`${ALPIN}/api/webshop/v1/operator/requests`, { headers: auth('op_wrong-token-wrong-token') })).status).toBe(401)
      const other = await createOperatorToken(app.database.db, 'atelier', 'other shop')
      expect((await app.call(`${ALPIN}/api/webshop/v1/operator/requests`, { headers: auth(other) })).status).toBe(401)
      expect((await answer(booking.code, { decision: 'accept' }, other)).status).toBe(401)
      expect((await bookingRow(booking.code)).status).toBe('REQUESTED')
    })

    it('lists requests, marks one seen when read, and accepts it with a payment link mailed in the visitor’s language', async () => {
      const { booking } = await book({ offer: 'pay-request', mode: 'request', quantity: 2, locale: 'fr' })
      expect(booking.paymentLink).toBeUndefined() // nothing to pay before the answer
      const list = (await (await app.call(`${ALPIN}/api/webshop/v1/operator/requests?status=REQUESTED`, { headers: auth() })).json()).data
      expect(list.find((r: { code: string }) => r.code === booking.code)).toMatchObject({ seen: false, status: 'REQUESTED', locale: 'fr' })
      const read = (await (await app.call(`${ALPIN}/api/webshop/v1/operator/requests/${booking.code}`, { headers: auth() })).json()).data
      expect(read).toMatchObject({ seen: true, person: { email: 'anna@example.ch' } })
      const response = await answer(booking.code, { decision: 'accept', reply: 'Wir freuen uns!\nBis bald.' })
      expect(response.status).toBe(200)
      const accepted = (await response.json()).data
      expect(accepted).toMatchObject({ status: 'ACCEPTED', reply: 'Wir freuen uns!\nBis bald.', repliedAt: new Date(clock).toISOString(), paymentLink: { token: expect.any(String) } })
      const [mail] = await mailsOf(booking.code, 'request.accepted')
      expect(mail!.payload).toMatchObject({ locale: 'fr', reply: 'Wir freuen uns!\nBis bald.', paymentUrl: `${ALPIN}/fr/aftersales/payment/${accepted.paymentLink.token}` })
      const [session] = await app.database.db.select().from(sessions).where(eq(sessions.id, made['pay-request']!.sessions[0]!.id))
      expect(session!.placesTaken).toBe(2) // the places are taken on acceptance
      const again = await answer(booking.code, { decision: 'decline' })
      expect(again.status).toBe(409)
      expect((await again.json()).data.code).toBe('request.already_answered')
      // The visitor pays through the link.
      const started = await start(`/api/webshop/v1/payment-links/${accepted.paymentLink.token}/payments`)
      await sandboxAction(started.ref, 'pay')
      await app.sandbox.settled()
      expect(await bookingRow(booking.code)).toMatchObject({ status: 'PAID', openAmount: 0 })
    })

    it('declines with the reply, and refuses to accept when the places are gone', async () => {
      const declined = await book({ offer: 'pay-request', mode: 'request' })
      const response = await answer(declined.booking.code, { decision: 'decline', reply: 'Leider ausgebucht.' })
      expect((await response.json()).data).toMatchObject({ status: 'DECLINED', reply: 'Leider ausgebucht.' })
      expect(await mailsOf(declined.booking.code, 'request.declined')).toHaveLength(1)
      const link = await app.database.db.select().from(paymentLinks).where(eq(paymentLinks.bookingId, (await bookingRow(declined.booking.code)).id))
      expect(link).toEqual([])

      const tooMany = await book({ offer: 'pay-request', mode: 'request', quantity: 2 }) // 1 place left of 3
      const refused = await answer(tooMany.booking.code, { decision: 'accept' })
      expect(refused.status).toBe(409)
      expect((await refused.json()).data.code).toBe('places.insufficient')
      expect((await bookingRow(tooMany.booking.code)).status).toBe('REQUESTED')
      expect(await mailsOf(tooMany.booking.code, 'request.accepted')).toHaveLength(0)
      expect((await answer('ZZZZ-ZZZZ', { decision: 'accept' })).status).toBe(404)
      expect((await answer(tooMany.booking.code, { decision: 'maybe' })).status).toBe(400)
    })

    it('does not let a visitor answer requests through the cookie API', async () => {
      const { booking } = await book({ offer: 'pay-request', mode: 'request' })
      const response = await call('POST', `/api/webshop/v1/operator/requests/${booking.code}/answer`, { decision: 'accept' })
      expect(response.status).toBe(401)
      expect(rows(await app.database.db.execute(sql`select status from bookings where code = ${booking.code}`))[0]!.status).toBe('REQUESTED')
    })
  })
})
