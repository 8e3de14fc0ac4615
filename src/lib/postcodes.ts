/**
 * Postcodes per country (issue 22, point 16), checked with the maintained rule set of the npm
 * package `postcode-validator` (about 190 countries, no dependencies, ADR 035). A country it does
 * not know takes any plausible code (`GENERIC`). Pure, no I/O: the checkout validation uses it in
 * the browser and on the server alike.
 *
 * Input is trimmed and compared in capitals, as visitors type postcodes in either case.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator'

/** Any other country: 1–10 letters, digits, spaces and hyphens, starting with a letter or digit. */
export const GENERIC = /^[A-Z0-9][A-Z0-9 -]{0,9}$/

/** Whether `value` is a postcode of `country` (ISO 3166-1 alpha-2, upper case). */
export function isValidPostcode(value: string, country: string): boolean {
  const code = value.trim().toUpperCase()
  return postcodeValidatorExistsForCountry(country) ? postcodeValidator(code, country) : GENERIC.test(code)
}
