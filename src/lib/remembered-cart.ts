/**
 * The visitor's open cart, remembered in this browser (localStorage) so that more places go
 * into the same cart and every page can point back to it ("continue your booking"). With it,
 * when its last hold runs out: an abandoned cart (every hold expired) is forgotten, so its
 * items never reappear in a later booking (issue 22, point 1).
 */
export const CART_KEY = 'webshop:cart'
const HELD_KEY = 'webshop:cart:held-until'

/** The remembered cart's id; undefined when none, when all its holds have expired (it is forgotten then), or storage is blocked. */
export function rememberedCart(now = Date.now()): string | undefined {
  try {
    const id = window.localStorage.getItem(CART_KEY) ?? undefined
    const held = Date.parse(window.localStorage.getItem(HELD_KEY) ?? '')
    if (id && Number.isFinite(held) && held <= now) {
      forgetCart(id)
      return undefined
    }
    return id
  } catch {
    return undefined
  }
}

/** Remembers the cart and when its last hold runs out (the latest of its items' holds). */
export function rememberCart(cart: { id: string; items: { heldUntil?: string }[] }) {
  try {
    window.localStorage.setItem(CART_KEY, cart.id)
    const latest = Math.max(...cart.items.map((i) => Date.parse(i.heldUntil ?? '')).filter(Number.isFinite))
    if (Number.isFinite(latest)) window.localStorage.setItem(HELD_KEY, new Date(latest).toISOString())
    else window.localStorage.removeItem(HELD_KEY)
  } catch {
    // private mode: the cart id still travels in the checkout URL
  }
}

/** Forgets the remembered cart, if it is still this one. */
export function forgetCart(cartId: string) {
  try {
    if (window.localStorage.getItem(CART_KEY) === cartId) {
      window.localStorage.removeItem(CART_KEY)
      window.localStorage.removeItem(HELD_KEY)
    }
  } catch {
    // nothing to clean
  }
}
