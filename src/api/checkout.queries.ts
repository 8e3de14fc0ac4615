import { queryOptions } from '@tanstack/react-query'
import { ApiError, unwrap, type Api } from './client'
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

/**
 * Books the cart. The checkout answers 200 when the cart was booked before (another tab or
 * window): that booking is not made of these details, so here it is a 409 `cart.booked` — the
 * checkout says so and shows the earlier booking (issue 22, point 14).
 */
export async function submitCartCheckout(api: Api, cartId: string, input: components['schemas']['CheckoutInput']) {
  const answer = await api.POST('/api/webshop/v1/carts/{cartId}/checkout', { params: { path: { cartId } }, body: input })
  if (answer.response.status === 200) {
    throw new ApiError(409, { statusCode: 409, statusMessage: 'Conflict', message: 'This cart was booked before.', data: { code: 'cart.booked' } })
  }
  return (await unwrap(Promise.resolve(answer))).data
}

/** Removes an item from a cart or changes its quantity (the holds follow); answers the cart. */
export async function changeCartItem(api: Api, { cartId, change }: { cartId: string; change: { kind: 'remove'; itemId: string } | { kind: 'quantity'; itemId: string; quantity: number } }) {
  const path = { cartId, itemId: change.itemId }
  const answer =
    change.kind === 'remove'
      ? api.DELETE('/api/webshop/v1/carts/{cartId}/items/{itemId}', { params: { path } })
      : api.PATCH('/api/webshop/v1/carts/{cartId}/items/{itemId}', { params: { path }, body: { quantity: change.quantity } })
  return (await unwrap(answer)).data
}
