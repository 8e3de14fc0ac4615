/**
 * The finance pages' search parameters (the URL is the state: a filtered view can be bookmarked
 * and shared) and their checks, mirroring the API's bounds so that a wrong range is explained
 * at its field before any call. Pure: no React, no clock (today comes from the loader).
 */
import type { FinanceAgeBucket, FinancePaymentSource, FinancePaymentStatus, FinanceRefundReason, FinanceRefundStatus, Granularity } from '~/api/admin-finance.queries'
import { addDays, addMonths } from '../sessions/month'

export const GRANULARITIES = ['day', 'week', 'month'] as const satisfies readonly Granularity[]
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const satisfies readonly FinancePaymentStatus[]
export const PAYMENT_SOURCES = ['checkout', 'link', 'staff'] as const satisfies readonly FinancePaymentSource[]
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const satisfies readonly FinanceRefundStatus[]
export const REFUND_REASONS = ['staff_cancel', 'session_cancelled', 'visitor_cancel', 'late_payment', 'move'] as const satisfies readonly FinanceRefundReason[]
export const AGE_BUCKETS = ['days0to7', 'days8to30', 'days31plus'] as const satisfies readonly FinanceAgeBucket[]
export const BOOKING_PAYMENT_METHODS = ['PAY_NOW', 'PAY_LATER', 'PAY_ON_SITE', 'PAY_LATER_OR_ON_SITE'] as const

/** The API's bounds (src/server/domain/finance/periods.ts). */
export const MAX_RANGE_DAYS = 400
export const MAX_PERIODS = 120
export const PER_PAGE = 50

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const NAME = /^[A-Za-z0-9_-]{1,40}$/

export const isDay = (value: unknown): value is string => typeof value === 'string' && DAY.test(value) && addDays(value, 0) === value
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined => (values.includes(value as T) ? (value as T) : undefined)
const name = (value: unknown) => (typeof value === 'string' && NAME.test(value) ? value : undefined)
const page = (value: unknown) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isInteger(n) && n > 1 && n <= 10_000 ? n : undefined
}
/** Only the keys that have a value (the URL stays short). */
const defined = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T

export type RangeSearch = { from?: string; to?: string }
export type TotalsSearch = RangeSearch & { granularity?: Granularity }
export type PaymentsSearch = RangeSearch & { provider?: string; method?: string; status?: FinancePaymentStatus; source?: FinancePaymentSource; booking?: string; page?: number }
export type RefundsSearch = RangeSearch & { status?: FinanceRefundStatus; reason?: FinanceRefundReason; page?: number }
export type OpenSearch = { bucket?: FinanceAgeBucket; paymentMethod?: (typeof BOOKING_PAYMENT_METHODS)[number]; page?: number }

const range = (search: Record<string, unknown>): RangeSearch => ({ from: isDay(search.from) ? search.from : undefined, to: isDay(search.to) ? search.to : undefined })

export const totalsSearch = (search: Record<string, unknown>): TotalsSearch => defined({ ...range(search), granularity: oneOf(GRANULARITIES, search.granularity) })
export const paymentsSearch = (search: Record<string, unknown>): PaymentsSearch =>
  defined({
    ...range(search),
    provider: name(search.provider),
    method: name(search.method),
    status: oneOf(PAYMENT_STATUSES, search.status),
    source: oneOf(PAYMENT_SOURCES, search.source),
    booking: typeof search.booking === 'string' && /^[A-Za-z0-9-]{1,40}$/.test(search.booking) ? search.booking : undefined,
    page: page(search.page),
  })
export const refundsSearch = (search: Record<string, unknown>): RefundsSearch =>
  defined({ ...range(search), status: oneOf(REFUND_STATUSES, search.status), reason: oneOf(REFUND_REASONS, search.reason), page: page(search.page) })
export const openSearch = (search: Record<string, unknown>): OpenSearch =>
  defined({ bucket: oneOf(AGE_BUCKETS, search.bucket), paymentMethod: oneOf(BOOKING_PAYMENT_METHODS, search.paymentMethod), page: page(search.page) })

/** The month `today` falls in. */
export function thisMonth(today: string): { from: string; to: string } {
  const from = `${today.slice(0, 7)}-01`
  return { from, to: addDays(addMonths(from, 1), -1) }
}

export type RangePreset = 'thisMonth' | 'lastMonth' | 'last30Days' | 'thisYear' | 'lastYear'
export const RANGE_PRESETS: readonly RangePreset[] = ['thisMonth', 'lastMonth', 'last30Days', 'thisYear', 'lastYear']

/** A named range relative to today (the shop's), with the granularity that suits it. */
export function presetRange(preset: RangePreset, today: string): { from: string; to: string; granularity: Granularity } {
  const year = today.slice(0, 4)
  switch (preset) {
    case 'thisMonth':
      return { ...thisMonth(today), granularity: 'day' }
    case 'lastMonth':
      return { ...thisMonth(addMonths(`${today.slice(0, 7)}-01`, -1)), granularity: 'day' }
    case 'last30Days':
      return { from: addDays(today, -29), to: today, granularity: 'day' }
    case 'thisYear':
      return { from: `${year}-01-01`, to: `${year}-12-31`, granularity: 'month' }
    case 'lastYear':
      return { from: `${Number(year) - 1}-01-01`, to: `${Number(year) - 1}-12-31`, granularity: 'month' }
  }
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/** How many periods a range has (the API lists at most MAX_PERIODS). */
export function periodCount(from: string, to: string, granularity: Granularity): number {
  if (granularity === 'day') return daysBetween(from, to) + 1
  if (granularity === 'week') {
    const monday = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7))
    return daysBetween(monday(from), monday(to)) / 7 + 1
  }
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1
}

export type RangeProblem = { field: 'from' | 'to' | 'granularity'; code: 'required' | 'range.reversed' | 'range.too_long' | 'range.too_many_periods' }

/** What is wrong with a range before it is asked for (the API's own field codes), else null. */
export function rangeProblem(from: string, to: string, granularity?: Granularity): RangeProblem | null {
  if (!isDay(from)) return { field: 'from', code: 'required' }
  if (!isDay(to)) return { field: 'to', code: 'required' }
  const days = daysBetween(from, to)
  if (days < 0) return { field: 'to', code: 'range.reversed' }
  if (days >= MAX_RANGE_DAYS) return { field: 'to', code: 'range.too_long' }
  if (granularity && periodCount(from, to, granularity) > MAX_PERIODS) return { field: 'granularity', code: 'range.too_many_periods' }
  return null
}

/** The week number of an ISO week key (`2026-W14` → 14). */
export const weekNumber = (key: string) => Number(key.slice(6))
