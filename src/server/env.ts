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
  /** Behind our own proxy: take the client address from the last X-Forwarded-For entry. */
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
