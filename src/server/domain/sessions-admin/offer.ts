import { and, asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '~/server/db/client'
import { offers, skus } from '~/server/db/schema'
import { conflict, notFound } from '~/server/domain/errors'
import { offerKind } from '~/server/domain/offers-admin/view'

/**
 * A group activity of the shop, whatever its status (staff plan the dates of drafts too).
 * Another shop's offer is as unknown as a missing one; a private service has opening hours, not dates.
 */
export async function groupOffer(db: Db | Tx, shopId: string, offerId: string) {
  const [offer] = await db.select().from(offers).where(and(eq(offers.id, offerId), eq(offers.shopId, shopId)))
  if (!offer) throw notFound('offer.not_found', 'This offer does not exist.')
  const variants = await db.select().from(skus).where(eq(skus.offerId, offer.id)).orderBy(asc(skus.position))
  if (offerKind(offer, variants) !== 'activity') {
    throw conflict('offer.not_group_activity', 'This offer is a private service: it has opening hours, not dates.')
  }
  return { offer, durationMinutes: variants[0]?.durationMinutes ?? 60 }
}
