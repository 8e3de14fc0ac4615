/**
 * Page loaders of one booking and of a session's manifest, imported dynamically from their route
 * files (as ~/features/admin/routing is): the member's role first, then the page's data.
 */
import type { QueryClient } from '@tanstack/react-query'
import { sessionManifestQuery, staffBookingQuery } from '~/api/admin-booking-detail.queries'
import type { Locale } from '~/lib/locale'
import { adminApiFor } from '../../api'
import { signedInPage } from '../../routing'
import { refusedPage } from '../../refusals'

type Context = { queryClient: QueryClient; lang: Locale }

/** Managers: one booking. */
export async function bookingPage(context: Context, href: string, code: string) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(staffBookingQuery(adminApiFor(context.queryClient, context.lang), code)).catch(refusedPage)
}

/** Managers, and the guides assigned to the session (any other is not found for them): the participants of one session. */
export async function manifestPage(context: Context, href: string, sessionId: string) {
  await signedInPage(context, href, 'guide')
  await context.queryClient.ensureQueryData(sessionManifestQuery(adminApiFor(context.queryClient, context.lang), sessionId)).catch(refusedPage)
}
