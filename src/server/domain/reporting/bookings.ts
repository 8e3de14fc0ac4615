/**
 * The bookings of a report: made in the range and standing, or cancelled since; per period of
 * the shop's calendar (PostgreSQL truncates `created_at` in the shop's time zone) and per offer.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings } from '~/server/db/schema'
import { sumOf } from '~/server/domain/finance/scope'
import { periodStart } from '~/server/domain/finance/totals'
import { STANDING } from './figures'
import { bookingsMadeIn, bookingsWhere, countWhere, isCancelled, isStanding, when, type ReportQuery, type ReportScope } from './where'

const counted = () => inArray(bookings.status, [...STANDING, 'CANCELLED'])

/** The shop's own figures per period: its bookings and their totals (without an offer only). */
export function bookingsPerPeriod(db: Db, scope: ReportScope, query: ReportQuery) {
  return db
    .select({
      start: periodStart(bookings.createdAt, query.granularity, scope.timeZone),
      bookings: countWhere(isStanding()),
      cancelled: countWhere(isCancelled()),
      revenue: sumOf(when(and(isStanding(), eq(bookings.currency, scope.currency))!, bookings.totalAmount)),
    })
    .from(bookings)
    .where(and(bookingsMadeIn(scope, query), counted()))
    .groupBy(sql`1`)
}

/**
 * Per period and offer: the bookings with an item of the offer, their places and the offer's
 * items' totals. With `offerId`, that offer's only.
 */
export function bookingsPerOffer(db: Db, scope: ReportScope, query: ReportQuery) {
  const standing = isStanding()
  return db
    .select({
      start: periodStart(bookings.createdAt, query.granularity, scope.timeZone),
      offerId: bookingItems.offerId,
      bookings: bookingsWhere(standing),
      cancelled: bookingsWhere(isCancelled()),
      participants: sumOf(when(standing, sql`${bookingItems.places}`)),
      revenue: sumOf(when(and(standing, eq(bookings.currency, scope.currency))!, sql`${bookingItems.totalAmount}`)),
    })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .where(
      and(
        bookingsMadeIn(scope, query),
        counted(),
        eq(bookingItems.shopId, scope.shopId),
        query.offerId === undefined ? undefined : eq(bookingItems.offerId, query.offerId),
      ),
    )
    .groupBy(sql`1, 2`)
}
