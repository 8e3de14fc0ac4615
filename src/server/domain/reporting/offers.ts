/** The title (in the staff member's language) and kind of the offers a report lists. */
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { offers, skus } from '~/server/db/schema'
import { offerKind } from '~/server/domain/offers-admin/view'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import type { ReportOffer } from './figures'

export async function offerNames(db: Db, shopId: string, ids: string[], locale: Locale): Promise<Map<string, Pick<ReportOffer, 'title' | 'kind'>>> {
  if (ids.length === 0) return new Map()
  const [rows, variants] = await Promise.all([
    db.select({ id: offers.id, title: offers.title, schedule: offers.schedule }).from(offers).where(and(eq(offers.shopId, shopId), inArray(offers.id, ids))),
    db.select({ offerId: skus.offerId, type: skus.type }).from(skus).where(and(eq(skus.shopId, shopId), inArray(skus.offerId, ids))),
  ])
  return new Map(
    rows.map((offer) => [
      offer.id,
      {
        title: pickText(offer.title, locale).slice(0, 200),
        // A private service has no dates: its occupancy figures stay 0.
        kind: offerKind(offer, variants.filter((v) => v.offerId === offer.id)) === 'private' ? 'service' : 'activity',
      },
    ]),
  )
}
