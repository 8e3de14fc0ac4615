/**
 * The checkout (checkoutMachine) as a UI model: three carts the browser really has, built through
 * the API by each path's start (tests/model/checkout.model.spec.ts), and the events a visitor or
 * the server causes, in a fixed order through the form (as src/machines/checkout/checkout.model.test.ts
 * keeps its graph small).
 *
 * - `order-en` (Alpin, en): canyoning, adults × 2 on a date of its own with 2 places; extras per
 *   participant (photos CHF 25, shoes CHF 10) and one per booking (transfer CHF 40: the seed has
 *   none, the start adds it to the offer through the staff API once per server); the visitor adds participant 2, chooses extras, removes participant 2 (its extras must
 *   leave with it), adds it again; pays on site. Outcomes: booked (real), the date cancelled
 *   meanwhile (real 409), the cart booked in another tab (real), a 500 and the server's 400 on the
 *   e-mail (contract bodies: the browser checks the same rules first, so a real 400 cannot be
 *   provoked). Cart: one more than the date's 2 places (refused by the server, real), one fewer (real).
 * - `order-fr` (Atelier, fr): fondue "Duo (2 personnes)" × 1, a variant of two places (two
 *   participants), the apron extra; the shop offers "pay now" and "pay later or on site" only.
 *   Pay now: the booking (real), then the provider's page (real sandbox) or its start failing
 *   (502, contract body) and paying again; a failed payment at the submit (contract body).
 * - `request-de` (Alpin, de): the company event × 10 on request (paid later by link, names
 *   optional); the person booking takes part; a message; the request (real), the server's 400 on
 *   the terms (contract body); removing the item after the cart was booked in another tab (real 409).
 *
 * The draft starts as a visitor left it after a reload (sessionStorage): the first participant
 * named, the contact filled in but for the e-mail address.
 */
import type { EventObject } from 'xstate'
import { checkoutMachine, type CheckoutMachine } from '../../src/machines/checkout/checkout.machine'
import type { Cart, CartItem, CheckoutContext, CheckoutDraft, CheckoutMachineInput, Extra, PaymentMethod } from '../../src/machines/checkout/checkout.types'
import type { ModelStart, UiModel } from './plan'

/** The model's id of the cart's one item (the adapter maps it to the real one). */
export const ITEM = 'item-1'

export type StartName = 'order-en' | 'order-fr' | 'request-de'

/** The seeded shop data the starts use (src/server/seed/demo-offers.ts, demo-shops.ts), in minor units. */
export const SEED = {
  alpin: { host: 'localhost', paymentOptions: ['PAY_NOW', 'PAY_ON_SITE', 'PAY_LATER'] as PaymentMethod[] },
  atelier: { host: 'atelier.localhost', paymentOptions: ['PAY_NOW', 'PAY_LATER_OR_ON_SITE'] as PaymentMethod[] },
  canyoning: { slug: 'canyoning-grimsel', sku: 'adult', price: 14900, extras: { photos: 2500, shoes: 1000 } },
  /** The per-booking extra the start adds to the canyoning offer (once per server). */
  transfer: { key: 'transfer', price: 4000 },
  fondue: { slug: 'fondue-moitie-moitie', sku: 'duo', price: 16900, blockCount: 2, extras: { apron: 2500 } },
  teamEvent: { slug: 'team-event-raft-grill', sku: 'person', price: 14500, minQuantity: 10 },
} as const

const money = (amount: number) => ({ amount, currency: 'CHF' })

function item(offer: string, quantity: number, places: number, unit: number, mode: 'order' | 'request'): CartItem {
  return {
    id: ITEM,
    offer,
    offerTitle: offer,
    sku: 'sku',
    skuTitle: 'sku',
    skuType: 'activity',
    start: '2030-01-01T08:00:00.000Z',
    end: '2030-01-01T12:00:00.000Z',
    startTime: '09:00',
    quantity,
    places,
    unitPrice: money(unit),
    total: money(unit * quantity),
    mode,
    heldUntil: '2030-01-01T00:00:00.000Z',
    held: true,
  }
}

const cartOf = (items: CartItem[]): Cart => ({ id: 'cart', items, total: money(items.reduce((s, i) => s + i.total.amount, 0)), createdAt: '2030-01-01T00:00:00.000Z' })
const extra = (id: string, amount: number, per?: 'booking'): Extra => ({ id, title: id, price: money(amount), ...(per ? { per } : {}) })

/** The draft the start leaves in sessionStorage: participant 1 named, the contact but for the e-mail. */
export const DRAFT: CheckoutDraft = {
  items: { [ITEM]: { participants: [{ firstname: 'Anna', surname: 'Muster', forSelf: false, extras: [] }] } },
  customer: { type: 'PRIVATE', company: '' },
  person: { firstname: 'Anna', surname: 'Muster', email: '', phone: '+41 79 900 00 00' },
  address: { street: 'Bahnhofstrasse', streetNumber: '12', postalCode: '3800', city: 'Interlaken', country: 'CH' },
  termsAccepted: false,
  message: '',
}

export const INPUTS: Record<StartName, CheckoutMachineInput> = {
  'order-en': {
    cart: cartOf([item(SEED.canyoning.slug, 2, 2, SEED.canyoning.price, 'order')]),
    extras: {
      [SEED.canyoning.slug]: [extra('photos', SEED.canyoning.extras.photos), extra('shoes', SEED.canyoning.extras.shoes), extra(SEED.transfer.key, SEED.transfer.price, 'booking')],
    },
    paymentOptions: [...SEED.alpin.paymentOptions],
    draft: DRAFT,
  },
  'order-fr': {
    cart: cartOf([item(SEED.fondue.slug, 1, SEED.fondue.blockCount, SEED.fondue.price, 'order')]),
    extras: { [SEED.fondue.slug]: [extra('apron', SEED.fondue.extras.apron)] },
    paymentOptions: [...SEED.atelier.paymentOptions],
    draft: DRAFT,
  },
  'request-de': {
    // a request holds no places
    cart: cartOf([item(SEED.teamEvent.slug, SEED.teamEvent.minQuantity, 0, SEED.teamEvent.price, 'request')]),
    extras: { [SEED.teamEvent.slug]: [] },
    paymentOptions: [...SEED.alpin.paymentOptions],
    draft: DRAFT,
  },
}

const starts: ModelStart<CheckoutMachine>[] = (Object.keys(INPUTS) as StartName[]).map((name) => ({ name, input: INPUTS[name] }))

/** The server's failures the paths meet, as the API client throws them (status, `data.code`). */
export const FAILURES = {
  /** The date was cancelled while the submit was on its way (real). */
  conflict: { status: 409, message: 'Conflict', data: { code: 'items.unavailable', items: { [ITEM]: 'session.past' } } },
  /** The cart was booked in another tab first (real; the app turns the 200 into this). */
  booked: { status: 409, message: 'Conflict', data: { code: 'cart.booked' } },
  internal: { status: 500, message: 'Internal error', data: { code: 'internal' } },
  emailInvalid: { status: 400, message: 'Invalid', data: { code: 'validation', errors: { 'person.email': { code: 'email' } } } },
  termsInvalid: { status: 400, message: 'Invalid', data: { code: 'validation', errors: { termsAccepted: { code: 'required' } } } },
  paymentFailed: { status: 402, message: 'Payment failed', data: { code: 'payment.failed' } },
  providerDown: { status: 502, message: 'Bad gateway', data: { code: 'payment.provider_unavailable' } },
  alreadyPaid: { status: 409, message: 'Conflict', data: { code: 'payment.already_paid' } },
  /** One more than the date has places (real). */
  tooMany: { status: 409, message: 'There are not enough places.', data: { code: 'places.insufficient' } },
} as const

type Snapshot = { context: CheckoutContext; matches: (value: never) => boolean; value: unknown }

const startOf = (c: CheckoutContext): StartName | 'changed' => {
  const i = c.cart.items[0]
  if (!i) return 'changed'
  for (const name of Object.keys(INPUTS) as StartName[]) {
    const first = INPUTS[name].cart.items[0]!
    if (i.offer === first.offer) return i.quantity === first.quantity ? name : 'changed'
  }
  return 'changed'
}

const participants = (c: CheckoutContext) => c.draft.items[ITEM]?.participants ?? []
const noErrors = (c: CheckoutContext) => Object.keys(c.fieldErrors).length === 0

/** The cart as the server answers a change. */
function changed(c: CheckoutContext): Cart | null {
  const change = c.cartChange?.change
  if (!change) return null
  const items =
    change.kind === 'remove'
      ? []
      : c.cart.items.map((i) => ({ ...i, quantity: change.quantity, places: (i.places / i.quantity) * change.quantity, total: money(i.unitPrice.amount * change.quantity) }))
  return { ...c.cart, items, total: money(items.reduce((s, i) => s + i.total.amount, 0)) }
}

const e = <T extends EventObject>(event: T) => event as EventObject
const done = (id: string, output: unknown) => e({ type: `xstate.done.actor.${id}`, output } as EventObject)
const failed = (id: string, error: unknown) => e({ type: `xstate.error.actor.${id}`, error } as EventObject)

/** The configuration, in a fixed order per start. */
function configuration(c: CheckoutContext, start: StartName): EventObject[] {
  const list = participants(c)
  const [p0, p1] = list
  if (c.cartChange?.error) return start === 'order-en' ? [e({ type: 'item.quantity', itemId: ITEM, quantity: 1 })] : []
  if (start === 'request-de') {
    if (c.error) return []
    return [
      ...(p0?.forSelf ? [] : [e({ type: 'participant.forSelf', itemId: ITEM, index: 0, value: true })]),
      ...(p0?.forSelf ? [e({ type: 'step.next' })] : [e({ type: 'item.remove', itemId: ITEM })]),
    ]
  }
  if (c.error) return [] // refused at the submit: the path ends on the item's error
  if (start === 'order-fr') {
    if (list.length === 1) return [e({ type: 'participant.add', itemId: ITEM }), e({ type: 'item.quantity', itemId: ITEM, quantity: 2 })]
    if (!p1!.firstname) return [e({ type: 'participant.change', itemId: ITEM, index: 1, field: 'firstname', value: 'Louis' })]
    if (!p1!.surname) return [e({ type: 'participant.change', itemId: ITEM, index: 1, field: 'surname', value: 'Muster' })]
    if (!p1!.extras.length) return [e({ type: 'extra.toggle', itemId: ITEM, index: 1, extraId: 'apron' })]
    return [e({ type: 'step.next' })]
  }
  // order-en: add participant 2, extras for both (the transfer chosen by both: charged once),
  // remove participant 2 (its extras go with it), add it again and name it.
  const cycled = p0!.extras.includes('shoes') && p0!.extras.includes(SEED.transfer.key)
  if (list.length === 1 && !cycled) return [e({ type: 'participant.add', itemId: ITEM }), e({ type: 'item.quantity', itemId: ITEM, quantity: 3 })]
  if (list.length === 1) return [e({ type: 'participant.add', itemId: ITEM })]
  if (!cycled && !p1!.extras.includes('photos')) return [e({ type: 'extra.toggle', itemId: ITEM, index: 1, extraId: 'photos' })]
  if (!cycled && !p1!.extras.includes(SEED.transfer.key)) return [e({ type: 'extra.toggle', itemId: ITEM, index: 1, extraId: SEED.transfer.key })]
  if (!cycled && !p0!.extras.includes('shoes')) return [e({ type: 'extra.toggle', itemId: ITEM, index: 0, extraId: 'shoes' })]
  if (!cycled) return [e({ type: 'extra.toggle', itemId: ITEM, index: 0, extraId: SEED.transfer.key })]
  if (p1!.extras.length) return [e({ type: 'participant.remove', itemId: ITEM, index: 1 })]
  if (!p1!.firstname) {
    // "Continue" with participant 2 unnamed is refused once.
    return noErrors(c) ? [e({ type: 'step.next' })] : [e({ type: 'participant.change', itemId: ITEM, index: 1, field: 'firstname', value: 'Ben' })]
  }
  if (!p1!.surname) return [e({ type: 'participant.change', itemId: ITEM, index: 1, field: 'surname', value: 'Muster' })]
  return [e({ type: 'step.next' })]
}

function contact(c: CheckoutContext, start: StartName): EventObject[] {
  const email = c.draft.person.email
  if (c.error) return email === 'anna@example.ch' ? [e({ type: 'contact.change', field: 'person.email', value: 'anna.muster@example.ch' })] : [e({ type: 'step.next' })]
  if (start === 'order-en') {
    if (email === '') return [e({ type: 'contact.change', field: 'person.email', value: 'anna@' }), e({ type: 'step.back' })]
    if (email === 'anna@') return noErrors(c) ? [e({ type: 'step.next' })] : [e({ type: 'contact.change', field: 'person.email', value: 'anna@example.ch' })]
    return [e({ type: 'step.next' })]
  }
  if (email === '') return [e({ type: 'contact.change', field: 'person.email', value: 'anna@example.ch' }), ...(start === 'request-de' ? [e({ type: 'step.goto', step: 'configuration' })] : [])]
  return [e({ type: 'step.next' })]
}

function payment(c: CheckoutContext, start: StartName): EventObject[] {
  const d = c.draft
  const method: PaymentMethod = start === 'order-en' ? 'PAY_ON_SITE' : start === 'order-fr' ? 'PAY_NOW' : 'PAY_LATER'
  const untouched = !d.termsAccepted && (start === 'request-de' || d.paymentMethod !== method) && d.message === ''
  const nav = untouched && !c.error ? (start === 'order-en' ? [e({ type: 'step.goto', step: 'contact' })] : start === 'request-de' ? [e({ type: 'step.back' })] : []) : []
  if (start === 'request-de' && d.message === '') return [e({ type: 'message.change', value: 'Bitte mit Grill' }), ...nav]
  if (d.paymentMethod !== method) return [e({ type: 'payment.select', method }), ...nav]
  if (!d.termsAccepted) return [e({ type: 'terms.toggle', value: true }), ...nav]
  return c.error ? [] : [e({ type: 'submit' })]
}

function bookingOf(c: CheckoutContext) {
  const method = c.draft.paymentMethod!
  return {
    code: 'MODEL',
    status: c.mode === 'request' ? 'REQUESTED' : 'CONFIRMED',
    mode: c.mode,
    total: c.cart.total,
    openAmount: c.cart.total,
    paymentMethod: method,
    paymentState: c.mode === 'request' || method !== 'PAY_NOW' ? 'not_payable' : 'payable',
    payments: [],
    items: [],
    email: c.draft.person.email,
    createdAt: '2030-01-01T00:00:00.000Z',
  }
}

function events(snapshot: Snapshot): EventObject[] {
  const c = snapshot.context
  const start = startOf(c)
  const is = (value: string) => snapshot.matches(value as never)
  if (is('changingCart')) {
    const next = changed(c)!
    const change = c.cartChange!.change
    if (start === 'order-en') return change.kind === 'quantity' && change.quantity === 3 ? [failed('changeCart', FAILURES.tooMany)] : [done('changeCart', next)]
    if (start === 'order-fr') return [failed('changeCart', FAILURES.tooMany)]
    return [done('changeCart', next), failed('changeCart', FAILURES.booked)]
  }
  if (start === 'changed') return [] // the changed cart: the path ends there
  if (is('configuration')) return configuration(c, start)
  if (is('contact')) return contact(c, start)
  if (is('payment')) return payment(c, start)
  if (is('submitting')) {
    const outcomes =
      start === 'order-en'
        ? [FAILURES.conflict, FAILURES.booked, FAILURES.internal, FAILURES.emailInvalid]
        : start === 'order-fr'
          ? [FAILURES.paymentFailed]
          : [FAILURES.termsInvalid]
    return [done('submitCheckout', bookingOf(c)), ...outcomes.map((f) => failed('submitCheckout', f))]
  }
  if (is('startingPayment')) return [done('startPayment', { paymentId: 'pay_model', redirectUrl: 'https://sandbox.example/model' }), failed('startPayment', FAILURES.providerDown), failed('startPayment', FAILURES.alreadyPaid)]
  if (is('serverError')) return [e({ type: 'retry' }), e({ type: 'step.back' }), e({ type: 'step.goto', step: 'contact' })]
  if (is('paymentFailure')) return c.booking ? [e({ type: 'retry' })] : [e({ type: 'retry' }), e({ type: 'step.back' }), e({ type: 'step.goto', step: 'configuration' })]
  return []
}

export const model: UiModel<CheckoutMachine> = {
  name: 'checkout',
  // journeys to an end beyond the cover (README: bounded simple paths)
  simplePaths: { maxSteps: 14, limit: 4 },
  machine: checkoutMachine,
  starts,
  events: events as unknown as UiModel<CheckoutMachine>['events'],
  exceptions: {},
}
