import { REQUEST_ID_HEADER } from './problem'

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
])

/**
 * Forwards an API call to an external back end that implements the same contract
 * (API_ORIGIN). The shop's host travels in `x-forwarded-host` (and `host`), so the back end
 * resolves the same tenant; cookies, locale, anti-forgery and idempotency headers pass on.
 */
export function createProxyHandler(origin: string, fetchImpl: typeof fetch = fetch) {
  const base = new URL(origin)
  return async function proxy(request: Request, { requestId }: { requestId: string }): Promise<Response> {
    const url = new URL(request.url)
    const target = new URL(url.pathname + url.search, base)
    const headers = new Headers()
    request.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name) && name !== 'host' && name !== 'accept-encoding') headers.set(name, value)
    })
    headers.set('host', url.host)
    headers.set('x-forwarded-host', url.host)
    headers.set('x-forwarded-proto', url.protocol.replace(':', ''))
    headers.set(REQUEST_ID_HEADER, requestId)
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    let upstream: Response
    try {
      upstream = await fetchImpl(target, {
        method: request.method,
        headers,
        body: hasBody ? await request.arrayBuffer() : undefined,
        redirect: 'manual',
      })
    } catch (error) {
      console.error(`[api proxy] ${request.method} ${target.href} failed`, error)
      return new Response(
        JSON.stringify({
          statusCode: 502,
          statusMessage: 'Bad gateway',
          message: 'The server is not available. Please try again later.',
          data: { code: 'upstream.unreachable', requestId },
        }),
        { status: 502, headers: { 'content-type': 'application/json; charset=utf-8', [REQUEST_ID_HEADER]: requestId } },
      )
    }
    const out = new Headers()
    upstream.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name) && name !== 'content-encoding' && name !== 'set-cookie') out.set(name, value)
    })
    for (const cookie of upstream.headers.getSetCookie()) out.append('set-cookie', cookie)
    if (!out.has(REQUEST_ID_HEADER)) out.set(REQUEST_ID_HEADER, requestId)
    return new Response(upstream.body, { status: upstream.status, headers: out })
  }
}
