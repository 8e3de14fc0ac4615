import { and, asc, eq, gt, inArray } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db, Tx } from '~/server/db/client'
import { bookingItems, offers, sessions, skus } from '~/server/db/schema'
import { notFound } from '~/server/domain/errors'
import { listChanges } from '~/server/domain/history/change-log'
import { pickText, type Locale } from '~/lib/locale-text'
import { fold } from '~/server/domain/offers/listing'
import { contentCompleteness, contentOf, offerKind, type OfferRow } from './view'

type S = components['schemas']
export type OfferListItem = S['OfferListItem']
export type OfferView = S['Offer']
export type OfferStatus = S['OfferStatus']

export const offerNotFound = () => notFound('offer.not_found', 'This offer does not exist.')

/** The shop's offers for the staff list: next dates and places of upcoming sessions in one query. */
export async function listShopOffers(db: Db, shopId: string, locale: Locale, now: Date, filter: { status?: OfferStatus; q?: string }): Promise<OfferListItem[]> {
  const where = [eq(offers.shopId, shopId), filter.status ? eq(offers.status, filter.status) : undefined]
  let rows = await db.select().from(offers).where(and(...where)).orderBy(asc(offers.position), asc(offers.slug))
  const needle = filter.q?.trim() ? fold(filter.q.trim()) : ''
  if (needle) rows = rows.filter((o) => fold([o.slug, ...Object.values(o.title)].join(' ')).includes(needle))
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const skuRows = await db.select().from(skus).where(inArray(skus.offerId, ids))
  const upcoming = await db
    .select({ offerId: sessions.offerId, startsAt: sessions.startsAt, capacity: sessions.capacity, placesTaken: sessions.placesTaken })
    .from(sessions)
    .where(and(eq(sessions.shopId, shopId), inArray(sessions.offerId, ids), eq(sessions.status, 'scheduled'), gt(sessions.startsAt, now)))
    .orderBy(asc(sessions.startsAt))
  return rows.map((offer) => {
    const own = skuRows.filter((s) => s.offerId === offer.id)
    const dates = upcoming.filter((s) => s.offerId === offer.id)
    return {
      id: offer.id,
      slug: offer.slug,
      title: pickText(offer.title, locale),
      status: offer.status,
      kind: offerKind(offer, own),
      mode: offer.uponRequest ? 'request' : 'order',
      nextDates: dates.slice(0, 3).map((s) => s.startsAt.toISOString()),
      placesSold: dates.reduce((sum, s) => sum + s.placesTaken, 0),
      capacity: dates.reduce((sum, s) => sum + s.capacity, 0),
      completeness: contentCompleteness(contentOf(offer, own)),
      updatedAt: offer.updatedAt.toISOString(),
      version: offer.version,
    }
  })
}

/** The offer of the shop (locked for the rest of the transaction when `lock`), or 404. */
export async function offerRow(db: Db | Tx, shopId: string, offerId: string, lock = false): Promise<OfferRow> {
  const query = db.select().from(offers).where(and(eq(offers.shopId, shopId), eq(offers.id, offerId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw offerNotFound()
  return row
}

export async function hasBookings(db: Db | Tx, offerId: string): Promise<boolean> {
  const [row] = await db.select({ id: bookingItems.id }).from(bookingItems).where(eq(bookingItems.offerId, offerId)).limit(1)
  return !!row
}

/** The offer as the editor shows it, with what each language lacks and its history. */
export async function getShopOffer(db: Db, shopId: string, offerId: string): Promise<OfferView> {
  const offer = await offerRow(db, shopId, offerId)
  const own = await db.select().from(skus).where(eq(skus.offerId, offer.id))
  const content = contentOf(offer, own)
  return {
    id: offer.id,
    status: offer.status,
    kind: offerKind(offer, own),
    version: offer.version,
    updatedAt: offer.updatedAt.toISOString(),
    content,
    completeness: contentCompleteness(content),
    hasBookings: await hasBookings(db, offer.id),
    hasHours: (offer.schedule?.weeklyHours.length ?? 0) > 0,
    history: await listChanges(db, shopId, 'offer', offer.id),
  }
}
