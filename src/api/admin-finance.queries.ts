import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { ApiError, unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components, operations } from './admin-schema.gen'

type S = components['schemas']
export type FinancePayment = S['FinancePayment']
export type FinanceRefund = S['FinanceRefund']
export type FinanceOpenBooking = S['FinanceOpenBooking']
export type FinanceFigures = S['FinanceFigures']
export type FinanceMoney = S['FinanceMoney']
export type FinanceAgeBucket = S['FinanceAgeBucket']
export type FinancePaymentStatus = S['FinancePaymentStatus']
export type FinancePaymentSource = S['FinancePaymentSource']
export type FinanceRefundStatus = S['FinanceRefundStatus']
export type FinanceRefundReason = S['FinanceRefundReason']
export type FinanceTotals = S['FinanceTotalsAnswer']['data']
export type FinanceOpenAmounts = S['FinanceOpenAmountsAnswer']['data']
export type Granularity = FinanceTotals['granularity']

export type PaymentsQuery = NonNullable<operations['listPayments']['parameters']['query']>
export type RefundsQuery = NonNullable<operations['listRefunds']['parameters']['query']>
export type OpenAmountsQuery = NonNullable<operations['listOpenAmounts']['parameters']['query']>
export type TotalsQuery = operations['getFinanceTotals']['parameters']['query']
export type PaymentsExportQuery = operations['exportPaymentsCsv']['parameters']['query']

/** Owners: money received and refunded per period and per method. */
export const financeTotalsQuery = (api: AdminApi, query: TotalsQuery) =>
  queryOptions({
    queryKey: ['admin', 'finance', 'totals', query],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/finance/totals', { params: { query } }))).data,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })

/** Owners: one page of the payments. */
export const financePaymentsQuery = (api: AdminApi, query: PaymentsQuery) =>
  queryOptions({
    queryKey: ['admin', 'finance', 'payments', query],
    queryFn: async () => unwrap(api.GET('/api/admin/v1/finance/payments', { params: { query } })),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })

/** Owners: one page of the refunds. */
export const financeRefundsQuery = (api: AdminApi, query: RefundsQuery) =>
  queryOptions({
    queryKey: ['admin', 'finance', 'refunds', query],
    queryFn: async () => unwrap(api.GET('/api/admin/v1/finance/refunds', { params: { query } })),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })

/** Owners: the bookings that owe money, with the totals per age. */
export const financeOpenAmountsQuery = (api: AdminApi, query: OpenAmountsQuery) =>
  queryOptions({
    queryKey: ['admin', 'finance', 'open', query],
    queryFn: async () => unwrap(api.GET('/api/admin/v1/finance/open', { params: { query } })),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })

/**
 * Owners: the payments of a period as a CSV file (in the member's language, sent as
 * X-FLOWIN-LOCALE like every call) and the file name the server gives it.
 */
export async function downloadPaymentsCsv(api: AdminApi, query: PaymentsExportQuery): Promise<{ blob: Blob; fileName: string }> {
  const { data, error, response } = await api.GET('/api/admin/v1/finance/payments/export', { params: { query }, parseAs: 'blob' })
  if (!response.ok || !data) {
    const body = error && typeof error === 'object' && 'statusCode' in error ? error : { statusCode: response.status, statusMessage: response.statusText, message: response.statusText, data: {} }
    throw new ApiError(response.status, body as S['Error'])
  }
  const disposition = response.headers.get('content-disposition') ?? ''
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `payments-${query.from}_${query.to}.csv`
  return { blob: data as Blob, fileName }
}
