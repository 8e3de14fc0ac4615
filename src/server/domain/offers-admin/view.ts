import type { components } from '~/api/admin-schema.gen'
import type { offers, skus } from '~/server/db/schema'
import { completenessOf, type OfferCompleteness } from './completeness'

type S = components['schemas']
export type OfferContent = S['OfferContent']
export type OfferKind = S['OfferKind']
export type OfferRow = typeof offers.$inferSelect
export type SkuRow = typeof skus.$inferSelect

/**
 * A group activity's variants are `activity`; a private service's are the private types. An
 * offer without variants yet (a fresh draft) is a private service when it has a schedule, which
 * creating one gives it: the kind is fixed from creation on.
 */
export function offerKind(offer: Pick<OfferRow, 'schedule'>, offerSkus: Pick<SkuRow, 'type'>[]): OfferKind {
  if (offerSkus.length) return offerSkus.some((s) => s.type !== 'activity') ? 'private' : 'activity'
  return offer.schedule ? 'private' : 'activity'
}

/** The offer as the staff app edits it (variants in their order, images with their alt texts). */
export function contentOf(offer: OfferRow, offerSkus: SkuRow[]): OfferContent {
  return {
    slug: offer.slug,
    title: { ...offer.title },
    intro: { ...offer.intro },
    description: { ...offer.description },
    images: offer.images.map((id) => ({ id, alt: { ...offer.imageAlts[id] } })),
    tags: [...offer.tags],
    location: { ...offer.location },
    meetingPoint: { ...offer.meetingPoint },
    mode: offer.uponRequest ? 'request' : 'order',
    variants: [...offerSkus]
      .sort((a, b) => a.position - b.position)
      .map((s) => ({
        id: s.id,
        key: s.key,
        type: s.type,
        title: { ...s.title },
        price: s.priceAmount,
        durationMinutes: s.durationMinutes,
        blockCount: s.blockCount,
        maxParticipants: s.maxParticipants,
        minQuantity: s.minQuantity,
        maxQuantity: s.maxQuantity,
      })),
    extras: offer.extras.map((e) => ({ key: e.key, title: { ...e.title }, price: e.price, per: e.per ?? 'participant' })),
    related: [...offer.related],
    staffing: { participantsPerGuide: offer.participantsPerGuide, preparationMinutes: offer.preparationMinutes },
  }
}

export function contentCompleteness(content: OfferContent): OfferCompleteness {
  return completenessOf({ ...content, images: content.images })
}

/**
 * The content keyed so the history names what changed: variants and extras by key, images by id
 * (`variants.adult.price`, `images.abc.alt.fr`) rather than by their position in a list.
 */
export function contentForHistory(content: OfferContent) {
  const { variants, extras, images, ...rest } = content
  return {
    ...rest,
    imageOrder: images.map((i) => i.id),
    images: Object.fromEntries(images.map((i) => [i.id, { alt: i.alt }])),
    variantOrder: variants.map((v) => v.key),
    variants: Object.fromEntries(variants.map(({ id: _id, ...v }) => [v.key, v])),
    extras: Object.fromEntries(extras.map((e) => [e.key, e])),
  }
}
