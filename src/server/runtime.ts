import { randomUUID } from 'node:crypto'
import { createApiHandler, type ApiHandler } from './api/handler'
import { openDatabaseFromEnv, type Database } from './db/client'
import { getOrCreateSecret } from './domain/secrets'
import { ShopDirectory } from './domain/shops'
import { getEnv, type Env } from './env'
import { createProxyHandler } from './http/proxy'
import { startServerSentry } from './sentry'

export type Runtime = {
  env: Env
  /** Answers every /api and /sanctum call: built in, or forwarded to API_ORIGIN. */
  api: ApiHandler
  database: Database | null
}

const KEY = Symbol.for('webshop.runtime')
type Holder = { [KEY]?: Promise<Runtime> }

/**
 * The process's runtime, created on first use. Kept on globalThis so the server bundle and
 * scripts loaded next to it share one database connection (PGlite allows one per directory).
 */
export function getRuntime(): Promise<Runtime> {
  const holder = globalThis as Holder
  holder[KEY] ??= createRuntime().catch((error) => {
    delete holder[KEY]
    throw error
  })
  return holder[KEY]
}

async function createRuntime(): Promise<Runtime> {
  const env = getEnv()
  await startServerSentry(env.SENTRY_DSN, env.NODE_ENV)
  if (env.API_ORIGIN) {
    return { env, api: createProxyHandler(env.API_ORIGIN), database: null }
  }
  const database = await openDatabaseFromEnv(env)
  return { env, api: createBuiltInApi(database, env), database }
}

export function createBuiltInApi(
  database: Database,
  env: Pick<Env, 'HOSTED_DOMAIN' | 'DEFAULT_TENANT' | 'NODE_ENV' | 'APP_SECRET'> & Partial<Pick<Env, 'RATE_LIMIT_WRITES_PER_MINUTE' | 'TRUST_PROXY'>>,
  options: { now?: () => Date; sandboxDeliveryDelayMs?: number } = {},
) {
  let secret: Promise<string> | undefined
  const xsrfSecret = () => {
    secret ??= env.APP_SECRET
      ? Promise.resolve(env.APP_SECRET)
      : getOrCreateSecret(database.db, 'xsrf').catch((error) => {
          secret = undefined
          throw error
        })
    return secret
  }
  return createApiHandler({
    db: database.db,
    shops: new ShopDirectory(database.db, { hostedDomain: env.HOSTED_DOMAIN, defaultShop: env.DEFAULT_TENANT }),
    production: env.NODE_ENV === 'production',
    xsrfSecret,
    now: options.now,
    sandboxDeliveryDelayMs: options.sandboxDeliveryDelayMs,
    rateLimit: env.RATE_LIMIT_WRITES_PER_MINUTE ? { perMinute: env.RATE_LIMIT_WRITES_PER_MINUTE, trustProxy: env.TRUST_PROXY } : undefined,
  })
}

export function newRequestId() {
  return randomUUID()
}
