import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components, operations } from './admin-schema.gen'

type S = components['schemas']
export type BookingListItem = S['BookingListItem']
export type BookingListStatus = S['BookingListStatus']
export type BookingListPaymentFilter = S['BookingListPaymentFilter']
export type BookingListPaymentState = S['BookingListPaymentState']
export type BookingListSort = S['BookingListSort']
export type BookingListAnswer = S['BookingListAnswer']
/** The list's query as the contract has it (search, filters, order, page). */
export type BookingListQuery = NonNullable<operations['listBookings']['parameters']['query']>

/** Rows per page of the staff's bookings list. */
export const BOOKINGS_PER_PAGE = 25

/** Everything of the bookings list: invalidated after a change of a booking. */
export const BOOKINGS_LIST_KEY = ['admin', 'bookings', 'list'] as const

/** Managers: one page of the shop's bookings, searched, filtered and sorted on the server. */
export const bookingsListQuery = (api: AdminApi, query: BookingListQuery) =>
  queryOptions({
    queryKey: [...BOOKINGS_LIST_KEY, query],
    queryFn: async () => unwrap(api.GET('/api/admin/v1/bookings', { params: { query: { perPage: BOOKINGS_PER_PAGE, ...query } } })),
    staleTime: 0,
  })

/**
 * The address of the CSV export of the same search and filters (a plain download link: the
 * browser sends the session cookie; `lang` names the file's language, as a link sends no headers).
 */
export function bookingsExportHref(query: BookingListQuery, lang: 'de' | 'en' | 'fr'): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'perPage' || value === undefined || value === '') continue
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one))
  }
  params.set('lang', lang)
  return `/api/admin/v1/bookings/export?${params.toString()}`
}
