import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { generateTypes, typesFile } from '../../scripts/gen-api'
import { operations, spec } from '../support/contract'

const specFile = join(import.meta.dirname, '..', '..', 'openapi', 'webshop.yaml')

describe('openapi/webshop.yaml', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(readFileSync(specFile, 'utf8'))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('gives every operation an id, the locale header and the one error body', () => {
    for (const { op, id, method, template } of operations) {
      expect(id, `${method} ${template}`).toBeTruthy()
      const responses = op.responses as Record<string, { $ref?: string }>
      expect(responses.default?.$ref, `${id}: default response`).toBe('#/components/responses/Error')
    }
    const ids = operations.map((o) => o.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('asks every write for the anti-forgery token and an Idempotency-Key', () => {
    for (const { op, id, method } of operations.filter((o) => o.method !== 'GET')) {
      const refs = ((op.parameters ?? []) as { $ref?: string }[]).map((p) => p.$ref)
      expect(refs, id).toContain('#/components/parameters/XsrfToken')
      expect(refs, id).toContain('#/components/parameters/IdempotencyKey')
      expect(method).not.toBe('GET')
    }
    expect(spec.components.schemas.Error.required).toEqual(['statusCode', 'statusMessage', 'message', 'data'])
  })

  it('matches the committed generated types (npm run gen:api)', async () => {
    expect(readFileSync(typesFile, 'utf8')).toBe(await generateTypes())
  })
})
