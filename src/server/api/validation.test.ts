import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { toFieldErrors } from './validation'

// As src/server/api/contract.ts checks bodies: every error, with the schema (verbose).
const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true })
const schema = {
  type: 'object',
  required: ['name', 'count'],
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    count: { type: 'integer', minimum: 1, maximum: 9 },
    people: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', maxLength: 3 } },
    labels: { type: 'object', minProperties: 1, maxProperties: 2 },
  },
}
const validate = ajv.compile(schema)
const errorsOf = (body: unknown) => {
  expect(validate(body)).toBe(false)
  return toFieldErrors(validate.errors ?? [], (s) => s)
}
const valid = { name: 'Anna', count: 2 }

describe('the contract’s field errors (ajv → code and params)', () => {
  it('a text too short or too long is measured in characters (type string)', () => {
    expect(errorsOf({ ...valid, name: 'A' })).toEqual({ name: { code: 'too_small', params: { type: 'string', minimum: 2 } } })
    expect(errorsOf({ ...valid, name: 'Annabel' })).toEqual({ name: { code: 'too_big', params: { type: 'string', maximum: 5 } } })
  })

  it('a number too small or too large is measured by its value (type number)', () => {
    expect(errorsOf({ ...valid, count: 0 })).toEqual({ count: { code: 'too_small', params: { type: 'number', minimum: 1 } } })
    expect(errorsOf({ ...valid, count: 10 })).toEqual({ count: { code: 'too_big', params: { type: 'number', maximum: 9 } } })
  })

  it('a list (and an object’s properties) is measured by its entries (type array); too many entries is one error', () => {
    expect(errorsOf({ ...valid, people: [] })).toEqual({ people: { code: 'too_small', params: { type: 'array', minimum: 1 } } })
    expect(errorsOf({ ...valid, people: ['a', 'b', 'cdef'] })).toEqual({ people: { code: 'too_big', params: { type: 'array', maximum: 2 } } })
    expect(errorsOf({ ...valid, labels: {} })).toEqual({ labels: { code: 'too_small', params: { type: 'array', minimum: 1 } } })
    expect(errorsOf({ ...valid, labels: { a: 1, b: 2, c: 3 } })).toEqual({ labels: { code: 'too_big', params: { type: 'array', maximum: 2 } } })
  })

  it('a value of another type names the type expected; a missing one too', () => {
    expect(errorsOf({ ...valid, count: 'two' })).toEqual({ count: { code: 'invalid_type', params: { expected: 'number' } } })
    expect(errorsOf({ ...valid, count: 1.5 })).toEqual({ count: { code: 'invalid_type', params: { expected: 'int', format: 'safeint' } } })
    expect(errorsOf({ ...valid, name: 3 })).toEqual({ name: { code: 'invalid_type', params: { expected: 'string' } } })
    expect(errorsOf({ name: 'Anna' })).toEqual({ count: { code: 'invalid_type', params: { expected: 'number' } } })
    expect(errorsOf({ count: 2 })).toEqual({ name: { code: 'invalid_type', params: { expected: 'string' } } })
  })
})
