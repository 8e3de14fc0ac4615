import { and, gte, lt, sql, type Column, type SQL } from 'drizzle-orm'
import { addDays, utcToZonedDate, zonedBoundaryToUtc, type IsoDate } from '~/server/domain/offers/zoned-time'

/** What every finance query works in: the staff member's shop, its time zone and currency, the request's clock. */
export type FinanceScope = { shopId: string; timeZone: string; currency: string; now: Date }

/** A page of a list (the contract bounds `perPage` to 100). */
export type Paging = { page: number; perPage: number }

/** The instants of a range of the shop's days: from the first day's midnight up to (not including) the day after the last. */
export function instantsOf(range: { from?: IsoDate; to?: IsoDate }, timeZone: string) {
  return {
    from: range.from ? zonedBoundaryToUtc(range.from, 0, timeZone) : undefined,
    until: range.to ? zonedBoundaryToUtc(addDays(range.to, 1), 0, timeZone) : undefined,
  }
}

/** `column` within the range of the shop's days (either end may be open). */
export function withinDays(column: Column, range: { from?: IsoDate; to?: IsoDate }, timeZone: string): SQL | undefined {
  const { from, until } = instantsOf(range, timeZone)
  return and(from ? gte(column, from) : undefined, until ? lt(column, until) : undefined)
}

/** A staff member's or the booking person's name as one line. */
export function personName(person: { firstname?: string; surname?: string } | null | undefined): string {
  return [person?.firstname, person?.surname].filter((part) => part && part.trim()).join(' ').slice(0, 300)
}

/** Today in the shop's time zone. */
export const todayOf = (scope: FinanceScope) => utcToZonedDate(scope.now, scope.timeZone)

/** `count(*)` as a JavaScript number (PostgreSQL answers a bigint). */
export const countAll = () => sql<number>`count(*)`.mapWith(Number)

/** `sum(…)` as a JavaScript number, 0 when nothing matched (PostgreSQL answers a bigint or null). */
export const sumOf = (expression: SQL | Column) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number)
