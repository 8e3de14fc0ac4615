import type { operations, paths } from '~/api/schema.gen'
import type { Db } from '~/server/db/client'
import type { Shop } from '~/server/domain/shops'
import type { PaymentProviders } from '~/server/payments/provider'
import type { Locale } from '~/lib/locale'

export type { Locale }
export type ApiPath = keyof paths
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

export type OperationId = keyof operations
type SuccessStatus = 200 | 201 | 202
type ResponsesOf<O extends OperationId> = operations[O]['responses']

/** The JSON body of the success answer of an operation, as the contract declares it. */
export type SuccessBody<O extends OperationId, S extends SuccessStatus = SuccessStatus> = {
  [K in S & keyof ResponsesOf<O>]: ResponsesOf<O>[K] extends {
    content: { 'application/json': infer B }
  }
    ? B
    : never
}[S & keyof ResponsesOf<O>]

type ParamsIn<O extends OperationId, In extends 'path' | 'query'> = [NonNullable<operations[O]['parameters'][In]>] extends [never]
  ? Record<string, never>
  : NonNullable<operations[O]['parameters'][In]>
type BodyOf<O extends OperationId> = [NonNullable<operations[O]['requestBody']>] extends [never]
  ? undefined
  : NonNullable<operations[O]['requestBody']> extends { content: { 'application/json': infer B } }
    ? B
    : undefined

/**
 * What a handler gets, validated against the contract: path parameters (a value the contract
 * refuses arrives as `''`: it names nothing), query parameters (typed, defaults applied) and the
 * JSON body of a visitor's or operator's write.
 */
export type OperationInput<O extends OperationId> = { path: ParamsIn<O, 'path'>; query: ParamsIn<O, 'query'>; body: BodyOf<O> }

export type OperationDef<O extends OperationId> = {
  handler: (ctx: ApiContext, input: OperationInput<O>) => Promise<Response>
  /** The answer for a parameter the contract refuses, instead of the general one (`''` for a path parameter, a 400 `validation` for the query). */
  invalidParameter?: Partial<Record<keyof ParamsIn<O, 'path'> | keyof ParamsIn<O, 'query'>, (value: string) => Error>>
  /** Query parameters the contract does not declare are refused (400 `unrecognized_keys`) instead of ignored. */
  strictQuery?: boolean
}

/** A handler for every operation of the contract, keyed by operationId. */
export type OperationHandlers = { [O in OperationId]: OperationDef<O> }

/**
 * Who calls an operation: `visitor` (writes need the anti-forgery pair and an idempotency key),
 * `provider` (a payment provider; the handler verifies its signature), `operator` (bearer token
 * of the shop; an idempotency key is optional). The contract says which (src/server/api/contract.ts).
 */
export type Access = 'visitor' | 'provider' | 'operator'

export type ApiContext = {
  request: Request
  url: URL
  requestId: string
  shop: Shop
  locale: Locale
  db: Db
  /** The instant the request is handled at (one clock for the whole request). */
  now: Date
  /** Whether cookies get the Secure attribute. */
  secureCookies: boolean
  xsrfSecret: () => Promise<string>
  /** The shop's canonical origin (src/server/http/public-origin.ts, never the request's headers), for links in e-mails and provider redirects. */
  origin: string
  payments: PaymentProviders
  /** The client's address as the rate limiter sees it (TRUST_PROXY: our proxy's X-Forwarded-For). */
  clientAddress: string
}

export type RouteHandler = (ctx: ApiContext, params: Record<string, string>) => Promise<Response>

/** An operation of the contract as the router serves it (built by src/server/api/contract.ts). */
export type RouteDef = {
  id: OperationId
  /** The contract path this route implements, e.g. `/api/webshop/v1/carts/{cartId}`. */
  path: ApiPath
  method: Uppercase<Method>
  /** Validates the request against the contract, then runs the operation's handler. */
  handler: RouteHandler
  access: Access
}

/** A JSON answer of an operation, its body checked against the contract at compile time. */
export function json<O extends OperationId>(
  _operation: O,
  body: SuccessBody<O>,
  init: { status?: SuccessStatus; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...init.headers },
  })
}
