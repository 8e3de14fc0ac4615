import { describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient, unwrap, type ApiClientOptions } from './client'

type Seen = { method: string; url: string; headers: Record<string, string>; body: string }

function harness(answers: Array<(req: Request) => Response>, overrides: Partial<ApiClientOptions> = {}) {
  const seen: Seen[] = []
  let i = 0
  const xsrfToken = vi.fn(async ({ refresh }: { refresh: boolean }) => (refresh ? 'fresh-token' : 'token-1'))
  const reportError = vi.fn()
  const client = createApiClient({
    baseUrl: 'http://alpin.shop.test',
    fetch: async (request) => {
      seen.push({
        method: request.method,
        url: request.url,
        headers: Object.fromEntries(request.headers),
        body: await request.clone().text(),
      })
      const answer = answers[Math.min(i++, answers.length - 1)]!
      return answer(request)
    },
    getLocale: () => undefined,
    xsrfToken,
    reportError,
    ...overrides,
  })
  return { client, seen, xsrfToken, reportError }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

const errorBody = (statusCode: number, statusMessage: string) => ({
  statusCode,
  statusMessage,
  message: statusMessage,
  data: { code: 'x' },
})

describe('API client', () => {
  it('sends X-FLOWIN-LOCALE with the current locale, de by default', async () => {
    const { client, seen } = harness([json(200, { data: {} })])
    await client.GET('/api/webshop/v1/config')
    expect(seen[0]!.headers['x-flowin-locale']).toBe('de')
    const fr = harness([json(200, { data: {} })], { getLocale: () => 'fr' })
    await fr.client.GET('/api/webshop/v1/config')
    expect(fr.seen[0]!.headers['x-flowin-locale']).toBe('fr')
  })

  it('adds neither token nor key to GET, and never retries a GET', async () => {
    const { client, seen, xsrfToken } = harness([json(503, errorBody(503, 'Unavailable'))])
    const result = await client.GET('/api/webshop/v1/config')
    expect(result.response.status).toBe(503)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.headers['x-xsrf-token']).toBeUndefined()
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined()
    expect(xsrfToken).not.toHaveBeenCalled()
  })

  it('ensures the anti-forgery token and an Idempotency-Key on every write', async () => {
    const { client, seen, xsrfToken } = harness([json(201, { data: { id: 'x', items: [], createdAt: '' } })])
    await client.POST('/api/webshop/v1/carts', { body: {} } as never)
    expect(xsrfToken).toHaveBeenCalledWith({ refresh: false })
    expect(seen[0]!.headers['x-xsrf-token']).toBe('token-1')
    expect(seen[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/)
  })

  it.each([408, 425, 429, 502, 503, 504])('retries a write once on %i with the same key and body', async (status) => {
    const { client, seen } = harness([
      json(status, errorBody(status, 'Busy')),
      json(201, { data: { id: 'x', items: [], createdAt: '' } }),
    ])
    const result = await client.POST('/api/webshop/v1/carts', { body: {} } as never)
    expect(result.response.status).toBe(201)
    expect(seen).toHaveLength(2)
    expect(seen[1]!.headers['idempotency-key']).toBe(seen[0]!.headers['idempotency-key'])
    expect(seen[1]!.body).toBe(seen[0]!.body)
  })

  it('sends an upload byte for byte, its content type kept, on a retry too', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x80, 0x0d, 0x0a])
    const received: Uint8Array[] = []
    const types: (string | null)[] = []
    const answers = [json(503, errorBody(503, 'Busy')), json(201, { data: { id: 'm' } })]
    let i = 0
    const client = createApiClient({
      baseUrl: 'http://alpin.shop.test',
      fetch: async (request) => {
        received.push(new Uint8Array(await request.arrayBuffer()))
        types.push(request.headers.get('content-type'))
        return answers[i++]!()
      },
      getLocale: () => 'de',
      xsrfToken: async () => 'token-1',
    })
    const result = await client.POST('/api/admin/v1/media' as never, { body: bytes, bodySerializer: (b: Uint8Array) => b, headers: { 'content-type': 'image/png' } } as never)
    expect((result as { response: Response }).response.status).toBe(201)
    expect(received).toEqual([bytes, bytes])
    expect(types).toEqual(['image/png', 'image/png'])
  })

  it('retries only once, and not on other statuses', async () => {
    const twice = harness([json(503, errorBody(503, 'Busy'))])
    const result = await twice.client.POST('/api/webshop/v1/carts', { body: {} } as never)
    expect(result.response.status).toBe(503)
    expect(twice.seen).toHaveLength(2)
    for (const status of [400, 409, 422, 500]) {
      const once = harness([json(status, errorBody(status, 'No'))])
      await once.client.POST('/api/webshop/v1/carts', { body: {} } as never)
      expect(once.seen, String(status)).toHaveLength(1)
    }
  })

  it('fetches a fresh anti-forgery cookie after 419 and sends once more', async () => {
    const { client, seen, xsrfToken } = harness([
      json(419, errorBody(419, 'Page expired')),
      json(201, { data: { id: 'x', items: [], createdAt: '' } }),
    ])
    const result = await client.POST('/api/webshop/v1/carts', { body: {} } as never)
    expect(result.response.status).toBe(201)
    expect(xsrfToken).toHaveBeenLastCalledWith({ refresh: true })
    expect(seen[1]!.headers['x-xsrf-token']).toBe('fresh-token')
  })

  it('on a 5xx adds x-flowin-request-id as flowinRequestId, reports and rethrows', async () => {
    const { client, reportError } = harness([
      json(500, errorBody(500, 'Internal server error'), { 'x-flowin-request-id': 'req-123' }),
    ])
    const error = await unwrap(client.GET('/api/webshop/v1/config')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(500)
    expect((error as ApiError).flowinRequestId).toBe('req-123')
    expect((error as ApiError).body.data?.code).toBe('x')
    expect(reportError).toHaveBeenCalledTimes(1)
    expect((reportError.mock.calls[0]![0] as ApiError).flowinRequestId).toBe('req-123')
  })

  it('turns a non-JSON 5xx (a gateway page) into the error shape too', async () => {
    const { client } = harness([
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'x-flowin-request-id': 'r-1' } }),
    ])
    const error = (await unwrap(client.GET('/api/webshop/v1/config')).catch((e: unknown) => e)) as ApiError
    expect(error.status).toBe(502)
    expect(error.body.statusCode).toBe(502)
    expect(error.flowinRequestId).toBe('r-1')
  })

  it('rethrows other errors unchanged, without reporting them', async () => {
    const body = { statusCode: 404, statusMessage: 'Page not found', message: 'gone', data: { code: 'cart.not_found' } }
    const { client, reportError } = harness([json(404, body, { 'x-flowin-request-id': 'req-9' })])
    const error = (await unwrap(client.GET('/api/webshop/v1/carts/{cartId}', { params: { path: { cartId: 'a'.repeat(24) } } })).catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.body).toEqual(body)
    expect(error.flowinRequestId).toBeUndefined()
    expect(reportError).not.toHaveBeenCalled()
  })
})
