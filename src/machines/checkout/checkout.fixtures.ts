/** Deterministic data for the checkout's tests (not a test file itself). */
import type { Booking, Cart, CartItem, CheckoutDraft, CheckoutInput, Extra } from './checkout.types'

export function cartItem(partial: Partial<CartItem> & Pick<CartItem, 'id' | 'offer' | 'skuType'>): CartItem {
  const quantity = partial.quantity ?? 1
  const unit = partial.unitPrice ?? { amount: 4500, currency: 'CHF' }
  return {
    offerTitle: partial.offer,
    sku: `${partial.offer}-sku`,
    skuTitle: 'Standard',
    start: '2025-06-20T08:00:00.000Z',
    end: '2025-06-20T12:00:00.000Z',
    startTime: '10:00',
    quantity,
    places: quantity,
    unitPrice: unit,
    total: { amount: unit.amount * quantity, currency: unit.currency },
    mode: 'order',
    heldUntil: '2025-06-10T08:15:00.000Z',
    held: true,
    ...partial,
  }
}

export function cart(id: string, items: CartItem[]): Cart {
  return {
    id,
    items,
    total: { amount: items.reduce((sum, item) => sum + item.total.amount, 0), currency: 'CHF' },
    heldUntil: '2025-06-10T08:15:00.000Z',
    createdAt: '2025-06-10T08:00:00.000Z',
  }
}

/** A group activity for 2 (two participants). */
export const CANYONING = cartItem({ id: 'item-canyon', offer: 'canyoning', skuType: 'activity', quantity: 2, places: 2 })
/** A private start time (one lead participant). */
export const PARAGLIDING = cartItem({ id: 'item-para', offer: 'paragliding', skuType: 'private-service-slot', unitPrice: { amount: 20000, currency: 'CHF' } })
/** A private service for 2 participants, booked by request. */
export const YOGA = cartItem({ id: 'item-yoga', offer: 'yoga', skuType: 'private-service-participant', quantity: 2, places: 1, mode: 'request', unitPrice: { amount: 5000, currency: 'CHF' } })

/** An order: canyoning for 2 + a tandem flight. */
export const ORDER_CART = cart('cart-order', [CANYONING, PARAGLIDING])
/** A request: private yoga for 2. */
export const REQUEST_CART = cart('cart-request', [YOGA])

export const WETSUIT: Extra = { id: 'wetsuit', title: 'Wetsuit', price: { amount: 1000, currency: 'CHF' } }
export const PHOTOS: Extra = { id: 'photos', title: 'Photos', price: { amount: 2500, currency: 'CHF' } }
export const VIDEO: Extra = { id: 'video', title: 'Video', price: { amount: 3000, currency: 'CHF' } }
export const EXTRAS: Record<string, Extra[]> = { canyoning: [WETSUIT, PHOTOS], paragliding: [VIDEO] }

export const CONTACT = {
  customer: { type: 'PRIVATE', company: '' },
  person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '079 900 00 00' },
  address: { street: 'Seestrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
} satisfies Pick<CheckoutDraft, 'customer' | 'person' | 'address'>

/** The booking the server answers to a checkout. */
export function bookingFor(input: CheckoutInput, code = 'K7Q2-X9PM'): Booking {
  return {
    code,
    status: input.mode === 'request' ? 'REQUESTED' : 'CONFIRMED',
    mode: input.mode,
    total: { amount: 9000, currency: 'CHF' },
    openAmount: { amount: 9000, currency: 'CHF' },
    paymentMethod: input.paymentMethod,
    paymentState: input.mode === 'request' || input.paymentMethod === 'PAY_ON_SITE' ? 'not_payable' : 'payable',
    payments: [],
    items: [],
    email: input.person.email,
    createdAt: '2025-06-10T08:05:00.000Z',
  }
}

/** An error as the API client throws it (status, the contract's body, `code` from `data.code`). */
export class FakeApiError extends Error {
  readonly status: number
  readonly body: { statusCode: number; statusMessage: string; message: string; data: Record<string, unknown> }
  constructor(status: number, data: Record<string, unknown>, message = `HTTP ${status}`) {
    super(message)
    this.status = status
    this.body = { statusCode: status, statusMessage: message, message, data }
  }
  get code() {
    const code = this.body.data.code
    return typeof code === 'string' ? code : undefined
  }
}
