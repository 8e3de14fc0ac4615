import { createHash, randomUUID } from 'node:crypto'
import type { Db } from '~/server/db/client'
import { authenticateOperator } from '~/server/domain/operator'
import { getOrCreateSecret } from '~/server/domain/secrets'
import { providerRegistry, type PaymentProviders } from '~/server/payments/provider'
import { createSandboxProvider, SANDBOX_PATH, type SandboxProvider } from '~/server/payments/sandbox'
import type { ShopDirectory } from '~/server/domain/shops'
import { checkIdempotencyKey, fingerprint, isKnownKey, withIdempotency } from '~/server/http/idempotency'
import { ClientAbortError, errorResponse, errors, HttpError, isClientAbort, isDatabaseUnavailable, problemOf, readRequestBody, REQUEST_ID_HEADER } from '~/server/http/problem'
import { DomainError } from '~/server/domain/errors'
import { effectiveLocale } from '~/lib/locale'
import { readCookie, verifyXsrf, XSRF_COOKIE, XSRF_HEADER } from '~/server/http/xsrf'
import { clientAddress, createRateLimiter } from '~/server/http/rate-limit'
import { BODY_LIMITS, BodyTooLarge, refuseDeclaredOver, withBoundedBody } from '~/server/http/body-limit'
import { isSecureRequest, shopOrigin, type OriginSettings } from '~/server/http/public-origin'
import { transportHeaders } from '~/server/http/pages'
import { conditional } from '~/server/http/conditional'
import { compileContract, type CompiledRoute, type OpenApiDocument } from './contract'
import { handlers } from './operations'
import { forgetShopReads } from './operations/context'
import { adminRoutes, routes } from './routes'
import { authenticateStaffSession } from '~/server/domain/staff/sessions'
import { hasRole } from '~/server/domain/staff/accounts'
import { readStaffSecret } from '~/server/http/staff-cookie'
import { reportError } from '~/lib/report-error'
import type { ApiContext } from './types'

export type ApiDeps = {
  db: Db
  shops: ShopDirectory
  production: boolean
  xsrfSecret: () => Promise<string>
  /** The clock (tests set it). */
  now?: () => Date
  /** Payment providers; default: the built-in sandbox only. */
  payments?: PaymentProviders
  /** Sandbox: wait before its first webhook delivery (tests: 0). */
  sandboxDeliveryDelayMs?: number
  /**
   * Visitors' writes per minute and client (none or 0: no limit); reads per minute and client
   * address, webhook calls per minute, shop and client address (none or 0: no limit).
   */
  rateLimit?: { perMinute: number; readsPerMinute?: number; webhooksPerMinute?: number }
  /** How the shops' links are built (src/server/http/public-origin.ts). */
  origin: OriginSettings
  /**
   * Behind our own reverse proxy: the client address is the last X-Forwarded-For entry, and
   * X-Forwarded-Proto tells whether the visitor used HTTPS.
   */
  trustProxy?: boolean
  /** Serve another version of openapi/webshop.yaml (tests: a copy with other limits); default: the generated one. */
  contract?: OpenApiDocument
}

export type ApiHandlerWithSandbox = ApiHandler & {
  sandbox: SandboxProvider
  /**
   * Counts a read that came over the network (a page, a server function) against its client's
   * read budget, shared with the API's reads: seconds to wait when over it, else null.
   */
  limitRead: (request: Request) => number | null
}

export type ApiHandler = (request: Request, options: { requestId: string }) => Promise<Response>

/** Paths the built-in back end owns; anything else under them is a JSON 404, never a page. */
export function isApiPath(pathname: string) {
  return pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/sanctum/')
}

/**
 * Answers that carry personal data (carts and their booking, checkout, payments, payment links,
 * operator requests, the anti-forgery cookie): never stored by a browser or a shared cache.
 */
const PERSONAL = /^\/(api\/webshop\/v1\/(carts|payment-links|payments|operator)(\/|$)|api\/admin\/|sanctum\/)/

/**
 * A staff member's schedule feed (a secret address, openapi/admin.yaml `getScheduleFeed`): kept
 * by their calendar app and revalidated on each refresh (its answer says `private, no-cache`),
 * never by a shared cache. Its refusals are `no-store` like every other staff answer.
 */
const REVALIDATED = /^\/api\/admin\/v1\/calendar\/[^/]+\/[^/]+\.ics$/

/** The header that names the visitor's language: every answer's texts depend on it. */
const LOCALE_HEADER = 'x-flowin-locale'

function isLoopback(host: string) {
  const name = host.replace(/:\d+$/, '')
  return name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1' || name === '[::1]'
}

/**
 * The built-in implementation of openapi/webshop.yaml as one fetch-style function. The same
 * function serves HTTP (through the server entry), SSR (in-process, no network hop) and tests.
 */
export function createApiHandler(deps: ApiDeps): ApiHandlerWithSandbox {
  const compiled = deps.contract ? [...compileContract(deps.contract, handlers), ...adminRoutes] : routes
  let webhookSecret: Promise<string> | undefined
  const sandbox = createSandboxProvider({
    db: deps.db,
    secret: () =>
      (webhookSecret ??= getOrCreateSecret(deps.db, 'sandbox-webhook').catch((error) => {
        webhookSecret = undefined
        throw error
      })),
    deliver: (request) => handleApi(request, { requestId: randomUUID() }),
    deliveryDelayMs: deps.sandboxDeliveryDelayMs,
    now: deps.now,
  })
  const payments = deps.payments ?? providerRegistry([sandbox], 'sandbox')
  // Bursts of half the budget per minute; a budget of 0 (or none) is no limit.
  const limiterOf = (perMinute: number | undefined) => (perMinute ? createRateLimiter({ perMinute, burst: Math.max(10, Math.ceil(perMinute / 2)) }) : null)
  const limiter = limiterOf(deps.rateLimit?.perMinute)
  const readLimiter = limiterOf(deps.rateLimit?.readsPerMinute)
  const webhookLimiter = limiterOf(deps.rateLimit?.webhooksPerMinute)
  const limit = (which: ReturnType<typeof limiterOf>, key: string) => {
    const verdict = which?.take(key)
    if (verdict && !verdict.ok) throw errors.tooManyRequests(verdict.retryAfterSeconds)
  }
  const limitRead = (request: Request) => {
    if (!readLimiter || (request as Request & { ip?: string }).ip === undefined) return null
    const verdict = readLimiter.take(clientAddress(request, deps.trustProxy ?? false))
    return verdict.ok ? null : verdict.retryAfterSeconds
  }

  async function dispatch(request: Request, requestId: string): Promise<Response> {
    const url = new URL(request.url)
    const host = request.headers.get('host') ?? url.host
    const lookup = await deps.shops.byHost(host)
    if (!lookup.ok) throw lookup.reason === 'invalid-host' ? errors.invalidHost() : errors.unknownShop()

    const method = request.method === 'HEAD' ? 'GET' : request.method
    let params: Record<string, string> | null = null
    const allowed: string[] = []
    let route: CompiledRoute | undefined
    for (const candidate of compiled) {
      const m = candidate.regex.exec(url.pathname)
      if (!m) continue
      allowed.push(candidate.method)
      if (candidate.method !== method) continue
      route = candidate
      params = {}
      candidate.keys.forEach((key, i) => {
        try {
          const value = decodeURIComponent(m[i + 1]!)
          // No id or slug holds U+0000, and PostgreSQL cannot even compare it: as good as unknown.
          params![key] = value.includes('\u0000') ? '' : value
        } catch {
          params![key] = ''
        }
      })
      break
    }
    if (!route || !params) {
      if (allowed.length > 0) throw errors.methodNotAllowed(allowed)
      throw errors.notFound(url.pathname)
    }

    const shop = lookup.shop
    // Rate limits per client address (429 with Retry-After), before the body is read: visitors'
    // writes per shop; reads, and provider calls per shop, only when they came over the network:
    // the page renderer's in-process calls carry no socket address (`ip`) and are not counted
    // (the page request was), nor are the sandbox's own webhook deliveries.
    const address = clientAddress(request, deps.trustProxy ?? false)
    const networked = (request as Request & { ip?: string }).ip !== undefined
    if (method === 'GET') {
      const retryAfter = limitRead(request)
      if (retryAfter !== null) throw errors.tooManyRequests(retryAfter)
    } else if (route.access === 'provider') {
      if (networked) limit(webhookLimiter, `${shop.id}|${address}`)
    } else if (route.access !== 'operator') {
      limit(limiter, `${shop.id}|${address}`)
    }
    // Every body is read once, bounded (413), before anything looks at it: signatures, JSON. A
    // staff operation with a bound of its own (`x-max-body-bytes`, an upload) is refused here only
    // when its Content-Length says more: dispatchStaff reads it once the member and the pair are
    // checked, so nobody signed out can make the server hold megabytes.
    if (method !== 'GET') {
      if (route.maxBodyBytes !== undefined) refuseDeclaredOver(request, route.maxBodyBytes)
      else request = await withBoundedBody(request, route.access === 'provider' ? BODY_LIMITS.webhook : BODY_LIMITS.json)
    }
    const ctx: ApiContext = {
      // Links (e-mails, payment return and webhook URLs) never take the request's host or scheme.
      origin: shopOrigin(shop, deps.origin),
      payments,
      request,
      url,
      requestId,
      shop,
      locale: effectiveLocale(request.headers.get(LOCALE_HEADER)?.trim().toLowerCase(), shop.config.languages),
      db: deps.db,
      shops: deps.shops,
      hostedDomain: deps.origin.hostedDomain,
      now: deps.now?.() ?? new Date(),
      secureCookies: deps.production && (isSecureRequest(request, deps.trustProxy ?? false) || isLoopback(host)),
      xsrfSecret: deps.xsrfSecret,
      clientAddress: address,
    }

    if (route.access === 'operator') {
      await authenticateOperator(deps.db, shop, request.headers.get('authorization'), ctx.now)
      if (method === 'GET') return route.handler(ctx, params)
      const key = request.headers.get('idempotency-key')
      if (!key) return route.handler(ctx, params)
      const body = await readRequestBody(request)
      const replayable = new Request(request.url, { method: request.method, headers: request.headers, body: body || undefined })
      const routeParams = params
      return withIdempotency(deps.db, shop.id, checkIdempotencyKey(key), fingerprint(method, url.pathname + url.search, body), () =>
        route.handler({ ...ctx, request: replayable }, routeParams),
      )
    }
    if (route.access === 'staff') return dispatchStaff(route, ctx, params, method)
    // A read that opts in is revalidated by ETag: the tag covers the shop, the locale, the path
    // and query, and the body's bytes. The answer varies on the locale header, and on
    // Accept-Encoding (the server gzips JSON: scripts/serve.ts), its 304 too. Nothing is kept
    // between requests; SSR's in-process calls carry no If-None-Match and always get the 200.
    if (method === 'GET') {
      const response = await route.handler(ctx, params)
      return route.conditional ? conditional(request, response, [shop.id, ctx.locale, url.pathname + url.search], [LOCALE_HEADER, 'accept-encoding']) : response
    }
    // A provider signs its calls; the route verifies the signature (no cookies, no key).
    if (route.access === 'provider') return route.handler(ctx, params)

    // Every write: the anti-forgery pair first, then the idempotency key.
    const secret = await deps.xsrfSecret()
    const cookie = readCookie(request.headers.get('cookie'), XSRF_COOKIE)
    if (!verifyXsrf(secret, cookie, request.headers.get(XSRF_HEADER), ctx.now)) throw errors.xsrf()
    const key = checkIdempotencyKey(request.headers.get('idempotency-key'))
    const body = await readRequestBody(request)
    // the body read once, for each reader its own request (a body can be read only once)
    const withBody = () => new Request(request.url, { method: request.method, headers: request.headers, body: body || undefined })
    const replayable = withBody()
    const print = fingerprint(method, url.pathname + url.search, body)
    const routeParams = params
    if (route.refuseEarly) {
      try {
        await route.refuseEarly({ ...ctx, request: withBody() }, routeParams)
      } catch (refusal) {
        // A refusal before anything was written is answered as the handler's own refusals are
        // (nothing stored under the key). A known key is a repetition: it gets the first call's
        // answer (or waits for it) below. Whatever made the check refuse happened after that
        // call claimed its key, so a repetition of a call still running is always known here.
        if (!(await isKnownKey(deps.db, shop.id, key))) throw refusal
      }
    }
    return withIdempotency(deps.db, shop.id, key, print, () =>
      route.handler({ ...ctx, request: replayable }, routeParams),
    )
  }

  /**
   * An operation of openapi/admin.yaml: the session cookie and the role of `x-role` first (401
   * signed out, 403 role too small), then, for a write, the anti-forgery pair (the cookie pair
   * only: no frame token, staff pages are never framed) and the idempotency key, whose stored
   * answers belong to the member who sent them (`x-replay: false`: the key is checked, never replayed).
   * A body with a bound of its own (`x-max-body-bytes`) is read only after all of these checks.
   */
  async function dispatchStaff(route: CompiledRoute, ctx: ApiContext, params: Record<string, string>, method: string): Promise<Response> {
    if (route.staffRole !== 'public') {
      const staff = await authenticateStaffSession(deps.db, ctx.shop.id, readStaffSecret(ctx.request.headers.get('cookie')), ctx.now)
      if (!staff) throw errors.staffSignedOut()
      if (!hasRole(staff.role, route.staffRole!)) throw errors.staffForbidden()
      ctx = { ...ctx, staff }
    }
    if (method === 'GET') return route.handler(ctx, params)
    const secret = await deps.xsrfSecret()
    const cookie = readCookie(ctx.request.headers.get('cookie'), XSRF_COOKIE)
    if (!cookie || !verifyXsrf(secret, cookie, ctx.request.headers.get(XSRF_HEADER), ctx.now)) throw errors.xsrf()
    const key = checkIdempotencyKey(ctx.request.headers.get('idempotency-key'))
    const bounded = route.maxBodyBytes === undefined ? ctx.request : await withBoundedBody(ctx.request, route.maxBodyBytes)
    const bytes = await readBodyBytes(bounded)
    const replayable = new Request(ctx.request.url, { method: ctx.request.method, headers: ctx.request.headers, body: bytes.byteLength ? (bytes as BodyInit) : undefined })
    const call = { ...ctx, request: replayable }
    // A JSON body is fingerprinted as its text; an image (not text) by the hash of its bytes.
    const print = () => fingerprint(method, `${ctx.url.pathname}${ctx.url.search}\n${ctx.staff?.staffId ?? ''}`, route.rawBody ? createHash('sha256').update(bytes).digest('hex') : new TextDecoder().decode(bytes))
    const response = route.replay ? await withIdempotency(deps.db, ctx.shop.id, key, print(), () => route.handler(call, params)) : await route.handler(call, params)
    // A staff change (an offer published or edited, its places, the settings) shows in the
    // visitors' offer reads at once: the shop's two-second read cache is dropped.
    if (response.ok) forgetShopReads(ctx.shop.id)
    return response
  }

  /** A staff write's body (bounded in memory already) as bytes: an image is no text. */
  async function readBodyBytes(request: Request): Promise<Uint8Array> {
    try {
      return new Uint8Array(await request.arrayBuffer())
    } catch (error) {
      throw new ClientAbortError(error)
    }
  }

  async function handleApi(request: Request, { requestId }: { requestId: string }): Promise<Response> {
    const pathname = new URL(request.url).pathname
    const secure = isSecureRequest(request, deps.trustProxy ?? false)
    let response: Response
    try {
      response = pathname.startsWith(SANDBOX_PATH)
        ? await sandbox.handle(await withBoundedBody(request, BODY_LIMITS.page))
        : await dispatch(request, requestId)
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        response = errorResponse(errors.payloadTooLarge(error.limit), requestId)
      } else if (error instanceof HttpError) {
        response = errorResponse(error, requestId)
      } else if (error instanceof DomainError) {
        response = errorResponse(problemOf(error), requestId)
      } else if (isClientAbort(error, request)) {
        // The visitor went away mid-request (an aborted upload): nothing to report, nobody to answer.
        console.warn(`[api] ${request.method} ${pathname}: client aborted (request ${requestId})`)
        response = errorResponse(errors.badRequest('The request was aborted by the client.', { code: 'request.aborted' }), requestId)
      } else if (isDatabaseUnavailable(error)) {
        console.error(`[api] ${request.method} ${request.url}: database unavailable (request ${requestId})`, (error as Error).message)
        reportError(error, { flowinRequestId: requestId, host: request.headers.get('host') ?? '' })
        response = errorResponse(errors.unavailable(), requestId)
      } else {
        console.error(`[api] ${request.method} ${request.url} failed (request ${requestId})`, error)
        reportError(error, { flowinRequestId: requestId, host: request.headers.get('host') ?? '' })
        response = errorResponse(errors.internal(), requestId)
      }
    }
    // Stored answers replayed for an idempotency key carry their original id: this request's wins.
    const headers = new Headers(response.headers)
    headers.set(REQUEST_ID_HEADER, requestId)
    for (const [name, value] of Object.entries(transportHeaders(secure))) headers.set(name, value)
    if (PERSONAL.test(pathname) && !(REVALIDATED.test(pathname) && (response.ok || response.status === 304))) headers.set('cache-control', 'no-store')
    if (request.method === 'HEAD') return new Response(null, { status: response.status, headers })
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
  return Object.assign(handleApi, { sandbox, limitRead })
}
