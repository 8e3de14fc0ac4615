import type { ErrorObject } from 'ajv'
import { invalidType, tooBig, tooSmall, type SizeType } from '~/lib/field-errors'
import { HttpError } from '~/server/http/problem'

export type FieldErrors = Record<string, { code: string; params?: Record<string, unknown> }>

type Json = Record<string, unknown>

/** The contract's answer for fields that break its rules: 400 `validation` with `data.errors`. */
export function validationError(errors: FieldErrors) {
  return new HttpError(400, 'Invalid enquiry', 'Please check your entries and try again.', { code: 'validation', errors })
}

const typeName = (type: unknown) => (type === 'integer' ? 'number' : String(Array.isArray(type) ? type[0] : type))

/**
 * What a size keyword of ajv measures (the field error's `params.type`): a text's length, a
 * number, a list's entries; an object's properties are counted as entries of a list.
 */
const SIZE_TYPE: Record<string, SizeType> = {
  maxLength: 'string',
  minLength: 'string',
  maximum: 'number',
  minimum: 'number',
  maxItems: 'array',
  minItems: 'array',
  maxProperties: 'array',
  minProperties: 'array',
}

/**
 * One field error of ajv in the codes the API has always answered (and the pages translate):
 * `invalid_type` ({ expected }), `invalid_value` (not one of an enum), `too_small` / `too_big`
 * ({ type, minimum } / { type, maximum }, made as the shared checks make them: src/lib/field-errors.ts),
 * `invalid_format` ({ format }), `invalid_date`, `unrecognized_keys`.
 * `resolve` follows `$ref`s of the contract (a missing property's type is in its schema).
 */
function fieldError(error: ErrorObject, resolve: (schema: Json) => Json): { path: string[]; code: string; params: Record<string, unknown> } {
  const path = error.instancePath.split('/').slice(1).map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
  const p = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required': {
      const name = String(p.missingProperty)
      const properties = (resolve((error.parentSchema ?? {}) as Json).properties ?? {}) as Record<string, Json>
      const schema = resolve(properties[name] ?? {})
      if (schema.enum) return { path: [...path, name], code: 'invalid_value', params: {} }
      return { path: [...path, name], ...invalidType(typeName(schema.type)) }
    }
    case 'type':
      // Not one of an enum, whatever its type.
      if (resolve((error.parentSchema ?? {}) as Json).enum) return { path, code: 'invalid_value', params: {} }
      // A fraction where a whole number belongs is told apart from a value of another type.
      if (p.type === 'integer' && typeof error.data === 'number' && Number.isFinite(error.data)) {
        return { path, ...invalidType('int', { format: 'safeint' }) }
      }
      return { path, ...invalidType(typeName(p.type)) }
    case 'enum':
    case 'const':
      return { path, code: 'invalid_value', params: {} }
    case 'maxLength':
    case 'maxItems':
    case 'maximum':
    case 'maxProperties':
      return { path, ...tooBig(SIZE_TYPE[error.keyword]!, p.limit as number) }
    case 'minLength':
    case 'minItems':
    case 'minimum':
    case 'minProperties':
      return { path, ...tooSmall(SIZE_TYPE[error.keyword]!, p.limit as number) }
    case 'pattern':
      return { path, code: 'invalid_format', params: { format: 'regex' } }
    case 'format':
      // A calendar day that does not exist (2026-02-30) as much as a malformed one.
      if (p.format === 'date') return { path, code: 'invalid_date', params: {} }
      return { path, code: 'invalid_format', params: { format: p.format === 'date-time' ? 'datetime' : p.format } }
    case 'additionalProperties':
      return { path, code: 'unrecognized_keys', params: {} }
    default:
      return { path, code: 'invalid', params: {} }
  }
}

/**
 * ajv's errors as the contract's field errors: dotted paths (`_` for the whole value), the first
 * error of a field wins; a list with too many entries is one error, not one more per entry.
 */
export function toFieldErrors(list: ErrorObject[], resolve: (schema: Json) => Json): FieldErrors {
  const errors: FieldErrors = {}
  for (const error of list) {
    const { path, code, params } = fieldError(error, resolve)
    const key = path.join('.') || '_'
    if (!errors[key]) errors[key] = { code, params }
  }
  const tooLong = list.filter((e) => e.keyword === 'maxItems').map((e) => e.instancePath.split('/').slice(1).join('.'))
  for (const key of Object.keys(errors)) {
    if (tooLong.some((list) => key.startsWith(list ? `${list}.` : ''))) delete errors[key]
  }
  return errors
}

/** A field holding U+0000 (PostgreSQL cannot store it in text; no form sends it). */
export const nulError = (path: string) => validationError({ [path || '_']: { code: 'invalid', params: {} } })

/**
 * The dotted path of the first string (or key) holding U+0000 in a JSON value, if any. Walks
 * with its own stack: a body of thousands of nested arrays must not overflow the call stack
 * (found by the contract fuzzer).
 */
export function pathOfNul(root: unknown): string | undefined {
  type Node = { value: unknown; key: string; parent?: Node }
  const pathOf = (node: Node) => {
    const keys: string[] = []
    for (let n: Node | undefined = node; n?.parent; n = n.parent) keys.push(n.key)
    return keys.reverse().join('.')
  }
  const stack: Node[] = [{ value: root, key: '' }]
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { value } = node
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(node)
      continue
    }
    if (!value || typeof value !== 'object') continue
    for (const [key, inner] of Object.entries(value).reverse()) {
      const child = { value: inner, key, parent: node }
      if (key.includes('\u0000')) return pathOf(child)
      stack.push(child)
    }
  }
  return undefined
}
