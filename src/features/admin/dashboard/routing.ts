/**
 * The start page's loader, imported dynamically from its route file (as ~/features/admin/routing
 * is): the member first, then the dashboard (prefetched; a failure shows in the page, the rest of
 * the start page stays usable).
 */
import type { QueryClient } from '@tanstack/react-query'
import { dashboardQuery } from '~/api/admin-dashboard.queries'
import type { Locale } from '~/lib/locale'
import { adminApiFor } from '../api'
import { signedInPage } from '../routing'

type Context = { queryClient: QueryClient; lang: Locale }

export async function startPage(context: Context, href: string) {
  const me = await signedInPage(context, href)
  await context.queryClient.prefetchQuery(dashboardQuery(adminApiFor(context.queryClient, context.lang), context.lang))
  return { me }
}
