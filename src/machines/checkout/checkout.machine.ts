/**
 * The checkout of a cart (issue 5): participants → contact → payment → booking or request.
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
 * - submitting [pay now, something to pay] → startingPayment → redirecting (final: the app goes to
 *   the provider) | success (409 payment.already_paid) | paymentFailure (any other error)
 * - serverError --retry--> submitting; --step.back--> payment; --step.goto--> any step
 * - paymentFailure --retry--> startingPayment once the booking exists (then nothing can be edited
 *   any more), else submitting, --step.back / step.goto--> like serverError
 * - contact / payment --step.back / step.goto (earlier steps only)--> …
 *
 * Each step handles the events of its own fields only: participants and extras in
 * configuration (plus `cart.update` after the cart changed), contact fields in contact,
 * payment method, terms and message in payment. Changing a field clears its field error.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../api/schema.gen'
import {
  expectedParticipants,
  normalisePhone,
  validateCheckout,
  validateContact,
  validateParticipants,
  type FieldError,
  type FieldErrors,
  type ParticipantsCheck,
} from '../../lib/checkout-validation'

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
}

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
  /** The cart was read again (e.g. after an item was removed or its date changed). */
  | { type: 'cart.update'; cart: Cart }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'step.goto'; step: CheckoutStep }
  | { type: 'submit' }
  | { type: 'retry' }

export type SubmitCheckoutInput = { cartId: string; input: CheckoutInput }
export type CheckoutOutput = { booking: Booking }
export type PaymentStart = Schemas['PaymentStart']
export type StartPaymentInput = { cartId: string }

// ---------------------------------------------------------------------------------------------
// Pure helpers (exported for the UI and the tests)

type CartContext = Pick<CheckoutContext, 'cart' | 'extras'>
type DraftContext = CartContext & Pick<CheckoutContext, 'draft'>

/** `request` if any item is booked by request, else `order`. */
export function checkoutMode(cart: Cart): CheckoutMode {
  return cart.items.some((item) => item.mode === 'request') ? 'request' : 'order'
}

/** The payment methods of this checkout: a request is paid later (by link), an order as the shop offers. */
export function allowedPaymentMethods(context: Pick<CheckoutContext, 'mode' | 'paymentOptions'>): PaymentMethod[] {
  return context.mode === 'request' ? ['PAY_LATER'] : [...context.paymentOptions]
}

/** Participants a cart item needs. */
export function expectedParticipantsOf(item: CartItem): number {
  return expectedParticipants(item)
}

/** The extras a participant of an item may choose. */
export function extrasOf(context: Pick<CheckoutContext, 'extras'>, item: CartItem): Extra[] {
  return context.extras[item.offer] ?? []
}

export function emptyParticipant(): ParticipantInput {
  return { firstname: '', surname: '', forSelf: false, extras: [] }
}

/** The participants the draft has for an item. */
export function participantsOf(context: Pick<CheckoutContext, 'draft'>, itemId: string): ParticipantInput[] {
  return context.draft.items[itemId]?.participants ?? []
}

function participantChecks(context: DraftContext): ParticipantsCheck[] {
  return context.cart.items.map((item) => ({
    itemId: item.id,
    expected: expectedParticipantsOf(item),
    participants: participantsOf(context, item.id),
    extras: extrasOf(context, item).map((e) => e.id),
  }))
}

/** The path of an error the server gave an item itself (`items.<id>`, e.g. no places left). */
const ITEM_ERROR = /^items\.[^.]+$/

export type ItemCompleteness = {
  expected: number
  /** Participants with first name and surname. */
  filled: number
  complete: boolean
  /** Field paths that block the item (as in the field errors). */
  missing: string[]
}

/**
 * Per item: participants needed and filled in, and what is missing. An item is complete with
 * exactly the expected participants, each with first name and surname and valid extras, and
 * no error from the server on the item itself (cleared by `cart.update`).
 */
export function itemCompleteness(context: DraftContext & Partial<Pick<CheckoutContext, 'fieldErrors'>>): Record<string, ItemCompleteness> {
  const result: Record<string, ItemCompleteness> = {}
  for (const check of participantChecks(context)) {
    const missing = Object.keys(validateParticipants([check]))
    if (context.fieldErrors && `items.${check.itemId}` in context.fieldErrors) missing.unshift(`items.${check.itemId}`)
    const filled = check.participants.filter((p) => p.firstname.trim() !== '' && p.surname.trim() !== '').length
    result[check.itemId] = { expected: check.expected, filled, complete: missing.length === 0, missing }
  }
  return result
}

/** The step a field path belongs to. */
export function stepOfField(path: string): CheckoutStep {
  if (path === 'mode' || path === 'items' || path.startsWith('items.')) return 'configuration'
  if (path.startsWith('customer.') || path.startsWith('person.') || path.startsWith('address.')) return 'contact'
  return 'payment'
}

/** The earliest step with a field error, or null. */
export function firstStepWithErrors(errors: FieldErrors): CheckoutStep | null {
  const steps = new Set(Object.keys(errors).map(stepOfField))
  return CHECKOUT_STEPS.find((step) => steps.has(step)) ?? null
}

/** The draft as the request body: trimmed, the phone in E.164, a private customer without company. */
export function toCheckoutInput(context: Pick<CheckoutContext, 'cart' | 'draft' | 'mode' | 'paymentOptions'>): CheckoutInput {
  const { draft } = context
  const phone = draft.person.phone.trim()
  const message = draft.message.trim()
  return {
    mode: context.mode,
    items: context.cart.items.map((item) => ({
      itemId: item.id,
      participants: participantsOf(context, item.id).map((p) => ({
        firstname: p.firstname.trim(),
        surname: p.surname.trim(),
        forSelf: p.forSelf === true,
        extras: [...p.extras],
      })),
    })),
    customer: draft.customer.type === 'COMPANY' ? { type: 'COMPANY', company: draft.customer.company.trim() } : { type: 'PRIVATE' },
    person: {
      firstname: draft.person.firstname.trim(),
      surname: draft.person.surname.trim(),
      email: draft.person.email.trim(),
      phone: normalisePhone(phone) ?? phone,
    },
    address: {
      street: draft.address.street.trim(),
      streetNumber: draft.address.streetNumber.trim(),
      postalCode: draft.address.postalCode.trim(),
      city: draft.address.city.trim(),
      country: draft.address.country.trim().toUpperCase(),
    },
    // Only a valid draft is submitted; the fallback keeps the type honest.
    paymentMethod: draft.paymentMethod ?? allowedPaymentMethods(context)[0] ?? 'PAY_LATER',
    termsAccepted: draft.termsAccepted,
    ...(message ? { message } : {}),
  }
}

/** Local validation of the whole checkout (the server runs the same). */
export function checkoutErrors(context: Pick<CheckoutContext, 'cart' | 'extras' | 'draft' | 'mode' | 'paymentOptions'>): FieldErrors {
  // Without the fallback of toCheckoutInput: a missing payment method is an error here.
  const input = { ...toCheckoutInput(context), paymentMethod: context.draft.paymentMethod as PaymentMethod }
  return validateCheckout(input, {
    items: participantChecks(context).map(({ itemId, expected, extras }) => ({ itemId, expected, extras })),
    paymentMethods: allowedPaymentMethods(context),
  })
}

/** The cart's total plus the extras chosen for the participants. */
export function checkoutTotal(context: DraftContext): Money {
  let amount = context.cart.total.amount
  for (const item of context.cart.items) {
    const extras = extrasOf(context, item)
    for (const participant of participantsOf(context, item.id)) {
      for (const id of participant.extras) amount += extras.find((e) => e.id === id)?.price.amount ?? 0
    }
  }
  return { amount, currency: context.cart.total.currency }
}

/** What may be kept across a reload: the draft without the acceptance of the terms. */
export function persistableDraft(context: Pick<CheckoutContext, 'draft'>): CheckoutDraft {
  const draft = structuredClone(context.draft)
  return { ...draft, termsAccepted: false }
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The name fields of the "for self" participant follow the person's (and the other way round when the person's are empty). */
function withForSelfSynced(draft: CheckoutDraft): CheckoutDraft {
  for (const [itemId, { participants }] of Object.entries(draft.items)) {
    const index = participants.findIndex((p) => p.forSelf === true)
    if (index < 0) continue
    const participant = participants[index]!
    const person = { ...draft.person }
    const synced = { ...participant }
    for (const field of ['firstname', 'surname'] as const) {
      if (person[field].trim()) synced[field] = person[field]
      else person[field] = synced[field]
    }
    const list = participants.map((p, i) => (i === index ? synced : p))
    return { ...draft, person, items: { ...draft.items, [itemId]: { participants: list } } }
  }
  return draft
}

/** A draft fitted to a cart: one participant per item at first, known extras only, one "for self" at most. */
export function fitDraft(
  context: CartContext & Pick<CheckoutContext, 'mode' | 'paymentOptions'>,
  draft: Partial<CheckoutDraft> | undefined,
  defaultCountry = 'CH',
): CheckoutDraft {
  let forSelfTaken = false
  const items: CheckoutDraft['items'] = {}
  for (const item of context.cart.items) {
    const expected = expectedParticipantsOf(item)
    const allowed = extrasOf(context, item).map((e) => e.id)
    const stored = draft?.items?.[item.id]?.participants
    const participants = (Array.isArray(stored) ? stored : []).slice(0, expected).map((p): ParticipantInput => {
      const forSelf = p?.forSelf === true && !forSelfTaken
      if (forSelf) forSelfTaken = true
      const extras = Array.isArray(p?.extras) ? p.extras : []
      return {
        firstname: str(p?.firstname),
        surname: str(p?.surname),
        forSelf,
        extras: extras.filter((id, i) => allowed.includes(id) && extras.indexOf(id) === i),
      }
    })
    items[item.id] = { participants: participants.length ? participants : [emptyParticipant()] }
  }
  const allowed = allowedPaymentMethods(context)
  const wanted = context.mode === 'request' ? 'PAY_LATER' : draft?.paymentMethod
  const paymentMethod = wanted && allowed.includes(wanted) ? wanted : allowed.length === 1 ? allowed[0] : undefined
  return withForSelfSynced({
    items,
    customer: { type: draft?.customer?.type === 'COMPANY' ? 'COMPANY' : 'PRIVATE', company: str(draft?.customer?.company) },
    person: {
      firstname: str(draft?.person?.firstname),
      surname: str(draft?.person?.surname),
      email: str(draft?.person?.email),
      phone: str(draft?.person?.phone),
    },
    address: {
      street: str(draft?.address?.street),
      streetNumber: str(draft?.address?.streetNumber),
      postalCode: str(draft?.address?.postalCode),
      city: str(draft?.address?.city),
      country: draft?.address ? str(draft.address.country) : defaultCountry,
    },
    ...(paymentMethod ? { paymentMethod } : {}),
    termsAccepted: draft?.termsAccepted === true,
    message: str(draft?.message),
  })
}

/** Field errors without the given paths. */
function without(errors: FieldErrors, ...paths: string[]): FieldErrors {
  if (!paths.some((path) => path in errors)) return errors
  const rest = { ...errors }
  for (const path of paths) delete rest[path]
  return rest
}

/** Field errors without those of one step. */
function withoutStep(errors: FieldErrors, step: CheckoutStep): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => stepOfField(path) !== step))
}

/** After removing participant `index` of an item: its errors go, the later ones move up. */
function reindexErrors(errors: FieldErrors, itemId: string, removed: number): FieldErrors {
  const prefix = `items.${itemId}.participants.`
  const result: FieldErrors = {}
  for (const [path, error] of Object.entries(errors)) {
    if (path === `items.${itemId}.participants`) continue
    const match = path.startsWith(prefix) ? /^(\d+)(\..*)?$/.exec(path.slice(prefix.length)) : null
    if (!match) {
      result[path] = error
      continue
    }
    const index = Number(match[1])
    if (index === removed) continue
    result[index > removed ? `${prefix}${index - 1}${match[2] ?? ''}` : path] = error
  }
  return result
}

/** Any thrown value as a serialisable error (reads `status`/`statusCode`, `code`/`data.code`, `message`; also an ApiError's `body`). */
export function toCheckoutError(error: unknown): CheckoutError {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; statusCode?: unknown; code?: unknown; message?: unknown; body?: { statusCode?: unknown; message?: unknown } }
    const status = [e.status, e.statusCode, e.body?.statusCode].find((s): s is number => typeof s === 'number')
    const dataCode = errorData(error)?.code
    const code = typeof e.code === 'string' ? e.code : typeof dataCode === 'string' ? dataCode : undefined
    const message = [e.message, e.body?.message].find((m): m is string => typeof m === 'string' && m !== '') ?? 'Unknown error'
    return { ...(status !== undefined ? { status } : {}), ...(code !== undefined ? { code } : {}), message }
  }
  return { message: typeof error === 'string' && error ? error : 'Unknown error' }
}

/** The `data` of an error body (`error.data`, or `error.body.data` of an ApiError). */
function errorData(error: unknown): Record<string, unknown> | null {
  if (!error || typeof error !== 'object') return null
  const e = error as { data?: unknown; body?: { data?: unknown } }
  const data = e.data ?? e.body?.data
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null
}

export type SubmitFailure =
  | { kind: 'payment'; error: CheckoutError }
  | { kind: 'conflict'; error: CheckoutError; fieldErrors: FieldErrors }
  | { kind: 'invalid'; error: CheckoutError; fieldErrors: FieldErrors; step: CheckoutStep }
  | { kind: 'other'; error: CheckoutError }

const CONFLICT_CODES = new Set(['places.insufficient', 'items.unavailable'])

/**
 * What a failed submit means: a failed payment; a 409 on items (their message codes become
 * `items.<id>` field errors); a 400 with field errors (and the earliest step that has one);
 * or anything else.
 */
export function classifySubmitError(thrown: unknown): SubmitFailure {
  const error = toCheckoutError(thrown)
  const data = errorData(thrown)
  if (error.code === 'payment.failed') return { kind: 'payment', error }
  if (error.status === 409 && error.code && CONFLICT_CODES.has(error.code)) {
    const fieldErrors: FieldErrors = {}
    const items = data?.items
    if (items && typeof items === 'object') {
      for (const [itemId, code] of Object.entries(items)) fieldErrors[`items.${itemId}`] = { code: typeof code === 'string' && code ? code : error.code }
    }
    return { kind: 'conflict', error, fieldErrors }
  }
  const errors = data?.errors
  if (error.status === 400 && errors && typeof errors === 'object') {
    const fieldErrors: FieldErrors = {}
    for (const [path, value] of Object.entries(errors)) {
      const v = value as { code?: unknown; params?: unknown } | null
      const params = v && typeof v.params === 'object' && v.params !== null ? { params: JSON.parse(JSON.stringify(v.params)) as Record<string, unknown> } : {}
      fieldErrors[path] = { code: v && typeof v.code === 'string' ? v.code : 'invalid', ...params }
    }
    const step = firstStepWithErrors(fieldErrors)
    if (step) return { kind: 'invalid', error, fieldErrors, step }
  }
  return { kind: 'other', error }
}

// ----- draft updates (each returns the changes of the context) -----

type Update = Partial<Pick<CheckoutContext, 'draft' | 'fieldErrors'>>

function setParticipants(draft: CheckoutDraft, itemId: string, participants: ParticipantInput[]): CheckoutDraft {
  return { ...draft, items: { ...draft.items, [itemId]: { participants } } }
}

export function addParticipant(context: CheckoutContext, itemId: string): Update {
  const participants = [...participantsOf(context, itemId), emptyParticipant()]
  return { draft: setParticipants(context.draft, itemId, participants), fieldErrors: without(context.fieldErrors, `items.${itemId}.participants`) }
}

export function removeParticipant(context: CheckoutContext, itemId: string, index: number): Update {
  const participants = participantsOf(context, itemId).filter((_, i) => i !== index)
  return { draft: setParticipants(context.draft, itemId, participants), fieldErrors: reindexErrors(context.fieldErrors, itemId, index) }
}

export function changeParticipant(context: CheckoutContext, itemId: string, index: number, field: ParticipantField, value: string): Update {
  const list = participantsOf(context, itemId)
  const participant = list[index]
  if (!participant) return {}
  let draft = setParticipants(context.draft, itemId, list.map((p, i) => (i === index ? { ...p, [field]: value } : p)))
  const cleared = [`items.${itemId}.participants.${index}.${field}`]
  if (participant.forSelf) {
    draft = { ...draft, person: { ...draft.person, [field]: value } }
    cleared.push(`person.${field}`)
  }
  return { draft, fieldErrors: without(context.fieldErrors, ...cleared) }
}

export function setForSelf(context: CheckoutContext, itemId: string, index: number, value: boolean): Update {
  if (!value) {
    const list = participantsOf(context, itemId).map((p, i) => (i === index ? { ...p, forSelf: false } : p))
    return { draft: setParticipants(context.draft, itemId, list) }
  }
  const items: CheckoutDraft['items'] = {}
  for (const [id, { participants }] of Object.entries(context.draft.items)) {
    items[id] = { participants: participants.map((p, i) => ({ ...p, forSelf: id === itemId && i === index })) }
  }
  const draft = withForSelfSynced({ ...context.draft, items })
  const base = `items.${itemId}.participants.${index}`
  const cleared = (['firstname', 'surname'] as const).flatMap((f) => (draft.person[f].trim() ? [`${base}.${f}`, `person.${f}`] : []))
  return { draft, fieldErrors: without(context.fieldErrors, ...cleared, `${base}.forSelf`) }
}

export function toggleExtra(context: CheckoutContext, itemId: string, index: number, extraId: string): Update {
  const list = participantsOf(context, itemId).map((p, i) =>
    i !== index ? p : { ...p, extras: p.extras.includes(extraId) ? p.extras.filter((e) => e !== extraId) : [...p.extras, extraId] },
  )
  return { draft: setParticipants(context.draft, itemId, list), fieldErrors: without(context.fieldErrors, `items.${itemId}.participants.${index}.extras`) }
}

export function changeContact(context: CheckoutContext, field: ContactField, value: string): Update {
  const [group, key] = field.split('.') as ['customer' | 'person' | 'address', string]
  let draft: CheckoutDraft
  const cleared: string[] = [field]
  if (group === 'customer') {
    const customer = key === 'type' ? { ...context.draft.customer, type: value as CustomerType } : { ...context.draft.customer, company: value }
    draft = { ...context.draft, customer }
    if (key === 'type') cleared.push('customer.company')
  } else if (group === 'person') {
    draft = { ...context.draft, person: { ...context.draft.person, [key]: value } }
    if (key === 'firstname' || key === 'surname') {
      // The "for self" participant carries the person's name.
      for (const [itemId, { participants }] of Object.entries(draft.items)) {
        const index = participants.findIndex((p) => p.forSelf)
        if (index < 0) continue
        draft = setParticipants(draft, itemId, participants.map((p, i) => (i === index ? { ...p, [key]: value } : p)))
        cleared.push(`items.${itemId}.participants.${index}.${key}`)
      }
    }
  } else {
    draft = { ...context.draft, address: { ...context.draft.address, [key]: value } }
  }
  return { draft, fieldErrors: without(context.fieldErrors, ...cleared) }
}

/** A new cart: the draft is fitted to it; the errors of the server on the items are gone. */
export function updateCart(context: CheckoutContext, cart: Cart): Partial<CheckoutContext> {
  const mode = checkoutMode(cart)
  const next = { ...context, cart, mode }
  const draft = fitDraft(next, context.draft)
  return { cart, mode, draft, fieldErrors: withoutStep(context.fieldErrors, 'configuration') }
}

// ---------------------------------------------------------------------------------------------

const isStep = (step: CheckoutStep) => ({ type: 'isStep' as const, params: ({ event }: { event: CheckoutEvent }) => ({ event, step }) })

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutMachineInput,
    output: {} as CheckoutOutput,
  },
  actors: {
    submitCheckout: fromPromise<Booking, SubmitCheckoutInput>(async () => {
      throw new Error('submitCheckout not provided')
    }),
    startPayment: fromPromise<PaymentStart, StartPaymentInput>(async () => {
      throw new Error('startPayment not provided')
    }),
  },
  guards: {
    participantsComplete: ({ context }) => Object.values(itemCompleteness(context)).every((c) => c.complete),
    contactValid: ({ context }) => Object.keys(validateContact(context.draft)).length === 0,
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
    updateCart: assign(({ context }, params: { cart: Cart }) => updateCart(context, params.cart)),
    /** The participants' errors as validated now; the server's errors on the items themselves stay. */
    assignParticipantErrors: assign(({ context }) => {
      const kept = Object.entries(context.fieldErrors).filter(([path]) => stepOfField(path) !== 'configuration' || ITEM_ERROR.test(path))
      return { fieldErrors: { ...Object.fromEntries(kept), ...validateParticipants(participantChecks(context)) } }
    }),
    assignContactErrors: assign(({ context }) => ({ fieldErrors: { ...withoutStep(context.fieldErrors, 'contact'), ...validateContact(context.draft) } })),
    /** After local validation of a step passed: its errors are gone (the server's on items stay until the cart changes). */
    clearStepErrors: assign(({ context }, params: { step: CheckoutStep }) => ({ fieldErrors: withoutStep(context.fieldErrors, params.step) })),
    assignCheckoutErrors: assign(({ context }) => ({ fieldErrors: { ...context.fieldErrors, ...checkoutErrors(context) } })),
    assignFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = classifySubmitError(params.error)
      const fieldErrors = failure.kind === 'conflict' || failure.kind === 'invalid' ? { ...context.fieldErrors, ...failure.fieldErrors } : context.fieldErrors
      return { error: failure.error, fieldErrors }
    }),
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
    return { ...base, draft: fitDraft(base, input.draft, input.defaultCountry), fieldErrors: {}, error: null, booking: null, redirectUrl: null }
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
        'cart.update': { actions: { type: 'updateCart', params: ({ event }) => ({ cart: event.cart }) } },
        'step.next': [
          { guard: 'participantsComplete', target: 'contact', actions: ['clearError', { type: 'clearStepErrors', params: { step: 'configuration' } }] },
          { actions: 'assignParticipantErrors' },
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
          { actions: 'assignContactErrors' },
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
          { guard: { type: 'checkoutErrorsIn', params: { step: 'configuration' } }, target: 'configuration', actions: ['clearError', 'assignCheckoutErrors'] },
          { guard: { type: 'checkoutErrorsIn', params: { step: 'contact' } }, target: 'contact', actions: ['clearError', 'assignCheckoutErrors'] },
          { actions: ['clearError', 'assignCheckoutErrors'] },
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
            guard: { type: 'isFailure', params: ({ event }) => ({ error: event.error, kind: 'payment' }) },
            target: 'paymentFailure',
            actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isFailure', params: ({ event }) => ({ error: event.error, kind: 'conflict' }) },
            target: 'configuration',
            actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
          },
          ...CHECKOUT_STEPS.map((step) => ({
            guard: { type: 'isFailure' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, kind: 'invalid' as const, step }) },
            target: step,
            actions: { type: 'assignFailure' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
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
