import { queryOptions } from '@tanstack/react-query'
import { unwrap, type Api } from './client'
import type { components } from './schema.gen'

/** The contract's languages (src/lib/locale.ts checks that its Locale is the same). */
type Locale = components['schemas']['Locale']

export const cartQuery = (api: Api, lang: Locale, cartId: string) =>
  queryOptions({
    queryKey: ['carts', cartId, lang],
    queryFn: async () =>
      (await unwrap(api.GET('/api/webshop/v1/carts/{cartId}', { params: { path: { cartId } } }))).data,
    staleTime: 0,
  })

/** The booking made from a cart, read afresh. */
export const fetchCartBooking = async (api: Api, cartId: string) =>
  (await unwrap(api.GET('/api/webshop/v1/carts/{cartId}/booking', { params: { path: { cartId } } }))).data

export const cartBookingQuery = (api: Api, lang: Locale, cartId: string) =>
  queryOptions({
    queryKey: ['carts', cartId, 'booking', lang],
    queryFn: () => fetchCartBooking(api, cartId),
    staleTime: 60_000,
  })

export const paymentLinkQuery = (api: Api, lang: Locale, token: string) =>
  queryOptions({
    queryKey: ['payment-links', token, lang],
    queryFn: async () =>
      (await unwrap(api.GET('/api/webshop/v1/payment-links/{token}', { params: { path: { token } } }))).data,
    staleTime: 0,
  })

/** Starts paying a payment link's booking; answers where to send the visitor. */
export const startLinkPayment = async (api: Api, token: string) =>
  (await unwrap(api.POST('/api/webshop/v1/payment-links/{token}/payments', { params: { path: { token } } }))).data

/** Starts paying the booking made from a cart (pay now, or again after a failure). */
export const startCartPayment = async (api: Api, cartId: string) =>
  (await unwrap(api.POST('/api/webshop/v1/carts/{cartId}/booking/payments', { params: { path: { cartId } } }))).data
