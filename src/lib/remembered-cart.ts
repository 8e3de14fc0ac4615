/**
 * The visitor's open cart, remembered in this browser (localStorage) so that more places go
 * into the same cart and every page can point back to it ("continue your booking").
 */
export const CART_KEY = 'webshop:cart'

/** The remembered cart's id; undefined when none (or storage is blocked). */
export function rememberedCart(): string | undefined {
  try {
    return window.localStorage.getItem(CART_KEY) ?? undefined
  } catch {
    return undefined
  }
}

/** Forgets the remembered cart, if it is still this one. */
export function forgetCart(cartId: string) {
  try {
    if (window.localStorage.getItem(CART_KEY) === cartId) window.localStorage.removeItem(CART_KEY)
  } catch {
    // nothing to clean
  }
}
