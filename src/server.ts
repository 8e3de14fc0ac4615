import { randomBytes } from 'node:crypto'
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { isApiPath } from './server/api/handler'
import { getEnv } from './server/env'
import { REQUEST_ID_HEADER } from './server/http/problem'
import { invalidHostPage, securityHeaders } from './server/http/pages'
import { getRuntime, newRequestId } from './server/runtime'
import { resolveHost } from './server/tenancy'
import { robots, sitemap } from './server/http/seo'
import { embedLoaderResponse } from './server/http/embed-loader'
import embedLoader from 'virtual:embed-loader'
import { BUILD_ID } from './lib/build-id'
import type { PageRequestContext } from './lib/request-context'

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

/**
 * The server entry: one request id per request, the host rule of spec §5 before anything is
 * rendered, the build id for deployment checks, then the API (server routes under /api and
 * /sanctum) or the SSR pages with their security headers.
 */
export default createServerEntry({
  async fetch(request) {
    const requestId = newRequestId()
    const url = new URL(request.url)
    const env = getEnv()
    if (resolveHost(request.headers.get('host') ?? url.host, env.HOSTED_DOMAIN).kind === 'invalid') {
      if (isApiPath(url.pathname)) {
        const runtime = await getRuntime()
        return runtime.api(request, { requestId })
      }
      return invalidHostPage(requestId)
    }
    if (url.pathname === '/_build/latest.json') {
      return new Response(JSON.stringify({ buildId: BUILD_ID }), {
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store', [REQUEST_ID_HEADER]: requestId },
      })
    }
    // The widgets' loader script (issue 7): plain JS built with the app, short-cached.
    if (url.pathname === '/embed/v1/loader.js' && (request.method === 'GET' || request.method === 'HEAD')) {
      return embedLoaderResponse(request, embedLoader, requestId)
    }
    if (url.pathname === '/sitemap.xml') return sitemap(request, (await getRuntime()).api, requestId)
    if (url.pathname === '/robots.txt') return robots(request, requestId)
    const context: PageRequestContext = {
      requestId,
      nonce: randomBytes(16).toString('base64'),
      responseStatus: {},
      frameAncestors: {},
      buildId: BUILD_ID,
    }
    const response = await handler.fetch(request, { context })
    const headers = new Headers(response.headers)
    if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, requestId)
    const html = (headers.get('content-type') ?? '').includes('text/html')
    if (html) {
      const security = securityHeaders(url.pathname, { nonce: context.nonce, connectSources: sentryOrigin(env.SENTRY_DSN), frameAncestors: context.frameAncestors.value })
      for (const [name, value] of Object.entries(security)) headers.set(name, value)
    }
    const wanted = context.responseStatus.value
    // Error screens, and pages that show an outcome themselves (an expired payment link: 410).
    const status = html && wanted && (response.status >= 400 || wanted >= 400) ? wanted : response.status
    return new Response(response.body, { status, statusText: status === response.status ? response.statusText : '', headers })
  },
})
