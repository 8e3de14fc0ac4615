import { queryOptions } from '@tanstack/react-query'
import { unwrap, type Api } from './client'

/**
 * The shop's configuration for the shell. The legal texts are left out: they are large, only
 * the legal pages need them, and those get them sanitised from the server.
 */
export const shopConfigQuery = (api: Api) =>
  queryOptions({
    queryKey: ['shop-config'],
    queryFn: async () => {
      const { legal: _legal, ...config } = (await unwrap(api.GET('/api/webshop/v1/config'))).data
      return config
    },
    staleTime: 60_000,
  })
