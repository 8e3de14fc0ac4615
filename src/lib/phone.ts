/**
 * Phone numbers, checked and normalised with `libphonenumber-js` (its metadata is about 48 KB
 * gzip): the server imports it as it is, the checkout in the browser only once the visitor
 * reaches the contact step (src/machines/checkout/contact-checks.ts, ADR 040).
 */
import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'
import { LIMITS } from '~/api/contract-rules.gen'

/** The default country of phone numbers without a country code. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'CH'

const MAX_PHONE_LENGTH = LIMITS.CheckoutInput['person.phone'].maxLength

/** Whether a phone number is valid; numbers without a country code are read as Swiss. */
export function isValidPhone(value: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): boolean {
  const phone = value.trim()
  if (!phone || phone.length > MAX_PHONE_LENGTH) return false
  try {
    return isValidPhoneNumber(phone, defaultCountry)
  } catch {
    return false
  }
}

/** A valid phone number in E.164 (`+41799000000`), or null. */
export function normalisePhone(value: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  if (!isValidPhone(value, defaultCountry)) return null
  try {
    return parsePhoneNumberFromString(value.trim(), defaultCountry)?.number ?? null
  } catch {
    return null
  }
}
