/**
 * Token entropy: every unguessable value the shop hands out — cart ids, payment-link
 * tokens, anti-forgery nonces (cookie and frame), booking codes, staff session secrets and staff
 * link tokens (invitations, password resets) — is long enough, never repeats,
 * and uses its alphabet evenly (a chi-square test over thousands of tokens: a generator that
 * leaned on a few characters, or reused a counter or a clock, would fail it).
 */
import { describe, expect, it } from 'vitest'
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
    it(`${name}: at least 128 random bits, never repeated, characters evenly used`, () => {
      const tokens = Array.from({ length: N }, make)
      expect(bits).toBeGreaterThanOrEqual(128)
      for (const token of tokens) expect(token).toMatch(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil(bits / 6)}}$`))
      expect(new Set(tokens).size).toBe(N)
      // the last character of a 32-byte token carries 4 bits only: leave it out of the count
      const full = tokens.map((t) => (bits % 6 ? t.slice(0, -1) : t))
      expect(chiSquare(full, BASE64URL)).toBeLessThan(LIMIT[64])
    })
  }

  for (const { name, make, stored } of staffSecrets) {
    it(`${name}: 256 random bits, never repeated, characters evenly used, only a hash stored`, async () => {
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

  it('booking codes: 40 random bits in an even Crockford alphabet, no repeats in a sample', () => {
    const codes = Array.from({ length: N }, newBookingCode)
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
    expect(new Set(codes).size).toBe(N)
    expect(chiSquare(codes.map((c) => c.replace('-', '')), CROCKFORD)).toBeLessThan(LIMIT[32])
  })

  it('the test itself rejects a skewed generator', () => {
    const skewed = Array.from({ length: N }, () => newOpaqueId().replace(/[A-M]/g, 'a')) // 13 letters never used
    expect(chiSquare(skewed, BASE64URL)).toBeGreaterThan(LIMIT[64])
  })
})
