import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../../../../tests/support/databases'
import type { Database } from '../../db/client'
import { shops, staff, staffSessions } from '../../db/schema'
import { newStaffId } from './accounts'
import {
  authenticateStaffSession,
  createStaffSession,
  endStaffSessions,
  listStaffSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  sessionHash,
} from './sessions'

describeEachDatabase('staff sessions', (factory) => {
  let database: Database
  const t0 = new Date('2026-11-23T08:00:00Z')
  const at = (ms: number) => new Date(t0.getTime() + ms)
  let member: string
  let other: string

  beforeAll(async () => {
    database = await factory.create()
    const config = { languages: ['de'] } as never
    await database.db.insert(shops).values([{ id: 'one', config }, { id: 'two', config }])
    member = newStaffId()
    other = newStaffId()
    await database.db.insert(staff).values([
      { id: member, shopId: 'one', email: 'a@one.example', name: 'A', locale: 'de', role: 'manager', passwordHash: 'scrypt$x' },
      { id: other, shopId: 'two', email: 'b@two.example', name: 'B', locale: 'fr', role: 'owner', passwordHash: 'scrypt$x' },
    ])
  })
  afterAll(() => database?.close())

  const sign = (staffId = member, shopId = 'one', now = t0) => createStaffSession(database.db, { shopId, staffId, userAgent: 'Test', now })

  it('stores only the hash of a 256-bit secret and finds the member by the secret', async () => {
    const { secret, idHash } = await sign()
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32)
    const rows = await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, member))
    expect(rows.map((r) => r.idHash)).toContain(sessionHash(secret))
    expect(JSON.stringify(rows)).not.toContain(secret)
    const principal = await authenticateStaffSession(database.db, 'one', secret, at(1000))
    expect(principal).toMatchObject({ staffId: member, shopId: 'one', role: 'manager', locale: 'de', sessionIdHash: idHash })
  })

  it("refuses another shop's session, unknown and malformed secrets", async () => {
    const { secret } = await sign(other, 'two')
    expect(await authenticateStaffSession(database.db, 'one', secret, at(1000))).toBeNull()
    expect(await authenticateStaffSession(database.db, 'two', secret, at(1000))).not.toBeNull()
    expect(await authenticateStaffSession(database.db, 'one', 'x'.repeat(43), at(1000))).toBeNull()
    expect(await authenticateStaffSession(database.db, 'one', "' or 1=1 --", at(1000))).toBeNull()
    expect(await authenticateStaffSession(database.db, 'one', undefined, at(1000))).toBeNull()
  })

  it('ends after 8 hours without use, and 7 days after sign-in whatever the use', async () => {
    const idle = await sign()
    expect(await authenticateStaffSession(database.db, 'one', idle.secret, at(SESSION_IDLE_MS - 1000))).not.toBeNull()
    // Used just before the idle end: the idle clock starts again.
    expect(await authenticateStaffSession(database.db, 'one', idle.secret, at(2 * SESSION_IDLE_MS - 2000))).not.toBeNull()
    expect(await authenticateStaffSession(database.db, 'one', idle.secret, at(3 * SESSION_IDLE_MS))).toBeNull()
    // Gone for good, even at a time it would have been valid.
    expect(await authenticateStaffSession(database.db, 'one', idle.secret, at(1000))).toBeNull()

    const busy = await sign()
    let now = 0
    while (now + SESSION_IDLE_MS / 2 < SESSION_ABSOLUTE_MS) {
      now += SESSION_IDLE_MS / 2
      expect(await authenticateStaffSession(database.db, 'one', busy.secret, at(now))).not.toBeNull()
    }
    expect(await authenticateStaffSession(database.db, 'one', busy.secret, at(SESSION_ABSOLUTE_MS))).toBeNull()
  })

  it('refuses a deactivated member at once, and one without a password', async () => {
    const { secret } = await sign()
    await database.db.update(staff).set({ active: false }).where(eq(staff.id, member))
    expect(await authenticateStaffSession(database.db, 'one', secret, at(1000))).toBeNull()
    await database.db.update(staff).set({ active: true, passwordHash: null }).where(eq(staff.id, member))
    const again = await sign()
    expect(await authenticateStaffSession(database.db, 'one', again.secret, at(1000))).toBeNull()
    await database.db.update(staff).set({ passwordHash: 'scrypt$x' }).where(eq(staff.id, member))
  })

  it('lists the live sessions, the current first, and ends all but one', async () => {
    await database.db.delete(staffSessions)
    const first = await sign(member, 'one', at(0))
    const second = await sign(member, 'one', at(60_000))
    await sign(member, 'one', at(-SESSION_ABSOLUTE_MS - 1))
    const list = await listStaffSessions(database.db, member, first.idHash, at(120_000))
    expect(list).toHaveLength(2)
    expect(list[0]).toMatchObject({ current: true, userAgent: 'Test' })
    expect(list.map((s) => s.id)).not.toContain(first.secret)
    await endStaffSessions(database.db, member, { except: first.idHash })
    expect(await authenticateStaffSession(database.db, 'one', second.secret, at(120_000))).toBeNull()
    expect(await authenticateStaffSession(database.db, 'one', first.secret, at(120_000))).not.toBeNull()
    await endStaffSessions(database.db, member)
    expect(await authenticateStaffSession(database.db, 'one', first.secret, at(120_000))).toBeNull()
  })
})
