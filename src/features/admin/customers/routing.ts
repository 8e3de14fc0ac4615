/**
 * Page loaders of the CRM's customer pages, imported dynamically from their route files (as
 * ~/features/admin/routing is): the member's role first, then the page's data.
 */
import { notFound } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { customerQuery, customersQuery, type CustomerListSearch } from '~/api/admin-customers.queries'
import { ApiError } from '~/api/client'
import type { Locale } from '~/lib/locale'
import { NotAuthorisedError } from '../access'
import { adminApiFor } from '../api'
import { signedInPage } from '../routing'

type Context = { queryClient: QueryClient; lang: Locale }

/** A refused role (changed meanwhile) is the 401 page; an unknown customer (or another shop's) is not found. */
function refused(error: unknown): never {
  if (error instanceof ApiError && error.status === 403) throw new NotAuthorisedError()
  if (error instanceof ApiError && error.status === 404) throw notFound()
  throw error
}

/** Managers: one page of the customer list. */
export async function customersPage(context: Context, href: string, search: CustomerListSearch) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(customersQuery(adminApiFor(context.queryClient, context.lang), search)).catch(refused)
}

/** Managers: one customer. */
export async function customerPage(context: Context, href: string, customerId: string) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(customerQuery(adminApiFor(context.queryClient, context.lang), customerId)).catch(refused)
}
