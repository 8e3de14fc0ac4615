import { queryOptions } from '@tanstack/react-query'
import { unwrap, type Api } from './client'
import type { Locale } from '../lib/locale'

export const cartQuery = (api: Api, lang: Locale, cartId: string) =>
  queryOptions({
    queryKey: ['carts', cartId, lang],
    queryFn: async () =>
      (await unwrap(api.GET('/api/webshop/v1/carts/{cartId}', { params: { path: { cartId } }, headers: { 'x-flowin-locale': lang } }))).data,
    staleTime: 0,
  })

export const cartBookingQuery = (api: Api, lang: Locale, cartId: string) =>
  queryOptions({
    queryKey: ['carts', cartId, 'booking', lang],
    queryFn: async () =>
      (await unwrap(api.GET('/api/webshop/v1/carts/{cartId}/booking', { params: { path: { cartId } }, headers: { 'x-flowin-locale': lang } }))).data,
    staleTime: 60_000,
  })
