/**
 * Signing in with e-mail and password, throttled per account and per client address.
 *
 * Failed attempts are counted in the database (`staff_sign_in_failures`), so every process sees
 * the same counts: 5 failures of one account (`account:{email}`) within 15 minutes lock that
 * account's sign-in for 15 minutes, 20 failures from one address (`address:{ip}`) lock the
 * address. The answer never tells whether an e-mail exists: an unknown e-mail, a wrong password,
 * a deactivated or a not yet activated account all fail alike, after the same password work.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { staff, staffSignInFailures } from '~/server/db/schema'
import { DomainError } from '../errors'
import { findStaffByEmail, normaliseEmail, recordStaffEvent, type StaffRow } from './accounts'
import { verifyPassword } from './passwords'
import { createStaffSession, endStaffSession, sessionHash } from './sessions'

const MINUTE = 60_000

/** How many failures within `windowMs` lock a key, and for how long. */
export type ThrottleLimit = { failures: number; windowMs: number; lockMs: number }

export const SIGN_IN_LIMITS = {
  account: { failures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  address: { failures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleLimit>

export const INVALID_CREDENTIALS_MESSAGE = 'The e-mail address or password is not correct.'

/** The throttle keys of an attempt: the account (by its normalised e-mail, known or not) and the client address. */
export const throttleKeys = (email: string, address: string) => ({
  account: `account:${normaliseEmail(email)}`,
  address: `address:${address}`,
})

export const invalidCredentials = () => new DomainError('unauthorised', 'auth.invalid_credentials', INVALID_CREDENTIALS_MESSAGE)

const throttled = (retryAfterSeconds: number) =>
  new DomainError('throttled', 'auth.throttled', 'Too many failed attempts. Please wait and try again later.', { retryAfterSeconds })

/** Refuses (429 `auth.throttled`) while any of the keys is locked; the longest lock tells when to come back. */
export async function assertNotThrottled(db: Db, shopId: string, keys: string[], now: Date) {
  let until = 0
  for (const key of keys) {
    const [row] = await db
      .select({ lockedUntil: staffSignInFailures.lockedUntil })
      .from(staffSignInFailures)
      .where(and(eq(staffSignInFailures.shopId, shopId), eq(staffSignInFailures.key, key)))
    if (row?.lockedUntil && row.lockedUntil.getTime() > now.getTime()) until = Math.max(until, row.lockedUntil.getTime())
  }
  if (until) throw throttled(Math.max(1, Math.ceil((until - now.getTime()) / 1000)))
}

/**
 * Counts one failure of a key in one statement (safe with concurrent attempts and processes):
 * a new window when the last one is over, a lock when the count reaches the limit.
 */
export async function recordFailure(db: Db, shopId: string, key: string, limit: ThrottleLimit, now: Date) {
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`
  const windowOver = sql`${staffSignInFailures.windowStart} <= ${at(now.getTime() - limit.windowMs)}`
  const failures = sql`case when ${windowOver} then 1 else ${staffSignInFailures.failures} + 1 end`
  await db
    .insert(staffSignInFailures)
    .values({ shopId, key, failures: 1, windowStart: now, lockedUntil: limit.failures <= 1 ? new Date(now.getTime() + limit.lockMs) : null })
    .onConflictDoUpdate({
      target: [staffSignInFailures.shopId, staffSignInFailures.key],
      set: {
        failures,
        windowStart: sql`case when ${windowOver} then ${at(now.getTime())} else ${staffSignInFailures.windowStart} end`,
        lockedUntil: sql`case when ${failures} >= ${limit.failures} then ${at(now.getTime() + limit.lockMs)} else ${staffSignInFailures.lockedUntil} end`,
      },
    })
}

/** Forgets a key's failures (a successful sign-in forgets its account's). */
export async function clearFailures(db: Db, shopId: string, key: string) {
  await db.delete(staffSignInFailures).where(and(eq(staffSignInFailures.shopId, shopId), eq(staffSignInFailures.key, key)))
}

/** Counts a failed password check against both keys. */
async function recordFailures(db: Db, shopId: string, keys: ReturnType<typeof throttleKeys>, now: Date) {
  await recordFailure(db, shopId, keys.account, SIGN_IN_LIMITS.account, now)
  await recordFailure(db, shopId, keys.address, SIGN_IN_LIMITS.address, now)
}

/**
 * Checks a member's password under the sign-in throttle (signing in, changing one's password):
 * refused while locked, a wrong password counted. Without a member (unknown e-mail) the same
 * password work is done and the answer is false.
 */
export async function checkPassword(
  db: Db,
  input: { shopId: string; email: string; address: string; password: string; member: StaffRow | undefined; now: Date },
): Promise<boolean> {
  const keys = throttleKeys(input.email, input.address)
  await assertNotThrottled(db, input.shopId, [keys.account, keys.address], input.now)
  const ok = await verifyPassword(input.password, input.member?.passwordHash ?? null)
  if (!ok) await recordFailures(db, input.shopId, keys, input.now)
  return ok
}

export type SignInInput = {
  shopId: string
  email: string
  password: string
  /** The client's address (the throttle's second key). */
  address: string
  userAgent: string
  /** The session secret the client brought along, if any: it ends (no fixation). */
  previousSecret?: string
  now: Date
}

/** Signs a member in: a new session (the secret for the cookie), or 401 `auth.invalid_credentials`, or 429 `auth.throttled`. */
export async function signIn(db: Db, input: SignInInput) {
  const member = await findStaffByEmail(db, input.shopId, input.email)
  const ok = await checkPassword(db, { ...input, member })
  // A deactivated member fails like a wrong password, after the same work (and is counted alike).
  if (ok && member && !member.active) await recordFailures(db, input.shopId, throttleKeys(input.email, input.address), input.now)
  if (!ok || !member || !member.active) throw invalidCredentials()

  if (input.previousSecret) await endStaffSession(db, sessionHash(input.previousSecret))
  const session = await createStaffSession(db, { shopId: input.shopId, staffId: member.id, userAgent: input.userAgent, now: input.now })
  const [updated] = await db.update(staff).set({ lastSignInAt: input.now }).where(eq(staff.id, member.id)).returning()
  await clearFailures(db, input.shopId, throttleKeys(input.email, input.address).account)
  await recordStaffEvent(db, { shopId: input.shopId, staffId: member.id, actorId: null, action: 'signed_in', at: input.now })
  return { member: updated ?? member, session }
}
