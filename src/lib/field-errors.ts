/**
 * The size and type field errors of the contract (`FieldError` in openapi/webshop.yaml), made in
 * one place for the browser's checks, the server's domain rules and the contract's (ajv) checks.
 * `type` says what is too small or too big — it chooses the message (spec §5): a text's
 * characters, a number's value, a list's entries, a date.
 */
export type FieldError = { code: string; params?: Record<string, unknown> }

/** A field error made here: always with its parameters. */
type Made = { code: string; params: Record<string, unknown> }

/** What a `too_small` / `too_big` error measures (the contract's `FieldError.params.type`). */
export type SizeType = 'string' | 'number' | 'array' | 'date'

/** `too_small`: fewer characters or entries, a smaller number, an earlier date than `minimum`. */
export const tooSmall = (type: SizeType, minimum: number | string): Made => ({ code: 'too_small', params: { type, minimum } })

/** `too_big`: more characters or entries, a larger number, a later date than `maximum`. */
export const tooBig = (type: SizeType, maximum: number | string): Made => ({ code: 'too_big', params: { type, maximum } })

/**
 * `invalid_type`: a value of another type than `expected` (a JSON type: `string`, `number`,
 * `boolean`, `object`, `array`, `null`; `int` for a fraction where a whole number belongs).
 */
export const invalidType = (expected: string, params: Record<string, unknown> = {}): Made => ({ code: 'invalid_type', params: { expected, ...params } })
