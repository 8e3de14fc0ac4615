import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { isApiPath } from './server/api/handler'
import { getEnv } from './server/env'
import { REQUEST_ID_HEADER } from './server/http/problem'
import { securityHeaders, invalidHostPage } from './server/http/pages'
import { getRuntime, newRequestId } from './server/runtime'
import { resolveHost } from './server/tenancy'

declare module '@tanstack/react-router' {
  interface Register {
    server: { requestContext: { requestId: string } }
  }
}

/**
 * The server entry: one request id per request, the host rule of spec §5 before anything is
 * rendered, then the API (server routes under /api and /sanctum) or the SSR pages.
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
    const response = await handler.fetch(request, { context: { requestId } })
    const headers = new Headers(response.headers)
    if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, requestId)
    for (const [name, value] of Object.entries(securityHeaders(url.pathname))) {
      if (!headers.has(name)) headers.set(name, value)
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  },
})
