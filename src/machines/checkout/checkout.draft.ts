/**
 * The checkout's draft: what the visitor typed, fitted to the cart, checked and turned into the
 * request body, and the pure updates the machine applies to it (each returns the changes of the
 * context). Exported for the UI and the tests.
 */
import { chargedExtrasOfItems } from '~/lib/extras-charges'
import { allowedPaymentMethods as allowedMethods } from '~/lib/shop-settings'
import { expectedParticipants, validateCheckoutWith, validateParticipants, type FieldErrors, type ParticipantsCheck } from '~/lib/checkout-rules'
import { contactChecks } from './contact-checks'
import type {
  Cart,
  CartItem,
  CheckoutContext,
  CheckoutDraft,
  CheckoutInput,
  CheckoutMode,
  ContactField,
  CustomerType,
  Extra,
  Money,
  ParticipantField,
  ParticipantInput,
  PaymentMethod,
} from './checkout.types'
import { ITEM_ERROR, reindexErrors, without, withoutStep } from './checkout.errors'

type CartContext = Pick<CheckoutContext, 'cart' | 'extras'>
type DraftContext = CartContext & Pick<CheckoutContext, 'draft'>
type ModeContext = DraftContext & Pick<CheckoutContext, 'mode'>

/** `request` if any item is booked by request, else `order`. */
export function checkoutMode(cart: Cart): CheckoutMode {
  return cart.items.some((item) => item.mode === 'request') ? 'request' : 'order'
}

/** The payment methods of this checkout: a request is paid later (by link), an order as the shop offers. */
export function allowedPaymentMethods(context: Pick<CheckoutContext, 'mode' | 'paymentOptions'>): PaymentMethod[] {
  return allowedMethods(context.mode, context.paymentOptions)
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

export function participantChecks(context: DraftContext): ParticipantsCheck[] {
  return context.cart.items.map((item) => ({
    itemId: item.id,
    expected: expectedParticipantsOf(item),
    participants: participantsOf(context, item.id),
    extras: extrasOf(context, item).map((e) => e.id),
  }))
}


export type ItemCompleteness = {
  expected: number
  /** Participants with first name and surname. */
  filled: number
  complete: boolean
  /** Field paths that block the item (as in the field errors). */
  missing: string[]
}

/**
 * Per item: participants needed and filled in, and what is missing. An order's item is complete
 * with exactly the expected participants, each with first name and surname and valid extras; a
 * request's with valid extras and at most the expected participants, names optional (the shared
 * validation's rules); neither with an error from the server on the item itself (cleared by
 * a change of the cart).
 */
export function itemCompleteness(context: ModeContext & Partial<Pick<CheckoutContext, 'fieldErrors'>>): Record<string, ItemCompleteness> {
  const result: Record<string, ItemCompleteness> = {}
  for (const check of participantChecks(context)) {
    const missing = Object.keys(validateParticipants([check], context.mode))
    if (context.fieldErrors && `items.${check.itemId}` in context.fieldErrors) missing.unshift(`items.${check.itemId}`)
    const filled = check.participants.filter((p) => p.firstname.trim() !== '' && p.surname.trim() !== '').length
    result[check.itemId] = { expected: check.expected, filled, complete: missing.length === 0, missing }
  }
  return result
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
      phone: contactChecks().normalisePhone(phone) ?? phone,
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
  return validateCheckoutWith(input, {
    items: participantChecks(context).map(({ itemId, expected, extras }) => ({ itemId, expected, extras })),
    paymentMethods: allowedPaymentMethods(context),
    mode: context.mode,
  }, contactChecks())
}

/** An extra as an item's participants chose it: how many times it is charged and what that costs. */
export type ExtraCharge = { extra: Extra; quantity: number; amount: Money }

/**
 * The extras every item's participants chose, by item id, charged as the server charges them
 * (src/lib/extras-charges.ts): a per-booking extra once in the cart, on the first item of its
 * offer whose participants chose it.
 */
export function cartExtraCharges(context: DraftContext): Map<string, ExtraCharge[]> {
  const items = context.cart.items
  const all = chargedExtrasOfItems(items, (i) => ({ offer: i.offer, extras: extrasOf(context, i), participants: participantsOf(context, i.id) }), (extra) => extra.id)
  return new Map(
    items.map((item, index) => [
      item.id,
      all[index]!.map(({ extra, quantity }) => ({ extra, quantity, amount: { amount: quantity * extra.price.amount, currency: extra.price.currency } })),
    ]),
  )
}

/** The extras one item's participants chose, charged as in `cartExtraCharges`. */
export function extraCharges(context: DraftContext, item: CartItem): ExtraCharge[] {
  return cartExtraCharges(context).get(item.id) ?? []
}

/** What an item costs with its extras. */
export function itemTotal(context: DraftContext, item: CartItem): Money {
  const extras = extraCharges(context, item).reduce((sum, charge) => sum + charge.amount.amount, 0)
  return { amount: item.total.amount + extras, currency: item.total.currency }
}

/** The cart's total plus the extras chosen for the participants. */
export function checkoutTotal(context: DraftContext): Money {
  let amount = context.cart.total.amount
  for (const charges of cartExtraCharges(context).values()) {
    for (const charge of charges) amount += charge.amount.amount
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
  // The server's refusal of an item (no places left on its date) stays while that item is unchanged.
  const unchanged = (itemId: string) => {
    const before = context.cart.items.find((i) => i.id === itemId)
    const after = cart.items.find((i) => i.id === itemId)
    return before !== undefined && after !== undefined && before.quantity === after.quantity && before.start === after.start
  }
  const kept = Object.entries(context.fieldErrors).filter(([path]) => ITEM_ERROR.test(path) && unchanged(path.slice('items.'.length)))
  return { cart, mode, draft, fieldErrors: { ...withoutStep(context.fieldErrors, 'configuration'), ...Object.fromEntries(kept) } }
}
