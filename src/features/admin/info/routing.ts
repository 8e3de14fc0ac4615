/**
 * What the "Further information" pages do before rendering (imported dynamically from their
 * loaders, like `../routing`, so visitor pages never load it).
 */
import { offersQuery } from '~/api/offers.queries'
import { adminApiFor } from '../api'
import { signedInPage } from '../routing'
import { aboutQuery } from './about-query'

type Context = Parameters<typeof signedInPage>[0] & { api: Parameters<typeof offersQuery>[0] }

/** Every role: the version and build. */
export async function aboutPage(context: Context, href: string) {
  await signedInPage(context, href, 'guide')
  await context.queryClient.ensureQueryData(aboutQuery(adminApiFor(context.queryClient, context.lang)))
}

/** Managers and owners: the offers the widget snippets name. */
export async function widgetsPage(context: Context, href: string) {
  await signedInPage(context, href, 'manager')
  await context.queryClient.ensureQueryData(offersQuery(context.api, context.lang, {}))
}

/** Managers and owners: the API reference (it loads the renderer itself). */
export async function apiPage(context: Context, href: string) {
  await signedInPage(context, href, 'manager')
}
