import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AdminApi } from '~/api/admin-client'
import { unwrap } from '~/api/client'

/** How many icons the picker shows for a query (the contract's default; at most 96). */
export const ICON_RESULTS = 48

/**
 * The installed icons matching `q` (`searchIcons`). An icon set changes only with a release, so
 * answers stay fresh for the session; while the next query loads, the last answer stays on screen.
 */
export const iconSearchQuery = (api: AdminApi, q: string, limit = ICON_RESULTS) =>
  queryOptions({
    queryKey: ['admin', 'icons', q, limit],
    queryFn: async () => unwrap(api.GET('/api/admin/v1/icons', { params: { query: { q, limit } } })),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  })

/** An icon's name as people read it: `mdi:hiking-boot` → "hiking boot" (the set's names are English). */
export function readableIconName(name: string): string {
  return name.slice(name.indexOf(':') + 1).replace(/-/g, ' ')
}
