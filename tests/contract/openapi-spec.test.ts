import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { generateTypes, typesFile } from '../../scripts/gen-api'
import { operations, spec } from '../support/contract'
import { shopRoutes as routes } from '../../src/server/api/routes'

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
    /** Operations without the locale header, and why: they answer no text a visitor reads. */
    const WITHOUT_LOCALE: Record<string, string> = {
      getMedia: 'an image',
      getIcon: 'an SVG icon',
      receivePaymentWebhook: "the payment provider's call",
      listRequests: "the operator's CLI (English; e-mails go out in the booking's language)",
      getRequest: "the operator's CLI",
      answerRequest: "the operator's CLI",
      cancelBooking: "the operator's CLI",
    }
    for (const { op, id, method, template } of operations) {
      expect(id, `${method} ${template}`).toBeTruthy()
      const responses = op.responses as Record<string, { $ref?: string }>
      expect(responses.default?.$ref, `${id}: default response`).toBe('#/components/responses/Error')
      const refs = ((op.parameters ?? []) as { $ref?: string }[]).map((p) => p.$ref)
      expect(refs.includes('#/components/parameters/Locale'), `${id}: the X-FLOWIN-LOCALE header${WITHOUT_LOCALE[id] ? ` (listed as without: ${WITHOUT_LOCALE[id]})` : ''}`).toBe(!WITHOUT_LOCALE[id])
    }
    // The header itself: optional, in the header, one of the shop's languages.
    const locale = (spec.components as { parameters: Record<string, { in: string; name: string; required?: boolean; schema: { $ref?: string; enum?: string[] } }> }).parameters.Locale!
    expect([locale.in, locale.name.toLowerCase(), locale.required ?? false]).toEqual(['header', 'x-flowin-locale', false])
    const ids = operations.map((o) => o.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('asks every visitor write for the anti-forgery token and an Idempotency-Key; operators and providers authenticate otherwise', () => {
    const accessOf = (op: Record<string, unknown>) =>
      Array.isArray(op.security) && op.security.some((s) => 'operatorToken' in (s as object)) ? 'operator' : op['x-access'] === 'provider' ? 'provider' : 'visitor'
    for (const { op, id, method } of operations.filter((o) => o.method !== 'GET')) {
      const params = (op.parameters ?? []) as { $ref?: string; name?: string; in?: string }[]
      const refs = params.map((p) => p.$ref)
      const access = accessOf(op)
      if (access === 'visitor') {
        expect(refs, id).toContain('#/components/parameters/XsrfToken')
        expect(refs, id).toContain('#/components/parameters/IdempotencyKey')
      } else if (access === 'operator') {
        expect(params.some((p) => p.name === 'Idempotency-Key' && p.in === 'header'), id).toBe(true)
      } else {
        expect(params.some((p) => p.name === 'Webhook-Signature' && p.in === 'header'), id).toBe(true)
      }
      expect(method).not.toBe('GET')
    }
    // The server treats each operation as the contract says (src/server/api/routes.ts `access`).
    for (const route of routes) {
      const entry = operations.find((o) => o.template === route.path && o.method === route.method)
      expect(entry, `${route.method} ${route.path} is in the contract`).toBeDefined()
      expect(route.access ?? 'visitor', entry!.id).toBe(accessOf(entry!.op))
    }
    expect(spec.components.schemas.Error.required).toEqual(['statusCode', 'statusMessage', 'message', 'data'])
  })

  it('matches the committed generated types (npm run gen:api)', async () => {
    expect(readFileSync(typesFile, 'utf8')).toBe(await generateTypes())
  })
})
