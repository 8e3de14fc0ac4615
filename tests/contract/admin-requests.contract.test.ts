import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, sessions } from '../../src/server/db/schema'
import { createOperatorToken } from '../../src/server/domain/operator'
import { getOrCreateSecret } from '../../src/server/domain/secrets'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer } from '../support/factories'
import { paymentSteps } from '../support/payment-harness'
import { signedInCast, staffCalls } from '../support/staff'
import { bookingRecords, tenOClock, visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`
const TZ = 'Europe/Zurich'

describeEachDatabase('requests inbox (openapi/admin.yaml, tag requests)', (factory) => {
  let app: TestApp
  // The clock moves on a minute with each request made, so "newest first" is well defined.
  const start = Date.now()
  let clock = start
  const at = tenOClock(() => start, TZ)
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let owner: string
  let manager: string
  let guide: string
  let stranger: string
  let headers: Record<string, string>
  let secret: string
  let operator: string
  const made: Record<string, Awaited<ReturnType<typeof createOffer>>> = {}

  const visitor = visitorCalls(ALPIN, () => ({ app, headers }))
  const steps = paymentSteps({ origin: ALPIN, app: () => app, call: visitor, made, secret: () => secret, clock: () => clock, defaults: { offer: 'inbox-request', paymentMethod: 'PAY_LATER' } })
  const { bookingRow, mailsOf } = bookingRecords(() => app)

  /** A visitor's request (Anna Muster, anna@example.ch) of `quantity` places in `locale`; the clock moves on a minute first. */
  const ask = async (options: { offer?: string; quantity?: number; locale?: string } = {}) => {
    clock += 60_000
    const { booking } = await steps.book({ offer: options.offer ?? 'inbox-request', mode: 'request', quantity: options.quantity ?? 1, locale: options.locale ?? 'en' })
    return booking.code as string
  }
  const list = (query = '', session = manager) => alpin.call('GET', `/requests${query}`, { session })
  const counts = async (session = manager) => (await alpin.call('GET', '/requests/counts', { session })).body.data as { unseen: number; open: number }
  const get = (code: string, session = manager, locale = 'en') => alpin.call('GET', `/requests/${code}`, { session, locale })
  const seen = (code: string, value: boolean, session = manager) => alpin.call('POST', `/requests/${code}/seen`, { session, body: { seen: value } })
  const answer = (code: string, body: unknown, session = manager, key?: string) => alpin.call('POST', `/requests/${code}/answer`, { session, body, ...(key ? { key } : {}) })
  const placesTaken = async (offer: string) => (await app.database.db.select().from(sessions).where(eq(sessions.id, made[offer]!.sessions[0]!.id)))[0]!.placesTaken
  const codes = (answer: { body: { data: { code: string }[] } }) => answer.body.data.map((r) => r.code)

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date(clock) })
    ;({ alpin, owner, manager, guide, atelierOwner: stranger } = await signedInCast(app))
    headers = await xsrfHeaders(app, ALPIN)
    secret = await getOrCreateSecret(app.database.db, 'sandbox-webhook')
    operator = await createOperatorToken(app.database.db, 'alpin', 'scripts')
    made['inbox-request'] = await createOffer(app.database.db, { slug: 'inbox-request', title: 'Glacier walk', uponRequest: true, skus: [{ key: 'adult', price: 9000 }], sessions: [{ startsAt: at(5), capacity: 40 }] })
    made['inbox-small'] = await createOffer(app.database.db, { slug: 'inbox-small', uponRequest: true, sessions: [{ startsAt: at(6), capacity: 3 }] })
    made['inbox-order'] = await createOffer(app.database.db, { slug: 'inbox-order', sessions: [{ startsAt: at(6), capacity: 3 }] })
  })
  afterAll(() => app?.close())

  describe('the inbox', () => {
    let first: string
    let second: string
    let third: string

    beforeAll(async () => {
      first = await ask()
      second = await ask({ locale: 'de' })
      third = await ask({ locale: 'fr' })
      // An order is not a request: never in the inbox, never counted.
      await steps.book({ offer: 'inbox-order', mode: 'order' })
    })

    it('lists unseen requests first, then newest first, with the offers and dates in the member’s language and the shop’s time zone', async () => {
      expect((await seen(third, true)).status).toBe(200)
      const answer = await list('?status=open')
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(codes(answer)).toEqual([second, first, third])
      expect(answer.body.meta).toEqual({ page: 1, perPage: 25, total: 3 })
      const startsAt = at(5)
      expect(answer.body.data[0]).toMatchObject({
        code: second,
        status: 'REQUESTED',
        seen: false,
        person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch' },
        total: { amount: 9000, currency: 'CHF' },
        items: [{ offerTitle: 'Glacier walk', skuTitle: 'adult', start: startsAt.toISOString(), day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), startTime: '10:00', quantity: 1 }],
      })
      expect(answer.body.data[0].repliedAt).toBeUndefined()
      const inGerman = await alpin.call('GET', '/requests?status=open', { session: manager, locale: 'de' })
      expect(inGerman.body.data[0].items[0].offerTitle).toBe('Glacier walk (de)')
      const inEnglish = await alpin.call('GET', '/requests?status=open', { session: manager, locale: 'en' })
      expect(inEnglish.body.data[0].items[0].offerTitle).toBe('Glacier walk')
      expect((await list('?status=answered')).body.data).toEqual([])
    })

    it('counts the unseen and the open requests of the shop only', async () => {
      expect(await counts()).toEqual({ unseen: 2, open: 3 })
      expect(await counts(owner)).toEqual({ unseen: 2, open: 3 })
      const atelier = await staffCalls(app, ATELIER)
      expect((await atelier.call('GET', '/requests/counts', { session: stranger })).body.data).toEqual({ unseen: 0, open: 0 })
      expect((await atelier.call('GET', '/requests', { session: stranger })).body.data).toEqual([])
    })

    it('searches by code (typed any way), name and e-mail address, and pages', async () => {
      expect(codes(await list(`?q=${second.toLowerCase().replace('-', '')}`))).toEqual([second])
      expect(codes(await list(`?q=${second.slice(0, 6)}`))).toContain(second)
      expect((await list('?q=muster&status=open')).body.meta.total).toBe(3)
      expect((await list('?q=Anna%20Muster&status=open')).body.meta.total).toBe(3)
      expect((await list('?q=ANNA%40EXAMPLE&status=open')).body.meta.total).toBe(3)
      expect((await list('?q=nobody')).body).toEqual({ data: [], meta: { page: 1, perPage: 25, total: 0 } })
      // LIKE's wildcards are plain characters.
      expect((await list('?q=%25')).body.meta.total).toBe(0)
      expect((await list('?q=_')).body.meta.total).toBe(0)
      const page = await list('?status=open&perPage=1&page=2')
      expect(page.body).toMatchObject({ data: [{ code: first }], meta: { page: 2, perPage: 1, total: 3 } })
      expect((await list('?perPage=101')).status).toBe(400)
      expect((await list('?status=everything')).status).toBe(400)
      expect((await list(`?q=${'x'.repeat(101)}`)).status).toBe(400)
    })

    it('shows one request without marking it seen, with its message, items, participants, contact, language and availability', async () => {
      const before = await counts()
      const answer = await get(first)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body.data).toMatchObject({
        code: first,
        status: 'REQUESTED',
        seen: false,
        locale: 'en',
        customer: { type: 'PRIVATE' },
        person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '+41 79 900 00 00' },
        address: { street: 'Bahnhofstrasse', city: 'Interlaken', country: 'CH' },
        paymentMethod: 'PAY_LATER',
        total: { amount: 9000, currency: 'CHF' },
        items: [{ offerTitle: 'Glacier walk', participants: [{ firstname: 'P0', surname: 'Muster' }], total: { amount: 9000, currency: 'CHF' } }],
        availability: { available: true, unavailable: {} },
        history: [],
      })
      expect((await bookingRow(first)).seen).toBe(false)
      expect(await counts()).toEqual(before)
      // Checking the availability takes no places.
      expect(await placesTaken('inbox-request')).toBe(0)
    })

    it('marks a request seen and unread again, each change once in its history with the member', async () => {
      const opened = await seen(first, true)
      expect(opened.body.data).toMatchObject({ seen: true, history: [{ action: 'seen', actor: { name: 'Marco Rossi' }, changes: [{ field: 'seen', before: false, after: true }] }] })
      expect(await counts()).toEqual({ unseen: 1, open: 3 })
      expect((await seen(first, true)).body.data.history).toHaveLength(1)
      const unread = await seen(first, false, owner)
      expect(unread.body.data).toMatchObject({ seen: false, history: [{ action: 'unseen', actor: { name: 'Anna Keller' } }, { action: 'seen' }] })
      expect(await counts()).toEqual({ unseen: 2, open: 3 })
      expect((await seen(first, 'yes' as unknown as boolean)).status).toBe(400)
    })
  })

  describe('answers', () => {
    it('accepts a request: takes the places, e-mails the payment link in the visitor’s language, and the visitor pays through it', async () => {
      const code = await ask({ quantity: 2, locale: 'de' })
      const takenBefore = await placesTaken('inbox-request')
      const response = await answer(code, { decision: 'accept', reply: 'Gern!\nBis bald.' })
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      expect(response.body.data).toMatchObject({ status: 'ACCEPTED', seen: true, reply: 'Gern!\nBis bald.', repliedAt: new Date(clock).toISOString(), locale: 'de' })
      expect(response.body.data.availability).toBeUndefined()
      expect(response.body.data.history[0]).toMatchObject({ action: 'accepted', actor: { name: 'Marco Rossi' } })
      expect(response.body.data.history[0].changes).toContainEqual({ field: 'status', before: 'REQUESTED', after: 'ACCEPTED' })
      expect(await placesTaken('inbox-request')).toBe(takenBefore + 2)
      const [mail] = await mailsOf(code, 'request.accepted')
      const payload = mail!.payload as { locale: string; reply: string; paymentUrl: string }
      expect(payload).toMatchObject({ locale: 'de', reply: 'Gern!\nBis bald.' })
      expect(payload.paymentUrl).toMatch(new RegExp(`^${ALPIN}/de/aftersales/payment/[A-Za-z0-9_-]{43}$`))
      expect((await list('?status=answered')).body.data.map((r: { code: string }) => r.code)).toContain(code)

      const again = await answer(code, { decision: 'decline' })
      expect(again.status).toBe(409)
      expect(again.body.data.code).toBe('request.already_answered')

      // Accepted, it is a booking the visitor manages like an order: the answer carries its link, which opens it.
      const manageUrl = (mail!.payload as { manageUrl?: string }).manageUrl ?? ''
      expect(manageUrl).toMatch(new RegExp(`^${ALPIN}/de/aftersales/booking/[A-Za-z0-9_-]{43}$`))
      const managed = await visitor('GET', `/api/webshop/v1/manage/${manageUrl.split('/').pop()}`)
      expect(managed.status).toBe(200)
      expect((await managed.json()).data.booking).toMatchObject({ code, status: 'ACCEPTED' })
      const token = payload.paymentUrl.split('/').pop()!
      const started = await steps.start(`/api/webshop/v1/payment-links/${token}/payments`)
      await steps.sandboxAction(started.ref, 'pay')
      await app.sandbox.settled()
      expect((await get(code)).body.data).toMatchObject({ status: 'PAID', openAmount: { amount: 0 } })
    })

    it('replays an answer for the same idempotency key instead of refusing it', async () => {
      const code = await ask()
      const key = randomUUID()
      const first = await answer(code, { decision: 'accept' }, manager, key)
      const replay = await answer(code, { decision: 'accept' }, manager, key)
      expect([first.status, replay.status]).toEqual([200, 200])
      expect(replay.body.data.repliedAt).toBe(first.body.data.repliedAt)
      expect(await mailsOf(code, 'request.accepted')).toHaveLength(1)
    })

    it('declines with the reply only: no places, no payment link', async () => {
      const code = await ask({ locale: 'fr' })
      const takenBefore = await placesTaken('inbox-request')
      const response = await answer(code, { decision: 'decline', reply: 'Complet, désolé.' })
      expect(response.body.data).toMatchObject({ status: 'DECLINED', reply: 'Complet, désolé.', history: [{ action: 'declined' }] })
      const [mail] = await mailsOf(code, 'request.declined')
      expect(mail!.payload).toMatchObject({ locale: 'fr', reply: 'Complet, désolé.' })
      expect((mail!.payload as { paymentUrl?: string }).paymentUrl).toBeUndefined()
      expect(await placesTaken('inbox-request')).toBe(takenBefore)
    })

    it('answers once when two managers answer at the same time', async () => {
      const code = await ask()
      const takenBefore = await placesTaken('inbox-request')
      const answers = await Promise.all([answer(code, { decision: 'accept', reply: 'Ja' }), answer(code, { decision: 'decline', reply: 'Nein' }, owner), answer(code, { decision: 'accept' }, owner)])
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
      for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.data.code).toBe('request.already_answered')
      const winner = answers.find((a) => a.status === 200)!.body.data
      const mails = [...(await mailsOf(code, 'request.accepted')), ...(await mailsOf(code, 'request.declined'))]
      expect(mails).toHaveLength(1)
      expect(await placesTaken('inbox-request')).toBe(takenBefore + (winner.status === 'ACCEPTED' ? 1 : 0))
      expect(winner.history.filter((h: { action: string }) => h.action === 'accepted' || h.action === 'declined')).toHaveLength(1)
    })

    it('refuses to accept when the places are gone, naming the items, and changes nothing', async () => {
      const code = await ask({ offer: 'inbox-small', quantity: 2 })
      // Meanwhile others booked 2 of its 3 places.
      await app.database.db.update(sessions).set({ placesTaken: 2 }).where(eq(sessions.id, made['inbox-small']!.sessions[0]!.id))
      const shown = await get(code)
      const itemId = shown.body.data.items[0].id
      expect(shown.body.data.availability).toEqual({ available: false, unavailable: { [itemId]: 'places.insufficient' } })
      const refused = await answer(code, { decision: 'accept', reply: 'Gern' })
      expect(refused.status).toBe(409)
      expect(refused.body.data).toMatchObject({ code: 'places.insufficient', items: { [itemId]: 'places.insufficient' } })
      expect(await bookingRow(code)).toMatchObject({ status: 'REQUESTED', reply: null })
      expect(await mailsOf(code, 'request.accepted')).toHaveLength(0)
      expect(await placesTaken('inbox-small')).toBe(2)
      // Declining is still possible.
      expect((await answer(code, { decision: 'decline' })).body.data.status).toBe('DECLINED')
    })

    it('checks the answer: decision, reply length', async () => {
      const code = await ask()
      const tooLong = await answer(code, { decision: 'accept', reply: 'x'.repeat(2001) })
      expect(tooLong.status).toBe(400)
      expect(tooLong.body.data.errors.reply).toBeDefined()
      expect((await answer(code, { decision: 'maybe' })).status).toBe(400)
      // A lone surrogate (found by the fuzzer) and control characters are refused at the field; line breaks are fine.
      for (const reply of ['\ud800 oops', 'bell\u0007']) {
        const refused = await answer(code, { decision: 'accept', reply })
        expect(refused.status).toBe(400)
        expect(refused.body.data.errors.reply).toMatchObject({ code: 'control_characters' })
      }
      expect((await answer(code, {})).status).toBe(400)
      expect((await bookingRow(code)).status).toBe('REQUESTED')
      expect((await answer(code, { decision: 'decline', reply: 'x'.repeat(2000) })).status).toBe(200)
    })
  })

  describe('who may', () => {
    it('refuses guides, and another shop’s requests and orders are unknown', async () => {
      const code = await ask()
      expect((await list('', guide)).status).toBe(403)
      expect((await alpin.call('GET', '/requests/counts', { session: guide })).status).toBe(403)
      expect((await get(code, guide)).status).toBe(403)
      expect((await seen(code, true, guide)).status).toBe(403)
      expect((await answer(code, { decision: 'accept' }, guide)).status).toBe(403)
      expect((await alpin.call('GET', '/requests')).status).toBe(401)

      const atelier = await staffCalls(app, ATELIER)
      const foreign = await atelier.call('GET', `/requests/${code}`, { session: stranger })
      expect(foreign.status).toBe(404)
      expect(foreign.body.data.code).toBe('request.not_found')
      expect((await atelier.call('POST', `/requests/${code}/seen`, { session: stranger, body: { seen: true } })).status).toBe(404)
      expect((await atelier.call('POST', `/requests/${code}/answer`, { session: stranger, body: { decision: 'accept' } })).status).toBe(404)
      expect(await bookingRow(code)).toMatchObject({ status: 'REQUESTED', seen: false })

      const order = (await steps.book({ offer: 'inbox-order', mode: 'order' })).booking.code as string
      expect((await get(order)).status).toBe(404)
      expect((await answer(order, { decision: 'accept' })).status).toBe(404)
      expect((await get('ZZZZ-ZZZZ')).status).toBe(404)
      expect((await get('not-a-code')).status).toBe(404)
    })
  })

  describe('the operator API beside it', () => {
    const operatorCall = (path: string, init: RequestInit = {}) =>
      app.call(`${ALPIN}/api/webshop/v1/operator${path}`, { ...init, headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...(init.headers ?? {}) } })

    it('still lists, reads (marking seen) and answers requests, and its answers are in the booking’s history', async () => {
      const code = await ask()
      const listed = (await (await operatorCall('/requests?status=REQUESTED')).json()).data
      expect(listed.find((r: { code: string }) => r.code === code)).toMatchObject({ seen: false, status: 'REQUESTED' })
      const read = await operatorCall(`/requests/${code}`)
      expect((await read.json()).data).toMatchObject({ code, seen: true })
      expect((await get(code)).body.data.seen).toBe(true)
      const answered = await operatorCall(`/requests/${code}/answer`, { method: 'POST', body: JSON.stringify({ decision: 'accept', reply: 'OK' }) })
      expect(answered.status).toBe(200)
      expect((await answered.json()).data).toMatchObject({ status: 'ACCEPTED', reply: 'OK', paymentLink: { token: expect.any(String) } })
      const staffView = (await get(code)).body.data
      expect(staffView).toMatchObject({ status: 'ACCEPTED', reply: 'OK', history: [{ action: 'accepted', actor: null }] })
      expect((await answer(code, { decision: 'decline' })).body.data.code).toBe('request.already_answered')
      const row = (await app.database.db.select().from(bookings).where(eq(bookings.code, code)))[0]!
      expect(row.status).toBe('ACCEPTED')
    })
  })
})
