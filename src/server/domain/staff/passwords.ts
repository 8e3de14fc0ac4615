/**
 * Staff passwords: scrypt (memory-hard, in Node itself: no native addon) at OWASP's parameters
 * (N = 2^17, r = 8, p = 1: 128 MiB and a few hundred milliseconds per hash), a random salt per
 * password, stored as `scrypt$N$r$p$salt$hash` so the parameters can be raised later.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import type { FieldErrors } from '../errors'

const KEY_LENGTH = 32
export const PASSWORD_MIN_LENGTH = 8

const OWASP = { N: 2 ** 17, r: 8, p: 1 } as const
let params: { N: number; r: number; p: number } = OWASP

/** Tests only: a cheap hash (N = 2^10), so that suites can sign in hundreds of times. */
export function useFastPasswordHashing() {
  params = { N: 2 ** 10, r: 8, p: 1 }
}

/** The parameters new hashes are made with. */
export const passwordHashParams = () => ({ ...params })

// One hash at a time: each takes 128 MiB and a core for a few hundred milliseconds; a burst of
// sign-ins queues here instead of exhausting memory or starving the shop's other requests.
const MAX_PARALLEL = 1
let running = 0
const waiting: (() => void)[] = []

async function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 }
    return await new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
    )
  } finally {
    running--
    waiting.shift()?.()
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

// What an unknown account is checked against, so that it costs the same time as a known one.
let dummy: { hash: string; N: number } | undefined

/** Whether the password matches the stored hash; with no hash, the same work is done and the answer is false. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    if (!dummy || dummy.N !== params.N) dummy = { hash: await hashPassword(randomBytes(12).toString('base64url')), N: params.N }
    await verifyPassword(password, dummy.hash)
    return false
  }
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * The password rules: at least 8 characters, a lowercase and an uppercase letter, and the
 * confirmation the same ('The passwords do not match.'). Empty when the password is fine.
 */
export function passwordErrors(password: string, confirmation: string): FieldErrors {
  const errors: FieldErrors = {}
  if ([...password].length < PASSWORD_MIN_LENGTH) errors.password = { code: 'password.too_short', params: { minimum: PASSWORD_MIN_LENGTH } }
  else if (!/\p{Ll}/u.test(password)) errors.password = { code: 'password.lowercase' }
  else if (!/\p{Lu}/u.test(password)) errors.password = { code: 'password.uppercase' }
  if (password !== confirmation) errors.passwordConfirmation = { code: 'password.mismatch' }
  return errors
}
