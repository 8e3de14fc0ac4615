import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingItems, bookings, changeLog, customers, idempotencyKeys, outbox, payments, refunds } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer, visitorContact } from '../support/factories'
import { signedInCast, staffCalls } from '../support/staff'
import { visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`

type Contact = {
  customer?: { type: 'PRIVATE' | 'COMPANY'; company?: string }
  person?: Partial<typeof visitorContact.person>
  address?: Partial<typeof visitorContact.address>
  message?: string
  participants?: Array<{ firstname: string; surname: string }>
}

describeEachDatabase('CRM customers (openapi/admin.yaml, tag customers)', (factory) => {
  let app: TestApp
  let clock = new Date('2026-03-01T08:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let manager: string
  let owner: string
  let guide: string
  let stranger: string
  let headers: Record<string, string>
  let canyon: Awaited<ReturnType<typeof createOffer>>
  const visitor = visitorCalls(ALPIN, () => ({ app, headers }))

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    ;({ alpin, manager, owner, guide, atelierOwner: stranger } = await signedInCast(app))
    headers = await xsrfHeaders(app, ALPIN)
    canyon = await createOffer(app.database.db, {
      slug: 'crm-canyon',
      sessions: [
        { startsAt: new Date('2026-03-10T09:00:00Z'), capacity: 40 },
        { startsAt: new Date('2026-05-10T09:00:00Z'), capacity: 40 },
      ],
    })
  })
  afterAll(() => app?.close())

  /** A cart holding `quantity` places of a session (the first by default). */
  const hold = async (quantity = 1, session = 0) => {
    const cart = (await (await visitor('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const added = await visitor('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'crm-canyon', sku: canyon.skus[0]!.id, sessionId: canyon.sessions[session]!.id, quantity })
    expect(added.status).toBe(201)
    return { cart, item: (await added.json()).data.items[0].id as string }
  }
  const checkout = (cart: string, item: string, contact: Contact, quantity = 1, locale = 'de') =>
    visitor(
      'POST',
      `/api/webshop/v1/carts/${cart}/checkout`,
      {
        mode: 'order',
        items: [{ itemId: item, participants: (contact.participants ?? Array.from({ length: quantity }, (_, i) => ({ firstname: `P${i}`, surname: 'Teilnehmer' }))).map((p) => ({ ...p, extras: [] })) }],
        customer: contact.customer ?? visitorContact.customer,
        person: { ...visitorContact.person, ...contact.person },
        address: { ...visitorContact.address, ...contact.address },
        ...(contact.message ? { message: contact.message } : {}),
        paymentMethod: 'PAY_ON_SITE',
        termsAccepted: true,
      },
      { 'x-flowin-locale': locale },
    )
  /** Books `quantity` places as the contact; answers the booking's code. */
  const book = async (contact: Contact, quantity = 1, session = 0) => {
    const { cart, item } = await hold(quantity, session)
    const answer = await checkout(cart, item, contact, quantity)
    expect(answer.status, await answer.clone().text()).toBe(201)
    return (await answer.json()).data.code as string
  }
  const db = () => app.database.db
  const customerOfBooking = async (code: string) => (await db().select({ id: bookings.customerId }).from(bookings).where(eq(bookings.code, code)))[0]!.id!
  const get = (id: string, session = manager) => alpin.call('GET', `/customers/${id}`, { session })
  const list = (query = '', session = manager) => alpin.call('GET', `/customers${query}`, { session })
  const put = (id: string, body: unknown, session = manager) => alpin.call('PUT', `/customers/${id}`, { session, body })
  const erase = (id: string, body: unknown, key?: string) => alpin.call('POST', `/customers/${id}/erase`, { session: manager, body, key })
  const editable = (c: Record<string, unknown>) => ({ version: c.version, type: c.type, company: c.company, person: c.person, email: c.email, phone: c.phone, address: c.address, note: c.note })

  const anna = { person: { firstname: 'Anna', surname: 'Muster', email: 'Anna.Muster@Example.CH', phone: '+41 79 900 00 00' } }
  let annaId = ''
  let annaCodes: string[] = []

  it('merges two bookings with the same e-mail in any case into one customer; the latest booking’s details win, a company booking makes it a company', async () => {
    const first = await book({ ...anna, message: 'Anna Muster braucht Kinderhelme, Tel. 079 900 00 00.', participants: [{ firstname: 'Anna', surname: 'Muster' }] })
    const second = await book(
      {
        customer: { type: 'COMPANY', company: 'Muster AG' },
        person: { firstname: 'Anna', surname: 'Muster-Keller', email: ' anna.muster@example.ch', phone: '079 111 22 33' },
        address: { street: 'Seestrasse', streetNumber: '9', city: 'Thun', postalCode: '3600' },
        participants: [
          { firstname: 'Anna', surname: 'Muster-Keller' },
          { firstname: 'Lea', surname: 'Keller' },
        ],
      },
      2,
    )
    annaCodes = [first, second]
    annaId = await customerOfBooking(first)
    expect(await customerOfBooking(second)).toBe(annaId)
    const rows = await db().select().from(customers).where(eq(customers.email, 'anna.muster@example.ch'))
    expect(rows).toHaveLength(1)
    const answer = await get(annaId)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data).toMatchObject({
      email: 'anna.muster@example.ch',
      type: 'COMPANY',
      company: 'Muster AG',
      person: { firstname: 'Anna', surname: 'Muster-Keller' },
      phone: '+41791112233',
      address: { street: 'Seestrasse', city: 'Thun', country: 'CH' },
      erasedAt: null,
      totals: { bookings: 2 },
    })
    expect(answer.body.data.bookings.map((b: { code: string }) => b.code).sort()).toEqual([...annaCodes].sort())
    expect(answer.body.data.bookings[0]).toMatchObject({ status: 'CONFIRMED', firstStart: '2026-03-10T09:00:00.000Z' })
    expect(answer.body.data.history.map((h: { action: string }) => h.action)).toEqual(['booked', 'created'])
    expect(answer.body.data.history[0].changes).toContainEqual({ field: 'booking', after: second })

    // A private booking later keeps the company the customer is known as.
    await db().update(customers).set({ note: 'VIP' }).where(eq(customers.id, annaId))
    const third = await book({ person: { ...anna.person, phone: '+41 79 111 22 33' } })
    annaCodes.push(third)
    const after = (await get(annaId)).body.data
    expect(after).toMatchObject({ type: 'COMPANY', company: 'Muster AG', note: 'VIP', person: { surname: 'Muster' }, totals: { bookings: 3 } })
  })

  it('lists, searches (name, company, e-mail, phone), filters, sorts and pages, with totals booked and paid', async () => {
    const beat = await book({ person: { firstname: 'Beat', surname: 'Zürcher', email: 'beat@example.ch', phone: '+41 31 300 00 00' } }, 3)
    const beatId = await customerOfBooking(beat)
    // Beat paid 100.00 for a booking, and got 30.00 back.
    const [row] = await db().select().from(bookings).where(eq(bookings.code, beat))
    const paymentId = randomUUID()
    await db().insert(payments).values({ id: paymentId, shopId: 'alpin', bookingId: row!.id, provider: 'sandbox', amount: 10000, currency: 'CHF', status: 'succeeded', source: 'staff', method: 'cash' })
    await db().insert(payments).values({ id: randomUUID(), shopId: 'alpin', bookingId: row!.id, provider: 'sandbox', amount: 5000, currency: 'CHF', status: 'failed', source: 'checkout' })
    await db().insert(refunds).values({ id: randomUUID(), shopId: 'alpin', bookingId: row!.id, paymentId, provider: 'sandbox', amount: 3000, currency: 'CHF', status: 'succeeded', reason: 'staff_cancel' })

    const all = await list()
    expect(all.status, JSON.stringify(all.body)).toBe(200)
    expect(all.body.meta).toEqual({ page: 1, perPage: 25, total: 2 })
    // By name: Muster AG (the company's name), then Zürcher.
    expect(all.body.data.map((c: { id: string }) => c.id)).toEqual([annaId, beatId])
    const beatItem = all.body.data[1]
    expect(beatItem.totals.paid).toEqual({ amount: 7000, currency: 'CHF' })
    expect(beatItem.totals.booked).toEqual({ amount: row!.totalAmount, currency: 'CHF' })
    expect(beatItem.totals.bookings).toBe(1)
    expect(beatItem.lastBookingAt).toBe(row!.createdAt.toISOString())

    const search = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).body.data.map((c: { id: string }) => c.id)
    expect(await search('zürch')).toEqual([beatId])
    expect(await search('ANNA MUSTER')).toEqual([annaId])
    expect(await search('muster ag')).toEqual([annaId])
    expect(await search('beat@EXAMPLE')).toEqual([beatId])
    expect(await search('079 111 22')).toEqual([annaId])
    expect(await search('031 300')).toEqual([beatId])
    expect(await search('100%_')).toEqual([])
    // U+0000 (which PostgreSQL cannot compare) is refused or ignored, never a server error.
    expect([200, 400]).toContain((await list('?q=%00anna')).status)
    expect((await list('?type=PRIVATE')).body.data.map((c: { id: string }) => c.id)).toEqual([beatId])
    expect((await list('?sort=-name')).body.data.map((c: { id: string }) => c.id)).toEqual([beatId, annaId])
    expect((await list('?sort=-paid')).body.data.map((c: { id: string }) => c.id)).toEqual([beatId, annaId])
    expect((await list('?sort=-booked')).body.data[0].totals.booked.amount).toBeGreaterThanOrEqual((await list('?sort=-booked')).body.data[1].totals.booked.amount)
    const paged = await list('?perPage=1&page=2')
    expect(paged.body.meta).toEqual({ page: 2, perPage: 1, total: 2 })
    expect(paged.body.data.map((c: { id: string }) => c.id)).toEqual([beatId])
    expect((await list('?sort=sideways')).status).toBe(400)
    expect((await list('?perPage=1000')).status).toBe(400)
  })

  it('lets only managers and owners in, and another shop’s customer is unknown', async () => {
    expect((await list('', guide)).status).toBe(403)
    expect((await get(annaId, guide)).status).toBe(403)
    expect((await alpin.call('GET', `/customers/${annaId}/export`, { session: guide })).status).toBe(403)
    expect((await put(annaId, { version: 1 }, guide)).status).toBe(403)
    expect((await get(annaId, owner)).status).toBe(200)
    const atelier = await staffCalls(app, ATELIER)
    const theirs = (await atelier.call('GET', `/customers/${annaId}`, { session: stranger })).body
    expect(theirs.data.code).toBe('customer.not_found')
    expect((await atelier.call('GET', `/customers`, { session: stranger })).body.data).toEqual([])
    expect((await atelier.call('GET', `/customers/${annaId}/export`, { session: stranger })).status).toBe(404)
    expect((await atelier.call('PUT', `/customers/${annaId}`, { session: stranger, body: editable((await get(annaId)).body.data) })).status).toBe(404)
    expect((await atelier.call('POST', `/customers/${annaId}/erase`, { session: stranger, body: { confirm: 'anna.muster@example.ch' } })).status).toBe(404)
  })

  it('changes the details with the checkout’s rules, detects a stale version and refuses another customer’s e-mail', async () => {
    const current = (await get(annaId)).body.data
    const invalid = await put(annaId, { ...editable(current), phone: '12', company: '', email: 'not-an-email', address: { ...current.address, country: 'XX' } })
    expect(invalid.status).toBe(400)
    expect(invalid.body.data.errors).toMatchObject({ phone: { code: 'phone' }, company: { code: 'required' }, email: { code: 'email' }, 'address.country': { code: 'country' } })
    // A lone surrogate (no character; jsonb refuses it) and a line break in a one-line field: refused at the field.
    const unstorable = await put(annaId, { ...editable(current), person: { firstname: 'An\ud800na', surname: 'Muster\nBcc: x' }, note: 'two\nlines' })
    expect(unstorable.status).toBe(400)
    expect(unstorable.body.data.errors).toEqual({ 'person.firstname': { code: 'control_characters', params: { multiline: false } }, 'person.surname': { code: 'control_characters', params: { multiline: false } } })
    const taken = await put(annaId, { ...editable(current), email: 'BEAT@example.ch' })
    expect(taken.status).toBe(409)
    expect(taken.body.data.code).toBe('customer.email_taken')

    const saved = await put(annaId, { ...editable(current), phone: '078 555 66 77', note: 'Ruft lieber abends an.' })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data).toMatchObject({ phone: '+41785556677', note: 'Ruft lieber abends an.', version: current.version + 1 })
    expect(saved.body.data.history[0]).toMatchObject({ action: 'updated', actor: { name: 'Marco Rossi' } })
    expect(saved.body.data.history[0].changes).toContainEqual({ field: 'phone', before: '+41791112233', after: '+41785556677' })
    const stale = await put(annaId, { ...editable(current), phone: '079 000 00 00' })
    expect(stale.status).toBe(409)
    expect(stale.body.data).toMatchObject({ code: 'customer.version_conflict', version: current.version + 1 })
    // Private: the company goes.
    const priv = await put(annaId, { ...editable(saved.body.data), type: 'PRIVATE' })
    expect(priv.body.data).toMatchObject({ type: 'PRIVATE', company: null })
    const back = await put(annaId, { ...editable(priv.body.data), type: 'COMPANY', company: 'Muster AG' })
    expect(back.status).toBe(200)
  })

  it('exports all data of a customer as a JSON attachment in the documented shape', async () => {
    const answer = await alpin.call('GET', `/customers/${annaId}/export`, { session: manager })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="customer-${annaId}.json"`)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const data = answer.body.data
    expect(data).toMatchObject({ format: 'flowin.customer-export.v1', shop: { id: 'alpin' }, customer: { id: annaId, email: 'anna.muster@example.ch', note: 'Ruft lieber abends an.' } })
    expect(data.bookings).toHaveLength(3)
    const second = data.bookings.find((b: { code: string }) => b.code === annaCodes[1])
    expect(second).toMatchObject({ customer: { type: 'COMPANY', company: 'Muster AG' }, person: { surname: 'Muster-Keller', email: ' anna.muster@example.ch'.trim() } })
    expect(second.items[0]).toMatchObject({ offer: 'crm-canyon', quantity: 2, start: '2026-03-10T09:00:00.000Z' })
    expect(second.items[0].participants.map((p: { firstname: string }) => p.firstname)).toEqual(['Anna', 'Lea'])
    expect(data.bookings.find((b: { code: string }) => b.code === annaCodes[0]).message).toContain('Kinderhelme')
    expect(data.emails.map((m: { kind: string }) => m.kind)).toContain('booking.confirmation')
    expect(data.emails.every((m: { bookingCode: string }) => annaCodes.includes(m.bookingCode))).toBe(true)
    expect(data.history.length).toBeGreaterThan(0)
  })

  it('erases only after the e-mail is typed again and the bookings are over; anonymises bookings, participants, e-mails and history; keeps the totals; idempotent', async () => {
    const before = (await get(annaId)).body.data
    const mailCount = (await db().select().from(outbox).where(inArray(outbox.bookingCode, annaCodes))).length
    const mismatch = await erase(annaId, { confirm: 'someone@example.ch' })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.data.errors.confirm).toMatchObject({ code: 'confirm.mismatch' })
    const upcoming = await erase(annaId, { confirm: 'Anna.Muster@example.ch' })
    expect(upcoming.status).toBe(409)
    expect(upcoming.body.data.code).toBe('customer.upcoming_bookings')
    expect(upcoming.body.data.bookings).toEqual([...annaCodes].sort())
    expect((await db().select().from(customers).where(eq(customers.id, annaId)))[0]!.erasedAt).toBeNull()

    // A day after the date, the bookings are over.
    clock = new Date('2026-03-11T08:00:00Z')
    // (A new day: the staff session and the visitor's anti-forgery pair are renewed.)
    manager = await alpin.signIn('marco@alpin.example')
    headers = await xsrfHeaders(app, ALPIN)
    // The checkouts' stored answers (for Idempotency-Key replays) hold her contact until the erasure.
    const storedAnswers = async () =>
      (await db().select({ body: idempotencyKeys.responseBody }).from(idempotencyKeys).where(eq(idempotencyKeys.shopId, 'alpin'))).filter((r) => /anna\.muster@example\.ch/i.test(r.body ?? ''))
    expect((await storedAnswers()).length).toBeGreaterThan(0)
    const erased = await erase(annaId, { confirm: ' Anna.Muster@example.ch ' })
    expect(erased.status, JSON.stringify(erased.body)).toBe(200)
    expect(await storedAnswers()).toEqual([])
    expect(erased.body.data).toMatchObject({
      email: `erased-${annaId}@invalid`,
      person: { firstname: '—', surname: '—' },
      phone: null,
      address: null,
      company: null,
      note: null,
      erasedAt: clock.toISOString(),
    })
    expect(erased.body.data.totals).toEqual(before.totals)
    expect(erased.body.data.bookings.map((b: { code: string; status: string; total: unknown }) => [b.code, b.status, b.total])).toEqual(
      before.bookings.map((b: { code: string; status: string; total: unknown }) => [b.code, b.status, b.total]),
    )
    expect(erased.body.data.history[0]).toMatchObject({ action: 'erased', actor: { name: 'Marco Rossi' }, changes: [{ field: 'bookings', after: 3 }, { field: 'emails', after: mailCount }] })

    const personal = /anna|muster|keller|lea\b|079|\+4179|example\.ch|seestrasse|thun|kinderhelme|3600/i
    // Random identifiers (UUIDs, opaque ids, booking codes) and timestamps may contain '079' or 'anna' by chance: they are not personal data.
    const withoutIds = (text: string) =>
      text
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
        .replace(/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/g, '<id>')
        .replace(/\b[0-9A-Z]{4}-[0-9A-Z]{4}\b/g, '<code>')
        .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
    const rows = await db().select().from(bookings).where(inArray(bookings.code, annaCodes))
    for (const b of rows) {
      expect(withoutIds(JSON.stringify([b.person, b.address, b.customer, b.message]))).not.toMatch(personal)
      expect(b.address.country).toBe('CH')
      expect(b.customerId).toBe(annaId)
    }
    const items = await db().select().from(bookingItems).where(inArray(bookingItems.bookingId, rows.map((b) => b.id)))
    expect(withoutIds(JSON.stringify(items.map((i) => i.participants)))).not.toMatch(personal)
    expect(items.reduce((n, i) => n + i.participants.length, 0)).toBe(4)
    const mails = await db().select().from(outbox).where(inArray(outbox.bookingCode, annaCodes))
    expect(mails.filter((m) => m.kind === 'booking.confirmation')).toHaveLength(3)
    for (const m of mails) {
      expect(withoutIds(JSON.stringify(m.payload.booking))).not.toMatch(personal)
      expect(m.payload).toMatchObject({ booking: { code: m.bookingCode } })
      if (m.kind.startsWith('staff.')) {
        // The staff's notices stay addressed to the staff member (their name and e-mail are theirs).
        expect(String(m.payload.to)).toMatch(/@alpin\.example$/)
      } else {
        expect(m.payload.to).toBe(`erased-${annaId}@invalid`)
        expect(m.status).not.toBe('pending')
      }
    }
    const history = await db().select().from(changeLog).where(eq(changeLog.subjectId, annaId))
    expect(withoutIds(JSON.stringify(history.map((h) => h.changes)))).not.toMatch(personal)
    expect(withoutIds(JSON.stringify((await alpin.call('GET', `/customers/${annaId}/export`, { session: manager })).body))).not.toMatch(personal)
    expect((await list('?q=anna')).body.data).toEqual([])

    // Again (another key, or the old e-mail): answered as it is.
    const again = await erase(annaId, { confirm: 'anna.muster@example.ch' })
    expect(again.status).toBe(200)
    expect(again.body.data.erasedAt).toBe(clock.toISOString())
    expect((await db().select().from(changeLog).where(eq(changeLog.subjectId, annaId))).filter((h) => h.action === 'erased')).toHaveLength(1)

    // A new booking with the same e-mail makes a fresh customer.
    const fresh = await book(anna, 1, 1)
    const freshId = await customerOfBooking(fresh)
    expect(freshId).not.toBe(annaId)
    expect((await get(freshId)).body.data).toMatchObject({ email: 'anna.muster@example.ch', erasedAt: null, totals: { bookings: 1 } })
  })

  describe('concurrency', () => {
    it('makes one customer of two checkouts at once with the same new e-mail', async () => {
      const a = await hold(1, 1)
      const b = await hold(1, 1)
      const person = { firstname: 'Chris', surname: 'Parallel', email: 'chris@parallel.example', phone: '+41 79 222 33 44' }
      const [one, two] = await Promise.all([checkout(a.cart, a.item, { person }), checkout(b.cart, b.item, { person: { ...person, email: 'CHRIS@parallel.example' } })])
      expect([one.status, two.status]).toEqual([201, 201])
      const rows = await db().select().from(customers).where(eq(customers.email, 'chris@parallel.example'))
      expect(rows).toHaveLength(1)
      const linked = await db().select({ id: bookings.customerId }).from(bookings).where(inArray(bookings.code, [(await one.json()).data.code, (await two.json()).data.code]))
      expect(linked.map((l) => l.id)).toEqual([rows[0]!.id, rows[0]!.id])
    })
  })
})
