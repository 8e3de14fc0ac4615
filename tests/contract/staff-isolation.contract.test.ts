/**
 * Shop isolation of the staff app as a matrix (issue 20, point 3), read from openapi/admin.yaml:
 * every staff operation whose path names an object (an offer, a date, a member, a booking or
 * request code, a customer, a refund, a booking item, a working-time entry or approval, a domain,
 * a staff link's token, a calendar feed's key) is called with an object of shop Alpin through
 * Atelier's host, with Atelier's owner signed in (the links and the calendar feed without a
 * session, as they are used). Each answers 404 with nothing of the object in it, and changes
 * nothing in the database (every row of every table compared). Then, through Alpin's host with
 * Alpin's owner, each read finds the object and each write succeeds (2xx) with the same kind of
 * body, so the 404 is neither an empty database's nor a body's: the writes carry bodies that
 * would succeed on the object (its current version, a member of the calling shop where a body
 * names one), so a missing shop check shows as a success. A new
 * operation with a path parameter fails this test until it is given its object here (or is listed
 * in NOT_AN_OBJECT with the reason).
 */
import { eq, getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as schema from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { adminOperations } from '../support/contract'
import { describeEachDatabase } from '../support/databases'
import { createOffer, createPrivateBooking, checkoutRequest } from '../support/factories'
import { signedInCast } from '../support/staff'
import { visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

type Shop = 'alpin' | 'atelier'

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`

/** Operations with a path parameter that names no object of a shop, and why (none today). */
const NOT_AN_OBJECT: Record<string, string> = {}

/** Operations used without a staff session (the link and the feed are their own credentials). */
const WITHOUT_SESSION = new Set(['getLink', 'setPasswordFromLink', 'getScheduleFeed'])

/** What of Alpin's objects must never appear in Atelier's answers. */
const SECRETS = ['Isolation tour', 'Isolation coaching', 'Anna', 'Muster', 'anna@example.ch', 'Bahnhofstrasse', 'Zora', 'zora@alpin.example', 'Ivo Invitee', 'ivo@alpin.example', 'Ina Invitee', 'ina@alpin.example', 'Isolation note', 'alpin-abenteuer', 'ISOP-0001']

describeEachDatabase('staff shop isolation matrix (openapi/admin.yaml)', (factory) => {
  let app: TestApp
  let cast: Awaited<ReturnType<typeof signedInCast>>
  const clock = new Date('2026-11-10T08:00:00Z')
  /** The path parameters of Alpin's object, by operationId. */
  const objectsOf = new Map<string, Record<string, string>>()
  /** The bodies of the writes, by operationId, for a call of one shop's staff. */
  const bodies = new Map<string, (shop: Shop) => Promise<unknown>>()
  /** Query strings the operations need (required parameters), by operationId. */
  const queries = new Map<string, string>()

  const pathOf = (op: (typeof adminOperations)[number], objects: Record<string, string>) =>
    op.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(objects[name] ?? `unknown-${name}`)).replace(/^\/api\/admin\/v1/, '') + (queries.get(op.id) ?? '')

  /** Every row of every table, as text by table (sorted, so the order rows come back in does not matter). */
  async function snapshot() {
    const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable))
    const out: Record<string, string[]> = {}
    for (const table of tables) {
      out[getTableName(table)] = (await app.database.db.select().from(table)).map((row) => JSON.stringify(row)).sort()
    }
    return out
  }

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    cast = await signedInCast(app)
    const db = app.database.db
    const ids = Object.fromEntries((await db.select().from(schema.staff)).map((m) => [m.email, m.id]))
    const owner = (method: string, path: string, body?: unknown) => cast.alpin.call(method, path, { session: cast.owner, body })
    const ok = async (answer: Promise<{ status: number; body: unknown }> | { status: number; body: unknown }, status = 200) => {
      const a = await answer
      expect(a.status, JSON.stringify(a.body)).toBe(status)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against the contract by app.call
      return (a.body as any).data
    }

    // Alpin's objects: an activity with a date, a private service with its schedule, an offer asked upon request.
    const tour = await createOffer(db, { slug: 'iso-tour', title: 'Isolation tour', skus: [{ key: 'adult', price: 10000 }], sessions: [{ startsAt: new Date('2026-11-20T09:00:00Z'), capacity: 20 }] })
    const spare = await createOffer(db, { slug: 'iso-spare', title: 'Isolation tour spare' })
    const asked = await createOffer(db, { slug: 'iso-asked', title: 'Isolation tour asked', uponRequest: true, skus: [{ key: 'adult', price: 10000 }], sessions: [{ startsAt: new Date('2026-11-21T09:00:00Z'), capacity: 20 }] })
    const coaching = await createOffer(db, {
      slug: 'iso-coaching',
      title: 'Isolation coaching',
      skus: [{ key: 'slot', type: 'private-service-slot', durationMinutes: 60 }],
      schedule: { weeklyHours: ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, start: '09:00', end: '12:00' })), exceptions: [], durationMinutes: 60, bufferMinutes: 0, stepMinutes: 60 },
    })

    // A booking and a request through the webshop, as visitors make them (they make Alpin's customer too).
    const visitor = visitorCalls(ALPIN, () => ({ app, headers }))
    const headers = await xsrfHeaders(app, ALPIN)
    const bookThrough = async (offer: typeof tour, slug: string, mode: 'order' | 'request') => {
      const cart = (await (await visitor('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
      const added = await visitor('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: slug, sku: offer.skus[0]!.id, sessionId: offer.sessions[0]!.id, quantity: 1 })
      expect(added.status).toBe(201)
      const item = (await added.json()).data.items[0].id as string
      const booked = await visitor('POST', `/api/webshop/v1/carts/${cart}/checkout`, checkoutRequest(item, 1, { mode, paymentMethod: 'PAY_LATER' }))
      expect(booked.status, await booked.clone().text()).toBe(201)
      return (await booked.json()).data.code as string
    }
    const code = await bookThrough(tour, 'iso-tour', 'order')
    const requestCode = await bookThrough(asked, 'iso-asked', 'request')
    const [bookingRow] = await db.select().from(schema.bookings).where(eq(schema.bookings.code, code))
    const { id: bookingId, customerId } = { id: bookingRow!.id, customerId: bookingRow!.customerId! }

    // A private booking of the service, with Zora as its guide; Zora on the tour's date too.
    const privateBooking = await createPrivateBooking(db, { offer: coaching, code: 'ISOP-0001', startsAt: new Date('2026-11-23T09:00:00Z'), minutes: 60 })
    await ok(owner('POST', `/booking-items/${privateBooking.itemId}/guides`, { staffId: ids['zora@alpin.example'] }))
    const sessionId = tour.sessions[0]!.id
    await ok(owner('POST', `/sessions/${sessionId}/guides`, { staffId: ids['zora@alpin.example'] }))

    // A member invited (a link's token), Zora's calendar feed, her entry and her approved month.
    await ok(owner('POST', '/staff', { email: 'ivo@alpin.example', name: 'Ivo Invitee', role: 'guide', locale: 'de' }), 201)
    const member = { staffId: (await ok(owner('POST', '/staff', { email: 'ina@alpin.example', name: 'Ina Invitee', role: 'guide', locale: 'de' }), 201)).id as string }
    const mail = (await db.select().from(schema.outbox)).find((m) => m.kind === 'staff_invitation' && (m.payload as { to: string }).to === 'ivo@alpin.example')!
    const token = /\/admin\/password\/([A-Za-z0-9_-]+)$/.exec((mail.payload as { url: string }).url)![1]!
    const feed = await ok(cast.alpin.call('POST', '/me/calendar-feed', { session: cast.guide }))
    const [, feedStaff, feedKey] = /\/calendar\/([^/]+)\/([^/]+)\.ics$/.exec(feed.url as string)!
    const sheet = await ok(cast.alpin.call('POST', '/working-time/entries', { session: cast.guide, body: { date: '2026-11-03', from: '09:00', to: '10:00', note: 'Isolation note' } }))
    const entryId = (sheet.lines as { kind: string; id: string }[]).find((l) => l.kind === 'entry')!.id
    const october = await ok(owner('GET', `/working-time?month=2026-10&staffId=${ids['zora@alpin.example']}`))
    await ok(owner('POST', '/working-time/approvals', { staffId: ids['zora@alpin.example'], month: '2026-10', fingerprint: october.fingerprint }))

    // Refunds, written as the finance suite writes them: money taken on site to confirm, a failed provider refund to retry.
    const payment = { shopId: 'alpin', bookingId, currency: 'CHF', status: 'succeeded' as const, amount: 10000, createdAt: clock, updatedAt: clock }
    await db.insert(schema.payments).values([
      { ...payment, id: 'iso-payment-on-site', provider: 'on_site', method: 'cash', source: 'staff' },
      { ...payment, id: 'iso-payment-sandbox', provider: 'sandbox', source: 'checkout', providerRef: 'sbx_isolation' },
    ])
    const refund = { shopId: 'alpin', bookingId, amount: 1000, currency: 'CHF', reason: 'staff_cancel' as const, createdAt: clock, updatedAt: clock }
    await db.insert(schema.refunds).values([
      { ...refund, id: 'iso-refund-on-site', paymentId: 'iso-payment-on-site', provider: 'on_site', status: 'pending' },
      { ...refund, id: 'iso-refund-failed', paymentId: 'iso-payment-sandbox', provider: 'sandbox', status: 'failed' },
    ])

    // The objects, by operation.
    const offer = { offerId: tour.offerId }
    const service = { offerId: coaching.offerId }
    const session = { sessionId }
    const bookingCode = { code }
    const request = { code: requestCode }
    const customer = { customerId }
    const objects: Record<string, Record<string, string>> = {
      getLink: { token },
      setPasswordFromLink: { token },
      listSessions: offer,
      createSessions: offer,
      updateSession: session,
      cancelSession: session,
      getSessionHistory: session,
      getStaffMember: member,
      updateStaffMember: member,
      resendInvitation: member,
      getShopOffer: offer,
      updateShopOffer: offer,
      deleteShopOffer: { offerId: spare.offerId },
      publishShopOffer: offer,
      unpublishShopOffer: offer,
      archiveShopOffer: offer,
      duplicateShopOffer: offer,
      updateShopDomain: { domain: 'www.alpin-abenteuer.ch' },
      removeShopDomain: { domain: 'www.alpin-abenteuer.ch' },
      getServiceSchedule: service,
      updateServiceSchedule: service,
      previewServiceSlots: service,
      getServiceScheduleHistory: service,
      getStaffBooking: bookingCode,
      recordOnSitePayment: bookingCode,
      resendPaymentLink: bookingCode,
      resendConfirmation: bookingCode,
      updateParticipants: bookingCode,
      cancelStaffBooking: bookingCode,
      getSessionManifest: session,
      exportSessionManifestCsv: session,
      getStaffRequest: request,
      markRequestSeen: request,
      answerStaffRequest: request,
      getCustomer: customer,
      updateCustomer: customer,
      eraseCustomer: customer,
      exportCustomerData: customer,
      confirmRefund: { refundId: 'iso-refund-on-site' },
      retryRefund: { refundId: 'iso-refund-failed' },
      assignGuide: session,
      unassignGuide: { sessionId, staffId: ids['zora@alpin.example']! },
      assignBookingGuide: { itemId: privateBooking.itemId },
      unassignBookingGuide: { itemId: privateBooking.itemId, staffId: ids['zora@alpin.example']! },
      updateWorkTimeEntry: { entryId },
      deleteWorkTimeEntry: { entryId },
      withdrawWorkingTimeApproval: { staffId: ids['zora@alpin.example']!, month: '2026-10' },
      getScheduleFeed: { staffId: feedStaff!, key: feedKey! },
    }
    for (const [id, o] of Object.entries(objects)) objectsOf.set(id, o)
    queries.set('listSessions', '?from=2026-11-01&to=2026-11-30')

    // Bodies that would succeed on Alpin's object, built at the call (its current version); an id they name
    // besides the path's object is one of the calling shop's (Atelier's owner through Atelier's host).
    const read = async (path: string) => ok(owner('GET', path))
    const version = async (path: string) => (await read(path)).version as number
    const sessionVersion = async () => ((await read(`/offers/${tour.offerId}/sessions?from=2026-11-01&to=2026-11-30`)).sessions as { id: string; version: number }[]).find((s) => s.id === sessionId)!.version
    const memberOf = (shop: Shop) => (shop === 'atelier' ? ids['claire@atelier.example']! : ids['marco@alpin.example']!)
    const fixed = (body: unknown) => async () => body
    const bodyOf: Record<string, (shop: Shop) => Promise<unknown>> = {
      setPasswordFromLink: fixed({ password: 'Gipfel-Sturm-7', passwordConfirmation: 'Gipfel-Sturm-7' }),
      createSessions: fixed({ capacity: 5, durationMinutes: 60, single: { date: '2026-12-01', time: '10:00' } }),
      updateSession: async () => ({ version: await sessionVersion(), capacity: 25 }),
      cancelSession: async () => ({ version: await sessionVersion(), message: 'Cancelled.' }),
      updateStaffMember: async () => ({ version: await version(`/staff/${member.staffId}`), role: 'manager' }),
      updateShopOffer: async () => {
        const { version, content } = await read(`/offers/${tour.offerId}`)
        return { version, content }
      },
      publishShopOffer: async () => ({ version: await version(`/offers/${tour.offerId}`) }),
      unpublishShopOffer: async () => ({ version: await version(`/offers/${tour.offerId}`) }),
      archiveShopOffer: async () => ({ version: await version(`/offers/${tour.offerId}`) }),
      updateShopDomain: fixed({ primary: true }),
      updateServiceSchedule: async () => {
        const { version, schedule } = await read(`/offers/${coaching.offerId}/schedule`)
        return { version, schedule }
      },
      previewServiceSlots: async () => ({ schedule: (await read(`/offers/${coaching.offerId}/schedule`)).schedule, from: '2026-11-16', to: '2026-11-20' }),
      recordOnSitePayment: async () => ({ amount: 1000, method: 'cash', version: await version(`/bookings/${code}`) }),
      updateParticipants: async () => {
        const booking = await read(`/bookings/${code}`)
        return { version: booking.version, items: [{ itemId: booking.items[0].id, participants: [{ firstname: 'Other', surname: 'Name' }] }] }
      },
      cancelStaffBooking: async () => ({ version: await version(`/bookings/${code}`), message: 'Cancelled.' }),
      markRequestSeen: fixed({ seen: true }),
      answerStaffRequest: fixed({ decision: 'decline', reply: 'Sorry.' }),
      updateCustomer: async () => {
        const c = await read(`/customers/${customerId}`)
        return { version: c.version, type: c.type, company: c.company, person: c.person, email: c.email, phone: c.phone, address: c.address, note: 'Changed' }
      },
      eraseCustomer: fixed({ confirm: 'anna@example.ch' }),
      assignGuide: async (shop) => ({ staffId: memberOf(shop) }),
      assignBookingGuide: async (shop) => ({ staffId: memberOf(shop) }),
      updateWorkTimeEntry: fixed({ date: '2026-11-04', from: '09:00', to: '11:00' }),
    }
    for (const [id, body] of Object.entries(bodyOf)) bodies.set(id, body)
  })
  afterAll(async () => {
    await app?.close()
  })

  const withParams = adminOperations.filter((op) => /\{[^}]+\}/.test(op.template))

  it('knows the object of every staff operation that names one (a new operation must be added here)', () => {
    const missing = withParams.filter((op) => !(op.id in NOT_AN_OBJECT) && !objectsOf.has(op.id))
    expect(missing.map((op) => `${op.method} ${op.template} (${op.id})`)).toEqual([])
    expect([...objectsOf.keys()].filter((id) => !withParams.some((op) => op.id === id)), 'objects of operations the contract no longer has').toEqual([])
  })

  it('answers 404 with nothing of the object when Atelier’s owner uses Alpin’s object through Atelier’s host, and changes nothing; through Alpin’s host Alpin’s owner reads it and each write succeeds', async () => {
    const before = await snapshot()
    const seen: string[] = []
    for (const op of withParams) {
      const objects = objectsOf.get(op.id)
      if (!objects) continue
      const path = pathOf(op, objects)
      const session = WITHOUT_SESSION.has(op.id) ? undefined : cast.atelierOwner
      const answer = await cast.atelier.call(op.method, path, { session, body: await bodies.get(op.id)?.('atelier') })
      const text = JSON.stringify(answer.body ?? '')
      expect.soft(answer.status, `${op.id} through Atelier’s host: ${text.slice(0, 300)}`).toBe(404)
      const data = (answer.body as { data?: Record<string, unknown> | null } | undefined)?.data ?? {}
      expect.soft(Object.keys(data).filter((k) => !['code', 'requestId', 'flowinRequestId'].includes(k)), op.id).toEqual([])
      for (const secret of SECRETS) expect.soft(text, `${op.id} leaks ${secret}`).not.toContain(secret)
      seen.push(op.id)
    }
    expect(seen.length).toBe(withParams.length - Object.keys(NOT_AN_OBJECT).length)
    // Nothing changed anywhere (no row written, changed or removed; no e-mail queued).
    expect(await snapshot()).toEqual(before)

    // Through Alpin's host, with Alpin's owner, each read finds its object.
    for (const op of withParams.filter((o) => o.method === 'GET')) {
      const session = WITHOUT_SESSION.has(op.id) ? undefined : cast.owner
      // Straight through the app: the feed and the CSV answer no JSON.
      const found = await app.call(`${ALPIN}/api/admin/v1${pathOf(op, objectsOf.get(op.id)!)}`, { headers: { 'x-flowin-locale': 'en', ...(session ? { cookie: `staff-session=${session}` } : {}) } })
      expect.soft(found.status, `${op.id} through Alpin’s host: ${(await found.text()).slice(0, 300)}`).toBe(200)
    }

    // The same writes through Alpin's host, with Alpin's owner, reach the object (the ones that end it last):
    // the bodies are not refused for themselves, so Atelier's 404 is the shop's.
    const last = ['setPasswordFromLink', 'deleteWorkTimeEntry', 'withdrawWorkingTimeApproval', 'unassignGuide', 'unassignBookingGuide', 'answerStaffRequest', 'cancelStaffBooking', 'cancelSession', 'eraseCustomer', 'removeShopDomain', 'deleteShopOffer']
    const writes = withParams.filter((o) => o.method !== 'GET').sort((a, b) => last.indexOf(a.id) - last.indexOf(b.id))
    for (const op of writes) {
      const session = WITHOUT_SESSION.has(op.id) ? undefined : cast.owner
      const answer = await cast.alpin.call(op.method, pathOf(op, objectsOf.get(op.id)!), { session, body: await bodies.get(op.id)?.('alpin') })
      expect.soft(answer.status, `${op.id} through Alpin’s host: ${JSON.stringify(answer.body ?? '').slice(0, 300)}`).toBeLessThan(300)
    }
  })
})
