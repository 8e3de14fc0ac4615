import { addCartItem, createCart, findCart, refuseAddWhenFull, removeCartItem, updateCartItem } from '~/server/domain/carts'
import { HttpError } from '~/server/http/problem'
import { json, type OperationHandlers } from '~/server/api/types'
import { catalogue } from './context'

export const carts = {
  createCart: {
    handler: async (ctx) => {
      const created = await createCart(catalogue(ctx))
      const cart = (await findCart(catalogue(ctx), created.id))!
      return json('createCart', { data: cart }, { status: 201 })
    },
  },
  getCart: {
    handler: async (ctx, { path }) => {
      const cart = await findCart(catalogue(ctx), path.cartId)
      if (!cart) {
        throw new HttpError(404, 'Page not found', 'This cart does not exist.', { code: 'cart.not_found' })
      }
      return json('getCart', { data: cart })
    },
  },
  addCartItem: {
    // the many who race for a date's last places are refused in one read, before any write
    refuseEarly: (ctx, { body }) => refuseAddWhenFull(catalogue(ctx), body),
    handler: async (ctx, { path, body }) => {
      const cart = await addCartItem(catalogue(ctx), path.cartId, body, { clientAddress: ctx.clientAddress })
      return json('addCartItem', { data: cart }, { status: 201 })
    },
  },
  updateCartItem: {
    handler: async (ctx, { path, body }) => {
      const cart = await updateCartItem(catalogue(ctx), path.cartId, path.itemId, body.quantity, { clientAddress: ctx.clientAddress })
      return json('updateCartItem', { data: cart })
    },
  },
  removeCartItem: {
    handler: async (ctx, { path }) => {
      const cart = await removeCartItem(catalogue(ctx), path.cartId, path.itemId)
      return json('removeCartItem', { data: cart })
    },
  },
} satisfies Partial<OperationHandlers>
