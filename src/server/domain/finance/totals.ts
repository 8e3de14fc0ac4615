/**
 * Money received and refunded per period (day, ISO week, month) and per provider and payment
 * method. The periods are the shop's: PostgreSQL truncates each instant in the shop's time
 * zone (`at time zone`), so a payment at 23:30 on the last day of a month belongs to that
 * month, whatever the server's zone or the season. Received: succeeded payments; refunded:
 * succeeded refunds (with the method of the payment they pay back); each counted at the moment
 * it was started or recorded, as the lists filter.
 */
import { and, eq, ne, sql, type Column } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { payments, refunds } from '~/server/db/schema'
import type { IsoDate } from '~/server/domain/offers/zoned-time'
import { checkRange, periodOf, periodsOf, type Granularity } from './periods'
import { countAll, sumOf, withinDays, type FinanceScope } from './scope'

export type Figures = { received: number; refunded: number; net: number; payments: number; refunds: number }

const zero = (): Figures => ({ received: 0, refunded: 0, net: 0, payments: 0, refunds: 0 })

/** The first day (YYYY-MM-DD) of the shop's period an instant falls in, computed by the database (the reports' too). */
export function periodStart(column: Column, granularity: Granularity, timeZone: string) {
  // `date_trunc('week', …)` is the ISO week's Monday.
  return sql<string>`to_char(date_trunc(${granularity}, ${column} at time zone ${timeZone}), 'YYYY-MM-DD')`
}

export async function financeTotals(db: Db, scope: FinanceScope, query: { from: IsoDate; to: IsoDate; granularity: Granularity }) {
  const range = checkRange(query.from, query.to)
  const periods = periodsOf(range, query.granularity)
  const received = and(eq(payments.shopId, scope.shopId), eq(payments.status, 'succeeded'), withinDays(payments.createdAt, range, scope.timeZone))!
  const refunded = and(eq(refunds.shopId, scope.shopId), eq(refunds.status, 'succeeded'), withinDays(refunds.createdAt, range, scope.timeZone))!
  const [paid, paidBack, [otherPayments], [otherRefunds]] = await Promise.all([
    db
      .select({
        start: periodStart(payments.createdAt, query.granularity, scope.timeZone),
        provider: payments.provider,
        method: payments.method,
        amount: sumOf(payments.amount),
        count: countAll(),
      })
      .from(payments)
      .where(and(received, eq(payments.currency, scope.currency)))
      .groupBy(sql`1, 2, 3`),
    db
      .select({
        start: periodStart(refunds.createdAt, query.granularity, scope.timeZone),
        provider: refunds.provider,
        method: payments.method,
        amount: sumOf(refunds.amount),
        count: countAll(),
      })
      .from(refunds)
      .leftJoin(payments, and(eq(payments.id, refunds.paymentId), eq(payments.shopId, refunds.shopId)))
      .where(and(refunded, eq(refunds.currency, scope.currency)))
      .groupBy(sql`1, 2, 3`),
    db.select({ count: countAll() }).from(payments).where(and(received, ne(payments.currency, scope.currency))),
    db.select({ count: countAll() }).from(refunds).where(and(refunded, ne(refunds.currency, scope.currency))),
  ])

  const byPeriod = new Map(periods.map((p) => [p.start, zero()]))
  const byMethod = new Map<string, { provider: string; method: string | null; figures: Figures }>()
  const total = zero()
  const methodOf = (provider: string, method: string | null) => {
    const key = JSON.stringify([provider, method])
    let entry = byMethod.get(key)
    if (!entry) byMethod.set(key, (entry = { provider: provider.slice(0, 40), method: method?.slice(0, 40) ?? null, figures: zero() }))
    return entry.figures
  }
  // The database's period start is the one of the calendar here; the range's own days only were counted.
  const periodFigures = (start: string) => byPeriod.get(start) ?? byPeriod.get(periodOf(start, query.granularity).start)
  for (const row of paid) {
    for (const figures of [periodFigures(row.start), methodOf(row.provider, row.method), total]) {
      if (!figures) continue
      figures.received += row.amount
      figures.payments += row.count
    }
  }
  for (const row of paidBack) {
    for (const figures of [periodFigures(row.start), methodOf(row.provider, row.method), total]) {
      if (!figures) continue
      figures.refunded += row.amount
      figures.refunds += row.count
    }
  }
  const withNet = (f: Figures): Figures => ({ ...f, net: f.received - f.refunded })
  return {
    from: range.from,
    to: range.to,
    granularity: query.granularity,
    timeZone: scope.timeZone,
    currency: scope.currency,
    periods: periods.map((p) => ({ ...p, figures: withNet(byPeriod.get(p.start)!) })),
    methods: [...byMethod.values()]
      .map((m) => ({ ...m, figures: withNet(m.figures) }))
      .sort((a, b) => b.figures.received - a.figures.received || a.provider.localeCompare(b.provider) || (a.method ?? '').localeCompare(b.method ?? ''))
      .slice(0, 200),
    total: withNet(total),
    otherCurrency: { payments: otherPayments?.count ?? 0, refunds: otherRefunds?.count ?? 0 },
  }
}
