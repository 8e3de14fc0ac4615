/**
 * The occupancy of a report: the dates (sessions) of group activities that start in the range
 * and are not cancelled, per period of the shop's calendar and per offer. Read through the
 * shop's offers, so that each offer's dates come from the index (offer, starts_at).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { offers, sessions } from '~/server/db/schema'
import { countAll, sumOf, withinDays } from '~/server/domain/finance/scope'
import { periodStart } from '~/server/domain/finance/totals'
import type { ReportQuery, ReportScope } from './where'

export function sessionsPerOffer(db: Db, scope: ReportScope, query: ReportQuery) {
  return db
    .select({
      start: periodStart(sessions.startsAt, query.granularity, scope.timeZone),
      offerId: sessions.offerId,
      sessions: countAll(),
      capacity: sumOf(sessions.capacity),
      placesTaken: sumOf(sessions.placesTaken),
    })
    .from(sessions)
    .innerJoin(offers, eq(offers.id, sessions.offerId))
    .where(
      and(
        eq(offers.shopId, scope.shopId),
        eq(sessions.shopId, scope.shopId),
        eq(sessions.status, 'scheduled'),
        withinDays(sessions.startsAt, query.range, scope.timeZone),
        query.offerId === undefined ? undefined : eq(sessions.offerId, query.offerId),
      ),
    )
    .groupBy(sql`1, 2`)
}
