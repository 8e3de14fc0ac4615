import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { version } from '../../package.json'
import { staff, staffContactChanges } from '../../src/server/db/schema'
import { newStaffId } from '../../src/server/domain/staff/accounts'
import { hashPassword, useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/server/domain/staff/sessions'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { staffCalls, staffSecretOf, STAFF_PASSWORD, type StaffAnswer, type StaffCallOptions } from '../support/staff'

useFastPasswordHashing()

const PASSWORD = STAFF_PASSWORD
const HOUR = 60 * 60_000
const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`
const SECURE_ALPIN = `https://alpin.${HOSTED_DOMAIN}`

describeEachDatabase('staff sign-in, profile and sessions (openapi/admin.yaml)', (factory) => {
  let app: TestApp
  let clock = new Date('2026-11-23T08:00:00Z')
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms))
  const calls: Record<string, Awaited<ReturnType<typeof staffCalls>>> = {}
  let addresses = 0
  const freshAddress = () => `198.51.100.${++addresses}`

  beforeAll(async () => {
    // Production cookies (Secure over HTTPS) and the client address from our proxy's X-Forwarded-For.
    app = await createTestApp(factory, { now: () => clock, env: { NODE_ENV: 'production', TRUST_PROXY: true } })
    const passwordHash = await hashPassword(PASSWORD)
    await app.database.db.insert(staff).values([
      { id: newStaffId(), shopId: 'alpin', email: 'anna@alpin.example', name: 'Anna Keller', locale: 'de', role: 'owner', passwordHash },
      { id: newStaffId(), shopId: 'alpin', email: 'lea@alpin.example', name: 'Lea Brunner', locale: 'de', role: 'guide', passwordHash },
      { id: newStaffId(), shopId: 'alpin', email: 'ina@alpin.example', name: 'Ina Aus', locale: 'de', role: 'guide', passwordHash, active: false },
      { id: newStaffId(), shopId: 'alpin', email: 'ivo@alpin.example', name: 'Ivo Neu', locale: 'de', role: 'guide' },
      { id: newStaffId(), shopId: 'alpin', email: 'marco@alpin.example', name: 'Marco Rossi', locale: 'de', role: 'manager', passwordHash },
      { id: newStaffId(), shopId: 'atelier', email: 'claire@atelier.example', name: 'Claire Dubois', locale: 'fr', role: 'owner', passwordHash },
    ])
    for (const origin of [ALPIN, ATELIER, SECURE_ALPIN]) calls[origin] = await staffCalls(app, origin)
  })
  afterAll(() => app?.close())

  /** A staff call of a shop's host (default alpin over http), from one fixed client address unless another is given. */
  type CallOptions = StaffCallOptions & { origin?: string }
  const call = (method: string, path: string, { origin = ALPIN, ...options }: CallOptions = {}): Promise<StaffAnswer> =>
    calls[origin]!.call(method, path, { address: '203.0.113.9', ...options })
  const secretOf = staffSecretOf
  const signIn = (email: string, password = PASSWORD, options: Parameters<typeof call>[2] = {}) =>
    call('POST', '/session', { address: freshAddress(), ...options, body: { email, password } })
  async function session(email = 'lea@alpin.example', options: Parameters<typeof call>[2] = {}) {
    const answer = await signIn(email, PASSWORD, options)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return secretOf(answer.cookie)!
  }
  const me = (secret: string, origin = ALPIN) => call('GET', '/me', { session: secret, origin })

  it('signs in: a new session in an HttpOnly, SameSite=Strict cookie for this host, Secure with the __Host- prefix over HTTPS', async () => {
    const plain = await signIn('ANNA@alpin.example ')
    expect(plain.status).toBe(200)
    expect(plain.cookie).toMatch(/^staff-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/)
    expect(plain.body.data).toMatchObject({
      member: { email: 'anna@alpin.example', name: 'Anna Keller', role: 'owner', status: 'active', lastSignInAt: clock.toISOString() },
      pending: [],
      session: { expiresAt: new Date(clock.getTime() + SESSION_ABSOLUTE_MS).toISOString() },
    })
    expect((await me(secretOf(plain.cookie)!)).body.data).toMatchObject({ member: { email: 'anna@alpin.example' } })

    const secure = await signIn('anna@alpin.example', PASSWORD, { origin: SECURE_ALPIN })
    expect(secure.status).toBe(200)
    expect(secure.cookie).toMatch(/^__Host-staff-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/)
    expect(secure.cookie).not.toMatch(/Domain|Max-Age|Expires/i)
    expect((await me(secretOf(secure.cookie)!, SECURE_ALPIN)).status).toBe(200)
  })

  it('answers a wrong password, an unknown e-mail, a deactivated and an invited account with the same body', async () => {
    const answers = await Promise.all([
      signIn('anna@alpin.example', 'Wrong-password-1'),
      signIn('nobody@alpin.example'),
      signIn('ina@alpin.example'),
      signIn('ivo@alpin.example'),
      // another shop's member on this shop's host
      signIn('claire@atelier.example'),
    ])
    const strip = (a: StaffAnswer) => ({ status: a.status, cookie: a.cookie, body: { ...a.body, data: { ...a.body.data, requestId: undefined } } })
    for (const answer of answers) {
      expect(strip(answer)).toEqual(strip(answers[0]!))
    }
    expect(answers[0]!.status).toBe(401)
    expect(answers[0]!.body).toMatchObject({ message: 'The e-mail address or password is not correct.', data: { code: 'auth.invalid_credentials' } })
  })

  it('throttles one account after 5 failures from any addresses (429, Retry-After), even with the right password, for 15 minutes', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('marco@alpin.example', 'Nope-nope-1')).status).toBe(401)
    const locked = await signIn('marco@alpin.example')
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBe('900')
    expect(locked.body).toMatchObject({ statusCode: 429, data: { code: 'auth.throttled', retryAfterSeconds: 900 } })
    expect(locked.cookie).toBeUndefined()
    // Others sign in as usual.
    expect((await signIn('lea@alpin.example')).status).toBe(200)
    later(10 * 60_000)
    expect((await signIn('marco@alpin.example')).headers.get('retry-after')).toBe('300')
    later(5 * 60_000)
    expect((await signIn('marco@alpin.example')).status).toBe(200)
  })

  it('throttles one client address after 20 failures, whatever the e-mails', async () => {
    const address = '192.0.2.44'
    for (let i = 0; i < 20; i++) expect((await signIn(`guess${i}@alpin.example`, 'Nope-nope-1', { address })).status).toBe(401)
    const locked = await signIn('lea@alpin.example', PASSWORD, { address })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await signIn('lea@alpin.example', PASSWORD, { address: '192.0.2.45' })).status).toBe(200)
    later(15 * 60_000)
  })

  it('ends the session a browser brought to the sign-in (no fixation)', async () => {
    const planted = await session('lea@alpin.example')
    const again = await signIn('lea@alpin.example', PASSWORD, { session: planted })
    const renewed = secretOf(again.cookie)!
    expect(renewed).not.toBe(planted)
    expect((await me(planted)).status).toBe(401)
    expect((await me(renewed)).status).toBe(200)
  })

  it("keeps a shop's session on its own host", async () => {
    const claire = await session('claire@atelier.example', { origin: ATELIER })
    expect((await me(claire, ATELIER)).status).toBe(200)
    expect((await me(claire, ALPIN)).body).toMatchObject({ statusCode: 401, data: { code: 'auth.required' } })
  })

  it('signs out: the session ends and the cookie is cleared', async () => {
    const secret = await session()
    const out = await call('DELETE', '/session', { session: secret })
    expect(out.status).toBe(204)
    expect(out.cookie).toMatch(/^staff-session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0$/)
    expect((await me(secret)).status).toBe(401)
  })

  it('signs out everywhere: every session of the member ends, others’ stay', async () => {
    const [a, b, other] = [await session(), await session(), await session('anna@alpin.example')]
    const sessions = await call('GET', '/me/sessions', { session: a })
    expect(sessions.status).toBe(200)
    expect(sessions.body.data[0]).toMatchObject({ current: true, userAgent: 'Vitest' })
    expect((sessions.body.data as { current: boolean }[]).filter((s) => s.current)).toHaveLength(1)
    const out = await call('DELETE', '/me/sessions', { session: b })
    expect(out.status).toBe(204)
    expect(out.cookie).toMatch(/Max-Age=0/)
    expect([(await me(a)).status, (await me(b)).status, (await me(other)).status]).toEqual([401, 401, 200])
  })

  it('changes the password: the current one is checked (and throttled), the rules apply, every other session ends', async () => {
    const [mine, other] = [await session('marco@alpin.example'), await session('marco@alpin.example')]
    const change = (body: unknown, address = freshAddress()) => call('POST', '/me/password', { session: mine, body, address })
    const wrong = await change({ currentPassword: 'Wrong-one-1', password: 'Neues-Passwort-1', passwordConfirmation: 'Neues-Passwort-1' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.data).toMatchObject({ code: 'validation', errors: { currentPassword: { code: 'password.wrong' } } })
    const weak = await change({ currentPassword: PASSWORD, password: 'kurz', passwordConfirmation: 'anders' })
    expect(weak.body.data).toMatchObject({
      errors: { password: { code: 'password.too_short', params: { minimum: 8 } }, passwordConfirmation: { code: 'password.mismatch' } },
    })
    expect(weak.body.data.errors).not.toHaveProperty('currentPassword')
    expect((await change({ currentPassword: PASSWORD, password: 'Neues-Passwort-1', passwordConfirmation: 'Neues-Passwort-1' })).status).toBe(204)
    expect([(await me(mine)).status, (await me(other)).status]).toEqual([200, 401])
    expect((await signIn('marco@alpin.example')).status).toBe(401)
    expect((await signIn('marco@alpin.example', 'Neues-Passwort-1')).status).toBe(200)
    // Guessing the current password counts like failed sign-ins.
    for (let i = 0; i < 5; i++) await change({ currentPassword: `Guess-${i}-abc`, password: 'Noch-eins-22', passwordConfirmation: 'Noch-eins-22' })
    const locked = await change({ currentPassword: 'Neues-Passwort-1', password: 'Noch-eins-22', passwordConfirmation: 'Noch-eins-22' })
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBe('900')
    later(15 * 60_000)
  })

  it('answers a repeated password change (same key, same body) from the store: 204 without a body, nothing changed twice', async () => {
    const secret = await session('lea@alpin.example')
    const body = { currentPassword: PASSWORD, password: 'Lea-neu-2026', passwordConfirmation: 'Lea-neu-2026' }
    const key = randomUUID()
    const first = await call('POST', '/me/password', { session: secret, body, key })
    const again = await call('POST', '/me/password', { session: secret, body, key })
    expect([first.status, again.status, again.body]).toEqual([204, 204, undefined])
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const back = { currentPassword: 'Lea-neu-2026', password: PASSWORD, passwordConfirmation: PASSWORD }
    expect((await call('POST', '/me/password', { session: secret, body: back })).status).toBe(204)
  })

  it('ends a session after 8 hours without use, and 7 days after sign-in whatever the use', async () => {
    const idle = await session()
    later(SESSION_IDLE_MS - 60_000)
    expect((await me(idle)).status).toBe(200)
    later(SESSION_IDLE_MS - 60_000)
    expect((await me(idle)).status).toBe(200)
    later(SESSION_IDLE_MS)
    expect((await me(idle)).status).toBe(401)

    const busy = await session()
    const end = clock.getTime() + SESSION_ABSOLUTE_MS
    while (clock.getTime() + 7 * HOUR < end) {
      later(7 * HOUR)
      expect((await me(busy)).status).toBe(200)
    }
    clock = new Date(end)
    expect((await me(busy)).body).toMatchObject({ statusCode: 401, data: { code: 'auth.required' } })
  })

  it('changes one’s own name and language, and checks them', async () => {
    const secret = await session('anna@alpin.example')
    const before = (await me(secret)).body.data.member as { version: number }
    const blank = await call('PATCH', '/me', { session: secret, body: { name: '   ' } })
    expect(blank.status).toBe(400)
    expect(blank.body.data).toMatchObject({ code: 'validation', errors: { name: { code: 'required' } } })
    expect((await call('PATCH', '/me', { session: secret, body: {} })).status).toBe(400)
    expect((await call('PATCH', '/me', { session: secret, body: { locale: 'it' } })).status).toBe(400)
    expect((await call('PATCH', '/me', { session: secret, body: { role: 'owner' } })).status).toBe(400)
    const changed = await call('PATCH', '/me', { session: secret, body: { name: ' Anna Keller-Huber ', locale: 'fr' } })
    expect(changed.status).toBe(200)
    expect(changed.body.data.member).toMatchObject({ name: 'Anna Keller-Huber', locale: 'fr', role: 'owner', version: before.version + 1 })
    expect((await me(secret)).body.data.member).toMatchObject({ name: 'Anna Keller-Huber', locale: 'fr' })
  })

  it('lists the pending contact changes that have not expired', async () => {
    const secret = await session('lea@alpin.example')
    const [lea] = await app.database.db.select().from(staff).where(eq(staff.email, 'lea@alpin.example'))
    await app.database.db.insert(staffContactChanges).values([
      { staffId: lea!.id, shopId: 'alpin', channel: 'email', value: 'lea.b@alpin.example', codeHash: 'x', expiresAt: new Date(clock.getTime() + 10 * 60_000) },
      { staffId: lea!.id, shopId: 'alpin', channel: 'phone', value: '+41791234567', codeHash: 'x', expiresAt: new Date(clock.getTime() - 1000) },
    ])
    expect((await me(secret)).body.data.pending).toEqual([
      { channel: 'email', value: 'lea.b@alpin.example', expiresAt: new Date(clock.getTime() + 10 * 60_000).toISOString() },
    ])
  })

  it('tells the version and build; refuses every profile operation without a session', async () => {
    const secret = await session()
    expect((await call('GET', '/about', { session: secret })).body).toEqual({ data: { version, buildId: expect.any(String) } })
    for (const [method, path] of [['GET', '/me'], ['PATCH', '/me'], ['POST', '/me/password'], ['GET', '/me/sessions'], ['DELETE', '/me/sessions'], ['DELETE', '/session'], ['GET', '/about']] as const) {
      const body = method === 'PATCH' ? { name: 'X' } : method === 'POST' ? { currentPassword: 'x', password: 'x', passwordConfirmation: 'x' } : undefined
      expect((await call(method, path, { body })).status, `${method} ${path}`).toBe(401)
    }
  })
})
