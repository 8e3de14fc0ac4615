/**
 * The booked items of private services (no session of their own): those that start in a time
 * range (the dashboard's "private services booked" and the planning board's private bookings),
 * and those a member guides (`guidedPrivateItems`: working time, the schedule feed and
 * "My sessions"), with the title staff read.
 */
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Locale } from '~/lib/locale'
import { pickText } from '~/lib/locale-text'
import type { Db, Tx } from '~/server/db/client'
import { bookingItemGuides, bookingItems, bookings, offers, skus } from '~/server/db/schema'
import { PLANNED_BOOKING_STATUSES } from '~/server/domain/planning/members'

type BookingStatus = (typeof bookings.$inferSelect)['status']
type LocalizedText = Parameters<typeof pickText>[0]

/** Participants of an item: its named participants, else its quantity. */
export const participantsOfItem = sql<number>`coalesce(nullif(jsonb_array_length(${bookingItems.participants}), 0), ${bookingItems.quantity})::int`

/** At most `limit` items of the shop's bookings in `statuses` starting in [start, end), by start, code and item. */
export function privateItemsBetween(db: Db | Tx, shopId: string, range: { start: Date; end: Date }, statuses: BookingStatus[], limit: number) {
  return db
    .select({
      code: bookings.code,
      mode: bookings.mode,
      status: bookings.status,
      person: bookings.person,
      itemId: bookingItems.id,
      offerId: bookingItems.offerId,
      title: offers.title,
      variant: skus.title,
      startsAt: bookingItems.startsAt,
      endsAt: bookingItems.endsAt,
      participants: participantsOfItem,
    })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .innerJoin(offers, eq(offers.id, bookingItems.offerId))
    .innerJoin(skus, eq(skus.id, bookingItems.skuId))
    .where(
      and(
        eq(bookingItems.shopId, shopId),
        eq(bookings.shopId, shopId),
        gte(bookingItems.startsAt, range.start),
        lt(bookingItems.startsAt, range.end),
        isNull(bookingItems.sessionId),
        inArray(bookings.status, statuses),
      ),
    )
    .orderBy(asc(bookingItems.startsAt), asc(bookings.code), asc(bookingItems.id))
    .limit(limit)
}

/** An item's title as staff read it: the offer's title in `locale`, with the variant's when it differs (`Private guide – Half day`). */
export function privateItemTitle(title: LocalizedText, variant: LocalizedText | null, locale: Locale): string {
  const offer = pickText(title, locale)
  const sku = variant ? pickText(variant, locale) : ''
  return (sku && sku !== offer ? `${offer} – ${sku}` : offer).slice(0, 300)
}

/**
 * The conditions of a planned private booking of the shop as guides see it: a guide's row of
 * `booking_item_guides` on a booked private-service start (an item without a session) whose
 * booking is planned (PLANNED_BOOKING_STATUSES: cancelled, declined and expired ones not).
 * For the queries of `guidedPrivateItems`.
 */
export const plannedGuidedItem = (shopId: string) =>
  and(
    eq(bookingItemGuides.shopId, shopId),
    eq(bookingItems.shopId, shopId),
    eq(bookings.shopId, shopId),
    eq(offers.shopId, shopId),
    isNull(bookingItems.sessionId),
    inArray(bookings.status, PLANNED_BOOKING_STATUSES),
  )

/**
 * The members' private bookings: each guide's row of `booking_item_guides` with its item, booking
 * and offer, as working time, the schedule feed and "My sessions" read them; the caller adds
 * `plannedGuidedItem(shopId)` and its own bounds, order and limit.
 */
export function guidedPrivateItems(db: Db | Tx) {
  return db
    .select({
      staffId: bookingItemGuides.staffId,
      assignedAt: bookingItemGuides.assignedAt,
      itemId: bookingItems.id,
      startsAt: bookingItems.startsAt,
      endsAt: bookingItems.endsAt,
      participants: participantsOfItem,
      offerId: offers.id,
      title: offers.title,
      variant: skus.title,
      preparationMinutes: offers.preparationMinutes,
      meetingPoint: offers.meetingPoint,
      location: offers.location,
      offerUpdatedAt: offers.updatedAt,
      code: bookings.code,
      status: bookings.status,
      version: bookings.version,
      createdAt: bookings.createdAt,
      person: bookings.person,
    })
    .from(bookingItemGuides)
    .innerJoin(bookingItems, eq(bookingItems.id, bookingItemGuides.itemId))
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .innerJoin(offers, eq(offers.id, bookingItems.offerId))
    .innerJoin(skus, eq(skus.id, bookingItems.skuId))
}

/** A row of `guidedPrivateItems`. */
export type GuidedPrivateItem = Awaited<ReturnType<ReturnType<typeof guidedPrivateItems>['where']>>[number]
