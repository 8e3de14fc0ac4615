/**
 * Field errors and failed calls of the checkout: which step a field belongs to, field errors
 * without some paths, and what a failed submit means. Pure.
 */
import type { CheckoutError, CheckoutStep, FieldErrors } from './checkout.types'
import { CHECKOUT_STEPS } from './checkout.types'

/** The path of an error the server gave an item itself (`items.<id>`, e.g. no places left). */
export const ITEM_ERROR = /^items\.[^.]+$/

/** The step a field path belongs to. */
export function stepOfField(path: string): CheckoutStep {
  if (path === 'mode' || path === 'items' || path.startsWith('items.')) return 'configuration'
  if (path.startsWith('customer.') || path.startsWith('person.') || path.startsWith('address.')) return 'contact'
  return 'payment'
}

/** The earliest step with a field error, or null. */
export function firstStepWithErrors(errors: FieldErrors): CheckoutStep | null {
  const steps = new Set(Object.keys(errors).map(stepOfField))
  return CHECKOUT_STEPS.find((step) => steps.has(step)) ?? null
}

/** Field errors without the given paths. */
export function without(errors: FieldErrors, ...paths: string[]): FieldErrors {
  if (!paths.some((path) => path in errors)) return errors
  const rest = { ...errors }
  for (const path of paths) delete rest[path]
  return rest
}

/** Field errors without those of one step. */
export function withoutStep(errors: FieldErrors, step: CheckoutStep): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => stepOfField(path) !== step))
}

/** After removing participant `index` of an item: its errors go, the later ones move up. */
export function reindexErrors(errors: FieldErrors, itemId: string, removed: number): FieldErrors {
  const prefix = `items.${itemId}.participants.`
  const result: FieldErrors = {}
  for (const [path, error] of Object.entries(errors)) {
    if (path === `items.${itemId}.participants`) continue
    const match = path.startsWith(prefix) ? /^(\d+)(\..*)?$/.exec(path.slice(prefix.length)) : null
    if (!match) {
      result[path] = error
      continue
    }
    const index = Number(match[1])
    if (index === removed) continue
    result[index > removed ? `${prefix}${index - 1}${match[2] ?? ''}` : path] = error
  }
  return result
}

/** Any thrown value as a serialisable error (reads `status`/`statusCode`, `code`/`data.code`, `message`; also an ApiError's `body`). */
export function toCheckoutError(error: unknown): CheckoutError {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; statusCode?: unknown; code?: unknown; message?: unknown; body?: { statusCode?: unknown; message?: unknown } }
    const status = [e.status, e.statusCode, e.body?.statusCode].find((s): s is number => typeof s === 'number')
    const dataCode = errorData(error)?.code
    const code = typeof e.code === 'string' ? e.code : typeof dataCode === 'string' ? dataCode : undefined
    const message = [e.message, e.body?.message].find((m): m is string => typeof m === 'string' && m !== '') ?? 'Unknown error'
    return { ...(status !== undefined ? { status } : {}), ...(code !== undefined ? { code } : {}), message }
  }
  return { message: typeof error === 'string' && error ? error : 'Unknown error' }
}

/** The `data` of an error body (`error.data`, or `error.body.data` of an ApiError). */
function errorData(error: unknown): Record<string, unknown> | null {
  if (!error || typeof error !== 'object') return null
  const e = error as { data?: unknown; body?: { data?: unknown } }
  const data = e.data ?? e.body?.data
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null
}

export type SubmitFailure =
  | { kind: 'payment'; error: CheckoutError }
  | { kind: 'conflict'; error: CheckoutError; fieldErrors: FieldErrors }
  | { kind: 'invalid'; error: CheckoutError; fieldErrors: FieldErrors; step: CheckoutStep }
  | { kind: 'other'; error: CheckoutError }

const CONFLICT_CODES = new Set(['places.insufficient', 'items.unavailable'])

/**
 * What a failed submit means: a failed payment; a 409 on items (their message codes become
 * `items.<id>` field errors); a 400 with field errors (and the earliest step that has one);
 * or anything else.
 */
export function classifySubmitError(thrown: unknown): SubmitFailure {
  const error = toCheckoutError(thrown)
  const data = errorData(thrown)
  if (error.code === 'payment.failed') return { kind: 'payment', error }
  if (error.status === 409 && error.code && CONFLICT_CODES.has(error.code)) {
    const fieldErrors: FieldErrors = {}
    const items = data?.items
    if (items && typeof items === 'object') {
      for (const [itemId, code] of Object.entries(items)) fieldErrors[`items.${itemId}`] = { code: typeof code === 'string' && code ? code : error.code }
    }
    return { kind: 'conflict', error, fieldErrors }
  }
  const errors = data?.errors
  if (error.status === 400 && errors && typeof errors === 'object') {
    const fieldErrors: FieldErrors = {}
    for (const [path, value] of Object.entries(errors)) {
      const v = value as { code?: unknown; params?: unknown } | null
      const params = v && typeof v.params === 'object' && v.params !== null ? { params: JSON.parse(JSON.stringify(v.params)) as Record<string, unknown> } : {}
      fieldErrors[path] = { code: v && typeof v.code === 'string' ? v.code : 'invalid', ...params }
    }
    const step = firstStepWithErrors(fieldErrors)
    if (step) return { kind: 'invalid', error, fieldErrors, step }
  }
  return { kind: 'other', error }
}
