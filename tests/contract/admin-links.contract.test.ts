import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { outbox, staffLinks } from '../../src/server/db/schema'
import { LINK_LIFETIME_MS, linkTokenHash } from '../../src/server/domain/staff/links'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { composeMessage } from '../../src/server/mail/outbox'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { shopFixture } from '../support/mail'
import { insertStaff, staffCalls, staffSecretOf, STAFF_PASSWORD } from '../support/staff'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`
const NEW_PASSWORD = 'Gipfel-Sturm-7'
const INVALID = { status: 404, message: 'The link has expired or is invalid. Request a new link.', code: 'link.invalid' }

describeEachDatabase('staff invitation and password-reset links (openapi/admin.yaml)', (factory) => {
  let app: TestApp
  let clock = new Date('2026-11-23T08:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let atelier: Awaited<ReturnType<typeof staffCalls>>
  let owner: string

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    await insertStaff(app, [
      { shopId: 'alpin', email: 'anna@alpin.example', name: 'Anna Keller', role: 'owner' },
      { shopId: 'alpin', email: 'lea@alpin.example', name: 'Lea Brunner', role: 'guide', locale: 'fr' },
      { shopId: 'alpin', email: 'ina@alpin.example', name: 'Ina Aus', role: 'guide', active: false },
      { shopId: 'alpin', email: 'ivo@alpin.example', name: 'Ivo Neu', role: 'guide', invited: true },
      { shopId: 'atelier', email: 'claire@atelier.example', name: 'Claire Dubois', role: 'owner', locale: 'fr' },
    ])
    alpin = await staffCalls(app, ALPIN)
    atelier = await staffCalls(app, ATELIER)
    owner = await alpin.signIn('anna@alpin.example')
  })
  afterAll(() => app?.close())

  const later = (ms: number) => (clock = new Date(clock.getTime() + ms))
  /** The newest queued mail of a kind to an address. */
  async function lastMail(kind: string, to: string) {
    const rows = await app.database.db.select().from(outbox).where(eq(outbox.kind, kind))
    return rows.filter((r) => (r.payload as { to: string }).to === to).sort((a, b) => +a.createdAt - +b.createdAt).at(-1)
  }
  const tokenOf = (url: string) => /\/admin\/password\/([A-Za-z0-9_-]+)$/.exec(url)![1]!
  const expectInvalid = (answer: { status: number; body: { message: string; data: { code: string } } }) => {
    expect(answer.status).toBe(INVALID.status)
    expect(answer.body).toMatchObject({ message: INVALID.message, data: { code: INVALID.code } })
  }
  async function invite(email: string, locale: 'de' | 'en' | 'fr' = 'de') {
    const answer = await alpin.call('POST', '/staff', { session: owner, body: { email, name: `Neu ${email}`, role: 'guide', locale } })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const mail = await lastMail('staff_invitation', email)
    return { member: answer.body.data, url: (mail!.payload as { url: string }).url }
  }

  it('invites: a mail in the invitee language with a link from the canonical origin; the link shows whom it is for, sets the password once and signs in', async () => {
    const { member, url } = await invite('gina@alpin.example', 'fr')
    expect(member).toMatchObject({ email: 'gina@alpin.example', status: 'invited', role: 'guide', locale: 'fr' })
    expect(url).toMatch(new RegExp(`^${ALPIN}/fr/admin/password/[A-Za-z0-9_-]{43}$`))
    const token = tokenOf(url)
    // Stored as its SHA-256 only.
    const [stored] = await app.database.db.select().from(staffLinks).where(eq(staffLinks.tokenHash, linkTokenHash(token)))
    expect(stored).toMatchObject({ purpose: 'invitation', usedAt: null, expiresAt: new Date(clock.getTime() + LINK_LIFETIME_MS.invitation) })
    expect(JSON.stringify(await app.database.db.select().from(staffLinks))).not.toContain(token)

    const message = composeMessage((await lastMail('staff_invitation', 'gina@alpin.example'))!, shopFixture(), 'shop@example.ch', clock)
    expect(message.to).toBe('gina@alpin.example')
    expect(message.subject).toBe('Votre accès à l’application du personnel de Aventures alpines')
    expect(message.text).toContain(url)
    expect(message.html).toContain(`href="${url}"`)

    const view = await alpin.call('GET', `/links/${token}`)
    expect(view.status).toBe(200)
    expect(view.body.data).toEqual({ purpose: 'invitation', email: 'gina@alpin.example', name: 'Neu gina@alpin.example', expiresAt: stored!.expiresAt.toISOString() })

    const weak = await alpin.call('POST', `/links/${token}/password`, { body: { password: 'kurz', passwordConfirmation: 'kurz' } })
    expect(weak.status).toBe(400)
    expect(weak.body.data.errors).toEqual({ password: { code: 'password.too_short', params: { minimum: 8 } } })
    const mismatch = await alpin.call('POST', `/links/${token}/password`, { body: { password: NEW_PASSWORD, passwordConfirmation: 'Gipfel-Sturm-8' } })
    expect(mismatch.body.data.errors).toEqual({ passwordConfirmation: { code: 'password.mismatch' } })

    const set = await alpin.call('POST', `/links/${token}/password`, { body: { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.data.member).toMatchObject({ email: 'gina@alpin.example', status: 'active' })
    const secret = staffSecretOf(set.cookie)
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await alpin.call('GET', '/me', { session: secret })).body.data.member.email).toBe('gina@alpin.example')
    expect(await alpin.signIn('gina@alpin.example', NEW_PASSWORD)).toBeTruthy()

    // Used up: reading and using it again both answer the spec's message.
    expectInvalid(await alpin.call('GET', `/links/${token}`))
    expectInvalid(await alpin.call('POST', `/links/${token}/password`, { body: { password: 'Anders-Passwort-1', passwordConfirmation: 'Anders-Passwort-1' } }))
  })

  it('refuses an expired link, an unknown one, and one of another shop on this host (404 link.invalid)', async () => {
    const { url } = await invite('otto@alpin.example')
    const token = tokenOf(url)
    expectInvalid(await atelier.call('GET', `/links/${token}`))
    expectInvalid(await atelier.call('POST', `/links/${token}/password`, { body: { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } }))
    expectInvalid(await alpin.call('GET', `/links/${'A'.repeat(43)}`))
    later(LINK_LIFETIME_MS.invitation)
    expectInvalid(await alpin.call('GET', `/links/${token}`))
    expectInvalid(await alpin.call('POST', `/links/${token}/password`, { body: { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } }))
    owner = await alpin.signIn('anna@alpin.example')
  })

  it('lets exactly one of two parallel uses of a link succeed', async () => {
    const { url } = await invite('paul@alpin.example')
    const token = tokenOf(url)
    const body = { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }
    const answers = await Promise.all([alpin.call('POST', `/links/${token}/password`, { body }), alpin.call('POST', `/links/${token}/password`, { body })])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404])
    expectInvalid(answers.find((a) => a.status === 404)!)
  })

  it('a resent invitation voids the previous link', async () => {
    const { member, url } = await invite('rita@alpin.example')
    const resent = await alpin.call('POST', `/staff/${member.id}/invitation`, { session: owner })
    expect(resent.status).toBe(202)
    const newUrl = (await lastMail('staff_invitation', 'rita@alpin.example'))!.payload as { url: string }
    expect(newUrl.url).not.toBe(url)
    expectInvalid(await alpin.call('GET', `/links/${tokenOf(url)}`))
    expect((await alpin.call('GET', `/links/${tokenOf(newUrl.url)}`)).status).toBe(200)
  })

  it('password reset: 202 for any address; a mail only to an active member with a password; the new password ends every session', async () => {
    const before = (await app.database.db.select().from(outbox).where(eq(outbox.kind, 'staff_password_reset'))).length
    for (const email of ['nobody@alpin.example', 'ina@alpin.example', 'ivo@alpin.example', 'claire@atelier.example']) {
      const answer = await alpin.call('POST', '/password-resets', { body: { email } })
      expect(answer.status).toBe(202)
      expect(answer.body.data).toEqual({ accepted: true })
    }
    expect((await app.database.db.select().from(outbox).where(eq(outbox.kind, 'staff_password_reset'))).length).toBe(before)

    const old = await alpin.signIn('lea@alpin.example')
    expect((await alpin.call('POST', '/password-resets', { body: { email: 'LEA@alpin.example' } })).status).toBe(202)
    const mail = (await lastMail('staff_password_reset', 'lea@alpin.example'))!
    const url = (mail.payload as { url: string }).url
    expect(url).toMatch(new RegExp(`^${ALPIN}/fr/admin/password/`))
    expect(composeMessage(mail, shopFixture(), 'shop@example.ch', clock).subject).toBe('Choisir un nouveau mot de passe – Aventures alpines')
    const view = await alpin.call('GET', `/links/${tokenOf(url)}`)
    expect(view.body.data).toMatchObject({ purpose: 'reset', email: 'lea@alpin.example', expiresAt: new Date(clock.getTime() + LINK_LIFETIME_MS.reset).toISOString() })

    const set = await alpin.call('POST', `/links/${tokenOf(url)}/password`, { body: { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } })
    expect(set.status).toBe(200)
    expect((await alpin.call('GET', '/me', { session: old })).status).toBe(401)
    expect((await alpin.call('POST', '/session', { body: { email: 'lea@alpin.example', password: STAFF_PASSWORD } })).status).toBe(401)
    expect(await alpin.signIn('lea@alpin.example', NEW_PASSWORD)).toBeTruthy()
  })

  it('a reset link expires after an hour', async () => {
    await alpin.call('POST', '/password-resets', { body: { email: 'anna@alpin.example' } })
    const url = ((await lastMail('staff_password_reset', 'anna@alpin.example'))!.payload as { url: string }).url
    later(LINK_LIFETIME_MS.reset)
    expectInvalid(await alpin.call('POST', `/links/${tokenOf(url)}/password`, { body: { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } }))
    const [row] = await app.database.db.select().from(staffLinks).where(and(eq(staffLinks.tokenHash, linkTokenHash(tokenOf(url)))))
    expect(row!.usedAt).toBeNull()
  })
})
