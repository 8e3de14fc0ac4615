import { queryOptions } from '@tanstack/react-query'
import { unwrap, type Api } from './client'

export const shopConfigQuery = (api: Api) =>
  queryOptions({
    queryKey: ['shop-config'],
    queryFn: async () => (await unwrap(api.GET('/api/webshop/v1/config'))).data,
    staleTime: 60_000,
  })
