import { resolve } from 'node:path'
import { z } from 'zod'

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional()

const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'a host name such as shop.example.com')

/** A whole number in [min, max], or unset (an empty value counts as unset). */
const optionalWholeNumber = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number().int().min(min).max(max).optional())

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  HOSTED_DOMAIN: hostName.default('localhost'),
  DEFAULT_TENANT: z.string().regex(/^[a-z0-9-]+$/).default('alpin'),
  API_ORIGIN: optionalUrl,
  SENTRY_DSN: optionalUrl,
  SMTP_URL: optionalUrl,
  APP_SECRET: z.string().min(32).optional(),
  /** Visitors' writes per minute and client address, per process (0: no limit). */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(120),
  /** Reads (pages, API, images) per minute and client address, per process (0: no limit). */
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  /** Payment webhook calls per minute, shop and client address, per process (0: no limit). */
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  /**
   * Worker processes of the production server (scripts/serve.ts, ADR 038); default one per core
   * with DATABASE_URL (or API_ORIGIN). With PGlite the server is one process and this is ignored.
   */
  WEB_CONCURRENCY: optionalWholeNumber(1, 64),
  /**
   * Requests one server process works on at once; the others wait their turn in arrival order
   * (scripts/lib/request-gate.ts, ADR 037). Unset: 2 with PGlite, 4 with DATABASE_URL, no limit
   * with API_ORIGIN; 0: no limit.
   */
  REQUEST_CONCURRENCY: optionalWholeNumber(0, 1024),
  /**
   * Requests that may wait for the gate of REQUEST_CONCURRENCY in one process; one more is
   * answered 503 with Retry-After at once (src/server/http/busy.ts). Unset: 1024.
   */
  REQUEST_QUEUE_LIMIT: optionalWholeNumber(0, 100_000),
  /** PGlite's shared_buffers in MB (its page cache, resident for good once filled); unset: 16 (src/server/db/client.ts). */
  PGLITE_SHARED_BUFFERS_MB: optionalWholeNumber(1, 4096),
  /** How often the server looks for pay-now bookings whose payment deadline has passed. */
  BOOKING_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** The scheme of the shops' links (default: http when HOSTED_DOMAIN is localhost, else https). */
  PUBLIC_SCHEME: z
    .enum(['http', 'https', ''])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** The port of the shops' links (default: PORT when HOSTED_DOMAIN is localhost, else none). */
  PUBLIC_PORT: optionalWholeNumber(1, 65535),
  /**
   * Behind our own proxy: take the client address from the last X-Forwarded-For entry, and the
   * scheme from X-Forwarded-Proto (Secure cookies, HSTS). Off, no X-Forwarded-* header is read.
   */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
})

export type Env = z.infer<typeof EnvSchema> & { dataDir: string }

let cached: Env | undefined

/** Parses process.env once; a bad value stops the server with a message naming the variable. */
export function getEnv(): Env {
  if (cached) return cached
  const parsed = EnvSchema.safeParse(process.env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`)
  }
  cached = { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR) }
  return cached
}

/** For tests that change the environment. */
export function resetEnvCache() {
  cached = undefined
}
