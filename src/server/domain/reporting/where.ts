/**
 * What every report query filters and counts by: the staff member's shop, the range of the
 * shop's days, an optional offer. Each query starts from an index: bookings (shop, created),
 * sessions (offer, starts) through the shop's offers.
 */
import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings } from '~/server/db/schema'
import type { Granularity } from '~/server/domain/finance/periods'
import { withinDays, type FinanceScope } from '~/server/domain/finance/scope'
import type { IsoDate } from '~/server/domain/offers/zoned-time'
import { STANDING } from './figures'

export type ReportScope = FinanceScope
export type ReportQuery = { range: { from: IsoDate; to: IsoDate }; granularity: Exclude<Granularity, 'day'>; offerId?: string }

/** The shop's bookings made in the range (the index bookings_shop_created_idx). */
export const bookingsMadeIn = (scope: ReportScope, query: ReportQuery) =>
  and(eq(bookings.shopId, scope.shopId), withinDays(bookings.createdAt, query.range, scope.timeZone))!

/** With an offer: only the bookings having an item of it. */
export const havingOffer = (db: Db, offerId: string | undefined): SQL | undefined =>
  offerId === undefined
    ? undefined
    : exists(
        db
          .select({ one: sql`1` })
          .from(bookingItems)
          .where(and(eq(bookingItems.bookingId, bookings.id), eq(bookingItems.offerId, offerId))),
      )

export const isStanding = () => inArray(bookings.status, [...STANDING])
export const isCancelled = () => eq(bookings.status, 'CANCELLED')

/** `count(*)` of the rows matching `condition`, as a JavaScript number. */
export const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number)

/** Distinct bookings among joined rows (a booking of several items counts once). */
export const bookingsWhere = (condition: SQL) => sql<number>`count(distinct case when ${condition} then ${bookings.id} end)`.mapWith(Number)

/** The value when `condition` holds, else null (which `sum` leaves out). */
export const when = (condition: SQL, value: SQL | typeof bookings.totalAmount) => sql`case when ${condition} then ${value} end`
