import type { operations as shopOperations, paths } from '~/api/schema.gen'
import type { operations as adminOperations, paths as adminPaths } from '~/api/admin-schema.gen'
import type { Role } from '~/server/domain/staff/accounts'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import type { Db } from '~/server/db/client'
import type { Shop, ShopDirectory } from '~/server/domain/shops'
import type { PaymentProviders } from '~/server/payments/provider'
import type { Locale } from '~/lib/locale'

export type { Locale }
export type ApiPath = keyof paths | keyof adminPaths
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** The operations of both contracts (openapi/webshop.yaml and openapi/admin.yaml; their ids never clash). */
type operations = shopOperations & adminOperations
export type ShopOperationId = keyof shopOperations
export type AdminOperationId = keyof adminOperations
export type OperationId = ShopOperationId | AdminOperationId
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
  /**
   * A visitor's write that many may send at once and most be refused (the last places of a
   * date): a check that reads only and throws the refusal, run before the call's Idempotency-Key
   * is claimed, so a refusal costs no write. Its refusal is answered like one thrown by the
   * handler (not stored under the key), unless the key is already known (see handler.ts).
   */
  refuseEarly?: (ctx: ApiContext, input: OperationInput<O>) => Promise<void>
  /** The answer for a parameter the contract refuses, instead of the general one (`''` for a path parameter, a 400 `validation` for the query). */
  invalidParameter?: Partial<Record<keyof ParamsIn<O, 'path'> | keyof ParamsIn<O, 'query'>, (value: string) => Error>>
  /** Query parameters the contract does not declare are refused (400 `unrecognized_keys`) instead of ignored. */
  strictQuery?: boolean
}

/** A handler for every operation of openapi/webshop.yaml, keyed by operationId. */
export type OperationHandlers = { [O in ShopOperationId]: OperationDef<O> }
/** A handler for every operation of openapi/admin.yaml, keyed by operationId. */
export type AdminOperationHandlers = { [O in AdminOperationId]: OperationDef<O> }

/**
 * Who calls an operation: `visitor` (writes need the anti-forgery pair and an idempotency key),
 * `provider` (a payment provider; the handler verifies its signature), `operator` (bearer token
 * of the shop; an idempotency key is optional), `staff` (the staff session cookie and the role
 * of `x-role`; writes like visitors'). The contract says which (src/server/api/contract.ts).
 */
export type Access = 'visitor' | 'provider' | 'operator' | 'staff'

/** What the staff contract asks of a caller (`x-role`): nobody signed in (`public`) or at least a role. */
export type StaffRequirement = 'public' | Role

export type ApiContext = {
  request: Request
  url: URL
  requestId: string
  shop: Shop
  locale: Locale
  db: Db
  /** The shops by host; a change of a shop's configuration makes it `forget` that shop at once. */
  shops: Pick<ShopDirectory, 'forget'>
  /** The domain below which the shops have their own addresses (`{shop}.HOSTED_DOMAIN`). */
  hostedDomain: string
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
  /** The signed-in staff member (operations of openapi/admin.yaml with a role; checked before the handler runs). */
  staff?: StaffPrincipal
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
  /** Validates the request against the contract, then runs the operation's `refuseEarly` check (when it has one). */
  refuseEarly?: (ctx: ApiContext, params: Record<string, string>) => Promise<void>
  access: Access
  /** Operations of openapi/admin.yaml: who may call (`x-role`). */
  staffRole?: StaffRequirement
  /** Whether a repeated Idempotency-Key answers the stored answer (`x-replay: false`: never, the answer carries a new session). */
  replay: boolean
  /** The operation's own body bound (`x-max-body-bytes`; staff operations only); else the API's default. */
  maxBodyBytes?: number
  /** The body is not JSON (an image): the handler reads it as bytes, and its idempotency fingerprint hashes the bytes. */
  rawBody?: boolean
  /**
   * A read whose contract declares a 304: its 200 gets an ETag (unless it has its own, or must
   * not be kept), and an If-None-Match that names it a 304 (src/server/http/conditional.ts).
   */
  conditional?: boolean
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
