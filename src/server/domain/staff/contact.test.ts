import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../../../../tests/support/databases'
import type { Database } from '../../db/client'
import { outbox, shops, staff, staffContactChanges, staffEvents } from '../../db/schema'
import { newStaffId } from './accounts'
import { CODE_TRIES, confirmContactChange, contactValue, requestContactChange } from './contact'
import type { StaffPrincipal } from './sessions'

describeEachDatabase('staff contact changes', (factory) => {
  let database: Database
  const t0 = new Date('2026-11-23T08:00:00Z')
  const ids = { a: newStaffId(), b: newStaffId() }
  const principal = (staffId: string): StaffPrincipal => ({
    staffId,
    shopId: 'one',
    role: 'guide',
    locale: 'de',
    name: 'A',
    sessionIdHash: 'x',
    expiresAt: new Date(t0.getTime() + 86_400_000),
  })

  beforeAll(async () => {
    database = await factory.create()
    await database.db.insert(shops).values([{ id: 'one', config: { languages: ['de'] } as never }])
    await database.db.insert(staff).values([
      { id: ids.a, shopId: 'one', email: 'a@one.example', name: 'A', locale: 'fr', role: 'guide', passwordHash: 'scrypt$x' },
      { id: ids.b, shopId: 'one', email: 'b@one.example', name: 'B', locale: 'de', role: 'guide', passwordHash: 'scrypt$x' },
    ])
  })
  afterAll(() => database?.close())

  const codeSentTo = async (to: string) => {
    const rows = (await database.db.select().from(outbox)).filter((r) => (r.payload as { to: string }).to === to)
    return (rows.sort((x, y) => +x.createdAt - +y.createdAt).at(-1)!.payload as { code: string; locale: string }).code
  }

  it('reads e-mails in lower case and phones as E.164 (Swiss without a country code), with the field codes', () => {
    expect(contactValue('email', ' Anna@Example.CH ')).toBe('anna@example.ch')
    expect(contactValue('phone', '079 123 45 67')).toBe('+41791234567')
    expect(contactValue('phone', '+33 6 12 34 56 78')).toBe('+33612345678')
    expect(() => contactValue('email', 'anna@')).toThrow(expect.objectContaining({ data: { errors: { value: { code: 'email.invalid', params: {} } } } }))
    expect(() => contactValue('phone', '123')).toThrow(expect.objectContaining({ data: { errors: { value: { code: 'phone.invalid', params: {} } } } }))
  })

  it('stores the code only hashed, sends it to the new address in the member language; a new request replaces the code', async () => {
    await requestContactChange(database.db, principal(ids.a), { channel: 'email', value: 'new-a@one.example' }, t0)
    const first = await codeSentTo('new-a@one.example')
    const [row] = await database.db.select().from(staffContactChanges).where(eq(staffContactChanges.staffId, ids.a))
    expect(JSON.stringify(row)).not.toContain(first)
    expect((await database.db.select().from(outbox)).some((r) => (r.payload as { to: string }).to === 'a@one.example')).toBe(false)

    await requestContactChange(database.db, principal(ids.a), { channel: 'email', value: 'new-a@one.example' }, t0)
    const second = await codeSentTo('new-a@one.example')
    if (first !== second) {
      await expect(confirmContactChange(database.db, principal(ids.a), { channel: 'email', code: first }, t0)).rejects.toMatchObject({ data: { errors: { code: { code: 'code.invalid' } } } })
    }
    const member = await confirmContactChange(database.db, principal(ids.a), { channel: 'email', code: second }, t0)
    expect(member.email).toBe('new-a@one.example')
    const events = await database.db.select().from(staffEvents).where(eq(staffEvents.staffId, ids.a))
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['contact_code_sent', 'email_changed']))
  })

  it('parallel guesses use up at most 5 tries', async () => {
    await requestContactChange(database.db, principal(ids.b), { channel: 'phone', value: '078 111 22 33' }, t0)
    const code = await codeSentTo('+41781112233')
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const guesses = await Promise.allSettled(Array.from({ length: 10 }, () => confirmContactChange(database.db, principal(ids.b), { channel: 'phone', code: wrong }, t0)))
    expect(guesses.every((g) => g.status === 'rejected')).toBe(true)
    const [row] = await database.db.select().from(staffContactChanges).where(eq(staffContactChanges.staffId, ids.b))
    expect(row!.tries).toBe(CODE_TRIES)
    await expect(confirmContactChange(database.db, principal(ids.b), { channel: 'phone', code }, t0)).rejects.toMatchObject({ message: 'The code is invalid or has expired. Request a new code.' })
  })

  it('refuses an address another member took between request and confirmation (409)', async () => {
    await requestContactChange(database.db, principal(ids.b), { channel: 'email', value: 'shared@one.example' }, t0)
    const code = await codeSentTo('shared@one.example')
    await database.db.update(staff).set({ email: 'shared@one.example' }).where(eq(staff.id, ids.a))
    await expect(confirmContactChange(database.db, principal(ids.b), { channel: 'email', code }, t0)).rejects.toMatchObject({ kind: 'conflict', code: 'staff.email_taken' })
  })
})
