// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { CART_KEY, forgetCart, rememberCart, rememberedCart } from './remembered-cart'

const at = (iso: string) => Date.parse(iso)
const item = (heldUntil?: string) => (heldUntil ? { heldUntil } : {})

beforeEach(() => window.localStorage.clear())

describe('the remembered cart (issue 22, point 1: an abandoned cart never resurfaces)', () => {
  it('is the cart while any of its holds runs; forgotten once the last one has run out', () => {
    rememberCart({ id: 'cart-1', items: [item('2026-06-10T08:15:00.000Z'), item('2026-06-10T08:40:00.000Z')] })
    expect(rememberedCart(at('2026-06-10T08:20:00.000Z'))).toBe('cart-1')
    expect(rememberedCart(at('2026-06-10T08:40:00.000Z'))).toBeUndefined()
    // forgotten for good: the hold time went with it
    expect(window.localStorage.getItem(CART_KEY)).toBeNull()
    expect(rememberedCart(at('2026-06-10T08:20:00.000Z'))).toBeUndefined()
  })

  it('a cart without holds (requests) stays until it is forgotten; only the same cart is forgotten', () => {
    rememberCart({ id: 'cart-2', items: [item()] })
    expect(rememberedCart(at('2030-01-01T00:00:00.000Z'))).toBe('cart-2')
    forgetCart('another')
    expect(rememberedCart()).toBe('cart-2')
    forgetCart('cart-2')
    expect(rememberedCart()).toBeUndefined()
  })

  it('a new cart replaces the old one with its own hold time', () => {
    rememberCart({ id: 'cart-old', items: [item('2026-06-10T08:15:00.000Z')] })
    rememberCart({ id: 'cart-new', items: [item()] })
    expect(rememberedCart(at('2026-06-10T09:00:00.000Z'))).toBe('cart-new')
  })
})
