import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { outbox, staffEvents } from '../../src/server/db/schema'
import { CODE_LIFETIME_MS, CODE_TRIES } from '../../src/server/domain/staff/contact'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { processOutbox } from '../../src/server/mail/outbox'
import type { MailMessage } from '../../src/server/mail/transport'
import { createFileSmsTransport } from '../../src/server/sms/transport'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { shopFixture } from '../support/mail'
import { insertStaff, staffCalls } from '../support/staff'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`
const CODE_INVALID = 'The code is invalid or has expired. Request a new code.'

describeEachDatabase('staff management and contact changes (openapi/admin.yaml)', (factory) => {
  let app: TestApp
  let clock = new Date('2026-11-23T08:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let atelier: Awaited<ReturnType<typeof staffCalls>>
  let ids: Record<string, string>
  let owner: string

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    ids = await insertStaff(app, [
      { shopId: 'alpin', email: 'zora@alpin.example', name: 'Zora Zimmermann', role: 'guide' },
      { shopId: 'alpin', email: 'anna@alpin.example', name: 'Anna Keller', role: 'owner' },
      { shopId: 'alpin', email: 'marco@alpin.example', name: 'Marco Rossi', role: 'manager' },
      { shopId: 'alpin', email: 'bea@alpin.example', name: 'Bea Amrein', role: 'guide', locale: 'en' },
      { shopId: 'atelier', email: 'claire@atelier.example', name: 'Claire Dubois', role: 'owner', locale: 'fr' },
    ])
    alpin = await staffCalls(app, ALPIN)
    atelier = await staffCalls(app, ATELIER)
    owner = await alpin.signIn('anna@alpin.example')
  })
  afterAll(() => app?.close())

  const later = (ms: number) => (clock = new Date(clock.getTime() + ms))
  const member = async (id: string) => (await alpin.call('GET', `/staff/${id}`, { session: owner })).body.data
  async function lastRow(kind: string, to: string) {
    const rows = await app.database.db.select().from(outbox).where(eq(outbox.kind, kind))
    return rows.filter((r) => (r.payload as { to: string }).to === to).sort((a, b) => +a.createdAt - +b.createdAt).at(-1)
  }

  it('lists the shop staff, owners first, then by name; only owners may', async () => {
    const list = await alpin.call('GET', '/staff', { session: owner })
    expect(list.status).toBe(200)
    expect(list.body.data.map((m: { email: string }) => m.email)).toEqual(['anna@alpin.example', 'bea@alpin.example', 'marco@alpin.example', 'zora@alpin.example'])
    const manager = await alpin.signIn('marco@alpin.example')
    expect((await alpin.call('GET', '/staff', { session: manager })).status).toBe(403)
  })

  it('invites with a checked e-mail (unique per shop) and an optional phone stored as E.164', async () => {
    const invited = await alpin.call('POST', '/staff', {
      session: owner,
      body: { email: 'Nina@Alpin.example', name: ' Nina Frei ', role: 'manager', locale: 'en', phone: '079 123 45 67' },
    })
    expect(invited.status).toBe(201)
    expect(invited.body.data).toMatchObject({ email: 'nina@alpin.example', name: 'Nina Frei', phone: '+41791234567', status: 'invited', version: 1 })
    expect(await lastRow('staff_invitation', 'nina@alpin.example')).toBeTruthy()
    const [event] = await app.database.db.select().from(staffEvents).where(eq(staffEvents.staffId, invited.body.data.id))
    expect(event).toMatchObject({ action: 'invited', actorId: ids['anna@alpin.example'] })

    const taken = await alpin.call('POST', '/staff', { session: owner, body: { email: 'MARCO@alpin.example', name: 'X', role: 'guide', locale: 'de' } })
    expect(taken.status).toBe(409)
    expect(taken.body.data.code).toBe('staff.email_taken')
    // Another shop may have the same address.
    const otherShop = await atelier.signIn('claire@atelier.example')
    expect((await atelier.call('POST', '/staff', { session: otherShop, body: { email: 'marco@alpin.example', name: 'Marco', role: 'guide', locale: 'fr' } })).status).toBe(201)

    // The contract checks the e-mail's form; the number is checked by libphonenumber.
    const bad = await alpin.call('POST', '/staff', { session: owner, body: { email: 'ueli@alpin.example', name: 'Ueli', role: 'guide', locale: 'de', phone: '12345' } })
    expect(bad.status).toBe(400)
    expect(bad.body.data.errors).toEqual({ phone: { code: 'phone.invalid' } })
  })

  it("another shop's member is 404 for every staff operation", async () => {
    const claire = ids['claire@atelier.example']!
    for (const [method, path, body] of [
      ['GET', `/staff/${claire}`, undefined],
      ['PATCH', `/staff/${claire}`, { version: 1, active: false }],
      ['POST', `/staff/${claire}/invitation`, undefined],
    ] as const) {
      const answer = await alpin.call(method, path, { session: owner, body })
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(answer.body.data.code).toBe('staff.not_found')
    }
  })

  it('changes a role with the version read (409 on a stale one); resending an active member invitation is 409', async () => {
    const zora = ids['zora@alpin.example']!
    const { version } = await member(zora)
    const changed = await alpin.call('PATCH', `/staff/${zora}`, { session: owner, body: { version, role: 'manager' } })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ role: 'manager', version: version + 1 })
    const stale = await alpin.call('PATCH', `/staff/${zora}`, { session: owner, body: { version, role: 'guide' } })
    expect(stale.status).toBe(409)
    expect(stale.body.data.code).toBe('staff.version_conflict')
    expect((await member(zora)).role).toBe('manager')
    const resend = await alpin.call('POST', `/staff/${zora}/invitation`, { session: owner })
    expect(resend.status).toBe(409)
    expect(resend.body.data.code).toBe('staff.already_active')
  })

  it('never leaves the shop without an active owner', async () => {
    const anna = ids['anna@alpin.example']!
    for (const change of [{ role: 'manager' }, { active: false }]) {
      const answer = await alpin.call('PATCH', `/staff/${anna}`, { session: owner, body: { version: (await member(anna)).version, ...change } })
      expect(answer.status).toBe(409)
      expect(answer.body.data.code).toBe('staff.last_owner')
    }
    // With a second owner, the first may step down.
    const marco = ids['marco@alpin.example']!
    expect((await alpin.call('PATCH', `/staff/${marco}`, { session: owner, body: { version: (await member(marco)).version, role: 'owner' } })).status).toBe(200)
    const down = await alpin.call('PATCH', `/staff/${marco}`, { session: owner, body: { version: (await member(marco)).version, role: 'manager' } })
    expect(down.status).toBe(200)
  })

  it("deactivation ends the member's sessions at once; reactivated, they sign in again", async () => {
    const bea = ids['bea@alpin.example']!
    const session = await alpin.signIn('bea@alpin.example')
    expect((await alpin.call('GET', '/me', { session })).status).toBe(200)
    const off = await alpin.call('PATCH', `/staff/${bea}`, { session: owner, body: { version: (await member(bea)).version, active: false } })
    expect(off.body.data.status).toBe('inactive')
    expect((await alpin.call('GET', '/me', { session })).status).toBe(401)
    expect((await alpin.call('POST', '/session', { body: { email: 'bea@alpin.example', password: 'Bergfuehrer-2026' } })).status).toBe(401)
    const on = await alpin.call('PATCH', `/staff/${bea}`, { session: owner, body: { version: off.body.data.version, active: true } })
    expect(on.body.data.status).toBe('active')
    expect(await alpin.signIn('bea@alpin.example')).toBeTruthy()
  })

  it('changes the e-mail address only with the code sent to the new address', async () => {
    const session = await alpin.signIn('bea@alpin.example')
    const taken = await alpin.call('POST', '/me/contact-changes', { session, body: { channel: 'email', value: 'anna@alpin.example' } })
    expect(taken.status).toBe(409)
    expect(taken.body.data.code).toBe('staff.email_taken')
    const invalid = await alpin.call('POST', '/me/contact-changes', { session, body: { channel: 'email', value: 'nope' } })
    expect(invalid.body.data.errors).toEqual({ value: { code: 'email.invalid', params: {} } })

    const requested = await alpin.call('POST', '/me/contact-changes', { session, body: { channel: 'email', value: 'Bea.Neu@Alpin.example' } })
    expect(requested.status).toBe(202)
    expect(requested.body.data).toEqual({ channel: 'email', value: 'bea.neu@alpin.example', expiresAt: new Date(clock.getTime() + CODE_LIFETIME_MS).toISOString() })
    const row = (await lastRow('staff_contact_code', 'bea.neu@alpin.example'))!
    const code = (row.payload as { code: string }).code
    expect(code).toMatch(/^[0-9]{6}$/)
    expect((await alpin.call('GET', '/me', { session })).body.data).toMatchObject({ member: { email: 'bea@alpin.example' }, pending: [{ channel: 'email', value: 'bea.neu@alpin.example' }] })

    const wrongCode = code === '000000' ? '000001' : '000000'
    const wrong = await alpin.call('POST', '/me/contact-changes/confirm', { session, body: { channel: 'email', code: wrongCode } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ message: CODE_INVALID, data: { code: 'validation', errors: { code: { code: 'code.invalid' } } } })
    const version = (await member(ids['bea@alpin.example']!)).version
    const confirmed = await alpin.call('POST', '/me/contact-changes/confirm', { session, body: { channel: 'email', code } })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.data).toMatchObject({ member: { email: 'bea.neu@alpin.example', version: version + 1 }, pending: [] })
    // Used: the same code again is invalid.
    expect((await alpin.call('POST', '/me/contact-changes/confirm', { session, body: { channel: 'email', code } })).status).toBe(400)
  })

  it('sends a phone code as a text message (a .txt file beside the mails) and applies the number with it', async () => {
    const session = await alpin.signIn('bea.neu@alpin.example')
    const requested = await alpin.call('POST', '/me/contact-changes', { session, body: { channel: 'phone', value: '078 765 43 21' } })
    expect(requested.body.data.value).toBe('+41787654321')
    const row = (await lastRow('staff_contact_code_sms', '+41787654321'))!
    const dir = await mkdtemp(join(tmpdir(), 'staff-sms-'))
    try {
      const mails: MailMessage[] = []
      await processOutbox({
        db: app.database.db,
        transport: { send: async (message) => (mails.push(message), { id: String(mails.length) }) },
        sms: createFileSmsTransport(dir),
        loadShop: async () => shopFixture(),
        from: () => 'shop@example.ch',
        // Rows are due from the database's clock (their insert), not the suite's.
        batch: 100,
      })
      const [file] = (await readdir(dir)).filter((name) => name.endsWith('-sms-41787654321.txt'))
      const text = await readFile(join(dir, file!), 'utf8')
      const code = (row.payload as { code: string }).code
      expect(text).toBe(`To: +41787654321\n\n${code} is your confirmation code for Alpine Adventures. It is valid for 15 minutes.\n`)
      expect(mails.some((m) => m.to === '+41787654321')).toBe(false)
      const confirmed = await alpin.call('POST', '/me/contact-changes/confirm', { session, body: { channel: 'phone', code } })
      expect(confirmed.body.data.member.phone).toBe('+41787654321')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('a code allows 5 tries and 15 minutes; codes per member and hour are bounded (429)', async () => {
    const session = await alpin.signIn('zora@alpin.example')
    const request = () => alpin.call('POST', '/me/contact-changes', { session, body: { channel: 'email', value: 'zora2@alpin.example' } })
    const codeNow = async () => ((await lastRow('staff_contact_code', 'zora2@alpin.example'))!.payload as { code: string }).code
    const confirm = (code: string) => alpin.call('POST', '/me/contact-changes/confirm', { session, body: { channel: 'email', code } })
    const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

    await request()
    let code = await codeNow()
    for (let i = 0; i < CODE_TRIES; i++) expect((await confirm(other(code))).status).toBe(400)
    expect((await confirm(code)).body.message).toBe(CODE_INVALID)

    await request()
    code = await codeNow()
    later(CODE_LIFETIME_MS)
    expect((await confirm(code)).status).toBe(400)

    // 2 codes this hour so far; 3 more are allowed, the 6th is throttled.
    for (let i = 0; i < 3; i++) expect((await request()).status).toBe(202)
    const throttled = await request()
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0)
    // The last code sent still works.
    expect((await confirm(await codeNow())).status).toBe(200)
  })
})
