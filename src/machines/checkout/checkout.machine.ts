/**
 * The checkout of a cart: participants → contact → payment → booking or request.
 *
 * Pure: no React, no fetch, no window, no storage. The submit actor is a placeholder that
 * throws; the app passes the real one with `checkoutMachine.provide({ actors })`. The context is
 * serialisable; `persistableDraft(context)` is what the app may keep (e.g. in sessionStorage)
 * and give back as `input.draft` after a reload.
 *
 * States:
 * - configuration --step.next [every item complete]--> contact --step.next [contact valid]--> payment
 * - payment --submit [whole checkout valid]--> submitting
 *   (an invalid checkout goes to the earliest step with an error instead)
 * - submitting → success (order, final) | requestSent (request, final)
 *   | configuration (409 `items.unavailable` / `places.insufficient`: errors on the items)
 *   | contact / payment (400 with `data.errors`: the earliest step with an error)
 *   | paymentFailure (`payment.failed`) | serverError (anything else)
 *   | alreadyBooked (final: 409 `cart.booked` — the cart was booked before, e.g. in another tab;
 *     nothing of this draft was booked, the app shows that booking and says so)
 * - submitting [pay now, something to pay] → startingPayment → redirecting (final: the app goes to
 *   the provider) | success (409 payment.already_paid) | paymentFailure (any other error)
 * - serverError --retry--> submitting; --step.back--> payment; --step.goto--> any step
 * - paymentFailure --retry--> startingPayment once the booking exists (then nothing can be edited
 *   any more), else submitting, --step.back / step.goto--> like serverError
 * - contact / payment --step.back / step.goto (earlier steps only)--> …
 * - configuration --item.remove / item.quantity [the item is in the cart, a valid quantity]-->
 *   changingCart → configuration with the cart the server answered (the removed item's
 *   participants and extras leave the draft) | configuration with the refusal on that item
 *   (`cartChange.error`: the server's code and message) | alreadyBooked (409 `cart.booked`)
 *
 * Each step handles the events of its own fields only: participants and extras in
 * configuration (plus `item.remove` / `item.quantity`, answered by the server's cart), contact fields in contact,
 * payment method, terms and message in payment. Changing a field clears its field error.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { validateContactWith, validateParticipants } from '~/lib/checkout-rules'
import { contactChecks } from './contact-checks'
import {
  CHECKOUT_STEPS,
  CONTACT_FIELDS,
  type Booking,
  type Cart,
  type CheckoutContext,
  type CheckoutEmitted,
  type CheckoutEvent,
  type CheckoutMachineInput,
  type CheckoutOutput,
  type CheckoutStep,
  type ContactField,
  type ParticipantField,
  type PaymentMethod,
  type PaymentStart,
  type StartPaymentInput,
  type SubmitCheckoutInput,
  type CartChange,
  type ChangeCartInput,
} from './checkout.types'
import { ITEM_ERROR, classifySubmitError, firstStepWithErrors, stepOfField, toCheckoutError, without, withoutStep, type SubmitFailure } from './checkout.errors'
import {
  addParticipant,
  allowedPaymentMethods,
  changeContact,
  changeParticipant,
  checkoutErrors,
  checkoutMode,
  expectedParticipantsOf,
  extrasOf,
  fitDraft,
  itemCompleteness,
  participantChecks,
  participantsOf,
  removeParticipant,
  setForSelf,
  toCheckoutInput,
  toggleExtra,
  updateCart,
} from './checkout.draft'

const isStep = (step: CheckoutStep) => ({ type: 'isStep' as const, params: ({ event }: { event: CheckoutEvent }) => ({ event, step }) })

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutMachineInput,
    output: {} as CheckoutOutput,
    emitted: {} as CheckoutEmitted,
  },
  actors: {
    submitCheckout: fromPromise<Booking, SubmitCheckoutInput>(async () => {
      throw new Error('submitCheckout not provided')
    }),
    startPayment: fromPromise<PaymentStart, StartPaymentInput>(async () => {
      throw new Error('startPayment not provided')
    }),
    changeCart: fromPromise<Cart, ChangeCartInput>(async () => {
      throw new Error('changeCart not provided')
    }),
  },
  guards: {
    /** Something in the cart, every item complete (an emptied cart goes nowhere: the page leads back to the offers). */
    participantsComplete: ({ context }) => context.cart.items.length > 0 && Object.values(itemCompleteness(context)).every((c) => c.complete),
    contactValid: ({ context }) => Object.keys(validateContactWith(context.draft, contactChecks())).length === 0,
    checkoutValid: ({ context }) => Object.keys(checkoutErrors(context)).length === 0,
    checkoutErrorsIn: ({ context }, params: { step: CheckoutStep }) => firstStepWithErrors(checkoutErrors(context)) === params.step,
    isStep: (_, params: { event: CheckoutEvent; step: CheckoutStep }) => params.event.type === 'step.goto' && params.event.step === params.step,
    canAddParticipant: ({ context }, params: { itemId: string }) => {
      const item = context.cart.items.find((i) => i.id === params.itemId)
      return item !== undefined && participantsOf(context, item.id).length < expectedParticipantsOf(item)
    },
    canRemoveParticipant: ({ context }, params: { itemId: string; index: number }) => {
      const list = participantsOf(context, params.itemId)
      return list.length > 1 && Number.isInteger(params.index) && params.index >= 0 && params.index < list.length
    },
    hasParticipant: ({ context }, params: { itemId: string; index: number }) =>
      context.cart.items.some((i) => i.id === params.itemId) && Number.isInteger(params.index) && participantsOf(context, params.itemId)[params.index] !== undefined,
    isAllowedExtra: ({ context }, params: { itemId: string; index: number; extraId: string }) => {
      const item = context.cart.items.find((i) => i.id === params.itemId)
      return item !== undefined && participantsOf(context, item.id)[params.index] !== undefined && extrasOf(context, item).some((e) => e.id === params.extraId)
    },
    isContactChange: (_, params: { field: string; value: unknown }) =>
      (CONTACT_FIELDS as readonly string[]).includes(params.field) &&
      typeof params.value === 'string' &&
      (params.field !== 'customer.type' || params.value === 'PRIVATE' || params.value === 'COMPANY'),
    isAllowedPayment: ({ context }, params: { method: PaymentMethod }) => allowedPaymentMethods(context).includes(params.method),
    isFailure: (_, params: { error: unknown; kind: SubmitFailure['kind']; step?: CheckoutStep }) => {
      const failure = classifySubmitError(params.error)
      return failure.kind === params.kind && (params.step === undefined || (failure.kind === 'invalid' && failure.step === params.step))
    },
    isRequestBooking: ({ context }, params: { booking: Booking }) => (params.booking?.mode ?? context.mode) === 'request',
    /** Pay now with something to pay: on to the provider. */
    needsOnlinePayment: (_, params: { booking: Booking }) => params.booking?.paymentMethod === 'PAY_NOW' && params.booking.paymentState === 'payable',
    hasBooking: ({ context }) => context.booking !== null,
    isAlreadyPaid: (_, params: { error: unknown }) => toCheckoutError(params.error).code === 'payment.already_paid',
    isAlreadyBooked: (_, params: { error: unknown }) => toCheckoutError(params.error).code === 'cart.booked',
    /** A change of an item in the cart: a whole quantity of 1–50 that differs (never of a private slot, which is one slot). */
    isCartChange: ({ context }, params: { change: CartChange }) => {
      const item = context.cart.items.find((i) => i.id === params.change.itemId)
      if (!item) return false
      if (params.change.kind === 'remove') return true
      const q = params.change.quantity
      return item.skuType !== 'private-service-slot' && Number.isInteger(q) && q >= 1 && q <= 50 && q !== item.quantity
    },
  },
  actions: {
    addParticipant: assign(({ context }, params: { itemId: string }) => addParticipant(context, params.itemId)),
    removeParticipant: assign(({ context }, params: { itemId: string; index: number }) => removeParticipant(context, params.itemId, params.index)),
    changeParticipant: assign(({ context }, params: { itemId: string; index: number; field: ParticipantField; value: string }) =>
      changeParticipant(context, params.itemId, params.index, params.field === 'surname' ? 'surname' : 'firstname', String(params.value)),
    ),
    setForSelf: assign(({ context }, params: { itemId: string; index: number; value: boolean }) => setForSelf(context, params.itemId, params.index, params.value === true)),
    toggleExtra: assign(({ context }, params: { itemId: string; index: number; extraId: string }) => toggleExtra(context, params.itemId, params.index, params.extraId)),
    changeContact: assign(({ context }, params: { field: ContactField; value: string }) => changeContact(context, params.field, params.value)),
    selectPayment: assign(({ context }, params: { method: PaymentMethod }) => ({
      draft: { ...context.draft, paymentMethod: params.method },
      fieldErrors: without(context.fieldErrors, 'paymentMethod'),
    })),
    toggleTerms: assign(({ context }, params: { value: boolean }) => ({
      draft: { ...context.draft, termsAccepted: params.value === true },
      fieldErrors: without(context.fieldErrors, 'termsAccepted'),
    })),
    changeMessage: assign(({ context }, params: { value: string }) => ({
      draft: { ...context.draft, message: String(params.value) },
      fieldErrors: without(context.fieldErrors, 'message'),
    })),
    clearCartChange: assign({ cartChange: null }),
    assignCartChange: assign((_, params: { change: CartChange }) => ({ cartChange: { change: params.change, error: null }, error: null })),
    /** The server's cart after the change: the draft follows it, the change is done. */
    changedCart: assign(({ context }, params: { cart: Cart }) => ({ ...updateCart(context, params.cart), cartChange: null })),
    refusedCartChange: assign(({ context }, params: { error: unknown }) => ({
      cartChange: context.cartChange ? { change: context.cartChange.change, error: toCheckoutError(params.error) } : null,
    })),
    /** The participants' errors as validated now; the server's errors on the items themselves stay. */
    assignParticipantErrors: assign(({ context }) => {
      const kept = Object.entries(context.fieldErrors).filter(([path]) => stepOfField(path) !== 'configuration' || ITEM_ERROR.test(path))
      return { fieldErrors: { ...Object.fromEntries(kept), ...validateParticipants(participantChecks(context), context.mode) } }
    }),
    assignContactErrors: assign(({ context }) => ({ fieldErrors: { ...withoutStep(context.fieldErrors, 'contact'), ...validateContactWith(context.draft, contactChecks()) } })),
    /** After local validation of a step passed: its errors are gone (the server's on items stay until the cart changes). */
    clearStepErrors: assign(({ context }, params: { step: CheckoutStep }) => ({ fieldErrors: withoutStep(context.fieldErrors, params.step) })),
    assignCheckoutErrors: assign(({ context }) => ({ fieldErrors: { ...context.fieldErrors, ...checkoutErrors(context) } })),
    assignFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = classifySubmitError(params.error)
      const fieldErrors = failure.kind === 'conflict' || failure.kind === 'invalid' ? { ...context.fieldErrors, ...failure.fieldErrors } : context.fieldErrors
      return { error: failure.error, fieldErrors }
    }),
    /** Booked before (another tab): nothing of this draft was booked, its errors are moot. */
    assignAlreadyBooked: assign((_, params: { error: unknown }) => ({ error: toCheckoutError(params.error), fieldErrors: {} })),
    /** The form shows the errors that refused the step (its error summary takes the focus). */
    refused: emit({ type: 'refused' } as const),
    assignBooking: assign((_, params: { booking: Booking }) => ({ booking: params.booking, error: null, fieldErrors: {} })),
    clearError: assign({ error: null }),
    assignRedirect: assign((_, params: { url: string }) => ({ redirectUrl: params.url })),
    /** The app leaves for the provider's page (provided: window.location.assign). */
    redirect: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => {
    const mode = checkoutMode(input.cart)
    const base = { cart: input.cart, extras: input.extras, paymentOptions: [...input.paymentOptions], mode }
    return { ...base, draft: fitDraft(base, input.draft, input.defaultCountry), fieldErrors: {}, error: null, booking: null, redirectUrl: null, cartChange: null }
  },
  initial: 'configuration',
  output: ({ context }) => ({ booking: context.booking as Booking }),
  states: {
    configuration: {
      on: {
        'participant.add': {
          guard: { type: 'canAddParticipant', params: ({ event }) => ({ itemId: event.itemId }) },
          actions: { type: 'addParticipant', params: ({ event }) => ({ itemId: event.itemId }) },
        },
        'participant.remove': {
          guard: { type: 'canRemoveParticipant', params: ({ event }) => ({ itemId: event.itemId, index: event.index }) },
          actions: { type: 'removeParticipant', params: ({ event }) => ({ itemId: event.itemId, index: event.index }) },
        },
        'participant.change': {
          guard: { type: 'hasParticipant', params: ({ event }) => ({ itemId: event.itemId, index: event.index }) },
          actions: { type: 'changeParticipant', params: ({ event }) => ({ itemId: event.itemId, index: event.index, field: event.field, value: event.value }) },
        },
        'participant.forSelf': {
          guard: { type: 'hasParticipant', params: ({ event }) => ({ itemId: event.itemId, index: event.index }) },
          actions: { type: 'setForSelf', params: ({ event }) => ({ itemId: event.itemId, index: event.index, value: event.value }) },
        },
        'extra.toggle': {
          guard: { type: 'isAllowedExtra', params: ({ event }) => ({ itemId: event.itemId, index: event.index, extraId: event.extraId }) },
          actions: { type: 'toggleExtra', params: ({ event }) => ({ itemId: event.itemId, index: event.index, extraId: event.extraId }) },
        },
        'item.remove': {
          guard: { type: 'isCartChange', params: ({ event }) => ({ change: { kind: 'remove' as const, itemId: event.itemId } }) },
          target: 'changingCart',
          actions: { type: 'assignCartChange', params: ({ event }) => ({ change: { kind: 'remove' as const, itemId: event.itemId } }) },
        },
        'item.quantity': {
          guard: { type: 'isCartChange', params: ({ event }) => ({ change: { kind: 'quantity' as const, itemId: event.itemId, quantity: event.quantity } }) },
          target: 'changingCart',
          actions: { type: 'assignCartChange', params: ({ event }) => ({ change: { kind: 'quantity' as const, itemId: event.itemId, quantity: event.quantity } }) },
        },
        'step.next': [
          { guard: 'participantsComplete', target: 'contact', actions: ['clearError', 'clearCartChange', { type: 'clearStepErrors', params: { step: 'configuration' } }] },
          { actions: ['assignParticipantErrors', 'refused'] },
        ],
      },
    },
    /** The server removes the item or changes its quantity (and the holds with it); the form waits. */
    changingCart: {
      invoke: {
        id: 'changeCart',
        src: 'changeCart',
        input: ({ context }) => ({ cartId: context.cart.id, change: context.cartChange!.change }),
        onDone: { target: 'configuration', actions: { type: 'changedCart', params: ({ event }) => ({ cart: event.output }) } },
        onError: [
          {
            guard: { type: 'isAlreadyBooked', params: ({ event }) => ({ error: event.error }) },
            target: 'alreadyBooked',
            actions: { type: 'assignAlreadyBooked', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'configuration', actions: { type: 'refusedCartChange', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    contact: {
      on: {
        'contact.change': {
          guard: { type: 'isContactChange', params: ({ event }) => ({ field: event.field, value: event.value }) },
          actions: { type: 'changeContact', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'step.next': [
          { guard: 'contactValid', target: 'payment', actions: ['clearError', { type: 'clearStepErrors', params: { step: 'contact' } }] },
          { actions: ['assignContactErrors', 'refused'] },
        ],
        'step.back': { target: 'configuration', actions: 'clearError' },
        'step.goto': { guard: isStep('configuration'), target: 'configuration', actions: 'clearError' },
      },
    },
    payment: {
      on: {
        'payment.select': {
          guard: { type: 'isAllowedPayment', params: ({ event }) => ({ method: event.method }) },
          actions: { type: 'selectPayment', params: ({ event }) => ({ method: event.method }) },
        },
        'terms.toggle': { actions: { type: 'toggleTerms', params: ({ event }) => ({ value: event.value }) } },
        'message.change': { actions: { type: 'changeMessage', params: ({ event }) => ({ value: event.value }) } },
        submit: [
          { guard: 'checkoutValid', target: 'submitting' },
          { guard: { type: 'checkoutErrorsIn', params: { step: 'configuration' } }, target: 'configuration', actions: ['clearError', 'assignCheckoutErrors', 'refused'] },
          { guard: { type: 'checkoutErrorsIn', params: { step: 'contact' } }, target: 'contact', actions: ['clearError', 'assignCheckoutErrors', 'refused'] },
          { actions: ['clearError', 'assignCheckoutErrors', 'refused'] },
        ],
        'step.back': { target: 'contact', actions: 'clearError' },
        'step.goto': [
          { guard: isStep('configuration'), target: 'configuration', actions: 'clearError' },
          { guard: isStep('contact'), target: 'contact', actions: 'clearError' },
        ],
      },
    },
    submitting: {
      entry: 'clearError',
      invoke: {
        id: 'submitCheckout',
        src: 'submitCheckout',
        input: ({ context }) => ({ cartId: context.cart.id, input: toCheckoutInput(context) }),
        onDone: [
          {
            guard: { type: 'needsOnlinePayment', params: ({ event }) => ({ booking: event.output }) },
            target: 'startingPayment',
            actions: { type: 'assignBooking', params: ({ event }) => ({ booking: event.output }) },
          },
          {
            guard: { type: 'isRequestBooking', params: ({ event }) => ({ booking: event.output }) },
            target: 'requestSent',
            actions: { type: 'assignBooking', params: ({ event }) => ({ booking: event.output }) },
          },
          { target: 'success', actions: { type: 'assignBooking', params: ({ event }) => ({ booking: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'isAlreadyBooked', params: ({ event }) => ({ error: event.error }) },
            target: 'alreadyBooked',
            actions: { type: 'assignAlreadyBooked', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isFailure', params: ({ event }) => ({ error: event.error, kind: 'payment' }) },
            target: 'paymentFailure',
            actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isFailure', params: ({ event }) => ({ error: event.error, kind: 'conflict' }) },
            target: 'configuration',
            actions: [{ type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'refused'],
          },
          ...CHECKOUT_STEPS.map((step) => ({
            guard: { type: 'isFailure' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, kind: 'invalid' as const, step }) },
            target: step,
            actions: [{ type: 'assignFailure' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, 'refused' as const],
          })),
          { target: 'serverError', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    startingPayment: {
      entry: 'clearError',
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ cartId: context.cart.id }),
        onDone: { target: 'redirecting', actions: { type: 'assignRedirect', params: ({ event }) => ({ url: event.output.redirectUrl }) } },
        onError: [
          { guard: { type: 'isAlreadyPaid', params: ({ event }) => ({ error: event.error }) }, target: 'success' },
          { target: 'paymentFailure', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    redirecting: {
      type: 'final',
      entry: { type: 'redirect', params: ({ context }) => ({ url: context.redirectUrl ?? '' }) },
    },
    success: { type: 'final' },
    requestSent: { type: 'final' },
    alreadyBooked: { type: 'final' },
    serverError: {
      on: {
        retry: { target: 'submitting' },
        'step.back': { target: 'payment', actions: 'clearError' },
        'step.goto': [
          { guard: isStep('configuration'), target: 'configuration', actions: 'clearError' },
          { guard: isStep('contact'), target: 'contact', actions: 'clearError' },
          { guard: isStep('payment'), target: 'payment', actions: 'clearError' },
        ],
      },
    },
    paymentFailure: {
      on: {
        retry: [{ guard: 'hasBooking', target: 'startingPayment' }, { target: 'submitting' }],
        // Once the booking exists there is nothing left to edit: only paying again (or later, by link).
        'step.back': [{ guard: 'hasBooking' }, { target: 'payment', actions: 'clearError' }],
        'step.goto': [
          { guard: 'hasBooking' },
          { guard: isStep('configuration'), target: 'configuration', actions: 'clearError' },
          { guard: isStep('contact'), target: 'contact', actions: 'clearError' },
          { guard: isStep('payment'), target: 'payment', actions: 'clearError' },
        ],
      },
    },
  },
})

export type CheckoutMachine = typeof checkoutMachine
