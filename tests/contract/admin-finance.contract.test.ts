import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingItems, bookings, carts, payments, refunds, staff } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer, visitorContact } from '../support/factories'
import { paymentSteps } from '../support/payment-harness'
import { signedInCast, staffCalls } from '../support/staff'
import { visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`

type Person = { firstname: string; surname: string }
type Money = { amount: number; currency: string }

describeEachDatabase('finance (openapi/admin.yaml, tag finance)', (factory) => {
  let app: TestApp
  // Wednesday 15 April 2026, 12:00 in Zurich (summer time, UTC+2).
  const clock = new Date('2026-04-15T10:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let atelier: Awaited<ReturnType<typeof staffCalls>>
  let owner: string
  let manager: string
  let guide: string
  let atelierOwner: string
  let headers: Record<string, string>
  let offer: Awaited<ReturnType<typeof createOffer>>
  let offerId = ''
  let skuId = ''
  let staffIds: Record<string, string> = {}
  const visitor = visitorCalls(ALPIN, () => ({ app, headers }))

  let bookingCount = 0
  /** A booking straight in the database (its cart too), booked at `createdAt`. */
  async function insertBooking(input: { shopId?: string; code: string; person?: Person; status?: (typeof bookings.$inferInsert)['status']; total?: number; open?: number; createdAt: string; paymentMethod?: (typeof bookings.$inferInsert)['paymentMethod']; currency?: string; startsAt?: string }) {
    const n = ++bookingCount
    const id = `finance-booking-${String(n).padStart(4, '0')}`
    const shopId = input.shopId ?? 'alpin'
    const db = app.database.db
    await db.insert(carts).values({ id: `finance-cart-${String(n).padStart(4, '0')}`, shopId })
    await db.insert(bookings).values({
      id,
      shopId,
      code: input.code,
      cartId: `finance-cart-${String(n).padStart(4, '0')}`,
      mode: 'order',
      status: input.status ?? 'CONFIRMED',
      locale: 'de',
      customer: visitorContact.customer,
      person: { ...visitorContact.person, ...(input.person ?? {}) },
      address: visitorContact.address,
      paymentMethod: input.paymentMethod ?? 'PAY_LATER',
      totalAmount: input.total ?? 10000,
      openAmount: input.open ?? 0,
      currency: input.currency ?? 'CHF',
      createdAt: new Date(input.createdAt),
    })
    if (input.startsAt && shopId === 'alpin') {
      await db.insert(bookingItems).values({
        id: `finance-item-${String(n).padStart(4, '0')}`,
        bookingId: id,
        shopId,
        offerId,
        skuId,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(new Date(input.startsAt).getTime() + 3_600_000),
        quantity: 1,
        places: 1,
        unitAmount: input.total ?? 10000,
        totalAmount: input.total ?? 10000,
        currency: input.currency ?? 'CHF',
        participants: [],
      })
    }
    return id
  }

  let paymentCount = 0
  async function insertPayment(bookingId: string, input: Omit<Partial<typeof payments.$inferInsert>, 'createdAt'> & { amount: number; createdAt: string }) {
    const id = input.id ?? `finance-payment-${String(++paymentCount).padStart(4, '0')}`
    await app.database.db.insert(payments).values({
      shopId: 'alpin',
      provider: 'sandbox',
      currency: 'CHF',
      status: 'succeeded',
      source: 'checkout',
      ...input,
      id,
      bookingId,
      createdAt: new Date(input.createdAt),
      updatedAt: new Date(input.createdAt),
    })
    return id
  }

  let refundCount = 0
  async function insertRefund(bookingId: string, paymentId: string, input: Omit<Partial<typeof refunds.$inferInsert>, 'createdAt'> & { amount: number; createdAt: string }) {
    await app.database.db.insert(refunds).values({
      shopId: 'alpin',
      provider: 'sandbox',
      currency: 'CHF',
      status: 'succeeded',
      reason: 'staff_cancel',
      ...input,
      id: `finance-refund-${String(++refundCount).padStart(4, '0')}`,
      bookingId,
      paymentId,
      createdAt: new Date(input.createdAt),
      updatedAt: new Date(input.createdAt),
    })
  }

  const ids: Record<string, string> = {}

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    const cast = await signedInCast(app)
    ;({ alpin, atelier, owner, manager, guide, atelierOwner } = cast)
    headers = await xsrfHeaders(app, ALPIN)
    offer = await createOffer(app.database.db, { slug: 'finance-canyon', sessions: [{ startsAt: new Date('2026-05-10T08:00:00Z'), capacity: 20 }] })
    offerId = offer.offerId
    skuId = offer.skus[0]!.id
    staffIds = Object.fromEntries((await app.database.db.select({ id: staff.id, email: staff.email }).from(staff)).map((s) => [s.email, s.id]))

    // Paid bookings with payments and refunds of February to April 2026.
    const muller = await insertBooking({ code: 'FINA-0001', person: { firstname: 'Jürg', surname: 'Müller' }, createdAt: '2026-02-20T09:00:00Z', status: 'PAID' })
    const dupont = await insertBooking({ code: 'FINA-0002', person: { firstname: 'Zoë', surname: 'Dupont, "Zizi"' }, createdAt: '2026-03-01T09:00:00Z' })
    // 23:30 on 31 March in Zurich (UTC+2): March.
    ids.cash = await insertPayment(muller, { amount: 5000, provider: 'on_site', method: 'cash', source: 'staff', recordedBy: staffIds['anna@alpin.example'], note: '=HYPERLINK("http://evil.example")', createdAt: '2026-03-31T21:30:00Z' })
    // 00:30 on 1 April in Zurich: April.
    ids.online = await insertPayment(dupont, { amount: 12000, providerRef: 'sbx_online_0001', createdAt: '2026-03-31T22:30:00Z' })
    ids.card = await insertPayment(muller, { amount: 3000, provider: 'on_site', method: 'card', source: 'staff', recordedBy: staffIds['marco@alpin.example'], createdAt: '2026-03-10T10:00:00Z' })
    ids.failed = await insertPayment(dupont, { amount: 8000, status: 'failed', createdAt: '2026-03-12T10:00:00Z' })
    ids.pending = await insertPayment(dupont, { amount: 4000, status: 'pending', source: 'link', createdAt: '2026-04-02T10:00:00Z' })
    // 23:30 on 28 February in Zurich (winter time, UTC+1): February.
    ids.transfer = await insertPayment(muller, { amount: 2500, provider: 'on_site', method: 'transfer', source: 'staff', refundDue: true, createdAt: '2026-02-28T22:30:00Z' })
    ids.euro = await insertPayment(dupont, { amount: 7000, currency: 'EUR', createdAt: '2026-03-05T10:00:00Z' })
    await insertRefund(dupont, ids.online, { amount: 12000, actorId: staffIds['marco@alpin.example'], providerRef: 'sbx_refund_0001', createdAt: '2026-04-02T09:00:00Z' })
    await insertRefund(dupont, ids.online, { amount: 1000, status: 'pending', reason: 'visitor_cancel', createdAt: '2026-04-03T09:00:00Z' })
    await insertRefund(dupont, ids.online, { amount: 900, status: 'failed', reason: 'session_cancelled', createdAt: '2026-04-04T09:00:00Z' })
    await insertRefund(muller, ids.cash, { amount: 1000, provider: 'on_site', reason: 'move', createdAt: '2026-03-31T21:45:00Z' })

    // Bookings that owe money, of every age around the buckets' edges (today: 15 April in Zurich).
    await insertBooking({ code: 'OPEN-0000', open: 1000, createdAt: '2026-04-15T08:00:00Z', startsAt: '2026-05-10T08:00:00Z' })
    await insertBooking({ code: 'OPEN-0007', open: 2000, status: 'ACCEPTED', createdAt: '2026-04-08T00:00:00Z', paymentMethod: 'PAY_ON_SITE' }) // 02:00 on 8 April: 7 days
    await insertBooking({ code: 'OPEN-0008', open: 3000, createdAt: '2026-04-07T21:59:00Z', paymentMethod: 'PAY_ON_SITE' }) // 23:59 on 7 April: 8 days
    await insertBooking({ code: 'OPEN-0030', open: 4000, createdAt: '2026-03-16T12:00:00Z', startsAt: '2026-03-20T08:00:00Z' })
    await insertBooking({ code: 'OPEN-0031', open: 5000, total: 9000, createdAt: '2026-03-15T12:00:00Z', startsAt: '2026-03-21T08:00:00Z' })
    await insertBooking({ code: 'OPEN-EURO', open: 6000, currency: 'EUR', createdAt: '2026-04-01T12:00:00Z' })
    // Paid, then moved to a dearer date: it owes the difference.
    await insertBooking({ code: 'OPEN-MOVE', open: 500, status: 'PAID', createdAt: '2026-04-14T12:00:00Z' })
    // Owing nothing: a request not yet accepted, declined, cancelled, paid.
    await insertBooking({ code: 'NOPE-0001', open: 7000, status: 'REQUESTED', createdAt: '2026-04-01T12:00:00Z' })
    await insertBooking({ code: 'NOPE-0002', open: 7000, status: 'DECLINED', createdAt: '2026-04-01T12:00:00Z' })
    await insertBooking({ code: 'NOPE-0003', open: 7000, status: 'CANCELLED', createdAt: '2026-04-01T12:00:00Z' })
    await insertBooking({ code: 'NOPE-0004', open: 0, status: 'CONFIRMED', createdAt: '2026-04-01T12:00:00Z' })

    // Another shop's money, never in alpin's figures.
    const foreign = await insertBooking({ shopId: 'atelier', code: 'ATEL-0001', open: 50000, createdAt: '2026-03-15T12:00:00Z' })
    await app.database.db.insert(payments).values({ id: 'finance-atelier-payment', shopId: 'atelier', bookingId: foreign, provider: 'on_site', method: 'cash', source: 'staff', amount: 99900, currency: 'CHF', status: 'succeeded', createdAt: new Date('2026-03-15T12:00:00Z') })
    await app.database.db.insert(refunds).values({ id: 'finance-atelier-refund', shopId: 'atelier', bookingId: foreign, paymentId: 'finance-atelier-payment', provider: 'on_site', amount: 500, currency: 'CHF', status: 'succeeded', reason: 'staff_cancel', createdAt: new Date('2026-03-16T12:00:00Z') })
  })
  afterAll(() => app?.close())

  const get = (path: string, session = owner, locale = 'en') => alpin.call('GET', `/finance${path}`, { session, locale })
  const codes = (answer: { body: { data: { booking: { code: string } }[] } }) => answer.body.data.map((p) => p.booking.code)
  const amounts = (answer: { body: { data: { amount: Money }[] } }) => answer.body.data.map((p) => p.amount.amount)

  describe('who may see the money', () => {
    it('refuses managers and guides (403) and the signed-out (401)', async () => {
      for (const path of ['/payments', '/refunds', '/open', '/totals?from=2026-03-01&to=2026-03-31', '/payments/export?from=2026-03-01&to=2026-03-31']) {
        expect((await get(path, manager)).status, path).toBe(403)
        expect((await get(path, guide)).status, path).toBe(403)
        expect((await alpin.call('GET', `/finance${path}`)).status, path).toBe(401)
      }
    })

    it('shows another shop’s owner only that shop’s payments, refunds, open amounts and totals', async () => {
      const call = (path: string) => atelier.call('GET', `/finance${path}`, { session: atelierOwner })
      const list = await call('/payments')
      expect(list.body.data.map((p: { id: string }) => p.id)).toEqual(['finance-atelier-payment'])
      expect(list.body.meta).toMatchObject({ total: 1, providers: ['on_site'], methods: ['cash'] })
      expect((await call('/refunds')).body.data.map((r: { id: string }) => r.id)).toEqual(['finance-atelier-refund'])
      const open = (await call('/open')).body.data
      expect(open.bookings.map((b: { code: string }) => b.code)).toEqual(['ATEL-0001'])
      const totals = (await call('/totals?from=2026-03-01&to=2026-03-31')).body.data
      expect(totals.total).toEqual({ received: 99900, refunded: 500, net: 99400, payments: 1, refunds: 1 })
      // And alpin's owner never sees atelier's.
      expect((await get('/payments?perPage=100')).body.data.map((p: { id: string }) => p.id)).not.toContain('finance-atelier-payment')
      expect((await get('/payments?booking=ATEL-0001')).body.meta.total).toBe(0)
    })
  })

  describe('payments', () => {
    it('lists them newest first with booking, person, provider, method and who recorded them', async () => {
      const answer = await get('/payments?from=2026-02-01&to=2026-04-30')
      expect(answer.status).toBe(200)
      expect(answer.body.data.map((p: { id: string }) => p.id)).toEqual([ids.pending, ids.online, ids.cash, ids.failed, ids.card, ids.euro, ids.transfer])
      expect(answer.body.meta).toEqual({ page: 1, perPage: 50, total: 7, providers: ['on_site', 'sandbox'], methods: ['card', 'cash', 'transfer'] })
      const cash = answer.body.data.find((p: { id: string }) => p.id === ids.cash)
      expect(cash).toEqual({
        id: ids.cash,
        createdAt: '2026-03-31T21:30:00.000Z',
        updatedAt: '2026-03-31T21:30:00.000Z',
        provider: 'on_site',
        providerRef: null,
        method: 'cash',
        source: 'staff',
        amount: { amount: 5000, currency: 'CHF' },
        status: 'succeeded',
        refundDue: false,
        booking: { id: expect.any(String), code: 'FINA-0001', name: 'Jürg Müller' },
        recordedBy: { id: staffIds['anna@alpin.example'], name: 'Anna Keller' },
        note: '=HYPERLINK("http://evil.example")',
      })
      const online = answer.body.data.find((p: { id: string }) => p.id === ids.online)
      expect(online).toMatchObject({ provider: 'sandbox', providerRef: 'sbx_online_0001', method: null, recordedBy: null, booking: { code: 'FINA-0002', name: 'Zoë Dupont, "Zizi"' } })
    })

    it('filters by days of the shop’s time zone: 23:30 on 31 March is March, 00:30 on 1 April is April', async () => {
      expect(amounts(await get('/payments?from=2026-04-01&to=2026-04-30'))).toEqual([4000, 12000])
      expect(amounts(await get('/payments?from=2026-03-31&to=2026-03-31'))).toEqual([5000])
      expect(amounts(await get('/payments?from=2026-02-28&to=2026-02-28'))).toEqual([2500])
      expect(amounts(await get('/payments?to=2026-03-09'))).toEqual([7000, 2500])
      expect(amounts(await get('/payments?from=2026-04-02'))).toEqual([4000])
    })

    it('filters by provider, method, status, source and booking code, and pages', async () => {
      const range = 'from=2026-02-01&to=2026-04-30'
      expect(amounts(await get(`/payments?${range}&provider=on_site`))).toEqual([5000, 3000, 2500])
      expect(amounts(await get(`/payments?${range}&method=cash`))).toEqual([5000])
      expect(amounts(await get(`/payments?${range}&status=failed`))).toEqual([8000])
      expect(amounts(await get(`/payments?${range}&source=link`))).toEqual([4000])
      expect(amounts(await get(`/payments?${range}&provider=sandbox&status=succeeded`))).toEqual([12000, 7000])
      expect(codes(await get(`/payments?${range}&booking=fina-0001`))).toEqual(['FINA-0001', 'FINA-0001', 'FINA-0001'])
      const second = await get(`/payments?${range}&perPage=3&page=2`)
      expect(second.body.data.map((p: { id: string }) => p.id)).toEqual([ids.failed, ids.card, ids.euro])
      expect(second.body.meta).toMatchObject({ page: 2, perPage: 3, total: 7 })
      expect((await get(`/payments?${range}&perPage=3&page=4`)).body.data).toEqual([])
    })

    it('refuses a reversed or too long range, an unknown day, a status or page size outside the contract', async () => {
      const reversed = await get('/payments?from=2026-03-02&to=2026-03-01')
      expect(reversed.status).toBe(400)
      expect(reversed.body.data.errors).toEqual({ to: { code: 'range.reversed' } })
      const long = await get('/payments?from=2025-01-01&to=2026-03-01')
      expect(long.body.data.errors).toEqual({ to: { code: 'range.too_long', params: { maximum: 400 } } })
      expect((await get('/payments?from=2026-02-30')).status).toBe(400)
      expect((await get('/payments?status=refunded')).status).toBe(400)
      expect((await get('/payments?perPage=101')).status).toBe(400)
      expect((await get('/payments?provider=DROP%20TABLE')).status).toBe(400)
    })
  })

  describe('refunds', () => {
    it('lists them newest first with booking, status, reason, payment method and who', async () => {
      const answer = await get('/refunds')
      expect(answer.status).toBe(200)
      expect(answer.body.data.map((r: { amount: Money; status: string; reason: string }) => [r.amount.amount, r.status, r.reason])).toEqual([
        [900, 'failed', 'session_cancelled'],
        [1000, 'pending', 'visitor_cancel'],
        [12000, 'succeeded', 'staff_cancel'],
        [1000, 'succeeded', 'move'],
      ])
      expect(answer.body.data[2]).toMatchObject({
        provider: 'sandbox',
        providerRef: 'sbx_refund_0001',
        booking: { code: 'FINA-0002', name: 'Zoë Dupont, "Zizi"' },
        paymentId: ids.online,
        paymentMethod: null,
        actor: { id: staffIds['marco@alpin.example'], name: 'Marco Rossi' },
        createdAt: '2026-04-02T09:00:00.000Z',
      })
      expect(answer.body.data[3]).toMatchObject({ paymentMethod: 'cash', actor: null, booking: { code: 'FINA-0001' } })
      expect(answer.body.meta).toEqual({ page: 1, perPage: 50, total: 4 })
    })

    it('filters by status, reason, provider and the shop’s days', async () => {
      expect((await get('/refunds?status=succeeded')).body.meta.total).toBe(2)
      expect((await get('/refunds?reason=move')).body.data.map((r: { amount: Money }) => r.amount.amount)).toEqual([1000])
      expect((await get('/refunds?provider=on_site')).body.meta.total).toBe(1)
      expect((await get('/refunds?from=2026-03-01&to=2026-03-31')).body.data.map((r: { reason: string }) => r.reason)).toEqual(['move'])
      expect((await get('/refunds?from=2026-04-03&to=2026-04-04&perPage=1')).body).toMatchObject({ data: [{ status: 'failed' }], meta: { total: 2, perPage: 1 } })
    })
  })

  describe('open amounts', () => {
    it('lists confirmed, accepted and paid-then-moved bookings that owe money, oldest first, with their age, first date and method', async () => {
      const answer = await get('/open')
      expect(answer.status).toBe(200)
      const data = answer.body.data
      expect(data.today).toBe('2026-04-15')
      expect(data.bookings.map((b: { code: string; ageDays: number; bucket: string }) => [b.code, b.ageDays, b.bucket])).toEqual([
        ['OPEN-0031', 31, 'days31plus'],
        ['OPEN-0030', 30, 'days8to30'],
        ['OPEN-EURO', 14, 'days8to30'],
        ['OPEN-0008', 8, 'days8to30'],
        ['OPEN-0007', 7, 'days0to7'],
        ['OPEN-MOVE', 1, 'days0to7'],
        ['OPEN-0000', 0, 'days0to7'],
      ])
      expect(data.bookings[0]).toMatchObject({ status: 'CONFIRMED', total: { amount: 9000, currency: 'CHF' }, open: { amount: 5000, currency: 'CHF' }, bookedOn: '2026-03-15', firstDate: '2026-03-21', paymentMethod: 'PAY_LATER', name: 'Anna Muster' })
      expect(data.bookings[3]).toMatchObject({ bookedOn: '2026-04-07', firstDate: null, paymentMethod: 'PAY_ON_SITE' })
      expect(data.bookings[4]).toMatchObject({ status: 'ACCEPTED', bookedOn: '2026-04-08' })
      expect(data.buckets).toEqual([
        { bucket: 'days0to7', count: 3, amount: { amount: 3500, currency: 'CHF' } },
        { bucket: 'days8to30', count: 2, amount: { amount: 7000, currency: 'CHF' } },
        { bucket: 'days31plus', count: 1, amount: { amount: 5000, currency: 'CHF' } },
      ])
      expect(data.bookings[5]).toMatchObject({ status: 'PAID', open: { amount: 500, currency: 'CHF' } })
      expect(data.total).toEqual({ count: 6, amount: { amount: 15500, currency: 'CHF' } })
      expect(data.otherCurrency).toBe(1)
      expect(answer.body.meta).toEqual({ page: 1, perPage: 50, total: 7 })
    })

    it('filters by age range and payment method, and pages; the buckets stay those of all bookings', async () => {
      const recent = await get('/open?bucket=days8to30')
      expect(recent.body.data.bookings.map((b: { code: string }) => b.code)).toEqual(['OPEN-0030', 'OPEN-EURO', 'OPEN-0008'])
      expect(recent.body.data.total.count).toBe(6)
      expect((await get('/open?paymentMethod=PAY_ON_SITE')).body.data.bookings.map((b: { code: string }) => b.code)).toEqual(['OPEN-0008', 'OPEN-0007'])
      const page = await get('/open?perPage=2&page=3')
      expect(page.body.data.bookings.map((b: { code: string }) => b.code)).toEqual(['OPEN-0007', 'OPEN-MOVE'])
      expect((await get('/open?perPage=2&page=4')).body.data.bookings.map((b: { code: string }) => b.code)).toEqual(['OPEN-0000'])
      expect((await get('/open?bucket=old')).status).toBe(400)
    })
  })

  describe('totals', () => {
    it('sums received, refunded and net per month of the shop’s time zone, and per provider and method', async () => {
      const answer = await get('/totals?from=2026-02-01&to=2026-04-30&granularity=month')
      expect(answer.status).toBe(200)
      const data = answer.body.data
      expect(data).toMatchObject({ from: '2026-02-01', to: '2026-04-30', granularity: 'month', timeZone: 'Europe/Zurich', currency: 'CHF', otherCurrency: { payments: 1, refunds: 0 } })
      expect(data.periods).toEqual([
        { key: '2026-02', start: '2026-02-01', end: '2026-02-28', figures: { received: 2500, refunded: 0, net: 2500, payments: 1, refunds: 0 } },
        { key: '2026-03', start: '2026-03-01', end: '2026-03-31', figures: { received: 8000, refunded: 1000, net: 7000, payments: 2, refunds: 1 } },
        { key: '2026-04', start: '2026-04-01', end: '2026-04-30', figures: { received: 12000, refunded: 12000, net: 0, payments: 1, refunds: 1 } },
      ])
      expect(data.total).toEqual({ received: 22500, refunded: 13000, net: 9500, payments: 4, refunds: 2 })
      expect(data.methods).toEqual([
        { provider: 'sandbox', method: null, figures: { received: 12000, refunded: 12000, net: 0, payments: 1, refunds: 1 } },
        { provider: 'on_site', method: 'cash', figures: { received: 5000, refunded: 1000, net: 4000, payments: 1, refunds: 1 } },
        { provider: 'on_site', method: 'card', figures: { received: 3000, refunded: 0, net: 3000, payments: 1, refunds: 0 } },
        { provider: 'on_site', method: 'transfer', figures: { received: 2500, refunded: 0, net: 2500, payments: 1, refunds: 0 } },
      ])
    })

    it('cuts days at the shop’s midnight and weeks on ISO Mondays, empty periods included, only the range’s days counted', async () => {
      const days = (await get('/totals?from=2026-03-31&to=2026-04-02&granularity=day')).body.data
      expect(days.periods.map((p: { key: string; figures: { received: number; refunded: number } }) => [p.key, p.figures.received, p.figures.refunded])).toEqual([
        ['2026-03-31', 5000, 1000],
        ['2026-04-01', 12000, 0],
        ['2026-04-02', 0, 12000],
      ])
      const weeks = (await get('/totals?from=2026-03-01&to=2026-04-01&granularity=week')).body.data
      expect(weeks.periods.map((p: { key: string; start: string; figures: { received: number } }) => [p.key, p.start, p.figures.received])).toEqual([
        ['2026-W09', '2026-02-23', 0], // only 1 March counts, not the transfer of 28 February
        ['2026-W10', '2026-03-02', 0],
        ['2026-W11', '2026-03-09', 3000],
        ['2026-W12', '2026-03-16', 0],
        ['2026-W13', '2026-03-23', 0],
        ['2026-W14', '2026-03-30', 17000],
      ])
      expect((await get('/totals?from=2026-03-01&to=2026-03-31')).body.data.granularity).toBe('month')
    })

    it('bounds the range and the number of periods', async () => {
      const tooMany = await get('/totals?from=2026-01-01&to=2026-05-01&granularity=day')
      expect(tooMany.status).toBe(400)
      expect(tooMany.body.data.errors).toEqual({ granularity: { code: 'range.too_many_periods', params: { maximum: 120 } } })
      expect((await get('/totals?from=2026-01-01&to=2026-04-30&granularity=day')).body.data.periods).toHaveLength(120)
      expect((await get('/totals?from=2025-01-01&to=2026-04-30&granularity=month')).body.data.errors).toEqual({ to: { code: 'range.too_long', params: { maximum: 400 } } })
      expect((await get('/totals?from=2026-01-01')).status).toBe(400)
      expect((await get('/totals?from=2026-01-01&to=2026-01-31&granularity=year')).status).toBe(400)
    })
  })

  describe('CSV export', () => {
    const exportCsv = (query: string, locale = 'en', session = owner) =>
      app.call(`${ALPIN}/api/admin/v1/finance/payments/export?${query}`, {
        headers: { cookie: `staff-session=${session}`, 'x-flowin-locale': locale },
      })

    it('is UTF-8 with a BOM, RFC 4180 with CRLF, oldest first, in the shop’s time zone, formulas neutralised', async () => {
      const response = await exportCsv('from=2026-03-01&to=2026-03-31')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present')
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="payments-2026-03-01_2026-03-31.csv"')
      expect(response.headers.get('cache-control')).toBe('no-store')
      const bytes = Buffer.from(await response.arrayBuffer())
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      // "Jürg Müller": ü is two bytes in UTF-8.
      expect(bytes.includes(Buffer.from([0x4a, 0xc3, 0xbc, 0x72, 0x67]))).toBe(true)
      const text = bytes.subarray(3).toString('utf8')
      expect(text.endsWith('\r\n')).toBe(true)
      expect(text.replace(/\r\n/g, '')).not.toContain('\n')
      expect(text.split('\r\n')).toEqual([
        'Date and time,Booking code,Name,Provider,Method,Source,Status,Amount,Currency,Refund due,Provider reference,Recorded by,Note',
        '2026-03-05 11:00,FINA-0002,"Zoë Dupont, ""Zizi""",Sandbox (test payments),,Checkout,Succeeded,70.00,EUR,No,,,',
        '2026-03-10 11:00,FINA-0001,Jürg Müller,On site,Card,Recorded by staff,Succeeded,30.00,CHF,No,,Marco Rossi,',
        '2026-03-12 11:00,FINA-0002,"Zoë Dupont, ""Zizi""",Sandbox (test payments),,Checkout,Failed,80.00,CHF,No,,,',
        `2026-03-31 23:30,FINA-0001,Jürg Müller,On site,Cash,Recorded by staff,Succeeded,50.00,CHF,No,,Anna Keller,"'=HYPERLINK(""http://evil.example"")"`,
        '',
      ])
    })

    it('takes the list’s filters and answers the header and words in the staff member’s language', async () => {
      const cash = await (await exportCsv('from=2026-02-01&to=2026-04-30&provider=on_site&method=transfer', 'de')).text()
      const [header, row] = cash.replace(/^\uFEFF/, '').split('\r\n')
      expect(header).toBe('Datum und Uhrzeit,Buchungscode,Name,Anbieter,Zahlungsmittel,Herkunft,Status,Betrag,Währung,Rückerstattung offen,Referenz des Anbieters,Erfasst von,Notiz')
      expect(row).toBe('2026-02-28 23:30,FINA-0001,Jürg Müller,Vor Ort,Banküberweisung,Vom Team erfasst,Erfolgreich,25.00,CHF,Ja,,,')
      const fr = await exportCsv('from=2026-02-01&to=2026-02-28', 'fr')
      expect(fr.headers.get('content-disposition')).toBe('attachment; filename="paiements-2026-02-01_2026-02-28.csv"')
      // The byte-order mark is there (Response.text() and TextDecoder strip it when they decode).
      const frBytes = new Uint8Array(await fr.arrayBuffer())
      expect([...frBytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      expect(new TextDecoder().decode(frBytes).split('\r\n')[0]).toBe('Date et heure,Code de réservation,Nom,Prestataire,Moyen de paiement,Origine,Statut,Montant,Monnaie,Remboursement dû,Référence du prestataire,Saisi par,Remarque')
    })

    it('needs a bounded period and refuses managers', async () => {
      expect((await exportCsv('from=2026-03-01')).status).toBe(400)
      const long = await exportCsv('from=2025-01-01&to=2026-03-01')
      expect(long.status).toBe(400)
      expect((await long.json()).data.errors).toEqual({ to: { code: 'range.too_long', params: { maximum: 400 } } })
      expect((await exportCsv('from=2026-03-01&to=2026-03-31', 'en', manager)).status).toBe(403)
    })
  })

  it('lists a real sandbox payment made by a visitor', async () => {
    const { book, start, sandboxAction } = paymentSteps({
      origin: ALPIN,
      app: () => app,
      call: visitor,
      made: { 'finance-canyon': offer },
      secret: () => '',
      clock: () => clock.getTime(),
      defaults: { offer: 'finance-canyon', paymentMethod: 'PAY_NOW' },
    })
    const { cart, booking } = await book({ quantity: 2 })
    const { ref } = await start(`/api/webshop/v1/carts/${cart}/booking/payments`)
    expect((await sandboxAction(ref, 'pay')).status).toBeLessThan(400)
    await app.sandbox.settled()
    const answer = await get(`/payments?booking=${booking.code}`)
    expect(answer.body.data).toHaveLength(1)
    expect(answer.body.data[0]).toMatchObject({ provider: 'sandbox', source: 'checkout', status: 'succeeded', providerRef: ref, amount: { amount: booking.total.amount, currency: 'CHF' }, booking: { code: booking.code, name: 'Anna Muster' }, recordedBy: null })
  })

})
