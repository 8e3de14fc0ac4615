import { and, eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bookings, changeLog, offers, outbox, paymentLinks, payments, refunds, sessionGuides, sessions, staff } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer, visitorContact } from '../support/factories'
import { paymentSteps } from '../support/payment-harness'
import { signedInCast, staffCalls } from '../support/staff'
import { visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`

describeEachDatabase('booking detail, staff actions and manifest (openapi/admin.yaml, tag bookings)', (factory) => {
  let app: TestApp
  const clock = new Date('2026-05-04T08:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let manager: string
  let guide: string
  let stranger: string
  let headers: Record<string, string>
  const made: Record<string, Awaited<ReturnType<typeof createOffer>>> = {}
  const visitor = visitorCalls(ALPIN, () => ({ app, headers }))
  const steps = paymentSteps({ origin: ALPIN, app: () => app, call: visitor, made, secret: () => '', clock: () => clock.getTime(), defaults: { offer: 'detail-canyon', paymentMethod: 'PAY_LATER' } })

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    ;({ alpin, manager, guide, atelierOwner: stranger } = await signedInCast(app))
    headers = await xsrfHeaders(app, ALPIN)
    // 2026-05-12 07:30 UTC is 09:30 in Zurich (summer time).
    made['detail-canyon'] = await createOffer(app.database.db, { slug: 'detail-canyon', title: 'Canyoning', skus: [{ key: 'adult', price: 10000 }], sessions: [{ startsAt: new Date('2026-05-12T07:30:00Z'), capacity: 30 }] })
    made['detail-request'] = await createOffer(app.database.db, { slug: 'detail-request', uponRequest: true, sessions: [{ startsAt: new Date('2026-05-13T07:30:00Z'), capacity: 10 }] })
    await app.database.db
      .update(offers)
      .set({ extras: [{ key: 'lunch', title: { de: 'Mittagessen', en: 'Lunch', fr: 'Déjeuner' }, price: 2000 }], meetingPoint: { de: 'Bahnhof Wilderswil', en: 'Wilderswil station', fr: 'Gare de Wilderswil' } })
      .where(eq(offers.id, made['detail-canyon'].offerId))
  })
  afterAll(() => app?.close())

  /** A booking of `quantity` places of the canyon (the first participant with lunch), checked out in `locale`. */
  async function book(options: { quantity?: number; locale?: string; paymentMethod?: string; surname?: string } = {}) {
    const quantity = options.quantity ?? 2
    const { cart, added } = await steps.hold('detail-canyon', quantity)
    expect(added.status).toBe(201)
    const item = (await added.json()).data.items[0].id as string
    const body = {
      mode: 'order',
      items: [{ itemId: item, participants: Array.from({ length: quantity }, (_, i) => ({ firstname: `P${i}`, surname: options.surname ?? 'Muster', extras: i === 0 ? ['lunch'] : [] })) }],
      ...visitorContact,
      person: { ...visitorContact.person, surname: options.surname ?? 'Muster' },
      paymentMethod: options.paymentMethod ?? 'PAY_LATER',
      termsAccepted: true,
    }
    const answer = await visitor('POST', `/api/webshop/v1/carts/${cart}/checkout`, body, { 'x-flowin-locale': options.locale ?? 'fr' })
    expect(answer.status, await answer.clone().text()).toBe(201)
    return { cart, code: (await answer.json()).data.code as string }
  }
  const detail = (code: string, session = manager, locale = 'de') => alpin.call('GET', `/bookings/${code}`, { session, locale })
  const pay = (code: string, body: Record<string, unknown>, options: { key?: string; session?: string } = {}) =>
    alpin.call('POST', `/bookings/${code}/payments`, { session: options.session ?? manager, body, ...(options.key ? { key: options.key } : {}) })
  const mails = async (code: string, kind?: string) =>
    (await app.database.db.select().from(outbox).where(and(eq(outbox.bookingCode, code), kind ? eq(outbox.kind, kind) : undefined))).map((r) => r.payload as Record<string, unknown>)
  const sessionId = () => made['detail-canyon']!.sessions[0]!.id

  it('shows a booking with dates in the shop’s time zone, titles in the staff’s language, extras, contact, e-mails and version', async () => {
    const { code } = await book({ quantity: 2, locale: 'fr' })
    const answer = await detail(code)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const data = answer.body.data
    expect(data).toMatchObject({
      code,
      status: 'CONFIRMED',
      mode: 'order',
      locale: 'fr',
      currency: 'CHF',
      paymentMethod: 'PAY_LATER',
      paymentState: 'unpaid',
      onlinePayable: true,
      total: 22000,
      paid: 0,
      refunded: 0,
      open: 22000,
      version: 1,
      contact: { customerType: 'PRIVATE', firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', locale: 'fr', address: { city: 'Interlaken' } },
      actions: { recordPayment: true, sendPaymentLink: true, resendConfirmation: true, editParticipants: true, cancel: true },
    })
    expect(data.items).toHaveLength(1)
    expect(data.items[0]).toMatchObject({
      offerTitle: 'Canyoning (de)',
      skuTitle: 'adult (de)',
      sessionId: sessionId(),
      date: '2026-05-12',
      time: '09:30',
      endTime: '11:30',
      quantity: 2,
      places: 2,
      total: 22000,
    })
    expect(data.items[0].participants).toEqual([
      { firstname: 'P0', surname: 'Muster', extras: [{ key: 'lunch', title: 'Mittagessen' }] },
      { firstname: 'P1', surname: 'Muster', extras: [] },
    ])
    expect(data.paymentLink.expiresAt).toEqual(expect.any(String))
    // The visitor's e-mails (the staff's notifications about the booking are listed too).
    expect(data.emails.filter((e: { kind: string }) => !e.kind.startsWith('staff.'))).toMatchObject([{ kind: 'booking.confirmation', recipient: 'anna@example.ch', locale: 'fr', status: 'pending', sentAt: null }])
    expect(JSON.stringify(data.emails)).not.toContain('paymentUrl')
    expect(data.history).toEqual([])
    expect((await detail(code, manager, 'fr')).body.data.items[0].participants[0].extras[0].title).toBe('Déjeuner')
  })

  it('refuses guides the bookings and shows them only the manifests of their sessions, without money; 404 for another shop’s booking, session or none', async () => {
    const { code } = await book()
    expect((await detail(code, guide)).status).toBe(403)
    expect((await pay(code, { amount: 100, method: 'cash', version: 1 }, { session: guide })).status).toBe(403)
    expect((await alpin.call('POST', `/bookings/${code}/cancel`, { session: guide, body: { version: 1 } })).status).toBe(403)
    // A guide sees the manifest of a session assigned to them only (any other is not found for them), without money.
    const unassigned = await alpin.call('GET', `/sessions/${sessionId()}/manifest`, { session: guide })
    expect(unassigned.status).toBe(404)
    expect(unassigned.body.data.code).toBe('session.not_found')
    expect((await alpin.call('GET', `/sessions/${sessionId()}/manifest/export`, { session: guide })).status).toBe(404)
    const [zora] = await app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.email, 'zora@alpin.example'))
    await app.database.db.insert(sessionGuides).values({ sessionId: sessionId(), staffId: zora!.id, shopId: 'alpin' })
    const assigned = await alpin.call('GET', `/sessions/${sessionId()}/manifest`, { session: guide })
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200)
    expect(assigned.body.data.rows.some((r: { bookingCode: string }) => r.bookingCode === code)).toBe(true)
    expect(assigned.body.data.openTotal).toBeUndefined()
    for (const row of assigned.body.data.rows) expect(row).not.toHaveProperty('paymentState')
    for (const row of assigned.body.data.rows) expect(row).not.toHaveProperty('open')
    const managerView = await alpin.call('GET', `/sessions/${sessionId()}/manifest`, { session: manager })
    expect(managerView.body.data.openTotal).toEqual(expect.any(Number))
    const guideCsv = await app.call(`${ALPIN}/api/admin/v1/sessions/${sessionId()}/manifest/export`, { headers: { cookie: `staff-session=${guide}`, 'x-flowin-locale': 'en' } })
    expect(guideCsv.status).toBe(200)
    const header = (await guideCsv.text()).replace(/^\uFEFF/, '').split('\r\n')[0]!
    expect(header).toContain('Booking')
    expect(header).not.toMatch(/Payment|Open amount/)
    await app.database.db.delete(sessionGuides).where(eq(sessionGuides.staffId, zora!.id))
    const atelier = await staffCalls(app, ATELIER)
    const foreign = await atelier.call('GET', `/bookings/${code}`, { session: stranger })
    expect(foreign.status).toBe(404)
    expect(foreign.body.data.code).toBe('booking.not_found')
    for (const [method, path, body] of [
      ['POST', `/bookings/${code}/payments`, { amount: 100, method: 'cash', version: 1 }],
      ['POST', `/bookings/${code}/payment-link`, undefined],
      ['POST', `/bookings/${code}/confirmation`, undefined],
      ['PUT', `/bookings/${code}/participants`, { version: 1, items: [] }],
      ['POST', `/bookings/${code}/cancel`, { version: 1 }],
    ] as const) {
      expect((await atelier.call(method, path, { session: stranger, ...(body ? { body } : {}) })).status, path).toBe(404)
    }
    expect((await atelier.call('GET', `/sessions/${sessionId()}/manifest`, { session: stranger })).status).toBe(404)
    expect((await atelier.call('GET', `/sessions/${sessionId()}/manifest/export`, { session: stranger })).status).toBe(404)
    expect((await detail('ZZZZ-ZZZZ')).status).toBe(404)
    expect((await detail('not-a-code')).status).toBe(404)
    const [row] = await app.database.db.select().from(bookings).where(eq(bookings.code, code))
    expect(row).toMatchObject({ status: 'CONFIRMED', version: 1 })
  })

  it('records on-site payments in part and in full, once per key, never above the open amount, with the version and the history', async () => {
    const { code } = await book({ quantity: 2 })
    const tooMuch = await pay(code, { amount: 22001, method: 'cash', version: 1 })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.data.errors.amount).toEqual({ code: 'amount.above_open', params: { open: 22000, currency: 'CHF' } })
    const broken = await pay(code, { amount: 100, method: 'cash', note: 'Kasse \ud800', version: 1 })
    expect(broken.status).toBe(400)
    expect(broken.body.data.errors.note).toMatchObject({ code: 'control_characters' })
    const key = 'on-site-payment-once-1'
    const first = await pay(code, { amount: 5000, method: 'card', note: 'Kasse 1', version: 1 }, { key })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const again = await pay(code, { amount: 5000, method: 'card', note: 'Kasse 1', version: 1 }, { key })
    expect(again.status).toBe(200)
    expect(again.body.data.version).toBe(2)
    expect(first.body.data).toMatchObject({ status: 'CONFIRMED', paid: 5000, open: 17000, paymentState: 'partially_paid', version: 2 })
    expect(first.body.data.payments).toMatchObject([
      { provider: 'on_site', method: 'card', amount: 5000, status: 'succeeded', source: 'staff', note: 'Kasse 1', recordedBy: { name: 'Marco Rossi' } },
    ])
    expect(first.body.data.history[0]).toMatchObject({ action: 'payment_recorded', actor: { name: 'Marco Rossi' } })
    expect((await app.database.db.select().from(payments).where(eq(payments.provider, 'on_site'))).filter((p) => p.amount === 5000 && p.note === 'Kasse 1')).toHaveLength(1)

    const stale = await pay(code, { amount: 1000, method: 'cash', version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.data).toMatchObject({ code: 'booking.version_conflict', version: 2 })

    const rest = await pay(code, { amount: 17000, method: 'cash', version: 2 })
    expect(rest.body.data).toMatchObject({ status: 'PAID', paid: 22000, open: 0, paymentState: 'paid', version: 3 })
    expect(rest.body.data.actions).toMatchObject({ recordPayment: false, sendPaymentLink: false })
    expect((await pay(code, { amount: 1, method: 'cash', version: 3 })).body.data.errors.amount.code).toBe('amount.above_open')
  })

  it('lets parallel on-site payments never take more than the open amount', async () => {
    const { code } = await book({ quantity: 2 })
    const answers = await Promise.all(Array.from({ length: 4 }, () => pay(code, { amount: 15000, method: 'cash', version: 1 })))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 || a.status === 400)).toBe(true)
    const [row] = await app.database.db.select().from(bookings).where(eq(bookings.code, code))
    const taken = (await app.database.db.select().from(payments).where(eq(payments.bookingId, row!.id))).reduce((sum, p) => sum + p.amount, 0)
    expect(taken).toBe(15000)
    expect(row).toMatchObject({ openAmount: 7000, version: 2 })
  })

  it('sends a fresh payment link in the visitor’s language (the old one expires), once per key; refused when nothing can be paid online', async () => {
    const { code } = await book({ locale: 'fr' })
    const [row] = await app.database.db.select().from(bookings).where(eq(bookings.code, code))
    const [old] = await app.database.db.select().from(paymentLinks).where(eq(paymentLinks.bookingId, row!.id))
    const key = 'resend-payment-link-1'
    const sent = await alpin.call('POST', `/bookings/${code}/payment-link`, { session: manager, key })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect((await alpin.call('POST', `/bookings/${code}/payment-link`, { session: manager, key })).status).toBe(200)
    const live = await app.database.db.select().from(paymentLinks).where(and(eq(paymentLinks.bookingId, row!.id), gt(paymentLinks.expiresAt, clock)))
    expect(live).toHaveLength(1)
    expect(live[0]!.token).not.toBe(old!.token)
    const confirmations = await mails(code, 'booking.confirmation')
    expect(confirmations).toHaveLength(2)
    expect(confirmations.find((m) => String(m.paymentUrl).includes(live[0]!.token))).toMatchObject({ locale: 'fr', to: 'anna@example.ch' })
    expect(String(confirmations.find((m) => String(m.paymentUrl).includes(live[0]!.token))!.paymentUrl)).toContain('/fr/aftersales/payment/')
    expect(sent.body.data.history[0]).toMatchObject({ action: 'payment_link_sent', actor: { name: 'Marco Rossi' } })
    expect(sent.body.data.paymentLink.expiresAt).toBe(live[0]!.expiresAt.toISOString())

    const onSite = await book({ paymentMethod: 'PAY_ON_SITE' })
    const refused = await alpin.call('POST', `/bookings/${onSite.code}/payment-link`, { session: manager })
    expect(refused.status).toBe(409)
    expect(refused.body.data.code).toBe('booking.not_payable_online')
  })

  it('sends the confirmation again in the visitor’s language, once per key', async () => {
    const { code } = await book({ locale: 'en' })
    const key = 'resend-confirmation-1'
    const first = await alpin.call('POST', `/bookings/${code}/confirmation`, { session: manager, key, locale: 'de' })
    expect(first.status).toBe(200)
    await alpin.call('POST', `/bookings/${code}/confirmation`, { session: manager, key, locale: 'de' })
    const confirmations = await mails(code, 'booking.confirmation')
    expect(confirmations).toHaveLength(2)
    expect(confirmations.map((m) => m.locale)).toEqual(['en', 'en'])
    expect(first.body.data.history[0]).toMatchObject({ action: 'confirmation_sent' })
    expect(first.body.data.emails.filter((e: { kind: string }) => e.kind === 'booking.confirmation')).toHaveLength(2)
  })

  it('changes the participants’ names as the checkout checks them, keeps count and extras, and records before and after', async () => {
    const { code } = await book({ quantity: 2 })
    const itemId = (await detail(code)).body.data.items[0].id as string
    const put = (body: unknown) => alpin.call('PUT', `/bookings/${code}/participants`, { session: manager, body })
    const tooFew = await put({ version: 1, items: [{ itemId, participants: [{ firstname: 'Lea', surname: 'Meier' }] }] })
    expect(tooFew.status).toBe(400)
    expect(tooFew.body.data.errors[`items.${itemId}.participants`]).toEqual({ code: 'too_small', params: { type: 'array', minimum: 2 } })
    const blank = await put({ version: 1, items: [{ itemId, participants: [{ firstname: 'Lea', surname: ' ' }, { firstname: 'Tim', surname: 'Meier' }] }] })
    expect(blank.body.data.errors[`items.${itemId}.participants.0.surname`]).toEqual({ code: 'required' })
    const missing = await put({ version: 1, items: [] })
    expect(missing.body.data.errors[`items.${itemId}.participants`]).toEqual({ code: 'required' })
    const surrogate = await put({ version: 1, items: [{ itemId, participants: [{ firstname: 'Lea\udc00', surname: 'Meier' }, { firstname: 'Tim', surname: 'Meier' }] }] })
    expect(surrogate.body.data.errors[`items.${itemId}.participants.0.firstname`]).toMatchObject({ code: 'control_characters' })
    const saved = await put({ version: 1, items: [{ itemId, participants: [{ firstname: 'Lea', surname: 'Meier' }, { firstname: 'P1', surname: 'Muster' }] }] })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.items[0].participants).toEqual([
      { firstname: 'Lea', surname: 'Meier', extras: [{ key: 'lunch', title: 'Lunch' }] },
      { firstname: 'P1', surname: 'Muster', extras: [] },
    ])
    expect(saved.body.data.version).toBe(2)
    expect(saved.body.data.history[0]).toMatchObject({ action: 'participants_changed', changes: [{ field: 'items.1.participants.1', before: 'P0 Muster', after: 'Lea Meier' }] })
    const stale = await put({ version: 1, items: [{ itemId, participants: [{ firstname: 'X', surname: 'Y' }, { firstname: 'Z', surname: 'W' }] }] })
    expect(stale.status).toBe(409)
    expect(stale.body.data.code).toBe('booking.version_conflict')
  })

  it('cancels once when two managers cancel at the same time: places released once, one e-mail in the visitor’s language, one history entry', async () => {
    const { code } = await book({ quantity: 3, locale: 'de' })
    const [before] = await app.database.db.select().from(sessions).where(eq(sessions.id, sessionId()))
    const answers = await Promise.all(Array.from({ length: 3 }, () => alpin.call('POST', `/bookings/${code}/cancel`, { session: manager, body: { version: 1, message: 'Hochwasser.' } })))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    for (const a of answers) expect(a.body.data).toMatchObject({ status: 'CANCELLED', open: 0, paymentState: 'none' })
    const [after] = await app.database.db.select().from(sessions).where(eq(sessions.id, sessionId()))
    expect(after!.placesTaken).toBe(before!.placesTaken - 3)
    const cancelled = await mails(code, 'booking.cancelled')
    expect(cancelled).toHaveLength(1)
    expect(cancelled[0]).toMatchObject({ locale: 'de', reply: 'Hochwasser.' })
    const [row] = await app.database.db.select().from(bookings).where(eq(bookings.code, code))
    expect(row!.version).toBe(2)
    const history = await app.database.db.select().from(changeLog).where(and(eq(changeLog.subjectId, row!.id), eq(changeLog.action, 'cancelled')))
    expect(history).toHaveLength(1)
    expect(history[0]!.actorId).not.toBeNull()
    // A stale version of a booking that is not cancelled yet is a conflict; of a cancelled one, the answer as it is.
    expect((await alpin.call('POST', `/bookings/${code}/cancel`, { session: manager, body: { version: 1 } })).status).toBe(200)
    const other = await book()
    await pay(other.code, { amount: 100, method: 'cash', version: 1 })
    const stale = await alpin.call('POST', `/bookings/${other.code}/cancel`, { session: manager, body: { version: 1 } })
    expect(stale.status).toBe(409)
    expect(stale.body.data.code).toBe('booking.version_conflict')
  })

  it('refuses to cancel an open request (answered in the inbox)', async () => {
    const { booking } = await steps.book({ offer: 'detail-request', mode: 'request', paymentMethod: 'PAY_LATER' })
    const refused = await alpin.call('POST', `/bookings/${booking.code}/cancel`, { session: manager, body: { version: 1 } })
    expect(refused.status).toBe(409)
    expect(refused.body.data.code).toBe('booking.not_cancellable')
    expect((await detail(booking.code)).body.data.actions).toMatchObject({ cancel: false, recordPayment: false, resendConfirmation: false })
  })

  it('cancels a booking paid online: the sandbox refunds it, once, even when the cancel is sent twice', async () => {
    const { cart, code } = await book({ quantity: 1, locale: 'fr', paymentMethod: 'PAY_NOW' })
    const started = await steps.start(`/api/webshop/v1/carts/${cart}/booking/payments`)
    await steps.sandboxAction(started.ref, 'pay')
    await app.sandbox.settled()
    const paid = await detail(code)
    expect(paid.body.data).toMatchObject({ status: 'PAID', paid: 12000, open: 0, paymentState: 'paid' })
    const key = 'cancel-paid-online-1'
    const cancelled = await alpin.call('POST', `/bookings/${code}/cancel`, { session: manager, key, body: { version: paid.body.data.version, message: 'Sorry.' } })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect((await alpin.call('POST', `/bookings/${code}/cancel`, { session: manager, key, body: { version: paid.body.data.version, message: 'Sorry.' } })).status).toBe(200)
    expect((await alpin.call('POST', `/bookings/${code}/cancel`, { session: manager, body: { version: paid.body.data.version } })).status).toBe(200)
    await app.sandbox.settled() // the refund's webhook
    const [row] = await app.database.db.select().from(bookings).where(eq(bookings.code, code))
    const rows = await app.database.db.select().from(refunds).where(eq(refunds.bookingId, row!.id))
    expect(rows).toMatchObject([{ amount: 12000, reason: 'staff_cancel', provider: 'sandbox' }])
    const after = (await detail(code)).body.data
    expect(after.refunds).toMatchObject([{ amount: { amount: 12000, currency: 'CHF' }, status: rows[0]!.status, bookingCode: code }])
    expect(after.paymentState).toBe(rows[0]!.status === 'succeeded' ? 'refunded' : 'refund_due')
    expect(after.history[0]).toMatchObject({ action: expect.any(String) })
    const mail = await mails(code, 'booking.cancelled')
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({ locale: 'fr', refund: { amount: 12000, currency: 'CHF' } })
  })

  it('lists the participants of a session with extras, the booking, the person who booked and the open amount; exports them as CSV', async () => {
    const { code } = await book({ quantity: 2, surname: 'Zürcher', locale: 'de' })
    const itemId = (await detail(code)).body.data.items[0].id as string
    await alpin.call('PUT', `/bookings/${code}/participants`, { session: manager, body: { version: 1, items: [{ itemId, participants: [{ firstname: '=HYPERLINK("x")', surname: 'Zürcher' }, { firstname: 'Chloé', surname: 'Zürcher, jr.' }] }] } })
    const cancelled = await book({ quantity: 1, surname: 'Abgesagt' })
    await alpin.call('POST', `/bookings/${cancelled.code}/cancel`, { session: manager, body: { version: 1 } })

    const manifest = await alpin.call('GET', `/sessions/${sessionId()}/manifest`, { session: manager, locale: 'en' })
    expect(manifest.status, JSON.stringify(manifest.body)).toBe(200)
    const data = manifest.body.data
    expect(data).toMatchObject({ offerTitle: 'Canyoning', meetingPoint: 'Wilderswil station', currency: 'CHF', session: { id: sessionId(), date: '2026-05-12', time: '09:30' }, endTime: '11:30' })
    expect(data.rows.some((r: { bookingCode: string }) => r.bookingCode === cancelled.code)).toBe(false)
    const mine = data.rows.filter((r: { bookingCode: string }) => r.bookingCode === code)
    expect(mine).toEqual([
      expect.objectContaining({ position: 1, firstname: '=HYPERLINK("x")', surname: 'Zürcher', extras: ['Lunch'], booker: { firstname: 'Anna', surname: 'Zürcher', phone: expect.any(String) }, paymentState: 'unpaid', open: 22000 }),
      expect.objectContaining({ position: 2, firstname: 'Chloé', extras: [], paymentState: 'unpaid' }),
    ])
    expect(mine[1].open).toBeUndefined()
    const standing = await app.database.db.select().from(bookings).where(eq(bookings.status, 'CONFIRMED'))
    expect(data.bookings).toBeGreaterThan(0)
    expect(data.bookings).toBeLessThanOrEqual(standing.length + 10)

    const csv = await app.call(`${ALPIN}/api/admin/v1/sessions/${sessionId()}/manifest/export`, {
      headers: { cookie: `staff-session=${manager}`, 'x-flowin-locale': 'en' },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('content-disposition')).toContain('manifest-detail-canyon-2026-05-12-0930.csv')
    const bytes = new Uint8Array(await csv.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    const lines = text.split('\r\n')
    expect(lines.at(-1)).toBe('')
    expect(lines[0]).toBe('Date,Time,Offer,Booking code,No.,First name,Surname,Variant,Extras,Booked by,Company,Phone,Payment,Open amount (CHF)')
    const first = lines.find((l) => l.includes(code) && l.includes('HYPERLINK'))!
    expect(first).toContain(`2026-05-12,09:30,Canyoning,${code},1,"'=HYPERLINK(""x"")",Zürcher,adult,Lunch,Anna Zürcher,,`)
    expect(first).toMatch(/,Unpaid,220\.00$/)
    expect(lines.find((l) => l.includes('Chloé'))).toContain(',"Zürcher, jr.",')
  })
})
