/**
 * The booked items of private services (no session of their own) that start in a time range: the
 * dashboard's "private services booked" and the planning board's private bookings read them.
 */
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/server/db/client'
import { bookingItems, bookings, offers, skus } from '~/server/db/schema'

type BookingStatus = (typeof bookings.$inferSelect)['status']

/** Participants of an item: its named participants, else its quantity. */
const participantsOfItem = sql<number>`coalesce(nullif(jsonb_array_length(${bookingItems.participants}), 0), ${bookingItems.quantity})::int`

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
