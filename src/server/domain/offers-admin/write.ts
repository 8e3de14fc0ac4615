import { and, eq, inArray, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db, Tx } from '~/server/db/client'
import { bookingItems, cartItems, offers, skus, type ShopConfigBody } from '~/server/db/schema'
import { conflict, invalidFields, type FieldErrors } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import { newOpaqueId } from '~/server/domain/carts'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { isPlainText } from '~/server/domain/settings/rules'
import { sanitizeRichText } from '~/server/rich-text'
import { shopCurrency } from '~/lib/shop-settings'
import { offerRow } from './queries'
import { slugFrom, uniqueOfferSlug } from './slug'
import { contentProblems, storedProblems } from './validation'
import { contentForHistory, contentOf, offerKind, type OfferContent, type OfferKind, type OfferRow, type SkuRow } from './view'

type Shop = { id: string; config: ShopConfigBody }
type CreateInput = components['schemas']['OfferCreateInput']

/** A new offer's place until the staff fills it in: in the shop's own country. */
const emptyLocation = (shop: Shop) => ({ name: '', street: '', streetNumber: '', postalCode: '', city: '', country: shop.config.contact?.address?.country || 'CH', latitude: 0, longitude: 0 })
/** A private service starts without opening hours (the kind is known by its schedule until it has variants). */
const EMPTY_SCHEDULE = { weeklyHours: [], exceptions: [], durationMinutes: 60, bufferMinutes: 0, stepMinutes: 30 }

export const versionConflict = (version: number) =>
  conflict('offer.version_conflict', 'The offer was changed in the meantime. Please reload and try again.', { version })

/** Creates a draft from a kind and a title (in at least one language); its slug comes from the title. */
export async function createShopOffer(db: Db, actor: StaffPrincipal, shop: Shop, input: CreateInput, now: Date): Promise<string> {
  const errors: FieldErrors = {}
  for (const [lang, text] of Object.entries(input.title)) if (text && !isPlainText(text)) errors[`title.${lang}`] = { code: 'plain_text' }
  const first = Object.values(input.title).find((t) => t?.trim())
  if (!first) errors['title.de'] = { code: 'required' }
  if (Object.keys(errors).length) throw invalidFields(errors)
  return db.transaction(async (tx) => {
    const id = newOpaqueId()
    const slug = await uniqueOfferSlug(tx, actor.shopId, slugFrom(first!))
    const title = Object.fromEntries(Object.entries(input.title).map(([l, t]) => [l, t?.trim() ?? '']))
    await tx.insert(offers).values({
      id, shopId: actor.shopId, slug, title, intro: {}, description: {}, images: [], tags: [], location: emptyLocation(shop), related: [],
      schedule: input.kind === 'private' ? EMPTY_SCHEDULE : null, status: 'draft', position: 1000, createdAt: now, updatedAt: now,
    })
    await recordChange(tx, { shopId: actor.shopId, subject: 'offer', subjectId: id, actorId: actor.staffId, action: 'created', changes: [{ field: 'kind', after: input.kind }, { field: 'slug', after: slug }], at: now })
    return id
  })
}

/** Variants left out that a cart or a booking still refers to (those cannot be removed). */
async function variantsInUse(tx: Tx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const carted = await tx.selectDistinct({ id: cartItems.skuId }).from(cartItems).where(inArray(cartItems.skuId, ids))
  const booked = await tx.selectDistinct({ id: bookingItems.skuId }).from(bookingItems).where(inArray(bookingItems.skuId, ids))
  return new Set([...carted, ...booked].map((r) => r.id))
}

/** Updates variants in place by id, inserts new ones, deletes those left out; returns field errors instead when it cannot. */
async function syncVariants(tx: Tx, shop: Shop, offer: OfferRow, existing: SkuRow[], variants: OfferContent['variants']): Promise<FieldErrors> {
  const errors: FieldErrors = {}
  const own = new Set(existing.map((s) => s.id))
  variants.forEach((v, i) => {
    if (v.id && !own.has(v.id)) errors[`content.variants.${i}.id`] = { code: 'variant.unknown' }
  })
  const kept = new Set(variants.map((v) => v.id).filter(Boolean))
  const removed = existing.filter((s) => !kept.has(s.id))
  const inUse = await variantsInUse(tx, removed.map((s) => s.id))
  if (inUse.size) errors['content.variants'] = { code: 'variant.in_use', params: { keys: removed.filter((s) => inUse.has(s.id)).map((s) => s.key) } }
  if (Object.keys(errors).length) return errors
  if (removed.length) await tx.delete(skus).where(and(eq(skus.offerId, offer.id), inArray(skus.id, removed.map((s) => s.id))))
  const currency = shopCurrency(shop.config)
  for (const [position, v] of variants.entries()) {
    const values = {
      key: v.key, type: v.type, title: v.title, priceAmount: v.price, currency, durationMinutes: v.durationMinutes, blockCount: v.blockCount,
      maxParticipants: v.maxParticipants ?? null, minQuantity: v.minQuantity, maxQuantity: v.maxQuantity, position,
    }
    if (v.id) await tx.update(skus).set(values).where(eq(skus.id, v.id))
    else await tx.insert(skus).values({ id: newOpaqueId(), shopId: shop.id, offerId: offer.id, ...values })
  }
  return errors
}

/** The content as stored: descriptions sanitised, texts trimmed, alt texts keyed by image. */
function storedContent(content: OfferContent) {
  return {
    slug: content.slug,
    title: content.title,
    intro: content.intro,
    description: Object.fromEntries(Object.entries(content.description).map(([lang, html]) => [lang, sanitizeRichText(html ?? '')])),
    images: content.images.map((i) => i.id),
    imageAlts: Object.fromEntries(content.images.map((i) => [i.id, i.alt])),
    tags: content.tags,
    location: content.location,
    meetingPoint: Object.values(content.meetingPoint).some((t) => t?.trim()) ? content.meetingPoint : null,
    uponRequest: content.mode === 'request',
    extras: content.extras.map((e) => ({ key: e.key, title: e.title, price: e.price, ...(e.per === 'booking' ? { per: 'booking' as const } : {}) })),
    related: content.related,
    // Omitted by an older client: the stored staffing stays.
    ...(content.staffing ? { participantsPerGuide: content.staffing.participantsPerGuide, preparationMinutes: content.staffing.preparationMinutes } : {}),
  }
}

/**
 * Replaces the offer's content if `version` is still the offer's: everything in one transaction
 * with its history entry (the fields changed, variants named by key).
 */
export async function updateShopOffer(db: Db, actor: StaffPrincipal, shop: Shop, offerId: string, input: { version: number; content: OfferContent }, now: Date) {
  return db.transaction(async (tx) => {
    const row = await offerRow(tx, actor.shopId, offerId, true)
    if (row.version !== input.version) throw versionConflict(row.version)
    const existing = await tx.select().from(skus).where(eq(skus.offerId, row.id))
    const kind: OfferKind = offerKind(row, existing)
    const problems = { ...contentProblems(input.content, kind, shop.config), ...(await storedProblems(tx, actor.shopId, row.id, input.content)) }
    // A published offer keeps what a visitor needs (unpublish it first to take that away).
    if (row.status === 'published') {
      if (!Object.values(input.content.title).some((t) => t?.trim())) problems['content.title.de'] = { code: 'required' }
      if (input.content.variants.length === 0) problems['content.variants'] = { code: 'variant.required' }
    }
    if (Object.keys(problems).length) throw invalidFields(problems)
    const variantErrors = await syncVariants(tx, shop, row, existing, input.content.variants)
    if (Object.keys(variantErrors).length) throw invalidFields(variantErrors)
    const [saved] = await tx
      .update(offers)
      .set({ ...storedContent(input.content), version: sql`${offers.version} + 1`, updatedAt: now })
      .where(eq(offers.id, row.id))
      .returning()
    const after = await tx.select().from(skus).where(eq(skus.offerId, row.id))
    await recordChange(tx, {
      shopId: actor.shopId, subject: 'offer', subjectId: row.id, actorId: actor.staffId, action: 'updated',
      before: contentForHistory(contentOf(row, existing)), after: contentForHistory(contentOf(saved!, after)), at: now,
    })
  })
}

