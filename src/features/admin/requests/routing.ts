/**
 * Page loaders of the requests inbox, imported dynamically from their route files (as
 * ~/features/admin/routing is): the member's role first, then the page's data.
 */
import { notFound } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { staffRequestQuery, staffRequestsQuery, type RequestListSearch } from '~/api/admin-requests.queries'
import { ApiError } from '~/api/client'
import type { Locale } from '~/lib/locale'
import { NotAuthorisedError } from '../access'
import { adminApiFor } from '../api'
import { signedInPage } from '../routing'

type Context = { queryClient: QueryClient; lang: Locale }

/** A refused role (changed meanwhile) is the 401 page; an unknown request (or another shop's) is not found. */
function refused(error: unknown): never {
  if (error instanceof ApiError && error.status === 403) throw new NotAuthorisedError()
  if (error instanceof ApiError && error.status === 404) throw notFound()
  throw error
}

/** Managers: one page of the inbox. */
export async function requestsPage(context: Context, href: string, search: RequestListSearch) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(staffRequestsQuery(adminApiFor(context.queryClient, context.lang), search)).catch(refused)
}

/** Managers: one request (reading it marks nothing: the page marks it seen once shown). */
export async function requestPage(context: Context, href: string, code: string) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(staffRequestQuery(adminApiFor(context.queryClient, context.lang), code)).catch(refused)
}
