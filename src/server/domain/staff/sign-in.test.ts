import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { describeEachDatabase } from '../../../../tests/support/databases'
import type { Database } from '../../db/client'
import { shops, staff, staffEvents, staffSessions, staffSignInFailures } from '../../db/schema'
import { DomainError } from '../errors'
import { newStaffId } from './accounts'
import { hashPassword, useFastPasswordHashing } from './passwords'
import { authenticateStaffSession, createStaffSession } from './sessions'
import { recordFailure, signIn, SIGN_IN_LIMITS, type SignInInput } from './sign-in'

// Every password check is recorded (and still done), to see which hash each attempt checked against.
const checks = vi.hoisted(() => [] as (string | null)[])
vi.mock('./passwords', async (original) => {
  const actual = await original<typeof import('./passwords')>()
  return { ...actual, verifyPassword: (password: string, stored: string | null) => (checks.push(stored), actual.verifyPassword(password, stored)) }
})

useFastPasswordHashing()
const PASSWORD = 'Correct-Horse-1'

describeEachDatabase('staff sign-in', (factory) => {
  let database: Database
  const t0 = new Date('2026-11-23T08:00:00Z')
  const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000)
  const ids = { active: newStaffId(), inactive: newStaffId(), invited: newStaffId(), other: newStaffId() }

  beforeAll(async () => {
    database = await factory.create()
    const config = { languages: ['de'] } as never
    await database.db.insert(shops).values([{ id: 'one', config }, { id: 'two', config }])
    const hash = await hashPassword(PASSWORD)
    await database.db.insert(staff).values([
      { id: ids.active, shopId: 'one', email: 'anna@one.example', name: 'Anna', locale: 'de', role: 'owner', passwordHash: hash },
      { id: ids.inactive, shopId: 'one', email: 'ina@one.example', name: 'Ina', locale: 'de', role: 'guide', passwordHash: hash, active: false },
      { id: ids.invited, shopId: 'one', email: 'ivo@one.example', name: 'Ivo', locale: 'de', role: 'guide' },
      { id: ids.other, shopId: 'two', email: 'anna@one.example', name: 'Anna Zwei', locale: 'de', role: 'owner', passwordHash: hash },
    ])
  })
  afterAll(() => database?.close())

  let address = 0
  /** Each attempt from a fresh address unless given, so the address key stays out of the way. */
  const attempt = (input: Partial<SignInInput>) =>
    signIn(database.db, { shopId: 'one', email: 'anna@one.example', password: PASSWORD, address: `10.0.0.${++address}`, userAgent: 'Test', now: t0, ...input })
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('signed in')
      },
      (error: DomainError) => ({ kind: error.kind, code: error.code, message: error.message, data: error.data }),
    )

  it('signs in with the right password (e-mail in any case): a new session, lastSignInAt, a signed_in event', async () => {
    const { member, session } = await attempt({ email: '  ANNA@one.example ', now: at(1) })
    expect(member.id).toBe(ids.active)
    expect(member.lastSignInAt).toEqual(at(1))
    expect(await authenticateStaffSession(database.db, 'one', session.secret, at(2))).toMatchObject({ staffId: ids.active, role: 'owner' })
    const events = await database.db.select().from(staffEvents).where(and(eq(staffEvents.staffId, ids.active), eq(staffEvents.action, 'signed_in')))
    expect(events).toHaveLength(1)
  })

  it('answers an unknown e-mail, a wrong password, a deactivated and an invited account alike', async () => {
    const answers = await Promise.all([
      failure(attempt({ email: 'nobody@one.example' })),
      failure(attempt({ password: 'Wrong-Password-1' })),
      failure(attempt({ email: 'ina@one.example' })),
      failure(attempt({ email: 'ivo@one.example', password: '' })),
      failure(attempt({ shopId: 'two', email: 'ivo@one.example' })),
    ])
    for (const answer of answers)
      expect(answer).toEqual({ kind: 'unauthorised', code: 'auth.invalid_credentials', message: 'The e-mail address or password is not correct.', data: {} })
  })

  it('does the same password work for an unknown e-mail and an invited account (a dummy hash) as for a known one', async () => {
    checks.length = 0
    await failure(attempt({ email: 'nobody@one.example' }))
    await failure(attempt({ email: 'ivo@one.example' }))
    await failure(attempt({ password: 'Wrong-Password-1' }))
    expect(checks.map((stored) => (stored === null ? 'dummy' : 'hash'))).toEqual(['dummy', 'dummy', 'hash'])
  })

  it('ends the session the client brought along (no fixation)', async () => {
    const planted = await createStaffSession(database.db, { shopId: 'one', staffId: ids.active, userAgent: 'Old', now: t0 })
    const { session } = await attempt({ previousSecret: planted.secret })
    expect(session.secret).not.toBe(planted.secret)
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.idHash, planted.idHash))).toEqual([])
  })

  it('locks an account after 5 failures within 15 minutes, for 15 minutes, whatever the address; success clears the count', async () => {
    const email = 'anna@one.example'
    for (let i = 0; i < SIGN_IN_LIMITS.account.failures - 1; i++) await failure(attempt({ email, password: 'nope', now: at(10) }))
    // Four failures: the right password still works, and forgets them.
    await attempt({ now: at(11) })
    for (let i = 0; i < SIGN_IN_LIMITS.account.failures; i++) await failure(attempt({ email, password: 'nope', now: at(12) }))
    const locked = await failure(attempt({ now: at(13) }))
    expect(locked).toMatchObject({ kind: 'throttled', code: 'auth.throttled', data: { retryAfterSeconds: 14 * 60 } })
    // Other accounts are not locked; this one is free again after the lock.
    await failure(attempt({ email: 'ina@one.example', now: at(13) })).then((a) => expect(a.code).toBe('auth.invalid_credentials'))
    expect((await attempt({ now: at(27) })).member.id).toBe(ids.active)
  })

  it('locks a client address after 20 failures, whatever the accounts; the count of an old window starts again', async () => {
    const address = '192.0.2.7'
    for (let i = 0; i < SIGN_IN_LIMITS.address.failures - 1; i++) await failure(attempt({ email: `x${i}@one.example`, address, now: at(100) }))
    // The window is over: the 20th failure starts a new count instead of locking.
    await failure(attempt({ email: 'y@one.example', address, now: at(116) }))
    expect((await attempt({ address, now: at(116) })).member.id).toBe(ids.active)
    for (let i = 0; i < SIGN_IN_LIMITS.address.failures - 1; i++) await failure(attempt({ email: `z${i}@one.example`, address, now: at(117) }))
    const locked = await failure(attempt({ address, now: at(118) }))
    expect(locked).toMatchObject({ code: 'auth.throttled' })
    // Another shop's sign-in from the same address is counted apart.
    expect((await attempt({ shopId: 'two', address, now: at(118) })).member.id).toBe(ids.other)
  })

  it('counts concurrent failures exactly (one statement per failure)', async () => {
    const limit = { failures: 1000, windowMs: 60_000, lockMs: 60_000 }
    await Promise.all(Array.from({ length: 25 }, () => recordFailure(database.db, 'one', 'address:race', limit, t0)))
    const [row] = await database.db.select().from(staffSignInFailures).where(eq(staffSignInFailures.key, 'address:race'))
    expect(row).toMatchObject({ failures: 25, lockedUntil: null })
  })
})
