import { randomUUID } from 'node:crypto'
import { createApiHandler, type ApiHandler } from './api/handler'
import { openDatabaseFromEnv, type Database } from './db/client'
import { getOrCreateSecret } from './domain/secrets'
import { ShopDirectory } from './domain/shops'
import { SHOP_CHANGED } from './domain/settings/notify'
import { getEnv, type Env } from './env'
import { createProxyHandler } from './http/proxy'
import { originForHost, originSettings, shopOrigin, type OriginEnv } from './http/public-origin'
import { startServerSentry } from './sentry'

export type Runtime = {
  env: Env
  /** Answers every /api and /sanctum call: built in, or forwarded to API_ORIGIN. */
  api: ApiHandler
  database: Database | null
  /** The built-in back end's read budget per client address, for pages (none with API_ORIGIN). */
  limitRead?: (request: Request) => number | null
  /** The canonical origin of the shop a Host header names (null: no such shop). */
  origin: (hostHeader: string | null) => Promise<string | null>
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
  const settings = originSettings(env)
  if (env.API_ORIGIN) {
    return { env, api: createProxyHandler(env.API_ORIGIN), database: null, origin: async (host) => originForHost(host, settings) }
  }
  const database = await openDatabaseFromEnv(env)
  const shops = new ShopDirectory(database.db, { hostedDomain: env.HOSTED_DOMAIN, defaultShop: env.DEFAULT_TENANT })
  // A shop's configuration changed in another process (or this one): read it again at once.
  await database
    .listen(SHOP_CHANGED, (shopId) => shops.forget(shopId))
    .catch((error: unknown) => console.warn('[shops] cannot listen for configuration changes; they show within 5 seconds:', error))
  const origin = async (host: string | null) => {
    const lookup = await shops.byHost(host)
    return lookup.ok ? shopOrigin(lookup.shop, settings) : null
  }
  const api = createBuiltInApi(database, env, { shops })
  return { env, api, database, limitRead: api.limitRead, origin }
}

export function createBuiltInApi(
  database: Database,
  env: Pick<Env, 'HOSTED_DOMAIN' | 'DEFAULT_TENANT' | 'NODE_ENV' | 'APP_SECRET'> &
    Partial<Pick<Env, 'RATE_LIMIT_WRITES_PER_MINUTE' | 'RATE_LIMIT_READS_PER_MINUTE' | 'RATE_LIMIT_WEBHOOKS_PER_MINUTE' | 'TRUST_PROXY'>> &
    OriginEnv,
  options: { now?: () => Date; sandboxDeliveryDelayMs?: number; shops?: ShopDirectory } = {},
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
    shops: options.shops ?? new ShopDirectory(database.db, { hostedDomain: env.HOSTED_DOMAIN, defaultShop: env.DEFAULT_TENANT }),
    origin: originSettings(env),
    trustProxy: env.TRUST_PROXY ?? false,
    production: env.NODE_ENV === 'production',
    xsrfSecret,
    now: options.now,
    sandboxDeliveryDelayMs: options.sandboxDeliveryDelayMs,
    rateLimit: {
      perMinute: env.RATE_LIMIT_WRITES_PER_MINUTE ?? 0,
      readsPerMinute: env.RATE_LIMIT_READS_PER_MINUTE ?? 0,
      webhooksPerMinute: env.RATE_LIMIT_WEBHOOKS_PER_MINUTE ?? 0,
    },
  })
}

export function newRequestId() {
  return randomUUID()
}
