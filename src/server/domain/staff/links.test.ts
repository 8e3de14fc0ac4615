import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../../../../tests/support/databases'
import type { Database } from '../../db/client'
import { shops, staff, staffLinks, staffSessions } from '../../db/schema'
import { DomainError } from '../errors'
import { newStaffId } from './accounts'
import { createStaffLink, LINK_LIFETIME_MS, linkTokenHash, linkUrl, usePasswordLink, viewLink } from './links'
import { useFastPasswordHashing, verifyPassword } from './passwords'
import { createStaffSession } from './sessions'

useFastPasswordHashing()

const PASSWORD = 'Neues-Passwort-1'

describeEachDatabase('staff links', (factory) => {
  let database: Database
  const t0 = new Date('2026-11-23T08:00:00Z')
  const at = (ms: number) => new Date(t0.getTime() + ms)
  const ids = { invited: newStaffId(), active: newStaffId(), inactive: newStaffId(), other: newStaffId() }

  beforeAll(async () => {
    database = await factory.create()
    const config = { languages: ['de'] } as never
    await database.db.insert(shops).values([{ id: 'one', config }, { id: 'two', config }])
    await database.db.insert(staff).values([
      { id: ids.invited, shopId: 'one', email: 'i@one.example', name: 'I', locale: 'de', role: 'guide' },
      { id: ids.active, shopId: 'one', email: 'a@one.example', name: 'A', locale: 'en', role: 'owner', passwordHash: 'scrypt$old' },
      { id: ids.inactive, shopId: 'one', email: 'x@one.example', name: 'X', locale: 'de', role: 'guide', active: false },
      { id: ids.other, shopId: 'two', email: 'o@two.example', name: 'O', locale: 'fr', role: 'owner' },
    ])
  })
  afterAll(() => database?.close())

  const link = (staffId: string, purpose: 'invitation' | 'reset' = 'invitation', shopId = 'one', now = t0) =>
    createStaffLink(database.db, { shopId, staffId, purpose, now })
  const rejects = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => undefined, (e: unknown) => e)
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({ kind: 'not_found', code: 'link.invalid', message: 'The link has expired or is invalid. Request a new link.' })
  }

  it('makes a 256-bit token (the contract pattern) stored only as its SHA-256, valid 7 days (invitation) or 1 hour (reset)', async () => {
    const invitation = await link(ids.invited)
    expect(invitation.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(invitation.token, 'base64url')).toHaveLength(32)
    expect(invitation.expiresAt).toEqual(at(LINK_LIFETIME_MS.invitation))
    const reset = await link(ids.active, 'reset')
    expect(reset.expiresAt).toEqual(at(60 * 60_000))
    const rows = await database.db.select().from(staffLinks)
    expect(rows.map((r) => r.tokenHash)).toEqual(expect.arrayContaining([linkTokenHash(invitation.token), linkTokenHash(reset.token)]))
    expect(JSON.stringify(rows)).not.toContain(invitation.token)
    expect(linkUrl('https://alpin.example', 'fr', invitation.token)).toBe(`https://alpin.example/fr/admin/password/${invitation.token}`)
  })

  it('a new link voids older unused ones of the same purpose, not of the other', async () => {
    const first = await link(ids.active, 'reset')
    const invitation = await link(ids.active, 'invitation')
    const second = await link(ids.active, 'reset')
    await rejects(viewLink(database.db, 'one', first.token, t0))
    expect(await viewLink(database.db, 'one', second.token, t0)).toMatchObject({ purpose: 'reset', email: 'a@one.example' })
    expect(await viewLink(database.db, 'one', invitation.token, t0)).toMatchObject({ purpose: 'invitation' })
  })

  it('refuses unknown, malformed, expired, other shop and inactive member links', async () => {
    await rejects(viewLink(database.db, 'one', 'B'.repeat(43), t0))
    await rejects(viewLink(database.db, 'one', '../etc', t0))
    const valid = await link(ids.invited)
    await rejects(viewLink(database.db, 'one', valid.token, at(LINK_LIFETIME_MS.invitation)))
    await rejects(viewLink(database.db, 'two', valid.token, t0))
    await rejects(usePasswordLink(database.db, 'two', valid.token, PASSWORD, PASSWORD, t0))
    const other = await link(ids.other, 'invitation', 'two')
    await rejects(viewLink(database.db, 'one', other.token, t0))
    const inactive = await link(ids.inactive)
    await rejects(viewLink(database.db, 'one', inactive.token, t0))
    await rejects(usePasswordLink(database.db, 'one', inactive.token, PASSWORD, PASSWORD, t0))
  })

  it('sets the password once, activates an invited member and ends all their sessions', async () => {
    const { token } = await link(ids.invited)
    await database.db.update(staff).set({ passwordHash: null }).where(eq(staff.id, ids.invited))
    await createStaffSession(database.db, { shopId: 'one', staffId: ids.invited, userAgent: 'old', now: t0 })
    const rulesBroken = await usePasswordLink(database.db, 'one', token, 'short', 'other', t0).catch((e: DomainError) => e)
    expect(rulesBroken).toMatchObject({ code: 'validation', data: { errors: { password: { code: 'password.too_short' }, passwordConfirmation: { code: 'password.mismatch' } } } })

    const member = await usePasswordLink(database.db, 'one', token, PASSWORD, PASSWORD, at(1000))
    expect(member.id).toBe(ids.invited)
    expect(await verifyPassword(PASSWORD, member.passwordHash)).toBe(true)
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, ids.invited))).toEqual([])
    const [row] = await database.db.select().from(staffLinks).where(eq(staffLinks.tokenHash, linkTokenHash(token)))
    expect(row!.usedAt).toEqual(at(1000))
    await rejects(usePasswordLink(database.db, 'one', token, PASSWORD, PASSWORD, at(2000)))
  })

  it('of two parallel uses exactly one succeeds', async () => {
    const { token } = await link(ids.active, 'reset')
    const results = await Promise.allSettled([
      usePasswordLink(database.db, 'one', token, PASSWORD, PASSWORD, t0),
      usePasswordLink(database.db, 'one', token, 'Anderes-Passwort-2', 'Anderes-Passwort-2', t0),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(failed.reason).toMatchObject({ code: 'link.invalid' })
  })
})
