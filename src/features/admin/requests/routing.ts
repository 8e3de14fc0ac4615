/**
 * Page loaders of the requests inbox, imported dynamically from their route files (as
 * ~/features/admin/routing is): the member's role first, then the page's data.
 */
import type { QueryClient } from '@tanstack/react-query'
import { staffRequestQuery, staffRequestsQuery, type RequestListSearch } from '~/api/admin-requests.queries'
import type { Locale } from '~/lib/locale'
import { adminApiFor } from '../api'
import { signedInPage } from '../routing'
import { refusedPage } from '../refusals'

type Context = { queryClient: QueryClient; lang: Locale }

/** Managers: one page of the inbox. */
export async function requestsPage(context: Context, href: string, search: RequestListSearch) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(staffRequestsQuery(adminApiFor(context.queryClient, context.lang), search)).catch(refusedPage)
}

/** Managers: one request (reading it marks nothing: the page marks it seen once shown). */
export async function requestPage(context: Context, href: string, code: string) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(staffRequestQuery(adminApiFor(context.queryClient, context.lang), code)).catch(refusedPage)
}
