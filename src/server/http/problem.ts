import type { components } from '~/api/schema.gen'
import { comesFromDatabase } from '~/server/db/errors'
import type { DomainError, DomainErrorKind } from '~/server/domain/errors'

export type ErrorBody = components['schemas']['Error']

/** An expected failure with its HTTP status; the API turns it into the one error body. */
export class HttpError extends Error {
  readonly statusCode: number
  readonly statusMessage: string
  readonly data: Record<string, unknown>
  readonly headers: Record<string, string>
  constructor(
    statusCode: number,
    statusMessage: string,
    message: string,
    data: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'HttpError'
    this.statusCode = statusCode
    this.statusMessage = statusMessage
    this.data = data
    this.headers = headers
  }
}

export const REQUEST_ID_HEADER = 'x-flowin-request-id'

export function errorBody(
  statusCode: number,
  statusMessage: string,
  message: string,
  data: Record<string, unknown> | null,
): ErrorBody {
  return { statusCode, statusMessage, message, data }
}

export function errorResponse(error: HttpError, requestId: string): Response {
  const body = errorBody(error.statusCode, error.statusMessage, error.message, {
    ...error.data,
    requestId,
  })
  return new Response(JSON.stringify(body), {
    status: error.statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      [REQUEST_ID_HEADER]: requestId,
      ...error.headers,
    },
  })
}

/** The status (and its wording) that answers each kind of domain error. */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, { statusCode: number; statusMessage: string }> = {
  invalid: { statusCode: 400, statusMessage: 'Invalid enquiry' },
  unauthorised: { statusCode: 401, statusMessage: 'Not authorised' },
  not_found: { statusCode: 404, statusMessage: 'Page not found' },
  conflict: { statusCode: 409, statusMessage: 'Conflict' },
  gone: { statusCode: 410, statusMessage: 'Gone' },
  upstream: { statusCode: 502, statusMessage: 'Bad gateway' },
  throttled: { statusCode: 429, statusMessage: 'Too many requests' },
}

/**
 * A domain error as the API answers it: the kind's status, the error's message, its code and
 * data in the body (`{ code, ...data }`). The only bearer token of the API is the operator's, so
 * an operator's unauthorised answer challenges for it (staff sign in with a form).
 */
export function problemOf(error: DomainError): HttpError {
  const { statusCode, statusMessage } = DOMAIN_ERROR_STATUS[error.kind]
  const headers: Record<string, string> = error.kind === 'unauthorised' && error.code.startsWith('operator.') ? { 'www-authenticate': 'Bearer realm="operator"' } : {}
  // A throttled client learns when to try again (whole seconds, at least one).
  if (error.kind === 'throttled') headers['retry-after'] = String(Math.max(1, Math.ceil(Number(error.data.retryAfterSeconds) || 1)))
  return new HttpError(statusCode, statusMessage, error.message, { code: error.code, ...error.data }, headers)
}

/** Common errors, worded as the specification's error catalogue (§5, §8). */
export const errors = {
  invalidHost: () => new HttpError(404, 'Invalid host', 'Invalid host', { code: 'host.invalid' }),
  unknownShop: () =>
    new HttpError(404, 'Page not found', 'There is no shop at this address.', {
      code: 'shop.not_found',
    }),
  notFound: (path: string) =>
    new HttpError(404, 'Page not found', `Page not found: ${path}`, { code: 'not_found' }),
  methodNotAllowed: (allowed: string[]) =>
    new HttpError(
      405,
      'Method not allowed',
      `This address answers ${allowed.join(', ')} only.`,
      { code: 'method_not_allowed' },
      { allow: allowed.join(', ') },
    ),
  /** A staff operation without a valid session (signed out, expired, deactivated, another shop's). */
  staffSignedOut: () => new HttpError(401, 'Not authorised', 'Please sign in.', { code: 'auth.required' }),
  /** A staff operation the signed-in member's role does not allow. */
  staffForbidden: () =>
    new HttpError(403, 'Forbidden', 'You are not authorised to view this page', { code: 'auth.forbidden' }),
  xsrf: () =>
    new HttpError(
      419,
      'Page expired',
      'The anti-forgery token is missing or does not match. Reload the page and try again.',
      { code: 'xsrf.mismatch' },
    ),
  badRequest: (message: string, data: Record<string, unknown> = {}) =>
    new HttpError(400, 'Invalid enquiry', message, { code: 'bad_request', ...data }),
  /** A request body over its route's limit (src/server/http/body-limit.ts). */
  payloadTooLarge: (limit: number) =>
    new HttpError(
      413,
      'Payload too large',
      `The request is too large. At most ${Math.floor(limit / 1024)} KiB can be sent at once.`,
      { code: 'body.too_large', limit },
      { connection: 'close' },
    ),
  /** Too many requests from one client (rate limiting). */
  tooManyRequests: (retryAfterSeconds: number) =>
    new HttpError(
      429,
      'Too many requests',
      'Too many requests. Please wait a moment and try again.',
      { code: 'rate_limited', retryAfter: retryAfterSeconds },
      { 'retry-after': String(retryAfterSeconds) },
    ),
  /** The database cannot be reached (restarting, network): the client may retry shortly. */
  unavailable: () =>
    new HttpError(
      503,
      'Service unavailable',
      'The shop is briefly unavailable. Please try again in a moment.',
      { code: 'service.unavailable' },
      { 'retry-after': '5' },
    ),
  internal: () =>
    new HttpError(
      500,
      'Internal server error',
      'The server is not available. Please try again later.',
      { code: 'internal' },
    ),
}

/** Whether an error means the database is out of reach (not a bug in the request). */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Only errors the database driver raised: a visitor's reset connection is no outage.
  if (!comesFromDatabase(error)) return false
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 6; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : ''
    const message = typeof e.message === 'string' ? e.message : ''
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004'].includes(code)) return true
    if (/Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) return true
  }
  return false
}

/** The request's body could not be read: the client went away (aborted upload, reset). */
export class ClientAbortError extends Error {
  constructor(cause: unknown) {
    super('client aborted', { cause })
    this.name = 'ClientAbortError'
  }
}

/** Reads a request's body; a failure is the client's (ClientAbortError), never the server's. */
export async function readRequestBody(request: Request): Promise<string> {
  try {
    return await request.text()
  } catch (error) {
    throw new ClientAbortError(error)
  }
}

/**
 * Whether a failure is the client's going away: its body could not be read, its request signal
 * is aborted, or Node's own "aborted" reset of the incoming connection. Not a server fault: it
 * is logged as one line and not reported.
 */
export function isClientAbort(error: unknown, request?: Request): boolean {
  if (comesFromDatabase(error)) return false
  if (request?.signal?.aborted) return true
  for (let e = error as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 6; e = e.cause as typeof e, depth++) {
    if (e instanceof ClientAbortError || e.name === 'AbortError') return true
    if (e.code === 'ECONNRESET' && e.message === 'aborted') return true
  }
  return false
}
