/**
 * Money still to come in: bookings that stand and whose open amount is above zero, with
 * their age (days since booked, in the shop's time zone) and totals per age range. Requests not
 * yet accepted, declined and cancelled bookings owe nothing.
 */
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings } from '~/server/db/schema'
import { utcToZonedDate, type IsoDate } from '~/server/domain/offers/zoned-time'
import { countAll, personName, sumOf, todayOf, type FinanceScope, type Paging } from './scope'

export const AGE_BUCKETS = ['days0to7', 'days8to30', 'days31plus'] as const
export type AgeBucket = (typeof AGE_BUCKETS)[number]
type PaymentMethod = (typeof bookings.$inferSelect)['paymentMethod']

/** The age range of an age in days: 0–7, 8–30, 31 and more. */
export function bucketOf(ageDays: number): AgeBucket {
  return ageDays <= 7 ? 'days0to7' : ageDays <= 30 ? 'days8to30' : 'days31plus'
}

/**
 * Bookings that owe money: confirmed (ordered), accepted (a request the staff took) or paid and
 * then moved to a dearer date, with an open amount above zero. Requests, declined and cancelled
 * bookings owe nothing.
 */
const OWING = ['CONFIRMED', 'ACCEPTED', 'PAID'] as const

export async function listOpenAmounts(db: Db, scope: FinanceScope, filter: { bucket?: AgeBucket; paymentMethod?: PaymentMethod }, paging: Paging) {
  const today: IsoDate = todayOf(scope)
  // Days from the day it was booked to today, both in the shop's time zone (never below 0).
  const age = sql<number>`greatest(0, ${today}::date - (${bookings.createdAt} at time zone ${scope.timeZone})::date)`.mapWith(Number)
  const owing = and(eq(bookings.shopId, scope.shopId), gt(bookings.openAmount, 0), inArray(bookings.status, [...OWING]))!
  const inBucket: Record<AgeBucket, SQL> = {
    days0to7: sql`${age} <= 7`,
    days8to30: sql`${age} between 8 and 30`,
    days31plus: sql`${age} >= 31`,
  }
  const where = and(owing, filter.bucket ? inBucket[filter.bucket] : undefined, filter.paymentMethod ? eq(bookings.paymentMethod, filter.paymentMethod) : undefined)
  const ownCurrency = eq(bookings.currency, scope.currency)
  // Qualified by hand: drizzle leaves the columns of a one-table select unqualified, which the subquery would take for its own.
  const firstStart = sql<Date | null>`(select min(first_item.starts_at) from ${bookingItems} as first_item where first_item.booking_id = ${sql.raw('"bookings"."id"')})`.mapWith(bookingItems.startsAt)
  const [rows, [counted], [sums]] = await Promise.all([
    db
      .select({
        id: bookings.id,
        code: bookings.code,
        person: bookings.person,
        status: bookings.status,
        paymentMethod: bookings.paymentMethod,
        total: bookings.totalAmount,
        open: bookings.openAmount,
        currency: bookings.currency,
        createdAt: bookings.createdAt,
        paymentDeadline: bookings.paymentDeadline,
        age,
        firstStart,
      })
      .from(bookings)
      .where(where)
      .orderBy(asc(bookings.createdAt), asc(bookings.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ total: countAll() }).from(bookings).where(where),
    // The totals per age range cover every booking that owes (whatever the filters), in the shop's currency.
    db
      .select({
        count0: sumOf(sql`case when ${ownCurrency} and ${inBucket.days0to7} then 1 else 0 end`),
        amount0: sumOf(sql`case when ${ownCurrency} and ${inBucket.days0to7} then ${bookings.openAmount} else 0 end`),
        count8: sumOf(sql`case when ${ownCurrency} and ${inBucket.days8to30} then 1 else 0 end`),
        amount8: sumOf(sql`case when ${ownCurrency} and ${inBucket.days8to30} then ${bookings.openAmount} else 0 end`),
        count31: sumOf(sql`case when ${ownCurrency} and ${inBucket.days31plus} then 1 else 0 end`),
        amount31: sumOf(sql`case when ${ownCurrency} and ${inBucket.days31plus} then ${bookings.openAmount} else 0 end`),
        other: sumOf(sql`case when ${ownCurrency} then 0 else 1 end`),
      })
      .from(bookings)
      .where(owing),
  ])
  const money = (amount: number) => ({ amount, currency: scope.currency })
  const buckets = [
    { bucket: 'days0to7' as const, count: sums?.count0 ?? 0, amount: money(sums?.amount0 ?? 0) },
    { bucket: 'days8to30' as const, count: sums?.count8 ?? 0, amount: money(sums?.amount8 ?? 0) },
    { bucket: 'days31plus' as const, count: sums?.count31 ?? 0, amount: money(sums?.amount31 ?? 0) },
  ]
  return {
    data: {
      today,
      currency: scope.currency,
      bookings: rows.map((b) => ({
        id: b.id,
        code: b.code,
        name: personName(b.person),
        status: b.status as (typeof OWING)[number],
        paymentMethod: b.paymentMethod,
        total: { amount: b.total, currency: b.currency },
        open: { amount: b.open, currency: b.currency },
        bookedAt: b.createdAt.toISOString(),
        bookedOn: utcToZonedDate(b.createdAt, scope.timeZone),
        ageDays: b.age,
        bucket: bucketOf(b.age),
        firstDate: b.firstStart ? utcToZonedDate(b.firstStart, scope.timeZone) : null,
        paymentDeadline: b.paymentDeadline?.toISOString() ?? null,
      })),
      buckets,
      total: { count: buckets.reduce((n, b) => n + b.count, 0), amount: money(buckets.reduce((n, b) => n + b.amount.amount, 0)) },
      otherCurrency: sums?.other ?? 0,
    },
    meta: { page: paging.page, perPage: paging.perPage, total: counted?.total ?? 0 },
  }
}
