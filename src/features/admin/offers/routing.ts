/**
 * Page loaders of the offers pages, imported dynamically from their route files (as
 * ~/features/admin/routing is): the member's role first, then the page's data.
 */
import type { QueryClient } from '@tanstack/react-query'
import { shopOfferQuery, shopOffersQuery, type OfferStatus } from '~/api/admin-offers.queries'
import type { Locale } from '~/lib/locale'
import { adminApiFor } from '../api'
import { signedInPage } from '../routing'
import { refusedPage } from '../refusals'

type Context = { queryClient: QueryClient; lang: Locale }

/** Managers: the offers of one status (or all). */
export async function offersPage(context: Context, href: string, status: OfferStatus | undefined) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(shopOffersQuery(adminApiFor(context.queryClient, context.lang), status)).catch(refusedPage)
}

/** Managers: one offer in the editor, with the shop's other offers (to relate). */
export async function offerPage(context: Context, href: string, offerId: string) {
  await signedInPage(context, href, 'manager')
  const api = adminApiFor(context.queryClient, context.lang)
  await Promise.all([context.queryClient.ensureQueryData(shopOfferQuery(api, offerId)), context.queryClient.ensureQueryData(shopOffersQuery(api))]).catch(refusedPage)
}
