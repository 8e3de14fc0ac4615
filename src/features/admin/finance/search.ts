/**
 * The finance pages' search parameters (the URL is the state: a filtered view can be bookmarked
 * and shared) and their checks, mirroring the API's bounds so that a wrong range is explained
 * at its field before any call. Pure: no React, no clock (today comes from the loader). The route
 * definitions use these parsers, so they stay small (every page's entry chunk carries them); the
 * ranges' arithmetic is in ./ranges.
 */
import type { FinanceAgeBucket, FinancePaymentSource, FinancePaymentStatus, FinanceRefundReason, FinanceRefundStatus, Granularity } from '~/api/admin-finance.queries'
import { day, definedOnly as defined, laterPage as page, matching, oneOf } from '~/lib/search-params'

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

const NAME = /^[A-Za-z0-9_-]{1,40}$/

export type RangeSearch = { from?: string; to?: string }
export type TotalsSearch = RangeSearch & { granularity?: Granularity }
export type PaymentsSearch = RangeSearch & { provider?: string; method?: string; status?: FinancePaymentStatus; source?: FinancePaymentSource; booking?: string; page?: number }
export type RefundsSearch = RangeSearch & { status?: FinanceRefundStatus; reason?: FinanceRefundReason; page?: number }
export type OpenSearch = { bucket?: FinanceAgeBucket; paymentMethod?: (typeof BOOKING_PAYMENT_METHODS)[number]; page?: number }

const name = (value: unknown) => matching(value, NAME)
const range = (search: Record<string, unknown>): RangeSearch => ({ from: day(search.from), to: day(search.to) })

export const totalsSearch = (search: Record<string, unknown>): TotalsSearch => defined({ ...range(search), granularity: oneOf(GRANULARITIES, search.granularity) })
export const paymentsSearch = (search: Record<string, unknown>): PaymentsSearch =>
  defined({
    ...range(search),
    provider: name(search.provider),
    method: name(search.method),
    status: oneOf(PAYMENT_STATUSES, search.status),
    source: oneOf(PAYMENT_SOURCES, search.source),
    booking: matching(search.booking, /^[A-Za-z0-9-]{1,40}$/),
    page: page(search.page),
  })
export const refundsSearch = (search: Record<string, unknown>): RefundsSearch =>
  defined({ ...range(search), status: oneOf(REFUND_STATUSES, search.status), reason: oneOf(REFUND_REASONS, search.reason), page: page(search.page) })
export const openSearch = (search: Record<string, unknown>): OpenSearch =>
  defined({ bucket: oneOf(AGE_BUCKETS, search.bucket), paymentMethod: oneOf(BOOKING_PAYMENT_METHODS, search.paymentMethod), page: page(search.page) })
