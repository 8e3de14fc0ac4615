import type { components } from '../../api/schema.gen'

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
  xsrf: () =>
    new HttpError(
      419,
      'Page expired',
      'The anti-forgery token is missing or does not match. Reload the page and try again.',
      { code: 'xsrf.mismatch' },
    ),
  badRequest: (message: string, data: Record<string, unknown> = {}) =>
    new HttpError(400, 'Invalid enquiry', message, { code: 'bad_request', ...data }),
  internal: () =>
    new HttpError(
      500,
      'Internal server error',
      'The server is not available. Please try again later.',
      { code: 'internal' },
    ),
}
