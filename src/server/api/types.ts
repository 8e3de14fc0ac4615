import type { paths } from '../../api/schema.gen'
import type { Db } from '../db/client'
import type { Shop } from '../domain/shops'
import type { PaymentProviders } from '../payments/provider'
import type { Locale } from '../../lib/locale'

export type { Locale }
export type ApiPath = keyof paths
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

type Op<P extends ApiPath, M extends Method> = paths[P] extends Record<M, infer O> ? O : never
type SuccessStatus = 200 | 201 | 202
type ResponsesOf<P extends ApiPath, M extends Method> = Op<P, M> extends { responses: infer R } ? R : never

/** The JSON body of the success answer of an operation, as the contract declares it. */
export type SuccessBody<P extends ApiPath, M extends Method, S extends SuccessStatus = SuccessStatus> = {
  [K in S & keyof ResponsesOf<P, M>]: ResponsesOf<P, M>[K] extends {
    content: { 'application/json': infer B }
  }
    ? B
    : never
}[S & keyof ResponsesOf<P, M>]

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

export type RouteDef = {
  /** The contract path this route implements, e.g. `/api/webshop/v1/carts/{cartId}`. */
  path: ApiPath
  method: Uppercase<Method>
  handler: RouteHandler
  /**
   * Who calls it: `visitor` (default; writes need the anti-forgery pair and an idempotency key),
   * `provider` (a payment provider; the handler verifies its signature), `operator` (bearer token
   * of the shop; an idempotency key is optional).
   */
  access?: 'visitor' | 'provider' | 'operator'
}

/** A JSON answer whose body is checked against the contract at compile time. */
export function json<P extends ApiPath, M extends Method>(
  _path: P,
  _method: M,
  body: SuccessBody<P, M>,
  init: { status?: SuccessStatus; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...init.headers },
  })
}
