/**
 * The loader of the bookings list, imported dynamically from its route file (as
 * ~/features/admin/routing is): the member's role first, then the page's data and the offers of
 * the offer filter.
 */
import type { QueryClient } from '@tanstack/react-query'
import { bookingsListQuery } from '~/api/admin-bookings-list.queries'
import { shopOffersQuery } from '~/api/admin-offers.queries'
import type { Locale } from '~/lib/locale'
import { adminApiFor } from '../../api'
import { signedInPage } from '../../routing'
import { toListQuery, type BookingListSearch } from './search'
import { refusedPage } from '../../refusals'

type Context = { queryClient: QueryClient; lang: Locale }

/** Managers: one page of the bookings list. */
export async function bookingsListPage(context: Context, href: string, search: BookingListSearch) {
  await signedInPage(context, href, 'manager')
  const api = adminApiFor(context.queryClient, context.lang)
  await Promise.all([
    context.queryClient.ensureQueryData(bookingsListQuery(api, toListQuery(search))).catch(refusedPage),
    context.queryClient.ensureQueryData(shopOffersQuery(api)).catch(refusedPage),
  ])
}
