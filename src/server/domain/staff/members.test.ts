import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../../../../tests/support/databases'
import type { Database } from '../../db/client'
import { outbox, shops, staff, staffEvents } from '../../db/schema'
import { newStaffId } from './accounts'
import { getStaffMember, inviteStaff, listStaff, resendInvitation, updateStaffMember } from './members'
import type { StaffPrincipal } from './sessions'

describeEachDatabase('staff members', (factory) => {
  let database: Database
  const now = new Date('2026-11-23T08:00:00Z')
  const ids = { anna: newStaffId(), beat: newStaffId(), carla: newStaffId(), other: newStaffId() }
  const actor = (staffId: string, shopId = 'one'): StaffPrincipal => ({
    staffId,
    shopId,
    role: 'owner',
    locale: 'de',
    name: 'x',
    sessionIdHash: 'x',
    expiresAt: new Date(now.getTime() + 86_400_000),
  })

  beforeAll(async () => {
    database = await factory.create()
    const config = { languages: ['de'] } as never
    await database.db.insert(shops).values([{ id: 'one', config }, { id: 'two', config }])
    await database.db.insert(staff).values([
      { id: ids.carla, shopId: 'one', email: 'c@one.example', name: 'carla', locale: 'de', role: 'guide', passwordHash: 'scrypt$x' },
      { id: ids.beat, shopId: 'one', email: 'b@one.example', name: 'Beat', locale: 'de', role: 'owner', passwordHash: 'scrypt$x' },
      { id: ids.anna, shopId: 'one', email: 'a@one.example', name: 'Anna', locale: 'de', role: 'owner', passwordHash: 'scrypt$x' },
      { id: ids.other, shopId: 'two', email: 'o@two.example', name: 'Otto', locale: 'fr', role: 'owner', passwordHash: 'scrypt$x' },
    ])
  })
  afterAll(() => database?.close())

  it('lists one shop: owners first, then by name whatever the case', async () => {
    expect((await listStaff(database.db, 'one')).map((m) => m.name)).toEqual(['Anna', 'Beat', 'carla'])
    await expect(getStaffMember(database.db, 'one', ids.other)).rejects.toMatchObject({ kind: 'not_found', code: 'staff.not_found' })
  })

  it('invites in the invitee language, records who did it, and a resend needs an active member without a password', async () => {
    const invited = await inviteStaff(database.db, actor(ids.anna), { email: 'd@one.example', name: 'Dora', role: 'guide', locale: 'fr' }, { origin: 'https://one.example', now })
    const mails = (await database.db.select().from(outbox)).filter((r) => r.kind === 'staff_invitation')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.payload).toMatchObject({ to: 'd@one.example', locale: 'fr', name: 'Dora', url: expect.stringMatching(/^https:\/\/one\.example\/fr\/admin\/password\//) })
    const [event] = await database.db.select().from(staffEvents).where(eq(staffEvents.staffId, invited.id))
    expect(event).toMatchObject({ action: 'invited', actorId: ids.anna })

    const off = await updateStaffMember(database.db, actor(ids.anna), invited.id, { version: invited.version, active: false }, now)
    await expect(resendInvitation(database.db, actor(ids.anna), invited.id, { origin: 'https://one.example', now })).rejects.toMatchObject({ code: 'staff.inactive' })
    await updateStaffMember(database.db, actor(ids.anna), invited.id, { version: off.version, active: true }, now)
    await resendInvitation(database.db, actor(ids.anna), invited.id, { origin: 'https://one.example', now })
    expect((await database.db.select().from(outbox)).filter((r) => r.kind === 'staff_invitation')).toHaveLength(2)
    await expect(resendInvitation(database.db, actor(ids.other, 'two'), invited.id, { origin: 'https://two.example', now })).rejects.toMatchObject({ code: 'staff.not_found' })
  })

  it('two owners stepping down at once: exactly one succeeds, the shop keeps an active owner', async () => {
    const [anna, beat] = await Promise.all([getStaffMember(database.db, 'one', ids.anna), getStaffMember(database.db, 'one', ids.beat)])
    const results = await Promise.allSettled([
      updateStaffMember(database.db, actor(ids.anna), ids.anna, { version: anna.version, role: 'manager' }, now),
      updateStaffMember(database.db, actor(ids.beat), ids.beat, { version: beat.version, active: false }, now),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'staff.last_owner' })
    const owners = (await listStaff(database.db, 'one')).filter((m) => m.role === 'owner' && m.status === 'active')
    expect(owners).toHaveLength(1)
  })
})
