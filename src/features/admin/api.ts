import type { QueryClient } from '@tanstack/react-query'
import { useQueryClient } from '@tanstack/react-query'
import { createAdminClient, type AdminApi } from '~/api/admin-client'
import { createTransport } from '~/functions/api-transport'
import { reportApiError } from '~/lib/report-error'
import type { Locale } from '~/lib/locale'

const clients = new WeakMap<QueryClient, { api: AdminApi; lang: Locale }>()

/**
 * The staff API client of this router (its QueryClient: one per request on the server, one in
 * the browser), speaking the page's language. Only the staff app calls it, so visitor pages never
 * load it.
 */
export function adminApiFor(queryClient: QueryClient, lang: Locale): AdminApi {
  let entry = clients.get(queryClient)
  if (!entry) {
    const holder = { lang } as { api: AdminApi; lang: Locale }
    holder.api = createAdminClient({ ...createTransport(), getLocale: () => holder.lang, reportError: reportApiError })
    entry = holder
    clients.set(queryClient, entry)
  }
  entry.lang = lang
  return entry.api
}

export function useAdminApi(lang: Locale): AdminApi {
  return adminApiFor(useQueryClient(), lang)
}
