/**
 * Security of staff sign-in (openapi/admin.yaml): no account enumeration (same answer and similar
 * time for a known and an unknown e-mail, with the REAL password hashing parameters), the session
 * cookie's flags over HTTPS and plain HTTP, a 256-bit session id stored only as its hash, no
 * session fixation, throttling per account and per client address, and password resets that
 * answer the same whether the e-mail exists or not.
 */
import { randomBytes, randomUUID, scryptSync } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { outbox, staff, staffSessions } from '../../src/server/db/schema'
import { newStaffId } from '../../src/server/domain/staff/accounts'
import { hashPassword, passwordHashParams } from '../../src/server/domain/staff/passwords'
import { sessionHash } from '../../src/server/domain/staff/sessions'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { xsrfHeaders } from '../support/visitor-calls'

// No useFastPasswordHashing(): the timing test needs the real cost, for known accounts and for the dummy hash.
const PASSWORD = 'Sicher-Anmelden-2026'
const PLAIN = `http://alpin.${HOSTED_DOMAIN}`
const SECURE = `https://alpin.${HOSTED_DOMAIN}`
const TIMED_ATTEMPTS = 8

/** A hash at a cheap cost in the stored format (verification reads the cost from the hash): for the throttling tests. */
function cheapHash(password: string) {
  const salt = randomBytes(16)
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N: 1024, r: 8, p: 1 })
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$')
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against the contract by app.call
type Answer = { status: number; body: any; headers: Headers; cookie?: string; ms: number }

describeEachDatabase('staff sign-in security (openapi/admin.yaml)', (factory) => {
  let app: TestApp
  const xsrf: Record<string, Record<string, string>> = {}
  let addresses = 0
  const freshAddress = () => `198.18.${Math.floor(++addresses / 250)}.${addresses % 250}`

  beforeAll(async () => {
    app = await createTestApp(factory, { env: { NODE_ENV: 'production', TRUST_PROXY: true } })
    expect(passwordHashParams().N).toBe(2 ** 17) // the real cost
    const realHash = await hashPassword(PASSWORD)
    const fast = cheapHash(PASSWORD)
    const member = (email: string, passwordHash: string) => ({ id: newStaffId(), shopId: 'alpin', email, name: email.split('@')[0]!, locale: 'en' as const, role: 'guide' as const, passwordHash })
    await app.database.db.insert(staff).values([
      ...Array.from({ length: TIMED_ATTEMPTS + 1 }, (_, i) => member(`timed${i}@alpin.example`, realHash)),
      ...['mia', 'noe', 'ola', 'pia', 'rea', 'sam', 'tim', 'uli'].map((name) => member(`${name}@alpin.example`, fast)),
    ])
    for (const origin of [PLAIN, SECURE]) xsrf[origin] = await xsrfHeaders(app, origin)
  }, 60_000)
  afterAll(() => app?.close())

  async function call(method: string, path: string, options: { body?: unknown; cookie?: string; origin?: string; address?: string } = {}): Promise<Answer> {
    const origin = options.origin ?? PLAIN
    const pair = xsrf[origin]!
    const started = performance.now()
    const response = await app.call(`${origin}/api/admin/v1${path}`, {
      method,
      headers: {
        cookie: [pair.cookie, options.cookie].filter(Boolean).join('; '),
        'x-xsrf-token': pair['x-xsrf-token']!,
        'idempotency-key': randomUUID(),
        'x-flowin-locale': 'en',
        'x-forwarded-for': options.address ?? freshAddress(),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    const text = await response.text()
    const ms = performance.now() - started
    const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?staff-session=/.test(c))
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers, cookie, ms }
  }
  const signIn = (email: string, password = PASSWORD, options: Parameters<typeof call>[2] = {}) => call('POST', '/session', { ...options, body: { email, password } })
  const secretOf = (cookie: string | undefined) => /^(?:__Host-)?staff-session=([^;]*)/.exec(cookie ?? '')?.[1]
  const withoutRequestId = (a: Answer) => ({ status: a.status, cookie: a.cookie, retryAfter: a.headers.get('retry-after'), body: { ...a.body, data: { ...a.body?.data, requestId: undefined } } })
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

  it('answers a known e-mail with a wrong password and an unknown e-mail alike, in similar time (real hashing cost)', async () => {
    // Warm up: the dummy hash of unknown accounts is made once, and the first scrypt call allocates.
    await signIn('timed8@alpin.example', 'Wrong-Passwort-1')
    await signIn('nobody-warm@alpin.example', 'Wrong-Passwort-1')
    const known: Answer[] = []
    const unknown: Answer[] = []
    for (let i = 0; i < TIMED_ATTEMPTS; i++) {
      // interleaved, each known account once (no account lock), fresh addresses (no address lock)
      known.push(await signIn(`timed${i}@alpin.example`, 'Wrong-Passwort-1'))
      unknown.push(await signIn(`nobody${i}@alpin.example`, 'Wrong-Passwort-1'))
    }
    for (const answer of [...known, ...unknown]) expect(withoutRequestId(answer)).toEqual(withoutRequestId(known[0]!))
    expect(known[0]!.status).toBe(401)
    expect(known[0]!.body.data.code).toBe('auth.invalid_credentials')
    const ratio = median(known.map((a) => a.ms)) / median(unknown.map((a) => a.ms))
    console.info(`[auth-security] ${factory.name}: median known ${median(known.map((a) => a.ms)).toFixed(0)} ms, unknown ${median(unknown.map((a) => a.ms)).toFixed(0)} ms, ratio ${ratio.toFixed(2)}`)
    expect(ratio).toBeGreaterThan(0.6)
    expect(ratio).toBeLessThan(1.6)
    // the right password does sign in (the failures above were about the password only)
    expect((await signIn('timed8@alpin.example')).status).toBe(200)
  }, 180_000) // ~0.3 s per scrypt at 128 MiB on an idle machine; much more on a busy one

  it('sets the session cookie __Host-staff-session over HTTPS: Secure, HttpOnly, SameSite=Strict, Path=/, no Domain', async () => {
    const answer = await signIn('mia@alpin.example', PASSWORD, { origin: SECURE })
    expect(answer.status).toBe(200)
    const [pair, ...attributes] = answer.cookie!.split(';').map((part) => part.trim())
    expect(pair).toMatch(/^__Host-staff-session=[A-Za-z0-9_-]+$/)
    const names = attributes.map((a) => a.split('=')[0]!.toLowerCase())
    expect(names).toEqual(expect.arrayContaining(['secure', 'httponly', 'path']))
    expect(attributes).toContain('Path=/')
    expect(attributes.map((a) => a.toLowerCase())).toContain('samesite=strict')
    expect(names).not.toContain('domain')
  })

  it('sets staff-session over plain HTTP: HttpOnly, SameSite=Strict, Path=/, not Secure', async () => {
    const answer = await signIn('mia@alpin.example')
    expect(answer.status).toBe(200)
    const [pair, ...attributes] = answer.cookie!.split(';').map((part) => part.trim())
    expect(pair).toMatch(/^staff-session=[A-Za-z0-9_-]+$/)
    const lower = attributes.map((a) => a.toLowerCase())
    expect(lower).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/']))
    expect(lower).not.toContain('secure')
    expect(lower.some((a) => a.startsWith('domain'))).toBe(false)
  })

  it('makes session ids of at least 256 random bits and stores only their hash', async () => {
    const secrets: string[] = []
    for (let i = 0; i < 3; i++) secrets.push(secretOf((await signIn('noe@alpin.example')).cookie)!)
    expect(new Set(secrets).size).toBe(3)
    for (const secret of secrets) expect(Buffer.from(secret, 'base64url').length * 8).toBeGreaterThanOrEqual(256)
    const rows = await app.database.db.select().from(staffSessions)
    const stored = JSON.stringify(rows)
    for (const secret of secrets) {
      expect(stored).not.toContain(secret)
      expect(stored).not.toContain(Buffer.from(secret, 'base64url').toString('hex'))
      expect(rows.filter((row) => row.idHash === sessionHash(secret))).toHaveLength(1)
    }
  })

  it('never keeps a session id planted before the sign-in (fixation): the new one differs and the planted one is dead', async () => {
    const planted = [
      randomBytes(32).toString('base64url'), // chosen by an attacker
      secretOf((await signIn('ola@alpin.example')).cookie)!, // the attacker's own valid session
    ]
    for (const secret of planted) {
      const answer = await signIn('pia@alpin.example', PASSWORD, { cookie: `staff-session=${secret}` })
      expect(answer.status).toBe(200)
      const fresh = secretOf(answer.cookie)!
      expect(fresh).not.toBe(secret)
      expect((await call('GET', '/me', { cookie: `staff-session=${secret}` })).status).toBe(401)
      const me = await call('GET', '/me', { cookie: `staff-session=${fresh}` })
      expect([me.status, me.body.data.member.email]).toEqual([200, 'pia@alpin.example'])
    }
  })

  it('throttles one account (from changing addresses) with 429 and Retry-After, even for the right password', async () => {
    let answer: Answer | undefined
    for (let i = 0; i < 10 && answer?.status !== 429; i++) answer = await signIn('rea@alpin.example', 'Wrong-Passwort-1')
    expect(answer!.status).toBe(429)
    const right = await signIn('rea@alpin.example')
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(right.body.data.code).toBe('auth.throttled')
    expect(right.cookie).toBeUndefined()
    expect((await signIn('sam@alpin.example')).status).toBe(200) // others are not locked out
  })

  it('throttles one client address whatever the accounts, with 429 and Retry-After', async () => {
    const address = '203.0.113.77'
    const accounts = ['tim', 'uli', 'sam', 'mia', 'noe', 'ola', 'pia']
    let answer: Answer | undefined
    for (let i = 0; i < 40 && answer?.status !== 429; i++) answer = await signIn(`${accounts[i % accounts.length]}@alpin.example`, 'Wrong-Passwort-1', { address })
    expect(answer!.status).toBe(429)
    const right = await signIn('uli@alpin.example', PASSWORD, { address })
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await signIn('uli@alpin.example', PASSWORD, { address: '203.0.113.78' })).status).toBe(200)
  })

  it('answers a password reset the same for a known and an unknown e-mail (and mails only the known one)', async () => {
    const mailsBefore = (await app.database.db.select().from(outbox)).length
    const known = await call('POST', '/password-resets', { body: { email: 'tim@alpin.example' } })
    const unknown = await call('POST', '/password-resets', { body: { email: 'nobody-here@alpin.example' } })
    expect(known.status).toBe(202)
    expect(withoutRequestId(unknown)).toEqual(withoutRequestId(known))
    const mails = (await app.database.db.select().from(outbox)).slice(mailsBefore)
    expect(JSON.stringify(mails)).toContain('tim@alpin.example')
    expect(JSON.stringify(mails)).not.toContain('nobody-here@alpin.example')
    const [tim] = await app.database.db.select().from(staff).where(eq(staff.email, 'tim@alpin.example'))
    expect(tim).toBeDefined()
  })
})
