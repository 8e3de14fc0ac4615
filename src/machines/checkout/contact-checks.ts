/**
 * The contact's phone and postcode checks in the checkout (ADR 040): libphonenumber-js's metadata
 * and the postcode rules are a chunk of their own, which the browser loads when the checkout
 * reaches the contact step (`loadContactChecks`); the contact step's "Continue" and a checkout
 * restored at the contact or payment step wait for it, so the visitor's details are checked
 * before they are sent, as before.
 *
 * Until the chunk is there, the lenient checks stand in (a phone number is taken as typed, a
 * postcode by its length and characters): the server checks both again, and its field errors land
 * at their fields in the visitor's language.
 */
import type { ContactChecks } from '~/lib/checkout-rules'

/** Any plausible postcode (GENERIC of src/lib/postcodes.ts, which would bring the rules along). */
const ANY_POSTCODE = /^[A-Z0-9][A-Z0-9 -]{0,9}$/

const LENIENT: ContactChecks = {
  isValidPhone: (value) => value.trim().length > 0,
  normalisePhone: (value) => value.trim() || null,
  isValidPostcode: (value) => ANY_POSTCODE.test(value.trim().toUpperCase()),
}

let loaded: ContactChecks | undefined
let loading: Promise<void> | undefined

/** Loads the checks once (later calls share the first; a failed load may be tried again). */
export function loadContactChecks(): Promise<void> {
  if (!loading) {
    loading = import('~/lib/checkout-validation').then((m) => {
      loaded = m.CONTACT_CHECKS
    })
    loading.catch(() => {
      loading = undefined
    })
  }
  return loading
}

/** Whether the checks are there. */
export const areContactChecksLoaded = () => loaded !== undefined

/** The checks: the loaded ones, or the lenient ones until they are there. */
export const contactChecks = (): ContactChecks => loaded ?? LENIENT
