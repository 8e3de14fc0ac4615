import { ApiError, unwrap, type Api } from './client'
import type { components } from './schema.gen'

type Cart = components['schemas']['Cart']
type CartItemInput = components['schemas']['CartItemInput']

/**
 * Adds the variants of one choice to a cart, all or nothing. They are added one by one (one
 * hold each); when a later one is refused (someone was faster, a limit), the ones added before
 * are removed again, so no stray hold stays in the cart nor counts against the visitor's places,
 * and the refusal is thrown. Answers the cart after the last item.
 */
export async function addItemsToCart(api: Api, cartId: string, items: CartItemInput[]): Promise<Cart | undefined> {
  const added: string[] = []
  let known = new Set<string>()
  let cart: Cart | undefined
  try {
    for (const item of items) {
      cart = (await unwrap(api.POST('/api/webshop/v1/carts/{cartId}/items', { params: { path: { cartId } }, body: item }))).data
      // the new item: not in the cart before (the cart lists its items in the order they came)
      const fresh = cart.items.filter((i) => !known.has(i.id) && i.sku === item.sku && i.quantity === item.quantity).at(-1)
      if (fresh) added.push(fresh.id)
      known = new Set(cart.items.map((i) => i.id))
    }
    return cart
  } catch (error) {
    for (const itemId of added) {
      await api.DELETE('/api/webshop/v1/carts/{cartId}/items/{itemId}', { params: { path: { cartId, itemId } } }).catch(() => undefined)
    }
    throw error
  }
}

/**
 * Adds a choice to the visitor's cart, or to a new one when there is none or the remembered one
 * is gone or already booked. Answers the cart's id and the cart after the add.
 */
export async function addChoiceToCart(api: Api, cartId: string | undefined, items: CartItemInput[]): Promise<{ cartId: string; cart: Cart | undefined }> {
  if (cartId) {
    try {
      return { cartId, cart: await addItemsToCart(api, cartId, items) }
    } catch (error) {
      const stale = error instanceof ApiError && ((error.status === 404 && error.code === 'cart.not_found') || (error.status === 409 && error.code === 'cart.booked'))
      if (!stale) throw error
    }
  }
  const id = (await unwrap(api.POST('/api/webshop/v1/carts', { body: {} }))).data.id
  return { cartId: id, cart: await addItemsToCart(api, id, items) }
}
