import { afterEach, describe, expect, it } from 'vitest'
import { getEnv, resetEnvCache } from './env'

const NAMES = ['RATE_LIMIT_READS_PER_MINUTE', 'RATE_LIMIT_WEBHOOKS_PER_MINUTE', 'RATE_LIMIT_WRITES_PER_MINUTE', 'WEB_CONCURRENCY', 'PGLITE_SHARED_BUFFERS_MB', 'REQUEST_CONCURRENCY', 'REQUEST_QUEUE_LIMIT'] as const
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]))

function envWith(values: Partial<Record<(typeof NAMES)[number], string>>) {
  for (const name of NAMES) delete process.env[name]
  Object.assign(process.env, values)
  resetEnvCache()
  return getEnv()
}

describe('rate limit configuration', () => {
  afterEach(() => {
    for (const name of NAMES) {
      if (saved[name] === undefined) delete process.env[name]
      else process.env[name] = saved[name]
    }
    resetEnvCache()
  })

  it('has generous defaults for reads and webhooks', () => {
    const env = envWith({})
    expect(env.RATE_LIMIT_READS_PER_MINUTE).toBe(1200)
    expect(env.RATE_LIMIT_WEBHOOKS_PER_MINUTE).toBe(600)
    expect(env.RATE_LIMIT_WRITES_PER_MINUTE).toBe(120)
  })

  it('takes a whole number, 0 turning a limit off', () => {
    const env = envWith({ RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_WEBHOOKS_PER_MINUTE: '30' })
    expect(env.RATE_LIMIT_READS_PER_MINUTE).toBe(0)
    expect(env.RATE_LIMIT_WEBHOOKS_PER_MINUTE).toBe(30)
  })

  it.each(['-1', 'lots', '1.5'])('stops with a message naming the variable for %s', (value) => {
    expect(() => envWith({ RATE_LIMIT_READS_PER_MINUTE: value })).toThrow(/RATE_LIMIT_READS_PER_MINUTE/)
    expect(() => envWith({ RATE_LIMIT_WEBHOOKS_PER_MINUTE: value })).toThrow(/RATE_LIMIT_WEBHOOKS_PER_MINUTE/)
  })

  it('takes WEB_CONCURRENCY as a whole number from 1 to 64, unset when empty', () => {
    expect(envWith({}).WEB_CONCURRENCY).toBeUndefined()
    expect(envWith({ WEB_CONCURRENCY: '' }).WEB_CONCURRENCY).toBeUndefined()
    expect(envWith({ WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4)
    for (const bad of ['0', '65', '1.5', 'many']) expect(() => envWith({ WEB_CONCURRENCY: bad }), bad).toThrow(/WEB_CONCURRENCY/)
  })

  it('takes PGlite\'s shared_buffers in whole megabytes, unset or empty for the default', () => {
    expect(envWith({}).PGLITE_SHARED_BUFFERS_MB).toBeUndefined()
    expect(envWith({ PGLITE_SHARED_BUFFERS_MB: '' }).PGLITE_SHARED_BUFFERS_MB).toBeUndefined()
    expect(envWith({ PGLITE_SHARED_BUFFERS_MB: '64' }).PGLITE_SHARED_BUFFERS_MB).toBe(64)
    for (const value of ['0', '1.5', 'lots']) expect(() => envWith({ PGLITE_SHARED_BUFFERS_MB: value })).toThrow(/PGLITE_SHARED_BUFFERS_MB/)
  })

  it('takes REQUEST_CONCURRENCY as a whole number from 0 (no limit) to 1024, unset when empty', () => {
    expect(envWith({}).REQUEST_CONCURRENCY).toBeUndefined()
    expect(envWith({ REQUEST_CONCURRENCY: '' }).REQUEST_CONCURRENCY).toBeUndefined()
    expect(envWith({ REQUEST_CONCURRENCY: '0' }).REQUEST_CONCURRENCY).toBe(0)
    expect(envWith({ REQUEST_CONCURRENCY: '8' }).REQUEST_CONCURRENCY).toBe(8)
    for (const bad of ['-1', '1025', '1.5', 'some']) expect(() => envWith({ REQUEST_CONCURRENCY: bad }), bad).toThrow(/REQUEST_CONCURRENCY/)
  })

  it('takes REQUEST_QUEUE_LIMIT as a whole number from 0 to 100 000, unset when empty', () => {
    expect(envWith({}).REQUEST_QUEUE_LIMIT).toBeUndefined()
    expect(envWith({ REQUEST_QUEUE_LIMIT: '' }).REQUEST_QUEUE_LIMIT).toBeUndefined()
    expect(envWith({ REQUEST_QUEUE_LIMIT: '0' }).REQUEST_QUEUE_LIMIT).toBe(0)
    expect(envWith({ REQUEST_QUEUE_LIMIT: '100000' }).REQUEST_QUEUE_LIMIT).toBe(100_000)
    for (const bad of ['-1', '100001', '2.5', 'lots']) expect(() => envWith({ REQUEST_QUEUE_LIMIT: bad }), bad).toThrow(/REQUEST_QUEUE_LIMIT/)
  })
})
