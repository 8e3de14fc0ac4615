/**
 * The server and the browser follow openapi/webshop.yaml, not a copy of it: a copy of the contract
 * with other limits, served by the same handlers, answers by the copy's rules; the browser's rules
 * module is generated from it; every operation has its handler and no handler lacks its operation.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { contractFile, generateContract, generateRules, rulesFile } from '../../scripts/gen-api'
import { LIMITS } from '../../src/api/contract-rules.gen'
import { MAX_LENGTH } from '../../src/lib/checkout-validation'
import { compileContract } from '../../src/server/api/contract'
import { createApiHandler, type ApiHandler, type ApiHandlerWithSandbox } from '../../src/server/api/handler'
import { handlers } from '../../src/server/api/operations'
import { shopRoutes as routes } from '../../src/server/api/routes'
import type { Database } from '../../src/server/db/client'
import { ShopDirectory } from '../../src/server/domain/shops'
import { originSettings } from '../../src/server/http/public-origin'
import { seedDemoData } from '../../src/server/seed/seed'
import { describeEachDatabase } from '../support/databases'
import { contractProblems } from '../support/contract'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the contract's JSON as parsed from YAML, untyped by nature
type Json = Record<string, any>

const specFile = join(import.meta.dirname, '..', '..', 'openapi', 'webshop.yaml')
const readSpec = (): Json => parse(readFileSync(specFile, 'utf8'))

/** A copy of the contract: a first name of at most 5 characters, a search text of at most 3. */
function stricterCopy(): Json {
  const spec = readSpec()
  spec.components.schemas.CheckoutInput.properties.person.properties.firstname.maxLength = 5
  const q = (spec.paths['/api/webshop/v1/offers'].get.parameters as Json[]).find((p) => p.name === 'q')!
  q.schema.maxLength = 3
  return spec
}

const HOST = 'http://alpin.shop.test'

describeEachDatabase('the server follows its contract', (factory) => {
  let database: Database
  let original: ApiHandlerWithSandbox
  let copy: ApiHandlerWithSandbox

  const api = (contract?: Json) =>
    createApiHandler({
      db: database.db,
      shops: new ShopDirectory(database.db, { hostedDomain: 'shop.test', defaultShop: 'alpin' }),
      origin: originSettings({ HOSTED_DOMAIN: 'shop.test', DEFAULT_TENANT: 'alpin', PUBLIC_SCHEME: 'http' }),
      production: false,
      xsrfSecret: async () => 'contract-driven-test-secret',
      sandboxDeliveryDelayMs: 0,
      ...(contract ? { contract } : {}),
    })

  beforeAll(async () => {
    database = await factory.create()
    await seedDemoData(database.db, { offers: false })
    original = api()
    copy = api(stricterCopy())
  })
  afterAll(async () => {
    await original?.sandbox.settled()
    await copy?.sandbox.settled()
    await database?.close()
  })

  const call = async (handler: ApiHandler, path: string, init?: RequestInit) => {
    const request = new Request(`${HOST}${path}`, init)
    const probe = request.clone()
    const response = await handler(request, { requestId: randomUUID() })
    // Both answer within the one contract's error shape.
    expect(await contractProblems(probe, response)).toEqual([])
    return response
  }

  it('a query parameter: the copy refuses a search text the original takes', async () => {
    const path = '/api/webshop/v1/offers?q=hike'
    expect((await call(original, path)).status).toBe(200)
    const refused = await call(copy, path)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      statusCode: 400,
      statusMessage: 'Invalid enquiry',
      message: 'Please check your entries and try again.',
      data: { code: 'validation', errors: { q: { code: 'too_big', params: { maximum: 3 } } } },
    })
  })

  it('a checkout field: the copy refuses a first name of 9 characters, the original checks on', async () => {
    const checkout = async (handler: ApiHandler) => {
      const cookie = await call(handler, '/sanctum/csrf-cookie')
      const token = (cookie.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=').slice(1).join('=')
      const headers = { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token, 'content-type': 'application/json' }
      const write = (path: string, body: unknown) => call(handler, path, { method: 'POST', headers: { ...headers, 'idempotency-key': randomUUID() }, body: JSON.stringify(body) })
      const cart = (await (await write('/api/webshop/v1/carts', {})).json()).data.id as string
      const response = await write(`/api/webshop/v1/carts/${cart}/checkout`, {
        mode: 'order',
        items: [],
        customer: { type: 'PRIVATE' },
        person: { firstname: 'Alexander', surname: 'Muster', email: 'alexander@example.com', phone: '+41 79 900 00 00' },
        address: { street: 'Bahnhofstrasse', streetNumber: '1', postalCode: '8001', city: 'Zürich', country: 'CH' },
        paymentMethod: 'PAY_LATER',
        termsAccepted: true,
      })
      return { status: response.status, body: await response.json() }
    }
    const strict = await checkout(copy)
    expect(strict.status).toBe(400)
    expect(strict.body.data).toMatchObject({ code: 'validation', errors: { 'person.firstname': { code: 'too_big', params: { maximum: 5 } } } })
    expect(Object.keys(strict.body.data.errors)).toEqual(['person.firstname'])
    // The original contract lets the name through; the cart (empty) is what stops this checkout.
    const lenient = await checkout(original)
    expect(lenient.body.data?.errors?.['person.firstname']).toBeUndefined()
  })
})

describe('the handlers and the browser follow the contract', () => {
  it('every operation of the contract is answered by its handler, keyed by operationId', () => {
    const spec = readSpec()
    const ids = Object.values(spec.paths as Json).flatMap((item) => Object.values(item as Json).map((op) => (op as Json).operationId).filter(Boolean))
    expect(Object.keys(handlers).sort()).toEqual([...ids].sort())
    expect(routes.map((r) => r.id).sort()).toEqual([...ids].sort())
  })

  it('refuses to start with an operation that has no handler, or a handler without operation', () => {
    const extra = readSpec()
    extra.paths['/api/webshop/v1/extra'] = { get: { operationId: 'extraOperation', responses: { default: { $ref: '#/components/responses/Error' } } } }
    expect(() => compileContract(extra, handlers)).toThrow(/no handler for operation extraOperation/)
    const fewer = readSpec()
    delete fewer.paths['/api/webshop/v1/config']
    expect(() => compileContract(fewer, handlers)).toThrow(/handlers for operations the contract does not have: getShopConfig/)
  })

  it('the browser checks the limits of the contract, and the generated files are current', () => {
    const spec = readSpec()
    const person = spec.components.schemas.CheckoutInput.properties.person.properties
    expect(MAX_LENGTH['person.firstname']).toBe(person.firstname.maxLength)
    expect(MAX_LENGTH['person.email']).toBe(person.email.maxLength)
    expect(MAX_LENGTH.message).toBe(spec.components.schemas.CheckoutInput.properties.message.maxLength)
    expect(MAX_LENGTH.participantExtras).toBe(spec.components.schemas.ParticipantInput.properties.extras.maxItems)
    expect(LIMITS.CheckoutInput['address.country'].maxLength).toBe(spec.components.schemas.CheckoutInput.properties.address.properties.country.maxLength)
    // A change of the contract reaches the browser's module when it is generated again.
    expect(generateRules(stricterCopy())).toContain('"maxLength": 5')
    expect(readFileSync(rulesFile, 'utf8')).toBe(generateRules())
    expect(readFileSync(contractFile, 'utf8')).toBe(generateContract())
  })
})
