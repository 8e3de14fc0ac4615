import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, unwrap } from '../../src/api/client'
import { reportApiError } from '../../src/lib/report-error'
import { startServerSentry } from '../../src/server/sentry'

/** A local Sentry envelope sink (envelopes arrive at /api/1/envelope/). */
describe('error reporting to Sentry', () => {
  let sink: Server
  const envelopes: string[] = []
  let port = 0

  beforeAll(async () => {
    sink = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        if (req.url?.startsWith('/api/1/envelope/')) envelopes.push(body)
        res.setHeader('access-control-allow-origin', '*')
        res.end('{}')
      })
    })
    await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r))
    port = (sink.address() as { port: number }).port
    await startServerSentry(`http://publickey@127.0.0.1:${port}/1`, 'test')
  })

  afterAll(() => new Promise<void>((r) => sink.close(() => r())))

  it('a 5xx from the API arrives with its flowinRequestId', async () => {
    const api = createApiClient({
      baseUrl: 'http://alpin.shop.test',
      fetch: async () =>
        new Response(JSON.stringify({ statusCode: 503, statusMessage: 'Unavailable', message: 'down', data: null }), {
          status: 500,
          headers: { 'content-type': 'application/json', 'x-flowin-request-id': 'req-sentry-1' },
        }),
      getLocale: () => 'de',
      xsrfToken: async () => undefined,
      reportError: reportApiError,
    })
    await expect(unwrap(api.GET('/api/webshop/v1/config'))).rejects.toMatchObject({ flowinRequestId: 'req-sentry-1' })
    const { flush } = await import('@sentry/node')
    await flush(2000)
    const found = envelopes.find((e) => e.includes('req-sentry-1'))
    expect(found, 'an envelope with the request id').toBeDefined()
    expect(found).toContain('flowinRequestId')
  })
})
