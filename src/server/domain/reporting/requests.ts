/**
 * The requests of a report: made in the range, how many were answered (accepted or declined),
 * are still open, and the time to the answer (median and 90th percentile, in hours), per
 * period and for the whole range (percentiles do not add up, so the range has its own query).
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookings } from '~/server/db/schema'
import { countAll } from '~/server/domain/finance/scope'
import { periodStart } from '~/server/domain/finance/totals'
import { hoursOf, type ReportRequestFigures } from './figures'
import { bookingsMadeIn, countWhere, havingOffer, type ReportQuery, type ReportScope } from './where'

const answered = () => isNotNull(bookings.repliedAt)
/** Accepted: answered so (paid since, or cancelled after it was accepted; a declined one stays DECLINED). */
const accepted = () => or(inArray(bookings.status, ['ACCEPTED', 'PAID']), and(eq(bookings.status, 'CANCELLED'), answered()))!
/** Hours from the request to its answer; null while unanswered (the percentiles leave it out). */
const answerHours = sql`(extract(epoch from (${bookings.repliedAt} - ${bookings.createdAt})) / 3600)::float8`

const figures = {
  received: countAll(),
  answered: countWhere(answered()),
  accepted: countWhere(accepted()),
  declined: countWhere(eq(bookings.status, 'DECLINED')),
  // Still open: not answered, and not withdrawn or cancelled meanwhile.
  open: countWhere(eq(bookings.status, 'REQUESTED')),
  median: sql<number | string | null>`percentile_cont(0.5) within group (order by ${answerHours})`,
  p90: sql<number | string | null>`percentile_cont(0.9) within group (order by ${answerHours})`,
}

type Row = { [K in keyof typeof figures]: (typeof figures)[K]['_']['type'] }

export const requestFiguresOf = (row: Row | undefined): ReportRequestFigures => ({
  received: row?.received ?? 0,
  answered: row?.answered ?? 0,
  accepted: row?.accepted ?? 0,
  declined: row?.declined ?? 0,
  open: row?.open ?? 0,
  medianHours: hoursOf(row?.median),
  p90Hours: hoursOf(row?.p90),
})

export async function requestsOf(db: Db, scope: ReportScope, query: ReportQuery) {
  const where = and(bookingsMadeIn(scope, query), eq(bookings.mode, 'request'), havingOffer(db, query.offerId))
  const [perPeriod, [total]] = await Promise.all([
    db
      .select({ start: periodStart(bookings.createdAt, query.granularity, scope.timeZone), ...figures })
      .from(bookings)
      .where(where)
      .groupBy(sql`1`),
    db.select(figures).from(bookings).where(where),
  ])
  return { perPeriod, total: requestFiguresOf(total) }
}
