import { afterAll, beforeAll, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { describeEachDatabase } from '../support/databases'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { createOffer, visitorContact } from '../support/factories'
import { addDays, utcToZonedDate, zonedDateTimeToUtc } from '../../src/server/domain/offers/zoned-time'
import { offers, outbox, sessions } from '../../src/server/db/schema'

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const TZ = 'Europe/Zurich'
let n = 0
const key = () => `checkout-key-${Date.now()}-${n++}`

const contact = visitorContact

describeEachDatabase('checkout contract', (factory) => {
  let app: TestApp
  let clock = Date.now()
  let headers: Record<string, string>
  const today = () => utcToZonedDate(new Date(clock), TZ)
  const at = (days: number) => zonedDateTimeToUtc(addDays(today(), days), '10:00', TZ)!
  const made: Record<string, Awaited<ReturnType<typeof createOffer>>> = {}

  const call = (method: string, path: string, body?: unknown, k = key()) =>
    app.call(`${ALPIN}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': k },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  async function cartWith(offer: string, quantity = 1, sku = 0, session = 0) {
    const cart = (await (await call('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const response = await call('POST', `/api/webshop/v1/carts/${cart}/items`, {
      offer,
      sku: made[offer]!.skus[sku]!.id,
      sessionId: made[offer]!.sessions[session]!.id,
      quantity,
    })
    const body = await response.json()
    return { cart, status: response.status, items: body.data?.items as { id: string; places: number }[] }
  }
  const people = (count: number, extras: string[] = []) =>
    Array.from({ length: count }, (_, i) => ({ firstname: `Person${i + 1}`, surname: 'Muster', extras }))

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => new Date(clock) })
    const cookie = await app.call(`${ALPIN}/sanctum/csrf-cookie`)
    const token = (cookie.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=').slice(1).join('=')
    headers = { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token }
    made['co-canyon'] = await createOffer(app.database.db, {
      slug: 'co-canyon',
      skus: [{ key: 'adult', price: 12000 }, { key: 'family', price: 36000, blockCount: 4 }],
      sessions: [{ startsAt: at(3), capacity: 40 }], // enough for every test of this file that books it
    })
    await app.database.db
      .update(offers)
      .set({ extras: [{ key: 'photos', title: { en: 'Photos', de: 'Fotos', fr: 'Photos' }, price: 2500 }] })
      .where(eq(offers.id, made['co-canyon'].offerId))
    made['co-request'] = await createOffer(app.database.db, { slug: 'co-request', uponRequest: true, sessions: [{ startsAt: at(4), capacity: 30 }] })
    made['co-last'] = await createOffer(app.database.db, { slug: 'co-last', sessions: [{ startsAt: at(5), capacity: 3 }] })
    made['co-race'] = await createOffer(app.database.db, { slug: 'co-race', sessions: [{ startsAt: at(6), capacity: 2 }] })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('books a cart atomically: code, totals with extras, places taken, holds released, mail queued, .ics', async () => {
    const { cart, items } = await cartWith('co-canyon', 2)
    const response = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, {
      mode: 'order',
      items: [{ itemId: items[0]!.id, participants: [{ firstname: 'Anna', surname: 'Muster', forSelf: true, extras: ['photos'] }, { firstname: 'Ben', surname: 'Muster', extras: [] }] }],
      ...contact,
      paymentMethod: 'PAY_ON_SITE',
      termsAccepted: true,
    })
    expect(response.status).toBe(201)
    const booking = (await response.json()).data
    expect(booking.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
    expect(booking).toMatchObject({ status: 'CONFIRMED', mode: 'order', paymentMethod: 'PAY_ON_SITE', email: 'anna@example.ch', total: { amount: 2 * 12000 + 2500, currency: 'CHF' }, openAmount: { amount: 26500 } })
    expect(booking.items[0].participants).toEqual([{ firstname: 'Anna', surname: 'Muster', extras: ['photos'] }, { firstname: 'Ben', surname: 'Muster', extras: [] }])
    const [session] = await app.database.db.select().from(sessions).where(eq(sessions.id, made['co-canyon']!.sessions[0]!.id))
    expect(session!.placesTaken).toBe(2)
    expect((await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}`)).json()).data.items).toEqual([])
    const read = await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`)).json()
    expect(read.data.code).toBe(booking.code)
    const ics = await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking.ics`)
    expect(ics.headers.get('content-type')).toContain('text/calendar')
    const text = await ics.text()
    expect(text).toContain('BEGIN:VEVENT')
    expect(text).toContain(booking.code)
    const mails = await app.database.db.select().from(outbox).where(eq(outbox.shopId, 'alpin'))
    expect(mails.some((m) => m.kind === 'booking.confirmation' && (m.payload as { booking: { code: string } }).booking.code === booking.code)).toBe(true)
  })

  it('the booking read, the .ics and the e-mail name the meeting point, each variant and the extras with their amounts (issue 22, point 7)', async () => {
    const offer = await createOffer(app.database.db, {
      slug: 'co-where',
      skus: [{ key: 'adult', price: 14900 }, { key: 'youth', price: 12900 }],
      sessions: [{ startsAt: at(7), capacity: 10 }],
    })
    made['co-where'] = offer
    const photos = { key: 'photos', title: { de: 'Fotopaket', en: 'Photo package', fr: 'Pack photos' }, price: 2500 }
    const transfer = { key: 'transfer', title: { de: 'Transfer', en: 'Transfer', fr: 'Transfert' }, price: 4000, per: 'booking' as const }
    await app.database.db
      .update(offers)
      .set({ extras: [photos, transfer], meetingPoint: { de: 'Basis, Seestrasse 21, 3800 Interlaken', en: 'Base, Seestrasse 21, 3800 Interlaken', fr: 'Base, Seestrasse 21, 3800 Interlaken' } })
      .where(eq(offers.id, offer.offerId))
    const { cart, items } = await cartWith('co-where', 2, 0)
    const youth = await call('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'co-where', sku: offer.skus[1]!.id, sessionId: offer.sessions[0]!.id, quantity: 1 })
    const youthItem = ((await youth.json()).data.items as { id: string; sku: string }[]).find((i) => i.sku === offer.skus[1]!.id)!
    const response = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, {
      mode: 'order',
      items: [
        { itemId: items[0]!.id, participants: [{ firstname: 'Anna', surname: 'Muster', forSelf: true, extras: ['photos'] }, { firstname: 'Beat', surname: 'Keller', extras: ['transfer'] }] },
        { itemId: youthItem.id, participants: [{ firstname: 'Carla', surname: 'Muster', extras: ['photos', 'transfer'] }] },
      ],
      ...contact,
      paymentMethod: 'PAY_ON_SITE',
      termsAccepted: true,
    })
    expect(response.status).toBe(201)
    const chf = (amount: number) => ({ amount, currency: 'CHF' })
    // read in English: the meeting point and the extras' titles in the visitor's language
    const read = await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`, { headers: { 'x-flowin-locale': 'en' } })
    const booking = (await read.json()).data
    // the transfer is per booking: once, on the first item, although both variants' participants chose it
    expect(booking.total).toEqual(chf(2 * 14900 + 2500 + 4000 + 12900 + 2500))
    expect(booking.items).toMatchObject([
      {
        skuTitle: 'adult',
        meetingPoint: 'Base, Seestrasse 21, 3800 Interlaken',
        unitPrice: chf(14900),
        variantTotal: chf(29800),
        extras: [
          { id: 'photos', title: 'Photo package', quantity: 1, unitPrice: chf(2500), total: chf(2500) },
          { id: 'transfer', title: 'Transfer', per: 'booking', quantity: 1, unitPrice: chf(4000), total: chf(4000) },
        ],
        total: chf(29800 + 2500 + 4000),
      },
      {
        skuTitle: 'youth',
        meetingPoint: 'Base, Seestrasse 21, 3800 Interlaken',
        unitPrice: chf(12900),
        variantTotal: chf(12900),
        extras: [{ id: 'photos', title: 'Photo package', quantity: 1, unitPrice: chf(2500), total: chf(2500) }],
        total: chf(12900 + 2500),
      },
    ])
    // every item adds up: its variant plus its extras
    for (const item of booking.items as { variantTotal: { amount: number }; extras: { total: { amount: number } }[]; total: { amount: number } }[]) {
      expect(item.variantTotal.amount + item.extras.reduce((sum, e) => sum + e.total.amount, 0)).toBe(item.total.amount)
    }
    // The shop raises the photo package's price and renames it afterwards: the booking still says what was charged.
    await app.database.db
      .update(offers)
      .set({ extras: [{ ...photos, title: { de: 'Fotos neu', en: 'New photos', fr: 'Photos nouvelles' }, price: 9900 }, transfer] })
      .where(eq(offers.id, offer.offerId))
    const again = (await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`, { headers: { 'x-flowin-locale': 'en' } })).json()).data
    expect(again.items.map((i: { extras: unknown[] }) => i.extras)).toEqual(booking.items.map((i: { extras: unknown[] }) => i.extras))
    expect(again.total).toEqual(booking.total)
    // the .ics: one event for the session, its meeting point as LOCATION (not the shop's address), the extras in its description
    const ics = (await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking.ics`, { headers: { 'x-flowin-locale': 'en' } })).text()).replace(/\r\n[ \t]/g, '')
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    expect(ics).toContain('LOCATION:Base\\, Seestrasse 21\\, 3800 Interlaken\r\n')
    expect(ics).toMatch(/DESCRIPTION:Booking code: [0-9A-Z-]+\\nadult: 2 × CHF.149\.00 = CHF.298\.00\\nParticipants: Anna Muster\\, Beat Keller\\nyouth: 1 × CHF.129\.00 = CHF.129\.00\\nParticipants: Carla Muster\\nExtras: Photo package 2 × CHF.25\.00 = CHF.50\.00\\nExtras: Transfer 1 × CHF.40\.00 = CHF.40\.00\\nTotal: CHF.517\.00\r\n/)
    // the confirmation e-mail carries the same booking (in the language it was made in: German)
    const [mail] = await app.database.db.select().from(outbox).where(and(eq(outbox.kind, 'booking.confirmation'), eq(outbox.bookingCode, booking.code)))
    const queued = (mail!.payload as { booking: { items: { meetingPoint?: string; extras: { title: string }[] }[] } }).booking
    expect(queued.items.map((i) => [i.meetingPoint, i.extras.map((e) => e.title)])).toEqual([
      ['Basis, Seestrasse 21, 3800 Interlaken', ['Fotopaket', 'Transfer']],
      ['Basis, Seestrasse 21, 3800 Interlaken', ['Fotopaket']],
    ])
  })

  it('falls back to the offer’s place as the meeting point, and to nothing made up', async () => {
    made['co-place'] = await createOffer(app.database.db, { slug: 'co-place', sessions: [{ startsAt: at(8), capacity: 5 }] })
    const { cart, items } = await cartWith('co-place', 1)
    expect((await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, { mode: 'order', items: [{ itemId: items[0]!.id, participants: people(1) }], ...contact, paymentMethod: 'PAY_ON_SITE', termsAccepted: true })).status).toBe(201)
    const booking = (await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`)).json()).data
    // the factory's location: Test place, Weg 1, 3800 Interlaken
    expect(booking.items[0]).toMatchObject({ meetingPoint: 'Test place, Weg 1, 3800 Interlaken', extras: [], unitPrice: booking.items[0].total, variantTotal: booking.items[0].total })
    const ics = await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking.ics`)).text()
    expect(ics).toContain('LOCATION:Test place\\, Weg 1\\, 3800 Interlaken\r\n')
  })

  it('books a cart once, whatever is repeated', async () => {
    const { cart, items } = await cartWith('co-canyon', 1)
    const body = { mode: 'order', items: [{ itemId: items[0]!.id, participants: people(1) }], ...contact, paymentMethod: 'PAY_LATER', termsAccepted: true }
    const k = key()
    const [a, b] = await Promise.all([call('POST', `/api/webshop/v1/carts/${cart}/checkout`, body, k), call('POST', `/api/webshop/v1/carts/${cart}/checkout`, body, k)])
    // another key, other details: a second tab on the same cart
    const c = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, { ...body, person: { ...contact.person, email: 'tab2@example.org' }, paymentMethod: 'PAY_ON_SITE' })
    const answers = await Promise.all([a, b, c].map(async (r) => (await r.json()).data))
    expect(new Set(answers.map((d) => d.code)).size).toBe(1)
    expect(answers[2].paymentMethod).toBe('PAY_LATER')
    // the same call repeated answers its 201 again; another call (a second tab) learns it was booked before (issue 22, point 14)
    expect([a.status, b.status]).toEqual([201, 201])
    expect(c.status).toBe(200)
    const count = await app.database.db.execute(sql`select count(*)::int as n from bookings where cart_id = ${cart}`)
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1)
  })

  it('validates everything again, with field errors', async () => {
    const { cart, items } = await cartWith('co-canyon', 2)
    const response = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, {
      mode: 'order',
      items: [{ itemId: items[0]!.id, participants: [{ firstname: 'Anna', surname: '', extras: ['nonsense'] }] }],
      customer: { type: 'COMPANY' },
      person: { firstname: '', surname: 'M', email: 'not-an-email', phone: '12' },
      address: { street: 'X', streetNumber: '1', postalCode: '3800', city: 'Y', country: 'XX' },
      paymentMethod: 'PAY_LATER_OR_ON_SITE', // not offered by this shop
      termsAccepted: false,
    })
    expect(response.status).toBe(400)
    const errors = (await response.json()).data.errors
    expect(errors['person.email'].code).toBe('email')
    expect(errors['person.phone'].code).toBe('phone')
    expect(errors['person.firstname'].code).toBe('required')
    expect(errors['customer.company'].code).toBe('required')
    expect(errors['address.country'].code).toBe('country')
    expect(errors.termsAccepted.code).toBe('required')
    expect(errors.paymentMethod.code).toBe('invalid')
    expect(Object.keys(errors).some((k) => k.startsWith(`items.${items[0]!.id}.participants`))).toBe(true)
    expect((await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`)).status).toBe(404)
  })

  it('a size error says what it measures: too many participants are a list’s entries, a name too long its characters (issue 22, point 5)', async () => {
    const { cart, items } = await cartWith('co-canyon', 2)
    const order = (participants: unknown[], person = contact.person) => ({ mode: 'order', items: [{ itemId: items[0]!.id, participants }], ...contact, person, paymentMethod: 'PAY_LATER', termsAccepted: true })
    const tooMany = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, order(people(3)))
    expect(tooMany.status).toBe(400)
    expect((await tooMany.json()).data.errors).toEqual({ [`items.${items[0]!.id}.participants`]: { code: 'too_big', params: { type: 'array', maximum: 2 } } })
    // Checked by the contract (maxLength) before the checkout's own rules.
    const tooLong = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, order(people(2), { ...contact.person, firstname: 'A'.repeat(101) }))
    expect(tooLong.status).toBe(400)
    expect((await tooLong.json()).data.errors).toEqual({ 'person.firstname': { code: 'too_big', params: { type: 'string', maximum: 100 } } })
    expect((await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`)).status).toBe(404)
  })

  it('refuses a postcode that is not one of the chosen country with a field error; takes a real one (issue 22, point 16)', async () => {
    const { cart, items } = await cartWith('co-canyon', 1)
    const body = (postalCode: string, country = 'CH') => ({
      mode: 'order',
      items: [{ itemId: items[0]!.id, participants: people(1) }],
      ...contact,
      address: { ...contact.address, postalCode, country },
      paymentMethod: 'PAY_ON_SITE',
      termsAccepted: true,
    })
    for (const [postalCode, country] of [['ABCDEFGHIJ', 'CH'], ['38000', 'CH'], ['3800', 'DE']] as const) {
      const refused = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, body(postalCode, country))
      expect(refused.status, `${postalCode} ${country}`).toBe(400)
      expect((await refused.json()).data.errors, `${postalCode} ${country}`).toEqual({ 'address.postalCode': { code: 'postcode', params: { country } } })
    }
    expect((await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`)).status).toBe(404)
    const booked = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, body('3800'))
    expect(booked.status).toBe(201)
    expect((await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`)).json()).data.code).toBe((await booked.json()).data.code)
  })

  it('refuses U+0000 in any text with a field error, and treats it in an id as unknown (found by the fuzzer)', async () => {
    const { cart, items } = await cartWith('co-canyon', 1)
    const response = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, {
      mode: 'order',
      items: [{ itemId: items[0]!.id, participants: people(1) }],
      ...contact,
      message: 'An\u0000na',
      paymentMethod: 'PAY_ON_SITE',
      termsAccepted: true,
    })
    expect(response.status).toBe(400)
    expect((await response.json()).data.errors).toEqual({ message: { code: 'invalid', params: {} } })
    expect((await app.call(`${ALPIN}/api/webshop/v1/carts/a%00b/booking`)).status).toBe(404)
    expect((await call('PATCH', `/api/webshop/v1/carts/${cart}/items/a%00b`, { quantity: 1 })).status).toBe(404)
    expect((await app.call(`${ALPIN}/api/webshop/v1/offers?q=a%00b`)).status).toBe(400)
    // Thousands of nested arrays are refused like any other wrong body, not a stack overflow.
    const deep = await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/checkout`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key() },
      body: `${'['.repeat(20_000)}"a\\u0000"${']'.repeat(20_000)}`,
    })
    expect(deep.status).toBe(400)
    // The cart is untouched and can still be booked.
    expect((await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}`)).json()).data.items).toHaveLength(1)
  })

  it('refuses control characters in single-line fields with field errors: nothing is booked, no e-mail (a fake Bcc: line)', async () => {
    const { cart, items } = await cartWith('co-canyon', 1)
    const single = { code: 'control_characters', params: { multiline: false } }
    const response = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, {
      mode: 'order',
      items: [{ itemId: items[0]!.id, participants: [{ firstname: 'Anna\nBcc: victim@example.com', surname: 'Muster', extras: [] }] }],
      customer: { type: 'COMPANY', company: 'ACME\u2028AG' },
      person: { firstname: 'Anna\r\nBcc: victim@example.com', surname: 'Muster\u0085', email: 'anna@example.ch', phone: '+41 79 900 00 00' },
      address: { street: 'Bahnhof\tstrasse', streetNumber: '1', postalCode: '3800\u007F', city: 'Interlaken\u2029', country: 'CH' },
      message: 'Line one\nline two \u001B[31m',
      paymentMethod: 'PAY_ON_SITE',
      termsAccepted: true,
    })
    expect(response.status).toBe(400)
    expect((await response.json()).data.errors).toEqual({
      [`items.${items[0]!.id}.participants.0.firstname`]: single,
      'customer.company': single,
      'person.firstname': single,
      'person.surname': single,
      'address.street': single,
      'address.postalCode': single,
      'address.city': single,
      message: { code: 'control_characters', params: { multiline: true } },
    })
    expect((await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`)).status).toBe(404)
    const mails = await app.database.db.select().from(outbox)
    expect(mails.some((m) => JSON.stringify(m.payload).includes('victim@example.com'))).toBe(false)
    // the same with line breaks in the message only is booked
    const ok = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, {
      mode: 'order',
      items: [{ itemId: items[0]!.id, participants: people(1) }],
      ...contact,
      message: 'Line one\r\nline two',
      paymentMethod: 'PAY_ON_SITE',
      termsAccepted: true,
    })
    expect(ok.status).toBe(201)
  })

  it('the cart says whether it is booked: no booking code while open, the booking’s code once booked (issue 22, point 16)', async () => {
    const { cart, items } = await cartWith('co-canyon', 1)
    const read = async () => (await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}`)).json()).data
    const open = await read()
    expect(open.items).toHaveLength(1)
    expect(open).not.toHaveProperty('bookingCode')
    const created = await (await call('POST', '/api/webshop/v1/carts', {})).json()
    expect(created.data).not.toHaveProperty('bookingCode')
    const booked = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, { mode: 'order', items: [{ itemId: items[0]!.id, participants: people(1) }], ...contact, paymentMethod: 'PAY_ON_SITE', termsAccepted: true })
    expect(booked.status).toBe(201)
    const code = (await booked.json()).data.code
    const after = await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}`)
    expect(after.status).toBe(200)
    expect(await after.json()).toMatchObject({ data: { id: cart, items: [], bookingCode: code } })
    expect((await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`)).json()).data.code).toBe(code)
  })

  it('a booked cart takes no more items and no changes: 409 cart.booked', async () => {
    const { cart, items } = await cartWith('co-canyon', 1)
    const booked = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, { mode: 'order', items: [{ itemId: items[0]!.id, participants: people(1) }], ...contact, paymentMethod: 'PAY_ON_SITE', termsAccepted: true })
    expect(booked.status).toBe(201)
    const [before] = await app.database.db.select().from(sessions).where(eq(sessions.id, made['co-canyon']!.sessions[0]!.id))
    const add = await call('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'co-canyon', sku: made['co-canyon']!.skus[0]!.id, sessionId: made['co-canyon']!.sessions[0]!.id, quantity: 1 })
    expect(add.status).toBe(409)
    expect((await add.json()).data.code).toBe('cart.booked')
    for (const [method, body] of [['PATCH', { quantity: 2 }], ['DELETE', undefined]] as const) {
      const change = await call(method, `/api/webshop/v1/carts/${cart}/items/${items[0]!.id}`, body)
      expect(change.status, method).toBe(409)
      expect((await change.json()).data.code).toBe('cart.booked')
    }
    // nothing is held for the booked cart, and the session's places are as booked
    const held = await app.database.db.execute(sql`select count(*)::int as n from cart_items where cart_id = ${cart}`)
    expect((held as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
    const [after] = await app.database.db.select().from(sessions).where(eq(sessions.id, made['co-canyon']!.sessions[0]!.id))
    expect(after!.placesTaken).toBe(before!.placesTaken)
  })

  it('sends a request for offers on request: paid later, no places taken', async () => {
    const { cart, items } = await cartWith('co-request', 2)
    const wrong = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, { mode: 'order', items: [{ itemId: items[0]!.id, participants: people(2) }], ...contact, paymentMethod: 'PAY_ON_SITE', termsAccepted: true })
    expect(wrong.status).toBe(400)
    const response = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, {
      mode: 'request',
      items: [{ itemId: items[0]!.id, participants: people(2) }],
      ...contact,
      paymentMethod: 'PAY_LATER',
      termsAccepted: true,
      message: 'Vegetarian lunch please',
    })
    expect(response.status).toBe(201)
    expect((await response.json()).data).toMatchObject({ status: 'REQUESTED', mode: 'request' })
    const [session] = await app.database.db.select().from(sessions).where(eq(sessions.id, made['co-request']!.sessions[0]!.id))
    expect(session!.placesTaken).toBe(0)
    expect((await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking.ics`)).status).toBe(404)
  })

  it('a request needs the contact and its places, names can follow: none, some or all (issue 22, point 11); an order needs every name', async () => {
    const request = (participants: { firstname: string; surname: string; extras: string[] }[] | null, itemId: string) => ({
      mode: 'request',
      items: participants === null ? [] : [{ itemId, participants }],
      ...contact,
      paymentMethod: 'PAY_LATER',
      termsAccepted: true,
    })
    const booked = async (cart: string) => (await (await app.call(`${ALPIN}/api/webshop/v1/carts/${cart}/booking`)).json()).data
    // No names at all, or the item left out: the request is taken, with the cart's places.
    for (const participants of [[{ firstname: '', surname: '', extras: [] }], null]) {
      const { cart, items } = await cartWith('co-request', 3)
      const response = await call('POST', `/api/webshop/v1/carts/${cart}/checkout`, request(participants, items[0]!.id))
      expect(response.status, JSON.stringify(participants)).toBe(201)
      const booking = await booked(cart)
      expect(booking).toMatchObject({ status: 'REQUESTED', mode: 'request' })
      expect(booking.items[0]).toMatchObject({ quantity: 3, participants: [] }) // an empty row is not kept
    }
    // Some names: kept as given, the empty rows left out.
    const some = await cartWith('co-request', 3)
    const named = [{ firstname: 'Anna', surname: '', extras: [] }, { firstname: '', surname: '', extras: [] }, { firstname: 'Ben', surname: 'Muster', extras: [] }]
    expect((await call('POST', `/api/webshop/v1/carts/${some.cart}/checkout`, request(named, some.items[0]!.id))).status).toBe(201)
    expect((await booked(some.cart)).items[0].participants).toEqual([
      { firstname: 'Anna', surname: '', extras: [] },
      { firstname: 'Ben', surname: 'Muster', extras: [] },
    ])
    // A request's names still go on one line, and not more participants than places.
    const bad = await cartWith('co-request', 2)
    const refused = await call('POST', `/api/webshop/v1/carts/${bad.cart}/checkout`, request([{ firstname: 'A\nBcc: x@example.com', surname: '', extras: [] }, ...people(2)], bad.items[0]!.id))
    expect(refused.status).toBe(400)
    expect((await refused.json()).data.errors).toEqual({
      [`items.${bad.items[0]!.id}.participants`]: { code: 'too_big', params: { type: 'array', maximum: 2 } },
      [`items.${bad.items[0]!.id}.participants.0.firstname`]: { code: 'control_characters', params: { multiline: false } },
    })
    // An order: every participant's name, whatever the input's mode claims.
    made['co-names'] ??= await createOffer(app.database.db, { slug: 'co-names', sessions: [{ startsAt: at(7), capacity: 5 }] })
    const order = await cartWith('co-names', 1)
    for (const mode of ['order', 'request']) {
      const response = await call('POST', `/api/webshop/v1/carts/${order.cart}/checkout`, { ...request([{ firstname: '', surname: '', extras: [] }], order.items[0]!.id), mode, paymentMethod: 'PAY_ON_SITE' })
      expect(response.status).toBe(400)
      const errors = (await response.json()).data.errors
      expect(errors[`items.${order.items[0]!.id}.participants.0.firstname`], mode).toEqual({ code: 'required' })
    }
  })

  it('an expired hold whose places are gone gives a clear message on that item', async () => {
    const first = await cartWith('co-last', 3)
    clock += 16 * 60_000
    try {
      const second = await cartWith('co-last', 3)
      expect(second.status).toBe(201)
      const response = await call('POST', `/api/webshop/v1/carts/${first.cart}/checkout`, { mode: 'order', items: [{ itemId: first.items[0]!.id, participants: people(3) }], ...contact, paymentMethod: 'PAY_ON_SITE', termsAccepted: true })
      expect(response.status).toBe(409)
      expect((await response.json()).data).toMatchObject({ code: 'items.unavailable', items: { [first.items[0]!.id]: 'places.insufficient' } })
      const ok = await call('POST', `/api/webshop/v1/carts/${second.cart}/checkout`, { mode: 'order', items: [{ itemId: second.items[0]!.id, participants: people(3) }], ...contact, paymentMethod: 'PAY_ON_SITE', termsAccepted: true })
      expect(ok.status).toBe(201)
    } finally {
      clock -= 16 * 60_000
    }
  })

  it('N parallel checkouts of the last places book exactly the places there are', async () => {
    // six carts hold one place each on a session of two: the first four holds have expired
    const carts: Awaited<ReturnType<typeof cartWith>>[] = []
    for (let i = 0; i < 6; i++) {
      if (i % 2 === 0 && i > 0) clock += 16 * 60_000
      carts.push(await cartWith('co-race', 1))
    }
    try {
      const responses = await Promise.all(
        carts.map((c) => call('POST', `/api/webshop/v1/carts/${c.cart}/checkout`, { mode: 'order', items: [{ itemId: c.items[0]!.id, participants: people(1) }], ...contact, paymentMethod: 'PAY_ON_SITE', termsAccepted: true })),
      )
      const statuses = responses.map((r) => r.status)
      expect(statuses.filter((s) => s === 201)).toHaveLength(2)
      expect(statuses.filter((s) => s === 409)).toHaveLength(4)
      const [session] = await app.database.db.select().from(sessions).where(eq(sessions.id, made['co-race']!.sessions[0]!.id))
      expect(session!.placesTaken).toBe(2)
    } finally {
      clock -= 32 * 60_000
    }
  })
})
