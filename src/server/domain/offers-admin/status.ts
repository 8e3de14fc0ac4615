import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { offers, skus } from '~/server/db/schema'
import { conflict, invalidFields, type FieldErrors } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import { newOpaqueId } from '~/server/domain/carts'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { hasBookings, offerRow, type OfferStatus } from './queries'
import { uniqueOfferSlug } from './slug'
import { versionConflict } from './write'
import { offerKind, type OfferRow, type SkuRow } from './view'

/** What a visitor needs before an offer may be shown: a title, a variant to book, a private service's opening hours. */
export function publishProblems(offer: OfferRow, offerSkus: SkuRow[]): FieldErrors {
  const errors: FieldErrors = {}
  if (!Object.values(offer.title).some((t) => t?.trim())) errors['content.title.de'] = { code: 'required' }
  if (offerSkus.length === 0) errors['content.variants'] = { code: 'variant.required' }
  if (offerKind(offer, offerSkus) === 'private' && !offer.schedule?.weeklyHours.length) errors['hours'] = { code: 'hours.required' }
  return errors
}

const ACTIONS = { published: 'published', draft: 'unpublished', archived: 'archived' } as const

/** Sets the offer's status if `version` is still the offer's; publishing checks `publishProblems` first. */
export async function setOfferStatus(db: Db, actor: StaffPrincipal, offerId: string, input: { version: number }, status: OfferStatus, now: Date) {
  await db.transaction(async (tx) => {
    const row = await offerRow(tx, actor.shopId, offerId, true)
    if (row.version !== input.version) throw versionConflict(row.version)
    if (status === 'published') {
      const problems = publishProblems(row, await tx.select().from(skus).where(eq(skus.offerId, row.id)))
      if (Object.keys(problems).length) throw invalidFields(problems, 'This offer cannot be published yet: it lacks what a visitor needs.')
    }
    if (row.status === status) return
    await tx.update(offers).set({ status, version: sql`${offers.version} + 1`, updatedAt: now }).where(eq(offers.id, row.id))
    await recordChange(tx, { shopId: actor.shopId, subject: 'offer', subjectId: row.id, actorId: actor.staffId, action: ACTIONS[status], changes: [{ field: 'status', before: row.status, after: status }], at: now })
  })
}

const COPY = { de: 'Kopie', en: 'copy', fr: 'copie' } as Record<string, string>

/** A draft copy of the offer: its content and variants (new ids), not its sessions; slug and titles marked as a copy. */
export async function duplicateShopOffer(db: Db, actor: StaffPrincipal, offerId: string, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const source = await offerRow(tx, actor.shopId, offerId)
    const id = newOpaqueId()
    const slug = await uniqueOfferSlug(tx, actor.shopId, `${source.slug.slice(0, 70)}-copy`)
    const title = Object.fromEntries(Object.entries(source.title).map(([lang, t]) => [lang, t?.trim() ? `${t} (${COPY[lang] ?? 'copy'})`.slice(0, 200) : t ?? '']))
    await tx.insert(offers).values({ ...source, id, slug, title, status: 'draft', version: 1, createdAt: now, updatedAt: now })
    const variants = await tx.select().from(skus).where(eq(skus.offerId, source.id))
    if (variants.length) await tx.insert(skus).values(variants.map((v) => ({ ...v, id: newOpaqueId(), offerId: id })))
    await recordChange(tx, { shopId: actor.shopId, subject: 'offer', subjectId: id, actorId: actor.staffId, action: 'duplicated', changes: [{ field: 'duplicateOf', after: source.slug }, { field: 'slug', after: slug }], at: now })
    return id
  })
}

/** Deletes an offer no booking ever referred to (its variants and sessions go with it); else 409 `offer.has_bookings`. */
export async function deleteShopOffer(db: Db, actor: StaffPrincipal, offerId: string, now: Date) {
  await db.transaction(async (tx) => {
    const row = await offerRow(tx, actor.shopId, offerId, true)
    if (await hasBookings(tx, row.id)) throw conflict('offer.has_bookings', 'This offer has bookings and cannot be deleted. Archive it instead.')
    await tx.delete(offers).where(eq(offers.id, row.id))
    await recordChange(tx, { shopId: actor.shopId, subject: 'offer', subjectId: row.id, actorId: actor.staffId, action: 'deleted', changes: [{ field: 'slug', before: row.slug }], at: now })
  })
}
