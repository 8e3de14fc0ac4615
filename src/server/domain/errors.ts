/**
 * The expected failures of the domain, in its own words: what went wrong (`kind`), a stable
 * `code` (the one clients see as `data.code` in the API's error body) and the details a client
 * may act on (`data`). The domain knows nothing of HTTP: the API edge turns a kind into a status
 * and the contract's error body (`problemOf`, in the HTTP layer's problem module).
 */
export type DomainErrorKind =
  /** The input breaks a rule (a field, a filter, an amount that does not match). */
  | 'invalid'
  /** The caller has not proved who they are (an operator token). */
  | 'unauthorised'
  /** The thing asked for does not exist (for this shop). */
  | 'not_found'
  /** The request clashes with the current state (sold out, already paid, already answered). */
  | 'conflict'
  /** The thing existed but is no longer usable (an expired payment link). */
  | 'gone'
  /** A service the domain depends on failed (the payment provider). */
  | 'upstream'
  /** Too many failed attempts (signing in): refused for a while; `data.retryAfterSeconds` says how long. */
  | 'throttled'

/** Field errors as the contract's validation error carries them (`data.errors`). */
export type FieldErrors = Record<string, { code: string; params?: Record<string, unknown> }>

export class DomainError extends Error {
  readonly kind: DomainErrorKind
  readonly code: string
  readonly data: Record<string, unknown>
  constructor(kind: DomainErrorKind, code: string, message: string, data: Record<string, unknown> = {}) {
    super(message)
    this.name = 'DomainError'
    this.kind = kind
    this.code = code
    this.data = data
  }
}

export const notFound = (code: string, message: string, data?: Record<string, unknown>) => new DomainError('not_found', code, message, data)
export const conflict = (code: string, message: string, data?: Record<string, unknown>) => new DomainError('conflict', code, message, data)
export const invalidRequest = (code: string, message: string, data?: Record<string, unknown>) => new DomainError('invalid', code, message, data)

/** The one wording of a rejected form: `code: validation` with the errors per field. */
export const VALIDATION_MESSAGE = 'Please check your entries and try again.'

/** Invalid fields (`code: validation`, `errors` per field), worded as the contract's validation error. */
export const invalidFields = (errors: FieldErrors, message = VALIDATION_MESSAGE) => new DomainError('invalid', 'validation', message, { errors })

/** One invalid field. */
export const invalidField = (field: string, code: string, message: string, params: Record<string, unknown> = {}) =>
  invalidFields({ [field]: { code, params } }, message)

/** A payment of the booking is being confirmed at the provider right now. */
export const paymentInProgress = () => conflict('payment.in_progress', 'A payment of this booking is being confirmed. Please wait a moment.')
