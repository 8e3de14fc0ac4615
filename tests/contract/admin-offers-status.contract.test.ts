import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { changeLog, offers, sessions } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { checkoutRequest, createOffer } from '../support/factories'
import { insertStaff, staffCalls } from '../support/staff'
import { visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`

describeEachDatabase('offers: publish, preview, duplicate, delete (openapi/admin.yaml, tag offers)', (factory) => {
  let app: TestApp
  const clock = new Date('2026-03-01T08:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let manager: string
  let guide: string
  let headers: Record<string, string>
  const visitor = visitorCalls(ALPIN, () => ({ app, headers }))

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    await insertStaff(app, [
      { shopId: 'alpin', email: 'marco@alpin.example', name: 'Marco Rossi', role: 'manager' },
      { shopId: 'alpin', email: 'zora@alpin.example', name: 'Zora Zimmermann', role: 'guide' },
    ])
    alpin = await staffCalls(app, ALPIN)
    manager = await alpin.signIn('marco@alpin.example')
    guide = await alpin.signIn('zora@alpin.example')
    headers = await xsrfHeaders(app, ALPIN)
  })
  afterAll(() => app?.close())

  const get = async (id: string) => (await alpin.call('GET', `/offers/${id}`, { session: manager })).body.data
  const act = (id: string, action: string, version: number) => alpin.call('POST', `/offers/${id}/${action}`, { session: manager, body: { version } })
  const setStatus = (id: string, status: 'draft' | 'archived' | 'published') => app.database.db.update(offers).set({ status }).where(eq(offers.id, id))
  /** What every visitor read says about the offer `slug` (status codes, and whether lists include it). */
  // Each state is read in its own locale: the visitor API keeps answers for two seconds per locale and address.
  const visitorReads = async (slug: string, skuId: string, sessionId: string, locale: string) => {
    const extra = { 'x-flowin-locale': locale }
    const list = await (await visitor('GET', '/api/webshop/v1/offers?perPage=50', undefined, extra)).json()
    const search = await (await visitor('GET', `/api/webshop/v1/offers?q=${slug.split('-')[0]}`, undefined, extra)).json()
    const related = await (await visitor('GET', '/api/webshop/v1/offers/status-anchor/related', undefined, extra)).json()
    const cart = (await (await visitor('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    return {
      listed: list.data.some((o: { slug: string }) => o.slug === slug),
      found: search.data.some((o: { slug: string }) => o.slug === slug),
      related: related.data.some((o: { slug: string }) => o.slug === slug),
      detail: (await visitor('GET', `/api/webshop/v1/offers/${slug}`, undefined, extra)).status,
      month: (await visitor('GET', `/api/webshop/v1/offers/${slug}/availability?month=2026-03`, undefined, extra)).status,
      day: (await visitor('GET', `/api/webshop/v1/offers/${slug}/dates/2026-03-10`, undefined, extra)).status,
      // Unknown to the cart: a field error on `offer` (400).
      cartAdd: (await visitor('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: slug, sku: skuId, sessionId, quantity: 1 }, extra)).status,
    }
  }

  it('shows a draft or archived offer to no visitor, through every visitor read, and a published one everywhere', async () => {
    const hidden = await createOffer(app.database.db, { slug: 'glacier-secret', sessions: [{ startsAt: new Date('2026-03-10T09:00:00Z'), capacity: 8 }] })
    await createOffer(app.database.db, { slug: 'status-anchor', related: ['glacier-secret'] })
    const args = [hidden.skus[0]!.id, hidden.sessions[0]!.id] as const
    for (const [status, locale] of [['draft', 'en'], ['archived', 'fr']] as const) {
      await setStatus(hidden.offerId, status)
      expect(await visitorReads('glacier-secret', ...args, locale)).toEqual({ listed: false, found: false, related: false, detail: 404, month: 404, day: 404, cartAdd: 400 })
    }
    await setStatus(hidden.offerId, 'published')
    expect(await visitorReads('glacier-secret', ...args, 'de')).toEqual({ listed: true, found: true, related: true, detail: 200, month: 200, day: 200, cartAdd: 201 })
  })

  it('previews a draft to a signed-in staff member of the shop, marked and not bookable, never to others', async () => {
    const draft = await createOffer(app.database.db, { slug: 'preview-draft', sessions: [{ startsAt: new Date('2026-03-10T09:00:00Z'), capacity: 8 }] })
    await setStatus(draft.offerId, 'draft')
    const detail = (cookie?: string) => visitor('GET', '/api/webshop/v1/offers/preview-draft', undefined, cookie ? { cookie: `${headers.cookie}; ${cookie}` } : {})
    expect((await detail()).status).toBe(404)
    expect((await detail('staff-session=not-a-session')).status).toBe(404)
    const preview = await detail(`staff-session=${guide}`)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('cache-control')).toBe('private, no-store')
    expect((await preview.json()).data).toMatchObject({ slug: 'preview-draft', preview: true })
    // The preview was not cached for the visitor who asks next.
    expect((await detail()).status).toBe(404)
    const cart = (await (await visitor('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const add = await visitor('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'preview-draft', sku: draft.skus[0]!.id, sessionId: draft.sessions[0]!.id, quantity: 1 }, { cookie: `${headers.cookie}; staff-session=${manager}` })
    // An unknown offer is a field error of the cart's body; a preview does not make a draft bookable.
    expect(add.status).toBe(400)
    expect((await add.json()).data.errors.offer.code).toBe('not_found')
  })

  it('publishes only an offer with what a visitor needs, says what is missing, and records each step', async () => {
    const activity = (await alpin.call('POST', '/offers', { session: manager, body: { kind: 'activity', title: { de: 'Neu' } } })).body.data
    const refused = await act(activity.id, 'publish', activity.version)
    expect(refused.status).toBe(400)
    expect(refused.body.data.errors).toEqual({ 'content.variants': { code: 'variant.required' } })
    const service = (await alpin.call('POST', '/offers', { session: manager, body: { kind: 'private', title: { de: 'Privat' } } })).body.data
    expect(Object.keys((await act(service.id, 'publish', service.version)).body.data.errors).sort()).toEqual(['content.variants', 'hours'])
    const variant = { key: 'adult', type: 'activity', title: { de: 'Erwachsene' }, price: 9000, durationMinutes: 60, blockCount: 1, maxParticipants: null, minQuantity: 0, maxQuantity: 8 }
    const saved = (await alpin.call('PUT', `/offers/${activity.id}`, { session: manager, body: { version: activity.version, content: { ...activity.content, variants: [variant] } } })).body.data
    expect((await act(activity.id, 'publish', saved.version - 1)).body.data).toMatchObject({ code: 'offer.version_conflict', version: saved.version })
    const published = await act(activity.id, 'publish', saved.version)
    expect(published.body.data).toMatchObject({ status: 'published', version: saved.version + 1 })
    expect((await visitor('GET', `/api/webshop/v1/offers/${saved.content.slug}`)).status).toBe(200)
    const emptied = await alpin.call('PUT', `/offers/${activity.id}`, { session: manager, body: { version: saved.version + 1, content: { ...saved.content, title: { de: ' ' }, variants: [] } } })
    expect(emptied.body.data.errors).toEqual({ 'content.title.de': { code: 'required' }, 'content.variants': { code: 'variant.required' } })
    const archived = (await act(activity.id, 'archive', saved.version + 1)).body.data
    const draft = (await act(activity.id, 'unpublish', archived.version)).body.data
    expect(draft.status).toBe('draft')
    expect(draft.history.slice(0, 4).map((h: { action: string }) => h.action)).toEqual(['unpublished', 'archived', 'published', 'updated'])
    expect((await alpin.call('GET', '/offers?status=draft', { session: manager })).body.data.map((o: { id: string }) => o.id)).toContain(activity.id)
  })

  it('duplicates an offer as a draft without its dates, and lists next dates and places sold', async () => {
    const source = await createOffer(app.database.db, { slug: 'rafting-copy-me', sessions: [{ startsAt: new Date('2026-03-12T09:00:00Z'), capacity: 10, placesTaken: 4 }, { startsAt: new Date('2026-02-01T09:00:00Z'), capacity: 10, placesTaken: 9 }] })
    const listed = (await alpin.call('GET', '/offers?q=copy-me', { session: manager })).body.data
    expect(listed).toEqual([expect.objectContaining({ id: source.offerId, status: 'published', nextDates: ['2026-03-12T09:00:00.000Z'], placesSold: 4, capacity: 10 })])
    const copy = await alpin.call('POST', `/offers/${source.offerId}/duplicate`, { session: manager })
    expect(copy.status).toBe(201)
    expect(copy.body.data).toMatchObject({ status: 'draft', content: { slug: 'rafting-copy-me-copy', title: { de: 'rafting-copy-me (de) (Kopie)', en: 'rafting-copy-me (copy)' } } })
    expect(copy.body.data.content.variants[0].id).not.toBe(source.skus[0]!.id)
    expect(await app.database.db.select().from(sessions).where(eq(sessions.offerId, copy.body.data.id))).toEqual([])
    expect(copy.body.data.history[0].action).toBe('duplicated')
  })

  it('charges an extra set "per booking" once at checkout, one "per participant" for each who chose it', async () => {
    const made = await createOffer(app.database.db, { slug: 'extras-offer', sessions: [{ startsAt: new Date('2026-03-16T09:00:00Z'), capacity: 10 }] })
    const offer = await get(made.offerId)
    const extras = [{ key: 'transfer', title: { de: 'Transfer' }, price: 8000, per: 'booking' }, { key: 'photos', title: { de: 'Fotos' }, price: 1500, per: 'participant' }]
    expect((await alpin.call('PUT', `/offers/${made.offerId}`, { session: manager, body: { version: offer.version, content: { ...offer.content, extras } } })).status).toBe(200)
    const shown = (await (await visitor('GET', '/api/webshop/v1/offers/extras-offer')).json()).data.extras
    expect(shown.map((e: { id: string; per?: string }) => [e.id, e.per])).toEqual([['transfer', 'booking'], ['photos', undefined]])
    const cart = (await (await visitor('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const item = (await (await visitor('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'extras-offer', sku: made.skus[0]!.id, sessionId: made.sessions[0]!.id, quantity: 2 })).json()).data.items[0].id
    const chosen = ['transfer', 'photos']
    const body = { ...checkoutRequest(item, 2, { mode: 'order', paymentMethod: 'PAY_ON_SITE' }), items: [{ itemId: item, participants: [{ firstname: 'Anna', surname: 'Muster', extras: chosen }, { firstname: 'Ben', surname: 'Muster', extras: chosen }] }] }
    const booked = await visitor('POST', `/api/webshop/v1/carts/${cart}/checkout`, body)
    expect(booked.status).toBe(201)
    expect((await booked.json()).data.total.amount).toBe(2 * made.skus[0]!.priceAmount + 8000 + 2 * 1500)
  })

  it('deletes an offer that never had a booking; refuses one with bookings and a variant a booking refers to', async () => {
    const empty = (await alpin.call('POST', '/offers', { session: manager, body: { kind: 'activity', title: { de: 'Weg' } } })).body.data
    expect((await alpin.call('DELETE', `/offers/${empty.id}`, { session: manager })).status).toBe(204)
    expect((await alpin.call('GET', `/offers/${empty.id}`, { session: manager })).status).toBe(404)
    expect((await app.database.db.select().from(changeLog).where(eq(changeLog.subjectId, empty.id))).map((c) => c.action)).toContain('deleted')

    const booked = await createOffer(app.database.db, { slug: 'booked-offer', sessions: [{ startsAt: new Date('2026-03-15T09:00:00Z'), capacity: 10 }] })
    const cart = (await (await visitor('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const item = (await (await visitor('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'booked-offer', sku: booked.skus[0]!.id, sessionId: booked.sessions[0]!.id, quantity: 1 })).json()).data.items[0].id
    expect((await visitor('POST', `/api/webshop/v1/carts/${cart}/checkout`, checkoutRequest(item, 1, { mode: 'order', paymentMethod: 'PAY_ON_SITE' }))).status).toBe(201)
    const refused = await alpin.call('DELETE', `/offers/${booked.offerId}`, { session: manager })
    expect(refused.status).toBe(409)
    expect(refused.body.data.code).toBe('offer.has_bookings')
    const offer = await get(booked.offerId)
    expect(offer.hasBookings).toBe(true)
    const other = { key: 'child', type: 'activity', title: { de: 'Kind' }, price: 5000, durationMinutes: 60, blockCount: 1, maxParticipants: null, minQuantity: 0, maxQuantity: 8 }
    const removed = await alpin.call('PUT', `/offers/${booked.offerId}`, { session: manager, body: { version: offer.version, content: { ...offer.content, variants: [other] } } })
    expect(removed.body.data.errors).toEqual({ 'content.variants': { code: 'variant.in_use', params: { keys: ['adult'] } } })
  })
})
