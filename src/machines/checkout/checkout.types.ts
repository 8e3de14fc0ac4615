/** The checkout's types: the contract's shapes it uses, the draft, the context, the events. */
import type { components } from '~/api/schema.gen'
import type { FieldError, FieldErrors } from '~/lib/checkout-rules'

type Schemas = components['schemas']
export type Cart = Schemas['Cart']
export type CartItem = Schemas['CartItem']
export type CheckoutInput = Schemas['CheckoutInput']
export type ParticipantInput = Schemas['ParticipantInput']
export type Booking = Schemas['Booking']
export type Extra = Schemas['Extra']
export type PaymentMethod = Schemas['PaymentMethod']
export type Money = Schemas['Money']
export type { FieldError, FieldErrors }

export type CheckoutMode = 'order' | 'request'
export const CHECKOUT_STEPS = ['configuration', 'contact', 'payment'] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]
export type CustomerType = 'PRIVATE' | 'COMPANY'

/** What the visitor typed; serialisable, kept across reloads. */
export type CheckoutDraft = {
  /** Participants per cart item id. */
  items: Record<string, { participants: ParticipantInput[] }>
  customer: { type: CustomerType; company: string }
  person: { firstname: string; surname: string; email: string; phone: string }
  address: { street: string; streetNumber: string; postalCode: string; city: string; country: string }
  paymentMethod?: PaymentMethod
  termsAccepted: boolean
  message: string
}

export type CheckoutMachineInput = {
  cart: Cart
  /** The extras a participant may choose, per offer slug. */
  extras: Record<string, Extra[]>
  /** The payment methods the shop offers for orders (requests are paid later by link). */
  paymentOptions: PaymentMethod[]
  /** A draft to restore (after a reload); it is fitted to the cart. */
  draft?: CheckoutDraft
  /** The country of a new address (default CH). */
  defaultCountry?: string
}

/** A failed call, serialisable. */
export type CheckoutError = { status?: number; code?: string; message: string }

export type CheckoutContext = {
  cart: Cart
  extras: Record<string, Extra[]>
  /** The payment methods the shop offers for orders. */
  paymentOptions: PaymentMethod[]
  /** `request` when any item is booked by request. */
  mode: CheckoutMode
  draft: CheckoutDraft
  fieldErrors: FieldErrors
  /** The last failed submit (shown as a banner); cleared when the visitor moves on. */
  error: CheckoutError | null
  booking: Booking | null
  /** Pay now: the provider's page the visitor is sent to. */
  redirectUrl: string | null
  /** The visitor's last change of the cart (remove an item, change its quantity) and, if the server refused it, why. */
  cartChange: { change: CartChange; error: CheckoutError | null } | null
}

/** A change of the cart from the checkout; the server moves the holds with it. */
export type CartChange = { kind: 'remove'; itemId: string } | { kind: 'quantity'; itemId: string; quantity: number }
export type ChangeCartInput = { cartId: string; change: CartChange }

export const CONTACT_FIELDS = [
  'customer.type',
  'customer.company',
  'person.firstname',
  'person.surname',
  'person.email',
  'person.phone',
  'address.street',
  'address.streetNumber',
  'address.postalCode',
  'address.city',
  'address.country',
] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]
export type ParticipantField = 'firstname' | 'surname'

export type CheckoutEvent =
  | { type: 'participant.add'; itemId: string }
  | { type: 'participant.remove'; itemId: string; index: number }
  | { type: 'participant.change'; itemId: string; index: number; field: ParticipantField; value: string }
  | { type: 'participant.forSelf'; itemId: string; index: number; value: boolean }
  | { type: 'extra.toggle'; itemId: string; index: number; extraId: string }
  | { type: 'contact.change'; field: ContactField; value: string }
  | { type: 'payment.select'; method: PaymentMethod }
  | { type: 'terms.toggle'; value: boolean }
  | { type: 'message.change'; value: string }
  /** Removes an item from the cart (its places are released). */
  | { type: 'item.remove'; itemId: string }
  /** Changes the quantity of an item (its hold follows). */
  | { type: 'item.quantity'; itemId: string; quantity: number }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'step.goto'; step: CheckoutStep }
  | { type: 'submit' }
  | { type: 'retry' }

/**
 * What the machine tells the app besides its state: `refused` — a "Continue" or submit was refused
 * for errors in the form (the browser's checks or the server's field errors); the form then shows
 * its error summary and focuses it.
 */
export type CheckoutEmitted = { type: 'refused' }

export type SubmitCheckoutInput = { cartId: string; input: CheckoutInput }
export type CheckoutOutput = { booking: Booking }
export type PaymentStart = Schemas['PaymentStart']
export type StartPaymentInput = { cartId: string }
