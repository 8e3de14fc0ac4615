/**
 * Page loaders of the offers pages, imported dynamically from their route files (as
 * ~/features/admin/routing is): the member's role first, then the page's data.
 */
import { notFound } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { shopOfferQuery, shopOffersQuery, type OfferStatus } from '~/api/admin-offers.queries'
import { ApiError } from '~/api/client'
import type { Locale } from '~/lib/locale'
import { NotAuthorisedError } from '../access'
import { adminApiFor } from '../api'
import { signedInPage } from '../routing'

type Context = { queryClient: QueryClient; lang: Locale }

/** A refused role (changed meanwhile) is the 401 page; an unknown offer (or another shop's) is not found. */
function refused(error: unknown): never {
  if (error instanceof ApiError && error.status === 403) throw new NotAuthorisedError()
  if (error instanceof ApiError && error.status === 404) throw notFound()
  throw error
}

/** Managers: the offers of one status (or all). */
export async function offersPage(context: Context, href: string, status: OfferStatus | undefined) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(shopOffersQuery(adminApiFor(context.queryClient, context.lang), status)).catch(refused)
}

/** Managers: one offer in the editor, with the shop's other offers (to relate). */
export async function offerPage(context: Context, href: string, offerId: string) {
  await signedInPage(context, href, 'manager')
  const api = adminApiFor(context.queryClient, context.lang)
  await Promise.all([context.queryClient.ensureQueryData(shopOfferQuery(api, offerId)), context.queryClient.ensureQueryData(shopOffersQuery(api))]).catch(refused)
}
