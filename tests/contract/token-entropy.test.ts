/**
 * Token entropy: every unguessable value the shop hands out — cart ids, payment-link
 * tokens, anti-forgery nonces (cookie and frame), booking codes, staff session secrets and staff
 * link tokens (invitations, password resets) — is long enough, never repeats,
 * and uses its alphabet evenly (a chi-square test over thousands of tokens: a generator that
 * leaned on a few characters, or reused a counter or a clock, would fail it). The random bits a
 * token carries are measured, not assumed: the random source is replaced by a controlled one, and
 * every bit it hands the generator is flipped in turn; the bits whose flip changes the token are
 * the bits the token carries (a generator that stretches 64 random bits over a long token — a
 * hash of 8 random bytes, say — measures 64 and fails).
 */

/** The random source the generators see: the real one, or (while `controlled` is set) the given bytes. */
const source = vi.hoisted(() => ({ controlled: null as null | ((size: number) => Buffer) }))
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>()
  const randomBytes = ((size: number, callback?: (error: Error | null, buf: Buffer) => void) => {
    if (!source.controlled) return callback ? real.randomBytes(size, callback) : real.randomBytes(size)
    const bytes = source.controlled(size)
    if (callback) return void callback(null, bytes)
    return bytes
  }) as typeof real.randomBytes
  return { ...real, default: { ...real, randomBytes }, randomBytes }
})
import { createHash, randomBytes as randomBytesOf } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { newOpaqueId } from '../../src/server/domain/carts'
import { newPaymentToken } from '../../src/server/domain/payments'
import { newBookingCode } from '../../src/server/domain/checkout'
import { createFrameToken, createXsrfToken } from '../../src/server/http/xsrf'
import type { Db } from '../../src/server/db/client'
import { createStaffSession } from '../../src/server/domain/staff/sessions'
import { createStaffLink } from '../../src/server/domain/staff/links'

/**
 * The staff secrets are made inside the functions that store them: a stand-in database keeps
 * what they would write (which must be a hash, never the secret handed out).
 */
function recordingDb() {
  const written: Record<string, unknown>[] = []
  const chain = { set: () => chain, where: async () => undefined, values: async (row: Record<string, unknown>) => void written.push(row) }
  return { db: { insert: () => chain, update: () => chain } as unknown as Db, written }
}
const now = new Date('2026-11-23T08:00:00Z')
const recording = recordingDb()
const staffSecrets: { name: string; make: () => Promise<string>; stored: string }[] = [
  {
    name: 'staff session secret',
    stored: 'idHash',
    make: async () => (await createStaffSession(recording.db, { shopId: 'alpin', staffId: 's1', userAgent: 'x', now })).secret,
  },
  {
    name: 'staff link token (invitation, password reset)',
    stored: 'tokenHash',
    make: async () => (await createStaffLink(recording.db, { shopId: 'alpin', staffId: 's1', purpose: 'reset', now })).token,
  },
]

const N = 2000
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** Pearson's chi-square of the characters' counts against an even spread over the alphabet. */
function chiSquare(texts: string[], alphabet: string) {
  const counts = new Map<string, number>([...alphabet].map((c) => [c, 0]))
  let total = 0
  for (const text of texts) {
    for (const c of text) {
      expect(counts.has(c), `unexpected character ${JSON.stringify(c)}`).toBe(true)
      counts.set(c, counts.get(c)! + 1)
      total++
    }
  }
  const expected = total / alphabet.length
  return [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0)
}

/**
 * The random bits a token carries: the generator runs on controlled bytes (a fixed pattern), then
 * once more for every bit of every byte it drew, with that bit flipped; a bit counts when its flip
 * changes the token.
 */
async function measuredBits(make: () => string | Promise<string>): Promise<number> {
  const pattern = (call: number, size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (call * 131 + i * 37 + 11) & 0xff))
  const run = async (flip: { call: number; bit: number } | null) => {
    const sizes: number[] = []
    source.controlled = (size) => {
      const call = sizes.push(size) - 1
      const bytes = pattern(call, size)
      if (flip && flip.call === call) bytes[flip.bit >> 3] = bytes[flip.bit >> 3]! ^ (1 << (flip.bit & 7))
      return bytes
    }
    try {
      return { token: await make(), sizes }
    } finally {
      source.controlled = null
    }
  }
  const base = await run(null)
  let bits = 0
  for (const [call, size] of base.sizes.entries()) {
    for (let bit = 0; bit < size * 8; bit++) if ((await run({ call, bit })).token !== base.token) bits++
  }
  return bits
}

/**
 * Above the chi-square's 99.9999th percentile for these degrees of freedom (63 → about 132,
 * 31 → about 84): an honest generator fails it less often than once in millions of runs.
 */
const LIMIT = { 64: 135, 32: 90 } as const

describe('token entropy', () => {
  const cases: { name: string; make: () => string; bits: number }[] = [
    { name: 'cart id', make: newOpaqueId, bits: 144 },
    { name: 'payment-link token', make: newPaymentToken, bits: 256 },
    { name: 'anti-forgery cookie nonce', make: () => createXsrfToken('secret').split('.')[0]!, bits: 256 },
    { name: 'frame anti-forgery nonce', make: () => createFrameToken('secret').split('.')[2]!, bits: 256 },
  ]
  for (const { name, make, bits } of cases) {
    it(`${name}: ${bits} random bits measured (at least 128), never repeated, characters evenly used`, async () => {
      expect(await measuredBits(make)).toBe(bits)
      expect(bits).toBeGreaterThanOrEqual(128)
      const tokens = Array.from({ length: N }, make)
      for (const token of tokens) expect(token).toMatch(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil(bits / 6)}}$`))
      expect(new Set(tokens).size).toBe(N)
      // the last character of a 32-byte token carries 4 bits only: leave it out of the count
      const full = tokens.map((t) => (bits % 6 ? t.slice(0, -1) : t))
      expect(chiSquare(full, BASE64URL)).toBeLessThan(LIMIT[64])
    })
  }

  for (const { name, make, stored } of staffSecrets) {
    it(`${name}: 256 random bits, never repeated, characters evenly used, only a hash stored`, async () => {
      expect(await measuredBits(make)).toBe(256)
      recording.written.length = 0
      const tokens: string[] = []
      for (let i = 0; i < N; i++) tokens.push(await make())
      for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/) // 32 bytes
      expect(new Set(tokens).size).toBe(N)
      expect(chiSquare(tokens.map((t) => t.slice(0, -1)), BASE64URL)).toBeLessThan(LIMIT[64])
      const rows = recording.written.filter((row) => stored in row)
      expect(rows).toHaveLength(N)
      const kept = JSON.stringify(recording.written)
      for (const token of tokens.slice(0, 50)) expect(kept).not.toContain(token)
      expect(new Set(rows.map((row) => row[stored])).size).toBe(N)
    })
  }

  it('booking codes: 40 random bits in an even Crockford alphabet, no repeats in a sample', async () => {
    expect(await measuredBits(newBookingCode)).toBe(40)
    const codes = Array.from({ length: N }, newBookingCode)
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
    expect(new Set(codes).size).toBe(N)
    expect(chiSquare(codes.map((c) => c.replace('-', '')), CROCKFORD)).toBeLessThan(LIMIT[32])
  })

  it('the measurement itself sees through a generator that stretches 64 random bits over a long token', async () => {
    const stretched = () => createHash('sha256').update(randomBytesOf(8)).digest('base64url')
    expect(stretched()).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await measuredBits(stretched)).toBe(64)
    // and one that draws many bytes but keeps few
    expect(await measuredBits(() => randomBytesOf(32).subarray(0, 8).toString('base64url'))).toBe(64)
  })

  it('the test itself rejects a skewed generator', () => {
    const skewed = Array.from({ length: N }, () => newOpaqueId().replace(/[A-M]/g, 'a')) // 13 letters never used
    expect(chiSquare(skewed, BASE64URL)).toBeGreaterThan(LIMIT[64])
  })
})
