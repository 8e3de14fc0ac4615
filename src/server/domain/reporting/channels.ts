/**
 * Where the range's standing bookings were made: the shop's own pages or a widget on another
 * site (its host as the widget reported it), most bookings first.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings } from '~/server/db/schema'
import { countAll, sumOf } from '~/server/domain/finance/scope'
import type { ReportChannel } from './figures'
import { bookingsMadeIn, isStanding, when, type ReportQuery, type ReportScope } from './where'

/** The contract lists at most this many channels. */
export const MAX_CHANNELS = 200

export async function channelsOf(db: Db, scope: ReportScope, query: ReportQuery): Promise<ReportChannel[]> {
  const inCurrency = eq(bookings.currency, scope.currency)
  const where = and(bookingsMadeIn(scope, query), isStanding())
  // With an offer: the bookings with an item of it, and its items' totals (a booking counts once).
  const count = query.offerId === undefined ? countAll() : sql<number>`count(distinct ${bookings.id})`.mapWith(Number)
  const revenue = sumOf(when(inCurrency, query.offerId === undefined ? bookings.totalAmount : sql`${bookingItems.totalAmount}`))
  const base = db.select({ channel: bookings.channel, host: bookings.channelHost, bookings: count, revenue }).from(bookings)
  const rows = await (query.offerId === undefined
    ? base.where(where)
    : base.innerJoin(bookingItems, eq(bookingItems.bookingId, bookings.id)).where(and(where, eq(bookingItems.shopId, scope.shopId), eq(bookingItems.offerId, query.offerId)))
  )
    .groupBy(bookings.channel, bookings.channelHost)
    .orderBy(desc(count), desc(revenue), asc(bookings.channel), asc(bookings.channelHost))
    .limit(MAX_CHANNELS)
  return rows.map((r) => ({ channel: r.channel, host: r.host?.slice(0, 200) ?? null, bookings: r.bookings, revenue: r.revenue }))
}
