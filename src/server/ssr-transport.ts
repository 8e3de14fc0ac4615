import { getRequest } from '@tanstack/react-start/server'
import { getGlobalStartContext } from '@tanstack/react-start'
import { readCookie, XSRF_COOKIE } from './http/xsrf'
import { getRuntime, newRequestId } from './runtime'

/** Headers of the page request that API calls made during its rendering carry along. */
const FORWARDED = ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto']

/**
 * The API transport during SSR: hands each Request straight to the API handler in-process
 *, as if the visitor's browser had sent it: same host, same cookies.
 * With API_ORIGIN the handler is the proxy, so SSR talks to the external back end.
 */
export function createSsrTransport() {
  const incoming = getRequest()
  const origin = new URL(incoming.url).origin
  const context = getGlobalStartContext() as { requestId?: string } | undefined
  const requestId = context?.requestId ?? newRequestId()
  let xsrf: string | undefined = readCookie(incoming.headers.get('cookie'), XSRF_COOKIE)

  const send = async (request: Request): Promise<Response> => {
    const headers = new Headers(request.headers)
    for (const name of FORWARDED) {
      const value = incoming.headers.get(name)
      if (value && !headers.has(name)) headers.set(name, value)
    }
    if (xsrf) {
      const others = (headers.get('cookie') ?? '')
        .split(';')
        .filter((c) => c.trim() && !c.trim().startsWith(`${XSRF_COOKIE}=`))
      headers.set('cookie', [...others, `${XSRF_COOKIE}=${xsrf}`].join('; '))
    }
    headers.set('host', new URL(request.url).host)
    const runtime = await getRuntime()
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    return runtime.api(
      new Request(request.url, { method: request.method, headers, body: hasBody ? await request.arrayBuffer() : undefined }),
      { requestId },
    )
  }

  const xsrfToken = async ({ refresh }: { refresh: boolean }) => {
    if (xsrf && !refresh) return xsrf
    const response = await send(new Request(`${origin}/sanctum/csrf-cookie`))
    for (const cookie of response.headers.getSetCookie()) {
      const value = readCookie(cookie.split(';')[0] ?? '', XSRF_COOKIE)
      if (value) xsrf = value
    }
    return xsrf
  }

  return { baseUrl: origin, fetch: send, xsrfToken }
}
