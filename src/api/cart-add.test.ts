import { describe, expect, it } from 'vitest'
import { ApiError, createApiClient } from './client'
import { addChoiceToCart, addItemsToCart } from './cart-add'

type Item = { id: string; sku: string; quantity: number }

/** A fake shop API: carts with items; an add of a SKU listed in `refuse` answers 409 places.insufficient. */
function fakeShop(options: { refuse?: string[]; carts?: Record<string, Item[]>; gone?: string[] } = {}) {
  const carts: Record<string, Item[]> = { ...(options.carts ?? {}) }
  const calls: string[] = []
  let n = 0
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const cartBody = (id: string) => ({ data: { id, items: carts[id]!.map((i) => ({ ...i })) } })
  const api = createApiClient({
    baseUrl: 'http://alpin.shop.test',
    getLocale: () => 'de',
    xsrfToken: async () => 'token',
    fetch: async (request) => {
      const { pathname } = new URL(request.url)
      calls.push(`${request.method} ${pathname}`)
      if (request.method === 'POST' && pathname === '/api/webshop/v1/carts') {
        const id = `cart${++n}`
        carts[id] = []
        return json(201, cartBody(id))
      }
      const add = /^\/api\/webshop\/v1\/carts\/([^/]+)\/items$/.exec(pathname)
      if (request.method === 'POST' && add) {
        const id = add[1]!
        if (options.gone?.includes(id)) return json(404, { statusCode: 404, statusMessage: 'Not Found', message: 'gone', data: { code: 'cart.not_found' } })
        const body = (await request.json()) as { sku: string; quantity: number }
        if (options.refuse?.includes(body.sku)) return json(409, { statusCode: 409, statusMessage: 'Conflict', message: 'Only 1 place left.', data: { code: 'places.insufficient', left: 1 } })
        carts[id]!.push({ id: `item${++n}`, sku: body.sku, quantity: body.quantity })
        return json(201, cartBody(id))
      }
      const remove = /^\/api\/webshop\/v1\/carts\/([^/]+)\/items\/([^/]+)$/.exec(pathname)
      if (request.method === 'DELETE' && remove) {
        carts[remove[1]!] = carts[remove[1]!]!.filter((i) => i.id !== remove[2])
        return json(200, cartBody(remove[1]!))
      }
      return json(404, { statusCode: 404, statusMessage: 'Not Found', message: '', data: {} })
    },
  })
  return { api, carts, calls }
}

const choice = (...skus: string[]) => skus.map((sku, i) => ({ offer: 'tour', sku, sessionId: 's1', quantity: i + 1 }))

describe('adding a choice of several variants to the cart', () => {
  it('adds every variant, one hold each, and answers the cart', async () => {
    const shop = fakeShop({ carts: { c: [{ id: 'old', sku: 'adult', quantity: 2 }] } })
    const cart = await addItemsToCart(shop.api, 'c', choice('adult', 'child'))
    expect(cart?.items.map((i) => [i.sku, i.quantity])).toEqual([['adult', 2], ['adult', 1], ['child', 2]])
  })

  it('when a later variant is refused, the ones added before leave the cart again and the refusal is thrown; what was there before stays', async () => {
    const shop = fakeShop({ refuse: ['family'], carts: { c: [{ id: 'old', sku: 'adult', quantity: 1 }] } })
    const error = await addItemsToCart(shop.api, 'c', choice('adult', 'child', 'family')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('places.insufficient')
    expect(shop.carts.c).toEqual([{ id: 'old', sku: 'adult', quantity: 1 }])
    expect(shop.calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(2)
  })

  it('a remembered cart that is gone: the choice goes into a new cart, whole', async () => {
    const shop = fakeShop({ gone: ['old-cart'] })
    const { cartId, cart } = await addChoiceToCart(shop.api, 'old-cart', choice('adult', 'child'))
    expect(cartId).not.toBe('old-cart')
    expect(cart?.items.map((i) => i.sku)).toEqual(['adult', 'child'])
  })

  it('a refusal in a new cart leaves that cart empty', async () => {
    const shop = fakeShop({ refuse: ['child'] })
    await expect(addChoiceToCart(shop.api, undefined, choice('adult', 'child'))).rejects.toBeInstanceOf(ApiError)
    expect(Object.values(shop.carts)).toEqual([[]])
  })
})
