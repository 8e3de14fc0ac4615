import createClient, { type Middleware } from 'openapi-fetch'
import type { components, paths } from './schema.gen'

export type Locale = components['schemas']['Locale']
export type ErrorBody = components['schemas']['Error']

export const REQUEST_ID_HEADER = 'x-flowin-request-id'
/** Statuses after which a non-GET call is sent once more, with the same Idempotency-Key. */
export const RETRY_STATUSES = new Set([408, 425, 429, 502, 503, 504])

/** A failed API call: status and the contract's error body. */
export class ApiError extends Error {
  readonly status: number
  readonly body: ErrorBody
  constructor(status: number, body: ErrorBody) {
    super(body.message || body.statusMessage || `HTTP ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
  get code(): string | undefined {
    const code = this.body.data?.code
    return typeof code === 'string' ? code : undefined
  }
  get flowinRequestId(): string | undefined {
    const id = this.body.data?.flowinRequestId
    return typeof id === 'string' ? id : undefined
  }
}

export type ApiClientOptions = {
  /** Origin of the API: '' in the browser (same origin), the request's origin on the server. */
  baseUrl: string
  /** The transport: window.fetch in the browser, the in-process API handler during SSR. */
  fetch: (request: Request) => Promise<Response>
  /** The current locale, sent as X-FLOWIN-LOCALE (default de). */
  getLocale: () => Locale | undefined
  /** The anti-forgery token; `refresh` fetches a new cookie first. */
  xsrfToken: (options: { refresh: boolean }) => Promise<string | undefined>
  /** Reports a 5xx (Sentry); called after flowinRequestId has been added. */
  reportError?: (error: ApiError) => void
  newIdempotencyKey?: () => string
}

export function randomKey() {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  let text = ''
  for (const b of bytes) text += b.toString(16).padStart(2, '0')
  return text
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'

async function readErrorBody(response: Response): Promise<ErrorBody> {
  const text = await response.clone().text().catch(() => '')
  try {
    const parsed = JSON.parse(text) as Partial<ErrorBody>
    if (parsed && typeof parsed === 'object' && typeof parsed.statusCode === 'number') {
      return {
        statusCode: parsed.statusCode,
        statusMessage: String(parsed.statusMessage ?? ''),
        message: String(parsed.message ?? ''),
        data: parsed.data && typeof parsed.data === 'object' ? parsed.data : {},
      }
    }
  } catch {
    // not JSON: a proxy's or gateway's page
  }
  return {
    statusCode: response.status,
    statusMessage: response.statusText || 'Unknown error',
    message: response.statusText || 'Unknown error',
    data: {},
  }
}

/**
 * The contract-typed API client (openapi-fetch) with the shop's request rules as middleware:
 * locale header; anti-forgery token and Idempotency-Key on every write; one retry of a write on
 * 408/425/429/502/503/504 (GETs are not retried); on a 5xx the request id goes into the error
 * data as `flowinRequestId` and the error is reported. `unwrap` rethrows errors as ApiError.
 */
export function createApiClient<P extends object = paths>(options: ApiClientOptions) {
  const newKey = options.newIdempotencyKey ?? randomKey

  const send = async (request: Request): Promise<Response> => {
    if (!isWrite(request.method)) return options.fetch(request)
    // A write's body is read once and sent as bytes (JSON and uploads alike), never as the stream
    // a cloned Request carries: the browser's developer tools (and the e2e suite's contract check)
    // see what was sent, and a second attempt sends the very same bytes.
    const body = request.body === null ? undefined : await request.arrayBuffer()
    const fresh = (token?: string | null) => {
      const copy = body === undefined ? new Request(request) : new Request(request, { body })
      if (token) copy.headers.set('x-xsrf-token', token)
      return copy
    }
    let response = await options.fetch(fresh())
    if (response.status === 419) {
      // The anti-forgery cookie expired or was replaced: fetch a new one, send once more.
      const token = await options.xsrfToken({ refresh: true })
      response = await options.fetch(fresh(token))
      if (RETRY_STATUSES.has(response.status)) response = await options.fetch(fresh(token))
      return response
    }
    if (RETRY_STATUSES.has(response.status)) response = await options.fetch(fresh())
    return response
  }

  const middleware: Middleware = {
    async onRequest({ request }) {
      request.headers.set('x-flowin-locale', options.getLocale() ?? 'de')
      if (isWrite(request.method)) {
        const token = await options.xsrfToken({ refresh: false })
        if (token) request.headers.set('x-xsrf-token', token)
        if (!request.headers.has('idempotency-key')) request.headers.set('idempotency-key', newKey())
      }
      return request
    },
    async onResponse({ response }) {
      if (response.status < 500) return response
      const body = await readErrorBody(response)
      const requestId = response.headers.get(REQUEST_ID_HEADER)
      const data = { ...(body.data ?? {}), ...(requestId ? { flowinRequestId: requestId } : {}) }
      const enriched = { ...body, data }
      options.reportError?.(new ApiError(response.status, enriched))
      const headers = new Headers(response.headers)
      headers.set('content-type', 'application/json')
      headers.delete('content-length')
      return new Response(JSON.stringify(enriched), { status: response.status, statusText: response.statusText, headers })
    },
  }

  const client = createClient<P>({ baseUrl: options.baseUrl, fetch: send })
  client.use(middleware)
  return client
}

export type Api = ReturnType<typeof createApiClient<paths>>

/** The data of a successful call, or an ApiError thrown with the contract's error body. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call
  if (response.ok && data !== undefined) return data
  if (response.ok && response.status === 204) return undefined as T
  const body =
    error && typeof error === 'object' && 'statusCode' in error
      ? (error as ErrorBody)
      : await readErrorBody(response)
  throw new ApiError(response.status, body)
}
