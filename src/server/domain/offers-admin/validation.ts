import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm'
import { tooBig } from '~/lib/field-errors'
import type { Db, Tx } from '~/server/db/client'
import { media, offers, type ShopConfigBody } from '~/server/db/schema'
import type { FieldErrors } from '~/server/domain/errors'
import { isPlainText } from '~/server/domain/settings/rules'
import type { OfferContent, OfferKind } from './view'

type Texts = Partial<Record<string, string>>

const ACTIVITY_TYPES = new Set(['activity'])
const PRIVATE_TYPES = new Set(['private-service-slot', 'private-service-participant'])

/**
 * What the schema cannot check and needs no database: plain text without markup in every text but
 * the description, variant types that fit the kind, unique keys, quantities in order, tags the
 * shop has. Paths are below `content` (e.g. `content.variants.2.title.fr`).
 */
export function contentProblems(content: OfferContent, kind: OfferKind, config: Pick<ShopConfigBody, 'tags'>): FieldErrors {
  const errors: FieldErrors = {}
  const plainTexts = (path: string, texts: Texts | undefined) => {
    for (const [lang, text] of Object.entries(texts ?? {})) if (text && !isPlainText(text)) errors[`content.${path}.${lang}`] = { code: 'plain_text' }
  }
  const plain = (path: string, text: string) => {
    if (text && !isPlainText(text)) errors[`content.${path}`] = { code: 'plain_text' }
  }
  plainTexts('title', content.title)
  plainTexts('intro', content.intro)
  plainTexts('meetingPoint', content.meetingPoint)
  for (const key of ['name', 'street', 'streetNumber', 'postalCode', 'city'] as const) plain(`location.${key}`, content.location[key])
  const seenImages = new Set<string>()
  content.images.forEach((image, i) => {
    plainTexts(`images.${i}.alt`, image.alt)
    if (seenImages.has(image.id)) errors[`content.images.${i}.id`] = { code: 'media.duplicate' }
    seenImages.add(image.id)
  })
  const known = new Set(config.tags.map((t) => t.slug))
  content.tags.forEach((tag, i) => {
    if (!known.has(tag)) errors[`content.tags.${i}`] = { code: 'tag.unknown' }
  })
  const allowed = kind === 'activity' ? ACTIVITY_TYPES : PRIVATE_TYPES
  const variantKeys = new Set<string>()
  content.variants.forEach((variant, i) => {
    plainTexts(`variants.${i}.title`, variant.title)
    if (!allowed.has(variant.type)) errors[`content.variants.${i}.type`] = { code: 'variant.kind', params: { kind } }
    if (variantKeys.has(variant.key)) errors[`content.variants.${i}.key`] = { code: 'key.duplicate' }
    variantKeys.add(variant.key)
    if (variant.minQuantity > variant.maxQuantity) errors[`content.variants.${i}.minQuantity`] = tooBig('number', variant.maxQuantity)
  })
  const extraKeys = new Set<string>()
  content.extras.forEach((extra, i) => {
    plainTexts(`extras.${i}.title`, extra.title)
    if (extraKeys.has(extra.key)) errors[`content.extras.${i}.key`] = { code: 'key.duplicate' }
    extraKeys.add(extra.key)
  })
  content.related.forEach((slug, i) => {
    if (slug === content.slug) errors[`content.related.${i}`] = { code: 'offer.self' }
  })
  return errors
}

/** What needs the database: images of the shop (or shared ones), a slug no other offer has, related offers that exist. */
export async function storedProblems(db: Db | Tx, shopId: string, offerId: string | null, content: OfferContent): Promise<FieldErrors> {
  const errors: FieldErrors = {}
  const imageIds = content.images.map((i) => i.id)
  if (imageIds.length) {
    const rows = await db
      .select({ id: media.id })
      .from(media)
      .where(and(inArray(media.id, imageIds), or(eq(media.shopId, shopId), isNull(media.shopId))))
    const found = new Set(rows.map((r) => r.id))
    imageIds.forEach((id, i) => {
      if (!found.has(id)) errors[`content.images.${i}.id`] = { code: 'media.unknown' }
    })
  }
  const others = offerId ? ne(offers.id, offerId) : undefined
  const [taken] = await db.select({ id: offers.id }).from(offers).where(and(eq(offers.shopId, shopId), eq(offers.slug, content.slug), others))
  if (taken) errors['content.slug'] = { code: 'slug.taken' }
  if (content.related.length) {
    const rows = await db.select({ id: offers.id, slug: offers.slug }).from(offers).where(and(eq(offers.shopId, shopId), inArray(offers.slug, content.related)))
    const found = new Map(rows.map((r) => [r.slug, r.id]))
    content.related.forEach((slug, i) => {
      if (!found.has(slug)) errors[`content.related.${i}`] = { code: 'offer.unknown' }
      else if (found.get(slug) === offerId) errors[`content.related.${i}`] = { code: 'offer.self' }
    })
  }
  return errors
}
