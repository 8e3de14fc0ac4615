/**
 * Validation of the checkout: the same rules in the browser (checkout machine) and on
 * the server (checkout endpoint). Pure: no I/O, no message texts — errors are codes with
 * parameters, keyed by field paths; the UI maps the codes to translated messages.
 *
 * Paths: `customer.type`, `customer.company`, `person.firstname|surname|email|phone`,
 * `address.street|streetNumber|postalCode|city|country`, `items.<itemId>.participants`,
 * `items.<itemId>.participants.<index>.firstname|surname|extras|forSelf`, `paymentMethod`,
 * `termsAccepted`, `message`.
 *
 * Codes: `required`, `email`, `phone`, `country`, `postcode` ({ country }), `invalid`, `too_big` ({ type, maximum }),
 * `too_small` ({ type, minimum }), `not_found`, `control_characters` ({ multiline }). A size's `type` is `string`
 * for a text's length and `array` for a count of participants or extras (src/lib/field-errors.ts).
 *
 * This module is light (no phone metadata, no postcode rules, no country names): the checkout
 * loads it with its first step. The contact's phone and postcode checks are passed in
 * (`ContactChecks`); src/lib/checkout-validation.ts binds them for the server and the tests, the
 * checkout in the browser loads them when it reaches the contact step (ADR 040).
 */
import { LIMITS } from '~/api/contract-rules.gen'
import type { components } from '~/api/schema.gen'
import { isKnownCountry } from './countries'
import { tooBig, tooSmall, type FieldError } from './field-errors'

type Schemas = components['schemas']
export type CheckoutInput = Schemas['CheckoutInput']
export type ParticipantInput = Schemas['ParticipantInput']
export type PaymentMethod = Schemas['PaymentMethod']

export type { FieldError }
export type FieldErrors = Record<string, FieldError>

/** The contact part of a checkout (the draft's or the submitted one). */
export type ContactInput = {
  customer: { type: string; company?: string }
  person: { firstname: string; surname: string; email: string; phone: string }
  address: { street: string; streetNumber: string; postalCode: string; city: string; country: string }
}

const CHECKOUT = LIMITS.CheckoutInput
const PARTICIPANT = LIMITS.ParticipantInput

/** Maximum lengths of the contract (CheckoutInput / ParticipantInput, generated from openapi/webshop.yaml). */
export const MAX_LENGTH = {
  'customer.company': CHECKOUT['customer.company'].maxLength,
  'person.firstname': CHECKOUT['person.firstname'].maxLength,
  'person.surname': CHECKOUT['person.surname'].maxLength,
  'person.email': CHECKOUT['person.email'].maxLength,
  'person.phone': CHECKOUT['person.phone'].maxLength,
  'address.street': CHECKOUT['address.street'].maxLength,
  'address.streetNumber': CHECKOUT['address.streetNumber'].maxLength,
  'address.postalCode': CHECKOUT['address.postalCode'].maxLength,
  'address.city': CHECKOUT['address.city'].maxLength,
  'address.country': CHECKOUT['address.country'].maxLength,
  participantName: PARTICIPANT.firstname.maxLength,
  participantExtras: PARTICIPANT.extras.maxItems,
  message: CHECKOUT.message.maxLength,
} as const

export const PAYMENT_METHODS = ['PAY_NOW', 'PAY_LATER', 'PAY_ON_SITE', 'PAY_LATER_OR_ON_SITE'] as const satisfies readonly PaymentMethod[]

/**
 * The e-mail addresses zod's `z.email()` accepts (its default pattern, zod/v4/core/regexes.ts),
 * written out so the checkout's first step does not load zod (about 27 KB gzip) for one pattern.
 */
export const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/** The contact's checks that need large data: phone numbers and postcodes (src/lib/phone.ts, src/lib/postcodes.ts). */
export type ContactChecks = {
  isValidPhone: (value: string) => boolean
  normalisePhone: (value: string) => string | null
  isValidPostcode: (value: string, country: string) => boolean
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * Participants an item needs: one per place of a group activity, one per participant of a
 * private service booked per participant, and the lead participant of a private start time.
 */
export function expectedParticipants(item: { skuType: string; places: number; quantity: number }): number {
  if (item.skuType === 'private-service-slot') return 1
  if (item.skuType === 'private-service-participant') return Math.max(1, item.quantity)
  return Math.max(1, item.places || item.quantity)
}

/** Whether a string (trimmed) is a plausible e-mail address. */
export function isValidEmail(value: string): boolean {
  const email = value.trim()
  return email.length > 0 && email.length <= MAX_LENGTH['person.email'] && EMAIL.test(email)
}

/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: never in a
 * single-line field, where a line break would turn into a line of its own in the plain-text
 * e-mail (a fake `Bcc:` line, say).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/
/** A multi-line field (the message) keeps its line breaks (LF, CR) but no other control character. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/

/** Whether a text holds a character its field does not allow (see SINGLE_LINE_FORBIDDEN). */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value)
}

/**
 * `required` when empty (after trimming), `control_characters` when it holds one its field does
 * not allow, `too_big` when longer than `maximum`.
 */
function checkText(errors: FieldErrors, path: string, value: unknown, maximum: number, required = true, multiline = false) {
  const text = str(value)
  if (required && !text.trim()) errors[path] = { code: 'required' }
  else if (hasControlCharacters(text, multiline)) errors[path] = { code: 'control_characters', params: { multiline } }
  else if (text.length > maximum) errors[path] = tooBig('string', maximum)
}

/** Customer, person and address; phone numbers and postcodes with the checks given. */
export function validateContactWith(input: ContactInput, checks: ContactChecks): FieldErrors {
  const errors: FieldErrors = {}
  const customer = input.customer ?? { type: '' }
  const person = input.person ?? ({} as Partial<ContactInput['person']>)
  const address = input.address ?? ({} as Partial<ContactInput['address']>)

  if (!customer.type) errors['customer.type'] = { code: 'required' }
  else if (customer.type !== 'PRIVATE' && customer.type !== 'COMPANY') errors['customer.type'] = { code: 'invalid' }
  checkText(errors, 'customer.company', customer.company, MAX_LENGTH['customer.company'], customer.type === 'COMPANY')

  checkText(errors, 'person.firstname', person.firstname, MAX_LENGTH['person.firstname'])
  checkText(errors, 'person.surname', person.surname, MAX_LENGTH['person.surname'])
  checkText(errors, 'person.email', person.email, MAX_LENGTH['person.email'])
  if (!errors['person.email'] && !isValidEmail(str(person.email))) errors['person.email'] = { code: 'email' }
  checkText(errors, 'person.phone', person.phone, MAX_LENGTH['person.phone'])
  if (!errors['person.phone'] && !checks.isValidPhone(str(person.phone))) errors['person.phone'] = { code: 'phone' }

  checkText(errors, 'address.street', address.street, MAX_LENGTH['address.street'])
  checkText(errors, 'address.streetNumber', address.streetNumber, MAX_LENGTH['address.streetNumber'])
  checkText(errors, 'address.postalCode', address.postalCode, MAX_LENGTH['address.postalCode'])
  checkText(errors, 'address.city', address.city, MAX_LENGTH['address.city'])
  const country = str(address.country)
  if (!country.trim()) errors['address.country'] = { code: 'required' }
  else if (!isKnownCountry(country)) errors['address.country'] = { code: 'country' }
  // The postcode's format is the country's (src/lib/postcodes.ts); without a known country, only its length counts.
  else if (!errors['address.postalCode'] && !checks.isValidPostcode(str(address.postalCode), country)) errors['address.postalCode'] = { code: 'postcode', params: { country } }
  return errors
}

export type ParticipantsCheck = {
  itemId: string
  /** Participants the item needs. */
  expected: number
  participants: ParticipantInput[]
  /** The extras a participant of this item may choose (ids). */
  extras: string[]
}

/** An order books places for named participants; a request asks for places (names can follow). */
export type CheckoutMode = CheckoutInput['mode']

/**
 * An order's item needs exactly `expected` participants, each with first name and surname; a
 * request's (`mode: 'request'`) at most `expected`, names optional — it needs the contact and the
 * number of places, which the cart holds. Extras must be the item's and each at most once; at
 * most one participant of the booking is the person booking (`forSelf`).
 */
export function validateParticipants(items: ParticipantsCheck[], mode: CheckoutMode = 'order'): FieldErrors {
  const errors: FieldErrors = {}
  const namesRequired = mode !== 'request'
  let forSelf = 0
  for (const item of items) {
    const base = `items.${item.itemId}.participants`
    const participants = Array.isArray(item.participants) ? item.participants : []
    if (participants.length > item.expected) errors[base] = tooBig('array', item.expected)
    else if (namesRequired && participants.length < item.expected) errors[base] = tooSmall('array', item.expected)
    participants.forEach((participant, index) => {
      const path = `${base}.${index}`
      checkText(errors, `${path}.firstname`, participant?.firstname, MAX_LENGTH.participantName, namesRequired)
      checkText(errors, `${path}.surname`, participant?.surname, MAX_LENGTH.participantName, namesRequired)
      const extras: unknown[] = Array.isArray(participant?.extras) ? participant.extras : []
      if (extras.length > MAX_LENGTH.participantExtras) errors[`${path}.extras`] = tooBig('array', MAX_LENGTH.participantExtras)
      else {
        const unknown = extras.find((extra, i) => typeof extra !== 'string' || !item.extras.includes(extra) || extras.indexOf(extra) !== i)
        if (unknown !== undefined) errors[`${path}.extras`] = { code: 'invalid', params: { extra: unknown } }
      }
      if (participant?.forSelf === true && ++forSelf > 1) errors[`${path}.forSelf`] = { code: 'invalid' }
    })
  }
  return errors
}

/** The payment method must be one of the allowed ones; the terms must be accepted. */
export function validatePayment(input: { paymentMethod?: PaymentMethod | null | ''; termsAccepted: boolean; allowed: readonly PaymentMethod[]; message?: string }): FieldErrors {
  const errors: FieldErrors = {}
  if (!input.paymentMethod) errors.paymentMethod = { code: 'required' }
  else if (!input.allowed.includes(input.paymentMethod)) errors.paymentMethod = { code: 'invalid' }
  if (input.termsAccepted !== true) errors.termsAccepted = { code: 'required' }
  if (input.message !== undefined) checkText(errors, 'message', input.message, MAX_LENGTH.message, false, true)
  return errors
}

export type CheckoutValidationContext = {
  /** The cart's items: participants needed and the extras allowed (ids). */
  items: { itemId: string; expected: number; extras: string[] }[]
  /** The payment methods allowed for this checkout (a request: PAY_LATER only). */
  paymentMethods: readonly PaymentMethod[]
  /** The cart's mode (not the input's): a request's participants need no names. Default: an order's rules. */
  mode?: CheckoutMode
}

/**
 * A whole checkout: contact, participants of every cart item (an item missing from the input
 * has none; an input item not in the cart is `not_found`), payment, terms and message; the
 * contact's phone number and postcode with the checks given.
 */
export function validateCheckoutWith(input: CheckoutInput, ctx: CheckoutValidationContext, checks: ContactChecks): FieldErrors {
  const inputItems = Array.isArray(input.items) ? input.items : []
  const errors: FieldErrors = {
    ...validateParticipants(
      ctx.items.map((item) => ({
        ...item,
        participants: inputItems.find((i) => i.itemId === item.itemId)?.participants ?? [],
      })),
      ctx.mode,
    ),
    ...validateContactWith(input, checks),
    ...validatePayment({
      paymentMethod: input.paymentMethod,
      termsAccepted: input.termsAccepted,
      allowed: ctx.paymentMethods,
      ...(input.message !== undefined ? { message: input.message } : {}),
    }),
  }
  for (const item of inputItems) {
    if (!ctx.items.some((i) => i.itemId === item.itemId)) errors[`items.${item.itemId}`] = { code: 'not_found' }
  }
  return errors
}
