/**
 * Checks for a page's search parameters (`?q=…&status=…&page=2`), used by the routes'
 * `validateSearch`. Route definitions are in the route tree every page's entry chunk carries, so
 * these are plain functions — no schema library in the visitor's JavaScript for the staff pages'
 * addresses. Each returns the value when it fits and `undefined` otherwise: a hand-edited or old
 * address drops what does not fit and still opens, never an error page.
 */

/** The words of a list given as `a,b`, as an array (an older address) or as one word the router read as a number. */
export function listOf(value: unknown): string[] {
  const parts: unknown[] = typeof value === 'string' ? value.split(',') : typeof value === 'number' ? [value] : Array.isArray(value) ? value : []
  return parts.filter((part) => typeof part === 'string' || typeof part === 'number').map(String)
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** A calendar day `YYYY-MM-DD` that exists (no 31 April). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

export const day = (value: unknown): string | undefined => (isDay(value) ? value : undefined)

/** One of the allowed values. */
export const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined

/** Several of the allowed values, given as `a,b` or as an array; unknown ones and repeats are dropped. */
export function someOf<T extends string>(values: readonly T[], value: unknown): T[] | undefined {
  const parts = listOf(value)
  const picked = [...new Set(parts.map((part) => oneOf(values, part)).filter((part): part is T => part !== undefined))]
  return picked.length > 0 ? picked : undefined
}

/** Text of at most `max` characters, trimmed; empty is no value. */
export function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const trimmed = String(value).trim()
  return trimmed !== '' && trimmed.length <= max ? trimmed : undefined
}

/** A string matching `pattern` (ids, codes, names of providers). */
export const matching = (value: unknown, pattern: RegExp): string | undefined => (typeof value === 'string' && pattern.test(value) ? value : undefined)

/** A page number after the first (the first is the default and stays out of the address). */
export function laterPage(value: unknown, last = 10_000): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return Number.isInteger(n) && n > 1 && n <= last ? n : undefined
}

/** Only the keys that have a value (the address stays short). */
export const definedOnly = <T extends Record<string, unknown>>(values: T): T =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T
