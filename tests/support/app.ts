import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { createApiClient, type Api, type Locale } from '../../src/api/client'
import type { Database } from '../../src/server/db/client'
import { createBuiltInApi } from '../../src/server/runtime'
import { seedDemoData } from '../../src/server/seed/seed'
import { contractProblems } from './contract'
import type { DatabaseFactory } from './databases'
import type { SandboxProvider } from '../../src/server/payments/sandbox'

export const HOSTED_DOMAIN = 'shop.test'

export type TestApp = {
  database: Database
  /** Sends a request to the built-in API in-process; every answer is checked against the contract. */
  call: (input: string | Request, init?: RequestInit) => Promise<Response>
  /** A typed client as the shop's pages use it, with its own cookie jar (one visitor). */
  client: (options?: { host?: string; locale?: Locale; reportError?: (e: unknown) => void }) => Api
  /** The built-in sandbox payment provider (its hosted page, its webhook deliveries). */
  sandbox: SandboxProvider
  close: () => Promise<void>
}

export async function createTestApp(
  factory: DatabaseFactory,
  options: { seed?: boolean; offers?: boolean; now?: () => Date; env?: Partial<Parameters<typeof createBuiltInApi>[1]> } = {},
): Promise<TestApp> {
  const database = await factory.create()
  if (options.seed !== false) await seedDemoData(database.db, { offers: options.offers ?? false })
  const api = createBuiltInApi(database, {
    HOSTED_DOMAIN,
    DEFAULT_TENANT: 'alpin',
    NODE_ENV: 'test',
    APP_SECRET: undefined,
    // The shops' links: http://{shop}.shop.test, as the tests address them.
    PUBLIC_SCHEME: 'http',
    ...options.env,
  }, { now: options.now, sandboxDeliveryDelayMs: 0 })

  const call: TestApp['call'] = async (input, init) => {
    const request =
      typeof input === 'string'
        ? new Request(input.startsWith('http') ? input : `http://alpin.${HOSTED_DOMAIN}${input}`, init)
        : input
    const probe = request.clone()
    const response = await api(request, { requestId: randomUUID() })
    expect(await contractProblems(probe, response), `${request.method} ${request.url}`).toEqual([])
    return response
  }

  const client: TestApp['client'] = (opts = {}) => {
    const origin = `http://${opts.host ?? `alpin.${HOSTED_DOMAIN}`}`
    const jar = new Map<string, string>()
    const send = async (request: Request) => {
      const headers = new Headers(request.headers)
      if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
      const response = await call(
        new Request(request.url, { method: request.method, headers, body: hasBody ? await request.arrayBuffer() : undefined }),
      )
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';')
        const eq = pair.indexOf('=')
        jar.set(pair.slice(0, eq), pair.slice(eq + 1))
      }
      return response
    }
    return createApiClient({
      baseUrl: origin,
      fetch: send,
      getLocale: () => opts.locale,
      reportError: opts.reportError,
      xsrfToken: async ({ refresh }) => {
        if (refresh || !jar.has('XSRF-TOKEN')) await send(new Request(`${origin}/sanctum/csrf-cookie`))
        return jar.get('XSRF-TOKEN')
      },
    })
  }

  return { database, call, client, sandbox: api.sandbox, close: async () => { await api.sandbox.settled(); await database.close() } }
}
