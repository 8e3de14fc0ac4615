import type { CheckoutDraft, CheckoutStep } from '~/machines/checkout/checkout.types'
import { forgetCart } from '~/lib/remembered-cart'

/** What this browser keeps of a checkout across a reload (sessionStorage): the draft and the step. */
export type Saved = { draft: CheckoutDraft; step: CheckoutStep }

const draftKey = (cartId: string) => `webshop:checkout:${cartId}`

export function loadSaved(cartId: string): Saved | undefined {
  try {
    const raw = window.sessionStorage.getItem(draftKey(cartId))
    const saved = raw ? (JSON.parse(raw) as Partial<Saved>) : undefined
    return saved?.draft ? { draft: saved.draft, step: saved.step ?? 'configuration' } : undefined
  } catch {
    return undefined
  }
}

export function storeSaved(cartId: string, saved: Saved) {
  try {
    window.sessionStorage.setItem(draftKey(cartId), JSON.stringify(saved))
  } catch {
    // storage full or blocked: the form still works, it only forgets on reload
  }
}

/** The booking exists: what was typed is no longer needed, nor is the cart remembered. */
export function forget(cartId: string) {
  try {
    window.sessionStorage.removeItem(draftKey(cartId))
  } catch {
    // nothing to clean
  }
  forgetCart(cartId)
}
