import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { media, offers, skus } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer } from '../support/factories'
import { signedInCast, staffCalls } from '../support/staff'

useFastPasswordHashing()

const SCRIPT = '<script>alert(1)</script>'

describeEachDatabase('offers: create, edit, history (openapi/admin.yaml, tag offers)', (factory) => {
  let app: TestApp
  const clock = new Date('2026-03-01T08:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let manager: string
  let guide: string
  let stranger: string
  let strangerOffer: string

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    ;({ alpin, manager, guide, atelierOwner: stranger } = await signedInCast(app))
    strangerOffer = (await createOffer(app.database.db, { shopId: 'atelier', slug: 'atelier-pottery' })).offerId
    const image = { contentType: 'image/webp', width: 10, height: 10, sha256: 'x', content: new Uint8Array([1]) }
    await app.database.db.insert(media).values([{ id: 'alpin-photo-1', shopId: 'alpin', ...image }, { id: 'alpin-photo-2', shopId: 'alpin', ...image }, { id: 'atelier-photo', shopId: 'atelier', ...image }])
  })
  afterAll(() => app?.close())

  const create = (body: unknown, session = manager) => alpin.call('POST', '/offers', { session, body })
  const get = (id: string, session = manager) => alpin.call('GET', `/offers/${id}`, { session })
  const put = (id: string, version: number, content: unknown, session = manager) => alpin.call('PUT', `/offers/${id}`, { session, body: { version, content } })
  const variant = (key: string, extra: Record<string, unknown> = {}) => ({ key, type: 'activity', title: { de: key, en: key, fr: key }, price: 12050, durationMinutes: 120, blockCount: 1, maxParticipants: null, minQuantity: 0, maxQuantity: 10, ...extra })

  it('creates a draft from a kind and a title, with a unique slug and a history entry', async () => {
    const first = await create({ kind: 'activity', title: { de: 'Schneeschuh & Fondue' } })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.data).toMatchObject({ status: 'draft', kind: 'activity', version: 1, content: { slug: 'schneeschuh-fondue', title: { de: 'Schneeschuh & Fondue' }, variants: [] } })
    expect(first.body.data.history[0]).toMatchObject({ action: 'created', actor: { name: 'Marco Rossi' } })
    expect(first.body.data.completeness.en).toEqual(['title', 'intro', 'description'])
    const second = await create({ kind: 'private', title: { en: 'Schneeschuh & Fondue' } })
    expect(second.body.data).toMatchObject({ kind: 'private', content: { slug: 'schneeschuh-fondue-2' } })
    expect((await create({ kind: 'activity', title: { de: ' ' } })).body.data.errors).toEqual({ 'title.de': { code: 'required' } })
    expect((await create({ kind: 'activity', title: { de: SCRIPT } })).body.data.errors['title.de'].code).toBe('plain_text')
  })

  it('lets a guide change nothing and answers another shop\'s offer as if it did not exist', async () => {
    const { id, version, content } = (await create({ kind: 'activity', title: { de: 'Rollen' } })).body.data
    expect((await alpin.call('GET', '/offers', { session: guide })).status).toBe(403)
    expect((await create({ kind: 'activity', title: { de: 'Gast' } }, guide)).status).toBe(403)
    expect((await put(id, version, content, guide)).status).toBe(403)
    for (const action of ['publish', 'unpublish', 'archive']) expect((await alpin.call('POST', `/offers/${id}/${action}`, { session: guide, body: { version } })).status).toBe(403)
    expect((await alpin.call('POST', `/offers/${id}/duplicate`, { session: guide })).status).toBe(403)
    expect((await alpin.call('DELETE', `/offers/${id}`, { session: guide })).status).toBe(403)
    expect((await get(strangerOffer)).status).toBe(404)
    expect((await put(strangerOffer, 1, content)).status).toBe(404)
    expect((await alpin.call('DELETE', `/offers/${strangerOffer}`, { session: manager })).status).toBe(404)
    // The other shop's member, on this shop's host, is not signed in here.
    expect((await alpin.call('GET', `/offers/${id}`, { session: stranger })).status).toBe(401)
  })

  it('saves the whole content, keeps variant ids, sanitises the description and records the fields changed', async () => {
    const { id, version, content } = (await create({ kind: 'activity', title: { de: 'Canyoning' } })).body.data
    const edited = {
      ...content,
      intro: { de: 'Nass und wild', en: 'Wet and wild' },
      description: { de: `<p>Spass</p>${SCRIPT}<img src=x onerror=alert(1)>` },
      images: [{ id: 'alpin-photo-2', alt: { de: 'Schlucht' } }, { id: 'alpin-photo-1', alt: {} }],
      tags: ['water'],
      variants: [variant('adult'), variant('child', { price: 8000 })],
      extras: [{ key: 'wetsuit', title: { de: 'Neopren' }, price: 1500, per: 'booking' }],
    }
    const saved = await put(id, version, edited)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const data = saved.body.data
    expect(data.version).toBe(version + 1)
    expect(data.content.description.de).toBe('<p>Spass</p>')
    expect(data.content.images.map((i: { id: string }) => i.id)).toEqual(['alpin-photo-2', 'alpin-photo-1'])
    expect(data.content.extras[0]).toMatchObject({ key: 'wetsuit', per: 'booking' })
    expect(data.completeness.en).toEqual(expect.arrayContaining(['title', 'description', 'extras', 'imageAlts']))
    const [adult, child] = data.content.variants
    expect(child).toMatchObject({ key: 'child', price: 8000 })
    // Edited in place (same id), one removed, one added: the kept id stays.
    const again = await put(id, data.version, { ...data.content, variants: [{ ...child, price: 9000 }, variant('senior')] })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    const rows = await app.database.db.select().from(skus).where(eq(skus.offerId, id))
    expect(rows.map((r) => r.id)).toContain(child.id)
    expect(rows.map((r) => r.id)).not.toContain(adult.id)
    expect(rows.find((r) => r.id === child.id)).toMatchObject({ priceAmount: 9000, position: 0, currency: 'CHF' })
    const fields = again.body.data.history[0].changes.map((c: { field: string }) => c.field)
    expect(fields).toEqual(expect.arrayContaining(['variants.child.price', 'variants.adult', 'variants.senior', 'variantOrder']))
    expect(again.body.data.history[0].changes).toContainEqual({ field: 'variants.child.price', before: 8000, after: 9000 })
  })

  it('stores the guides needed and the preparation time, keeps them when a save omits them and refuses numbers out of range', async () => {
    const { id, version, content } = (await create({ kind: 'activity', title: { de: 'Gletscher' } })).body.data
    expect(content.staffing).toEqual({ participantsPerGuide: null, preparationMinutes: 0 })
    const saved = await put(id, version, { ...content, staffing: { participantsPerGuide: 8, preparationMinutes: 45 } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.content.staffing).toEqual({ participantsPerGuide: 8, preparationMinutes: 45 })
    expect(saved.body.data.history[0].changes).toContainEqual({ field: 'staffing.participantsPerGuide', before: null, after: 8 })
    const { staffing: _omitted, ...older } = saved.body.data.content
    const kept = await put(id, saved.body.data.version, { ...older, intro: { de: 'Eis' } })
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
    expect(kept.body.data.content.staffing).toEqual({ participantsPerGuide: 8, preparationMinutes: 45 })
    for (const staffing of [{ participantsPerGuide: 0, preparationMinutes: 0 }, { participantsPerGuide: 3, preparationMinutes: 1441 }, { participantsPerGuide: 2.5, preparationMinutes: 0 }]) {
      const refused = await put(id, kept.body.data.version, { ...kept.body.data.content, staffing })
      expect(refused.status, JSON.stringify(staffing)).toBe(400)
      expect(Object.keys(refused.body.data.errors ?? {}).some((k) => k.startsWith('content.staffing.')), JSON.stringify(refused.body)).toBe(true)
    }
    expect((await get(id)).body.data.content.staffing).toEqual({ participantsPerGuide: 8, preparationMinutes: 45 })
  })

  it('refuses a stale version with the current one and keeps the newer change', async () => {
    const { id, version, content } = (await create({ kind: 'activity', title: { de: 'Zweimal' } })).body.data
    expect((await put(id, version, { ...content, intro: { de: 'Erste' } })).status).toBe(200)
    const stale = await put(id, version, { ...content, intro: { de: 'Zweite' } })
    expect(stale.status).toBe(409)
    expect(stale.body.data).toMatchObject({ code: 'offer.version_conflict', version: version + 1 })
    expect((await get(id)).body.data.content.intro.de).toBe('Erste')
  })

  it('refuses hostile input field by field and changes nothing', async () => {
    const other = (await create({ kind: 'activity', title: { de: 'Belegt' } })).body.data.content.slug
    const { id, version, content } = (await create({ kind: 'activity', title: { de: 'Feindlich' } })).body.data
    const hostile = {
      ...content,
      slug: other,
      title: { de: SCRIPT },
      intro: { fr: '<b>gras</b>' },
      meetingPoint: { en: '<a href=x>here</a>' },
      location: { ...content.location, name: '<img src=x>', city: 'Bern <b>' },
      images: [{ id: 'atelier-photo', alt: { de: 'x' } }, { id: 'missing-photo', alt: { de: SCRIPT } }],
      tags: ['no-such-tag'],
      variants: [variant('a', { title: { de: SCRIPT } }), variant('a'), variant('p', { type: 'private-service-slot', minQuantity: 5, maxQuantity: 2 })],
      extras: [{ key: 'x', title: { de: '<i>x</i>' }, price: 1, per: 'participant' }],
      related: ['no-such-offer', content.slug],
    }
    const refused = await put(id, version, hostile)
    expect(refused.status).toBe(400)
    expect(Object.fromEntries(Object.entries(refused.body.data.errors).map(([k, v]) => [k, (v as { code: string }).code]))).toEqual({
      'content.slug': 'slug.taken',
      'content.title.de': 'plain_text',
      'content.intro.fr': 'plain_text',
      'content.meetingPoint.en': 'plain_text',
      'content.location.name': 'plain_text',
      'content.location.city': 'plain_text',
      'content.images.0.id': 'media.unknown',
      'content.images.1.id': 'media.unknown',
      'content.images.1.alt.de': 'plain_text',
      'content.tags.0': 'tag.unknown',
      'content.variants.0.title.de': 'plain_text',
      'content.variants.1.key': 'key.duplicate',
      'content.variants.2.type': 'variant.kind',
      'content.variants.2.minQuantity': 'too_big',
      'content.extras.0.title.de': 'plain_text',
      'content.related.0': 'offer.unknown',
      'content.related.1': 'offer.self',
    })
    // Too many images or variants: the schema's bounds, before anything is looked at.
    const many = await put(id, version, { ...content, images: Array.from({ length: 10_000 }, (_, i) => ({ id: `m${i}`, alt: {} })) })
    expect(many.status).toBe(400)
    expect(Object.keys(many.body.data.errors)).toContain('content.images')
    const tooMany = await put(id, version, { ...content, variants: Array.from({ length: 31 }, (_, i) => variant(`v${i}`)) })
    expect(Object.keys(tooMany.body.data.errors)).toContain('content.variants')
    // 10 000 variants are more than any offer's body may weigh: refused before it is read.
    expect((await put(id, version, { ...content, variants: Array.from({ length: 10_000 }, (_, i) => variant(`v${i}`)) })).status).toBe(413)
    const [row] = await app.database.db.select().from(offers).where(eq(offers.id, id))
    expect(row).toMatchObject({ version, slug: content.slug, title: content.title })
  })
})
