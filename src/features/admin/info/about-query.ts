import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/api/client'
import type { AdminApi } from '~/api/admin-client'

/** The running version and build (`getAbout`, every role). */
export const aboutQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: ['admin', 'about'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/about'))).data,
    staleTime: 60_000,
  })
