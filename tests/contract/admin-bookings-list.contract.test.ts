import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingItems, bookings, carts, payments } from '../../src/server/db/schema'
import { exportBookingsCsv } from '../../src/server/domain/bookings-admin/csv-export'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer } from '../support/factories'
import { signedInCast, staffCalls } from '../support/staff'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const id = () => randomBytes(12).toString('base64url')

type Seed = {
  shopId?: string
  code: string
  person: { firstname: string; surname: string; email: string; phone: string }
  company?: string
  status: 'CONFIRMED' | 'REQUESTED' | 'ACCEPTED' | 'DECLINED' | 'PAID' | 'CANCELLED'
  mode?: 'order' | 'request'
  channel?: 'shop' | 'embed'
  paymentMethod?: 'PAY_NOW' | 'PAY_LATER' | 'PAY_ON_SITE' | 'PAY_LATER_OR_ON_SITE'
  total: number
  open: number
  createdAt: string
  items: {
    offer: Awaited<ReturnType<typeof createOffer>>
    startsAt: string
    quantity: number
  }[]
  paid?: { amount: number; refundDue?: boolean }[]
}

describeEachDatabase('the bookings list and its CSV export (openapi/admin.yaml, listBookings, exportBookingsCsv)', (factory) => {
  let app: TestApp
  const clock = new Date('2026-03-01T08:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let atelier: Awaited<ReturnType<typeof staffCalls>>
  let manager: string
  let owner: string
  let guide: string
  let atelierOwner: string
  let canyon: Awaited<ReturnType<typeof createOffer>>
  let rafting: Awaited<ReturnType<typeof createOffer>>
  let pottery: Awaited<ReturnType<typeof createOffer>>

  async function insert(seed: Seed) {
    const db = app.database.db
    const shopId = seed.shopId ?? 'alpin'
    const cartId = id()
    const bookingId = id()
    await db.insert(carts).values({ id: cartId, shopId })
    await db.insert(bookings).values({
      id: bookingId,
      shopId,
      code: seed.code,
      cartId,
      mode: seed.mode ?? 'order',
      status: seed.status,
      locale: 'de',
      customer: seed.company ? { type: 'COMPANY', company: seed.company } : { type: 'PRIVATE' },
      person: seed.person,
      address: {
        street: 'Weg',
        streetNumber: '1',
        postalCode: '3800',
        city: 'Interlaken',
        country: 'CH',
      },
      paymentMethod: seed.paymentMethod ?? 'PAY_LATER',
      totalAmount: seed.total,
      openAmount: seed.open,
      currency: 'CHF',
      channel: seed.channel ?? 'shop',
      createdAt: new Date(seed.createdAt),
    })
    await db.insert(bookingItems).values(
      seed.items.map((item, position) => ({
        id: id(),
        bookingId,
        shopId,
        offerId: item.offer.offerId,
        skuId: item.offer.skus[0]!.id,
        startsAt: new Date(item.startsAt),
        endsAt: new Date(new Date(item.startsAt).getTime() + 7_200_000),
        quantity: item.quantity,
        places: item.quantity,
        unitAmount: 1000,
        totalAmount: 1000 * item.quantity,
        currency: 'CHF',
        participants: Array.from({ length: item.quantity }, (_, i) => ({
          firstname: `P${i}`,
          surname: seed.person.surname,
          extras: [],
        })),
        position,
      })),
    )
    for (const p of seed.paid ?? []) {
      await db.insert(payments).values({
        id: id(),
        shopId,
        bookingId,
        provider: 'sandbox',
        providerRef: id(),
        amount: p.amount,
        currency: 'CHF',
        status: 'succeeded',
        refundDue: p.refundDue ?? false,
        source: 'checkout',
      })
    }
  }

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    ;({ alpin, atelier, manager, owner, guide, atelierOwner } = await signedInCast(app))
    const db = app.database.db
    canyon = await createOffer(db, {
      slug: 'list-canyon',
      title: 'Canyoning',
    })
    rafting = await createOffer(db, {
      slug: 'list-rafting',
      title: 'Rafting',
    })
    pottery = await createOffer(db, {
      shopId: 'atelier',
      slug: 'list-pottery',
      title: 'Pottery',
    })
    // b1 … b6 of alpin, made one day after another; one of atelier with a name alpin also has.
    await insert({
      code: 'K7Q2-X9PM',
      person: {
        firstname: 'Jürg',
        surname: 'Müller',
        email: 'juerg.mueller@example.ch',
        phone: '+41 79 123 45 67',
      },
      status: 'CONFIRMED',
      total: 24000,
      open: 24000,
      createdAt: '2026-02-01T10:00:00Z',
      items: [{ offer: canyon, startsAt: '2026-03-10T09:00:00Z', quantity: 2 }],
    })
    await insert({
      code: 'M4N5-P6Q7',
      person: {
        firstname: 'Zoé',
        surname: 'Dupont-Lefèvre',
        email: 'Zoe@Exemple.fr',
        phone: '06 12 34 56 78',
      },
      status: 'PAID',
      channel: 'embed',
      paymentMethod: 'PAY_NOW',
      total: 12000,
      open: 0,
      createdAt: '2026-02-02T10:00:00Z',
      items: [{ offer: rafting, startsAt: '2026-04-02T07:30:00Z', quantity: 1 }],
      paid: [{ amount: 12000 }],
    })
    await insert({
      code: 'R8S9-T0V1',
      person: {
        firstname: 'Anna',
        surname: 'Müller-Keller',
        email: 'anna@alpin-kunde.ch',
        phone: '+41 31 000 11 22',
      },
      status: 'REQUESTED',
      mode: 'request',
      total: 30000,
      open: 30000,
      createdAt: '2026-02-03T10:00:00Z',
      items: [{ offer: canyon, startsAt: '2026-03-20T09:00:00Z', quantity: 3 }],
    })
    await insert({
      code: 'W2X3-Y4Z5',
      person: {
        firstname: '=cmd|calc',
        surname: 'Formel, "Test"',
        email: 'formel@example.ch',
        phone: '+41 44 555 66 77',
      },
      company: '@Firma AG',
      status: 'CANCELLED',
      paymentMethod: 'PAY_NOW',
      total: 5000,
      open: 0,
      createdAt: '2026-02-04T10:00:00Z',
      items: [{ offer: rafting, startsAt: '2026-04-10T07:30:00Z', quantity: 1 }],
      paid: [{ amount: 5000, refundDue: true }],
    })
    await insert({
      code: 'B6C7-D8E9',
      person: {
        firstname: 'Émile',
        surname: 'Zürcher',
        email: 'emile@example.ch',
        phone: '+41 76 987 65 43',
      },
      status: 'ACCEPTED',
      mode: 'request',
      total: 10000,
      open: 4000,
      createdAt: '2026-02-05T10:00:00Z',
      items: [
        { offer: canyon, startsAt: '2026-03-10T12:00:00Z', quantity: 1 },
        { offer: rafting, startsAt: '2026-05-01T07:30:00Z', quantity: 1 },
      ],
      paid: [{ amount: 6000 }],
    })
    await insert({
      code: 'N1P2-Q3R4',
      person: {
        firstname: 'Nora',
        surname: 'Nachtschwärmer',
        email: 'nora@example.ch',
        phone: '+41 78 111 22 33',
      },
      status: 'CONFIRMED',
      paymentMethod: 'PAY_ON_SITE',
      total: 8000,
      open: 8000,
      createdAt: '2026-02-06T10:00:00Z',
      // 00:30 on 10 March in Zurich: the 10th, although the 9th in UTC.
      items: [{ offer: canyon, startsAt: '2026-03-09T23:30:00Z', quantity: 4 }],
    })
    await insert({
      shopId: 'atelier',
      code: 'F1G2-H3J4',
      person: {
        firstname: 'Hans',
        surname: 'Müller',
        email: 'hans@example.fr',
        phone: '+41 79 123 45 67',
      },
      status: 'CONFIRMED',
      total: 9000,
      open: 9000,
      createdAt: '2026-02-07T10:00:00Z',
      items: [{ offer: pottery, startsAt: '2026-03-10T09:00:00Z', quantity: 1 }],
    })
  })
  afterAll(() => app?.close())

  const list = (query = '', session = manager) => alpin.call('GET', `/bookings${query ? `?${query}` : ''}`, { session })
  const codes = async (query = '') => {
    const answer = await list(query)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.data.map((b: { code: string }) => b.code) as string[]
  }
  const q = (text: string) => `q=${encodeURIComponent(text)}`
  const [B1, B2, B3, B4, B5, B6] = ['K7Q2-X9PM', 'M4N5-P6Q7', 'R8S9-T0V1', 'W2X3-Y4Z5', 'B6C7-D8E9', 'N1P2-Q3R4']

  async function csv(query = '', locale = 'en', session = manager) {
    const response = await app.call(`${ALPIN}/api/admin/v1/bookings/export${query ? `?${query}` : ''}`, {
      headers: {
        cookie: `staff-session=${session}`,
        'x-flowin-locale': locale,
      },
    })
    const bytes = new Uint8Array(await response.arrayBuffer())
    return {
      response,
      bytes,
      text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
    }
  }

  it('is for managers and owners: a guide is refused (403), nobody signed in is asked to sign in (401)', async () => {
    expect((await list('', guide)).status).toBe(403)
    expect((await list('', owner)).status).toBe(200)
    expect((await alpin.call('GET', '/bookings')).status).toBe(401)
    expect((await csv('', 'en', guide)).response.status).toBe(403)
    expect((await app.call(`${ALPIN}/api/admin/v1/bookings/export`)).status).toBe(401)
  })

  it('lists the shop’s bookings, newest first, with their dates, offers, contact, amounts and payment state — never another shop’s', async () => {
    const answer = await list()
    expect(answer.status).toBe(200)
    expect(answer.body.data.map((b: { code: string }) => b.code)).toEqual([B6, B5, B4, B3, B2, B1])
    expect(answer.body.meta).toEqual({
      page: 1,
      perPage: 25,
      total: 6,
      exportLimit: 50000,
    })
    const b5 = answer.body.data[1]
    expect(b5).toEqual({
      code: B5,
      status: 'ACCEPTED',
      mode: 'request',
      channel: 'shop',
      locale: 'de',
      createdAt: '2026-02-05T10:00:00.000Z',
      firstStart: {
        startsAt: '2026-03-10T12:00:00.000Z',
        date: '2026-03-10',
        time: '13:00',
      },
      offers: ['Canyoning', 'Rafting'],
      person: { firstname: 'Émile', surname: 'Zürcher' },
      company: null,
      email: 'emile@example.ch',
      phone: '+41 76 987 65 43',
      participants: 2,
      total: { amount: 10000, currency: 'CHF' },
      openAmount: { amount: 4000, currency: 'CHF' },
      paymentState: 'partially_paid',
      paymentMethod: 'PAY_LATER',
    })
    const state = Object.fromEntries(answer.body.data.map((b: { code: string; paymentState: string }) => [b.code, b.paymentState]))
    expect(state).toEqual({
      [B1]: 'unpaid',
      [B2]: 'paid',
      [B3]: 'none',
      [B4]: 'refund_due',
      [B5]: 'partially_paid',
      [B6]: 'unpaid',
    })
    expect(answer.body.data[0].firstStart).toMatchObject({
      date: '2026-03-10',
      time: '00:30',
    })
    expect(answer.body.data.find((b: { code: string }) => b.code === B4).company).toBe('@Firma AG')
    // Offer titles in the staff member's language.
    expect(
      (
        await alpin.call('GET', '/bookings', {
          session: manager,
          locale: 'de',
        })
      ).body.data[0].offers,
    ).toEqual(['Canyoning (de)'])
    // Atelier sees only its own.
    const theirs = await atelier.call('GET', '/bookings', {
      session: atelierOwner,
    })
    expect(theirs.body.data.map((b: { code: string }) => b.code)).toEqual(['F1G2-H3J4'])
  })

  it('finds bookings by surname or first name (start of a word, any case, accents ignored)', async () => {
    expect(await codes(q('müller'))).toEqual([B3, B1])
    expect(await codes(q('MULLER'))).toEqual([B3, B1])
    expect(await codes(q('keller'))).toEqual([B3])
    expect(await codes(q('Jü'))).toEqual([B1])
    expect(await codes(q('anna müller'))).toEqual([B3])
    expect(await codes(q('zoe'))).toEqual([B2])
    expect(await codes(q('LEFEVRE'))).toEqual([B2])
    expect(await codes(q('zurcher'))).toEqual([B5])
    expect(await codes(q('firma'))).toEqual([B4])
    expect(await codes(q('üller'))).toEqual([]) // the start of a word, not any part of it
    expect(await codes(q('%'))).toEqual([]) // LIKE's wildcards are plain characters
    expect(await codes(q('_'))).toEqual([])
  })

  it('finds bookings by e-mail, phone (any notation) and code (exact, any case, with or without the dash)', async () => {
    expect(await codes(q('ZOE@exemple'))).toEqual([B2])
    expect(await codes(q('juerg.mueller'))).toEqual([B1])
    expect(await codes(q('@example.ch'))).toEqual([])
    expect(await codes(q('079 123 45 67'))).toEqual([B1])
    expect(await codes(q('+41791234567'))).toEqual([B1])
    expect(await codes(q('0041 79 123 45 67'))).toEqual([B1])
    expect(await codes(q('0612345678'))).toEqual([B2])
    expect(await codes(q('987 65'))).toEqual([B5])
    expect(await codes(q('k7q2x9pm'))).toEqual([B1])
    expect(await codes(q('K7Q2-X9PM'))).toEqual([B1])
    expect(await codes(q(' w2x3 y4z5 '))).toEqual([B4])
    expect(await codes(q('F1G2-H3J4'))).toEqual([]) // atelier's code
  })

  it('filters by status (several), payment state, mode, channel, offer and booked dates in the shop’s time zone', async () => {
    expect(await codes('status=PAID')).toEqual([B2])
    expect(await codes('status=CONFIRMED&status=CANCELLED')).toEqual([B6, B4, B1])
    expect(await codes('mode=request')).toEqual([B5, B3])
    expect(await codes('mode=order&channel=embed')).toEqual([B2])
    expect(await codes(`offerId=${canyon.offerId}`)).toEqual([B6, B5, B3, B1])
    expect(await codes(`offerId=${pottery.offerId}`)).toEqual([]) // atelier's offer
    expect(await codes('from=2026-03-10&to=2026-03-10')).toEqual([B6, B5, B1])
    expect(await codes('to=2026-03-09')).toEqual([])
    expect(await codes('from=2026-03-11&to=2026-03-31')).toEqual([B3])
    expect(await codes(`from=2026-04-01&offerId=${canyon.offerId}`)).toEqual([])
    expect(await codes(`from=2026-04-01&offerId=${rafting.offerId}`)).toEqual([B5, B4, B2])
    expect(await codes('payment=paid')).toEqual([B2])
    expect(await codes('payment=open')).toEqual([B6, B5, B1])
    expect(await codes('payment=refund_due')).toEqual([B4])
    expect(await codes('payment=paid&payment=refund_due')).toEqual([B4, B2])
    expect(await codes(`${q('müller')}&status=REQUESTED`)).toEqual([B3])
  })

  it('sorts by booking time, first date, total and name, both ways, and pages with the total count', async () => {
    expect(await codes('order=asc')).toEqual([B1, B2, B3, B4, B5, B6])
    expect(await codes('sort=startsAt&order=asc')).toEqual([B6, B1, B5, B3, B2, B4])
    expect(await codes('sort=startsAt&order=desc')).toEqual([B4, B2, B3, B5, B1, B6])
    expect(await codes('sort=total&order=asc')).toEqual([B4, B6, B5, B2, B1, B3])
    expect(await codes('sort=total')).toEqual([B3, B1, B2, B5, B6, B4])
    expect(await codes('sort=name&order=asc')).toEqual([B2, B4, B1, B3, B6, B5])
    expect(await codes('sort=name&order=desc')).toEqual([B5, B6, B3, B1, B4, B2])
    const second = await list('perPage=2&page=2')
    expect(second.body.data.map((b: { code: string }) => b.code)).toEqual([B4, B3])
    expect(second.body.meta).toMatchObject({ page: 2, perPage: 2, total: 6 })
    const last = await list('perPage=4&page=2')
    expect(last.body.data).toHaveLength(2)
    expect(last.body.meta.total).toBe(6)
    const beyond = await list('perPage=4&page=9')
    expect(beyond.body.data).toEqual([])
    expect(beyond.body.meta.total).toBe(6)
  })

  it('refuses bad parameters with an error at each field', async () => {
    const bad = async (query: string, field: string) => {
      const answer = await list(query)
      expect(answer.status, query).toBe(400)
      expect(answer.body.data.code).toBe('validation')
      expect(Object.keys(answer.body.data.errors), query).toContain(field)
    }
    await bad('perPage=0', 'perPage')
    await bad('perPage=101', 'perPage')
    await bad('page=0', 'page')
    await bad('page=x', 'page')
    await bad('status=LOST', 'status.0')
    await bad('payment=maybe', 'payment.0')
    await bad('sort=colour', 'sort')
    await bad('order=up', 'order')
    await bad('mode=visit', 'mode')
    await bad('channel=fax', 'channel')
    await bad('from=2026-02-30', 'from')
    await bad('offerId=no', 'offerId')
    await bad(q('x'.repeat(101)), 'q')
    await bad('from=2026-03-10&to=2026-03-01', 'to')
    expect((await csv('from=2026-03-10&to=2026-03-01')).response.status).toBe(400)
  })

  it('exports the same selection as CSV: BOM, UTF-8, RFC 4180 quoting, CRLF, formulas neutralised, plain decimals', async () => {
    const { response, bytes, text } = await csv()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present') // as every staff export (RFC 4180's header parameter)
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="bookings-2026-03-01.csv"')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    // "Müller" as UTF-8: M, c3 bc, l, l, e, r.
    expect(Buffer.from(bytes).includes(Buffer.from([0x4d, 0xc3, 0xbc, 0x6c, 0x6c, 0x65, 0x72]))).toBe(true)
    const lines = text.slice(1).split('\r\n')
    expect(lines.at(-1)).toBe('')
    expect(lines).toHaveLength(8) // header, six bookings, the end
    expect(text.slice(1).replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    expect(lines[0]).toBe(
      'Booking code,Status,Type,Booked via,Booked on,First date,First time,Offers,First name,Surname,Company,E-mail,Phone,Participants,Total,Open amount,Currency,Payment state,Payment method,Language',
    )
    expect(lines[1]).toBe(
      "N1P2-Q3R4,Confirmed,Booking,Shop,2026-02-06 11:00,2026-03-10,00:30,Canyoning,Nora,Nachtschwärmer,,nora@example.ch,'+41 78 111 22 33,4,80.00,80.00,CHF,Unpaid,On site,German",
    )
    const formula = lines.find((l) => l.startsWith(B4))!
    expect(formula).toBe(
      `${B4},Cancelled,Booking,Shop,2026-02-04 11:00,2026-04-10,09:30,Rafting,'=cmd|calc,"Formel, ""Test""",'@Firma AG,formel@example.ch,'+41 44 555 66 77,1,50.00,0.00,CHF,Refund due,"Online, at booking",German`,
    )
    expect(lines.find((l) => l.startsWith(B5))).toContain(',Canyoning; Rafting,Émile,Zürcher,,emile@example.ch,')
    // The filters and the order of the list.
    const paid = await csv(`status=PAID&${q('zoe')}`)
    expect(
      paid.text
        .slice(1)
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(',')[0]),
    ).toEqual([B2])
    const byName = await csv('sort=name&order=asc')
    expect(
      byName.text
        .slice(1)
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(',')[0]),
    ).toEqual([B2, B4, B1, B3, B6, B5])
  })

  it('writes headers, statuses and states in the staff member’s language (de, fr, en)', async () => {
    const header = async (locale: string) => (await csv('status=PAID', locale)).text.slice(1).split('\r\n').slice(0, 2)
    const [de, deRow] = await header('de')
    expect(de).toBe(
      'Buchungscode,Status,Art,Gebucht über,Gebucht am,Erstes Datum,Erste Uhrzeit,Angebote,Vorname,Nachname,Firma,E-Mail,Telefon,Teilnehmende,Total,Offener Betrag,Währung,Zahlungsstand,Zahlungsart,Sprache',
    )
    expect(deRow).toContain(',Bezahlt,Buchung,Eingebettetes Widget,')
    expect(deRow).toMatch(/,Vollständig bezahlt,"Online, bei der Buchung",Deutsch$/)
    const [fr, frRow] = await header('fr')
    expect(fr).toMatch(/^Code de réservation,Statut,Type,Réservé via,Réservé le,Première date,/)
    expect(frRow).toContain(',Payée,Réservation,Widget intégré,')
    const [en, enRow] = await header('en')
    expect(en).toMatch(/^Booking code,Status,/)
    expect(enRow).toContain(',Paid,')
    // A download link cannot send the header: `lang` names the file's language.
    const [linked] = (await csv('status=PAID&lang=fr', 'de')).text.slice(1).split('\r\n')
    expect(linked).toBe(fr)
  })

  describe('bounds', () => {
    it('refuses an export of more bookings than its limit instead of cutting the file', async () => {
      const scope = {
        shopId: 'alpin',
        timeZone: 'Europe/Zurich',
        locale: 'en' as const,
      }
      await expect(exportBookingsCsv(app.database.db, scope, {}, clock, 5)).rejects.toMatchObject({
        code: 'export.too_large',
        data: { maximum: 5, total: 6 },
      })
      const within = await exportBookingsCsv(app.database.db, scope, {}, clock, 6)
      expect(within.total).toBe(6)
      // Bookings made after the export started are not in it (its slices never shift).
      const before = await exportBookingsCsv(app.database.db, scope, {}, new Date('2026-02-03T12:00:00Z'))
      expect(before.total).toBe(3)
      expect(await new Response(before.stream).text()).toContain(B3)
    })
  })
})
