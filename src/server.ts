import { randomBytes } from 'node:crypto'
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { isApiPath } from './server/api/handler'
import { getEnv } from './server/env'
import { errorResponse, errors, REQUEST_ID_HEADER } from './server/http/problem'
import { BODY_LIMITS, BodyTooLarge, withBoundedBody } from './server/http/body-limit'
import { invalidHostPage, isPersonalPage, isStaffPage, securityHeaders, staffPageHeaders, transportHeaders } from './server/http/pages'
import { isSecureRequest } from './server/http/public-origin'
import { isServerFunction, SERVER_FN_BASE } from './server/http/server-functions'
import { getRuntime, newRequestId } from './server/runtime'
import { resolveHost } from './server/tenancy'
import { robots, sitemap } from './server/http/seo'
import { embedLoaderResponse } from './server/http/embed-loader'
import embedLoader from 'virtual:embed-loader'
import { BUILD_ID } from './lib/build-id'
import { registerBuildId } from './server/build'
import type { PageRequestContext } from '~/functions/request-context'

// The API runtime, loaded from source beside this bundle, answers the staff's 'about' with this build's id.
registerBuildId(BUILD_ID)

declare module '@tanstack/react-router' {
  interface Register {
    server: { requestContext: PageRequestContext }
  }
}

function sentryOrigin(dsn: string | undefined) {
  if (!dsn) return []
  try {
    return [new URL(dsn).origin]
  } catch {
    return []
  }
}

/** Adds the headers every answer carries (nosniff; HSTS over HTTPS). */
function finish(response: Response, secure: boolean): Response {
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(transportHeaders(secure))) headers.set(name, value)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * The server entry: one request id per request, the host rule (src/server/tenancy.ts) before anything is
 * rendered, the build id for deployment checks, then the API (server routes under /api and
 * /sanctum) or the SSR pages with their security headers.
 */
export default createServerEntry({
  async fetch(request) {
    const env = getEnv()
    return finish(await answer(request), isSecureRequest(request, env.TRUST_PROXY))
  },
})

async function answer(request: Request): Promise<Response> {
  const requestId = newRequestId()
  const url = new URL(request.url)
  const env = getEnv()
  const host = request.headers.get('host') ?? url.host
  if (resolveHost(host, env.HOSTED_DOMAIN).kind === 'invalid') {
    if (isApiPath(url.pathname)) {
      const runtime = await getRuntime()
      return runtime.api(request, { requestId })
    }
    return invalidHostPage(requestId)
  }
  // The API bounds its bodies and counts its reads itself.
  if (isApiPath(url.pathname)) return handler.fetch(request, { context: pageContext(requestId) })
  // Pages and server functions count against the client's read budget.
  const retryAfter = (await getRuntime()).limitRead?.(request) ?? null
  if (retryAfter !== null) return errorResponse(errors.tooManyRequests(retryAfter), requestId)
  if (url.pathname.startsWith(SERVER_FN_BASE)) {
    // A server function takes its arguments only: a bounded body (413), read before anything else.
    try {
      request = await withBoundedBody(request, BODY_LIMITS.serverFunction)
    } catch (error) {
      if (error instanceof BodyTooLarge) return errorResponse(errors.payloadTooLarge(error.limit), requestId)
      throw error
    }
    // An id the build does not know: a plain 404 (TanStack Start would throw and log a stack).
    if (!(await isServerFunction(url.pathname.slice(SERVER_FN_BASE.length).split('/')[0] ?? ''))) {
      return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', [REQUEST_ID_HEADER]: requestId } })
    }
    return handler.fetch(request, { context: pageContext(requestId) })
  }
  // Pages (and the build id, loader, sitemap, robots.txt) are read-only.
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', {
      status: 405,
      headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', [REQUEST_ID_HEADER]: requestId },
    })
  }
  if (url.pathname === '/_build/latest.json') {
    return new Response(JSON.stringify({ buildId: BUILD_ID }), {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', [REQUEST_ID_HEADER]: requestId },
    })
  }
  // The widgets' loader script: plain JS built with the app, short-cached.
  if (url.pathname === '/embed/v1/loader.js') return embedLoaderResponse(request, embedLoader, requestId)
  if (url.pathname === '/sitemap.xml' || url.pathname === '/robots.txt') {
    const runtime = await getRuntime()
    // Links carry the shop's canonical origin, never the request's host (public-origin.ts).
    const origin = await runtime.origin(host)
    return url.pathname === '/robots.txt' ? robots(requestId, origin) : sitemap(request, runtime.api, requestId, origin)
  }
  const context = pageContext(requestId)
  const response = await handler.fetch(request, { context })
  const headers = new Headers(response.headers)
  if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, requestId)
  const html = (headers.get('content-type') ?? '').includes('text/html')
  if (html) {
    const security = securityHeaders(url.pathname, { nonce: context.nonce, connectSources: sentryOrigin(env.SENTRY_DSN), frameAncestors: context.frameAncestors.value })
    for (const [name, value] of Object.entries(security)) headers.set(name, value)
  }
  // The page, and a redirect away from it, both name the cart or the payment link.
  if (isPersonalPage(url.pathname)) headers.set('cache-control', 'no-store')
  if (isStaffPage(url.pathname)) for (const [name, value] of Object.entries(staffPageHeaders())) headers.set(name, value)
  const wanted = context.responseStatus.value
  // Error screens, and pages that show an outcome themselves (an expired payment link: 410).
  const status = html && wanted && (response.status >= 400 || wanted >= 400) ? wanted : response.status
  return new Response(response.body, { status, statusText: status === response.status ? response.statusText : '', headers })
}

function pageContext(requestId: string): PageRequestContext {
  return {
    requestId,
    nonce: randomBytes(16).toString('base64'),
    responseStatus: {},
    frameAncestors: {},
    buildId: BUILD_ID,
  }
}
