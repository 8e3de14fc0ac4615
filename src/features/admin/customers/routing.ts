/**
 * Page loaders of the CRM's customer pages, imported dynamically from their route files (as
 * ~/features/admin/routing is): the member's role first, then the page's data.
 */
import type { QueryClient } from '@tanstack/react-query'
import { customerQuery, customersQuery, type CustomerListSearch } from '~/api/admin-customers.queries'
import type { Locale } from '~/lib/locale'
import { adminApiFor } from '../api'
import { signedInPage } from '../routing'
import { refusedPage } from '../refusals'

type Context = { queryClient: QueryClient; lang: Locale }

/** Managers: one page of the customer list. */
export async function customersPage(context: Context, href: string, search: CustomerListSearch) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(customersQuery(adminApiFor(context.queryClient, context.lang), search)).catch(refusedPage)
}

/** Managers: one customer. */
export async function customerPage(context: Context, href: string, customerId: string) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(customerQuery(adminApiFor(context.queryClient, context.lang), customerId)).catch(refusedPage)
}
