/**
 * Validation of the checkout with every check bound: the rules of src/lib/checkout-rules.ts, the
 * phone numbers of src/lib/phone.ts and the postcodes of src/lib/postcodes.ts. The server and the
 * tests import this; the checkout in the browser loads it when it reaches the contact step
 * (src/machines/checkout/contact-checks.ts, ADR 040) — it carries libphonenumber-js's metadata.
 */
import { validateCheckoutWith, validateContactWith, type CheckoutInput, type CheckoutValidationContext, type ContactChecks, type ContactInput, type FieldErrors } from './checkout-rules'
import { isValidPhone, normalisePhone } from './phone'
import { isValidPostcode } from './postcodes'

export * from './checkout-rules'
export { isKnownCountry } from './countries'
export { DEFAULT_PHONE_COUNTRY, isValidPhone, normalisePhone } from './phone'

/** The contact's checks with their data. */
export const CONTACT_CHECKS: ContactChecks = { isValidPhone: (value) => isValidPhone(value), normalisePhone: (value) => normalisePhone(value), isValidPostcode }

/** Customer, person and address. */
export function validateContact(input: ContactInput): FieldErrors {
  return validateContactWith(input, CONTACT_CHECKS)
}

/**
 * A whole checkout: contact, participants of every cart item (an item missing from the input
 * has none; an input item not in the cart is `not_found`), payment, terms and message.
 */
export function validateCheckout(input: CheckoutInput, ctx: CheckoutValidationContext): FieldErrors {
  return validateCheckoutWith(input, ctx, CONTACT_CHECKS)
}
