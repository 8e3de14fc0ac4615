/**
 * Postcodes per country (issue 22, point 16): the countries whose postal service publishes one
 * fixed format, as regular expressions (from the national posts' and the UPU's address
 * formats); every other country takes any plausible code (`GENERIC`). Pure, no I/O: the checkout
 * validation uses it in the browser and on the server alike.
 *
 * Written here because no maintained rule set is among the project's dependencies; the npm
 * package `postcode-validator` (≈190 countries, maintained, no dependencies) could replace the
 * table. Input is trimmed and compared in capitals; spaces and hyphens are accepted where the
 * country writes them, and left out where people often leave them out (NL, PL, PT, SE, CZ, SK).
 */

/** Letters of a Canadian postcode (no D, F, I, O, Q, U; no W or Z first). */
const CA_FIRST = 'ABCEGHJ-NPRSTVXY'
const CA_OTHER = 'ABCEGHJ-NPRSTV-Z'
/** Eircode routing key and unique identifier letters (Ireland). */
const IE = '0-9AC-FHKNPRTV-Y'

export const POSTCODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  // Four digits: Switzerland (1000–9658), Liechtenstein (9485–9499 within the Swiss range)
  CH: /^[1-9]\d{3}$/,
  LI: /^94(8[5-9]|9\d)$/,
  AT: /^[1-9]\d{3}$/,
  BE: /^[1-9]\d{3}$/,
  DK: /^\d{4}$/,
  HU: /^[1-9]\d{3}$/,
  LU: /^(L-?)?\d{4}$/,
  NO: /^\d{4}$/,
  SI: /^[1-9]\d{3}$/,
  AU: /^\d{4}$/,
  NZ: /^\d{4}$/,
  // Five digits
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  FI: /^\d{5}$/,
  HR: /^[1-5]\d{4}$/,
  MC: /^980\d{2}$/,
  SM: /^4789\d$/,
  VA: /^00120$/,
  ES: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  US: /^\d{5}(-\d{4})?$/,
  // Grouped digits
  SE: /^[1-9]\d{2} ?\d{2}$/,
  CZ: /^[1-7]\d{2} ?\d{2}$/,
  SK: /^[089]\d{2} ?\d{2}$/,
  GR: /^\d{3} ?\d{2}$/,
  PL: /^\d{2}-?\d{3}$/,
  PT: /^\d{4}-?\d{3}$/,
  JP: /^\d{3}-?\d{4}$/,
  BR: /^\d{5}-?\d{3}$/,
  // Letters and digits
  NL: /^[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}$/,
  GB: /^([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/,
  CA: new RegExp(`^[${CA_FIRST}]\\d[${CA_OTHER}] ?\\d[${CA_OTHER}]\\d$`),
  IE: new RegExp(`^([AC-FHKNPRTV-Y]\\d{2}|D6W) ?[${IE}]{4}$`),
}

/** Any other country: 1–10 letters, digits, spaces and hyphens, starting with a letter or digit. */
export const GENERIC = /^[A-Z0-9][A-Z0-9 -]{0,9}$/

/** Whether `value` is a postcode of `country` (ISO 3166-1 alpha-2, upper case). */
export function isValidPostcode(value: string, country: string): boolean {
  const code = value.trim().toUpperCase()
  return (POSTCODE_PATTERNS[country] ?? GENERIC).test(code)
}
