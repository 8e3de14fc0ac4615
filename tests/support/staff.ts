/**
 * Staff calls for the contract suites of openapi/admin.yaml: members inserted with a password,
 * a call with the anti-forgery pair, an idempotency key and the session cookie, and signing in.
 */
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { staff } from '../../src/server/db/schema'
import { newStaffId } from '../../src/server/domain/staff/accounts'
import { hashPassword } from '../../src/server/domain/staff/passwords'
import { HOSTED_DOMAIN, type TestApp } from './app'
import { xsrfHeaders } from './visitor-calls'

export const STAFF_PASSWORD = 'Bergfuehrer-2026'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against the contract by app.call; the tests read them freely
export type StaffAnswer = { status: number; body: any; headers: Headers; cookie: string | undefined }
export type StaffCallOptions = { body?: unknown; session?: string; key?: string; address?: string; locale?: string; cookieName?: string }

type NewMember = { shopId: string; email: string; name: string; role: 'owner' | 'manager' | 'guide'; locale?: 'de' | 'en' | 'fr'; active?: boolean; invited?: boolean; phone?: string }

/** Inserts members (with STAFF_PASSWORD unless `invited`); returns their ids by e-mail. */
export async function insertStaff(app: TestApp, members: NewMember[]): Promise<Record<string, string>> {
  const passwordHash = await hashPassword(STAFF_PASSWORD)
  const ids: Record<string, string> = {}
  for (const m of members) {
    const id = newStaffId()
    ids[m.email] = id
    await app.database.db.insert(staff).values({
      id,
      shopId: m.shopId,
      email: m.email,
      name: m.name,
      role: m.role,
      locale: m.locale ?? 'de',
      active: m.active ?? true,
      phone: m.phone ?? null,
      passwordHash: m.invited ? null : passwordHash,
    })
  }
  return ids
}

export const staffSecretOf = (cookie: string | undefined) => /^(?:__Host-)?staff-session=([^;]*)/.exec(cookie ?? '')?.[1]

/** Calls of one shop's host (the session cookie is `__Host-staff-session` over https, `staff-session` over http, unless `cookieName`). */
export async function staffCalls(app: TestApp, origin: string) {
  const pair = await xsrfHeaders(app, origin)
  let addresses = 0
  async function call(method: string, path: string, options: StaffCallOptions = {}): Promise<StaffAnswer> {
    const name = options.cookieName ?? (origin.startsWith('https') ? '__Host-staff-session' : 'staff-session')
    const cookies = [pair.cookie, ...(options.session ? [`${name}=${options.session}`] : [])]
    const response = await app.call(`${origin}/api/admin/v1${path}`, {
      method,
      headers: {
        cookie: cookies.join('; '),
        'x-xsrf-token': pair['x-xsrf-token']!,
        'idempotency-key': options.key ?? randomUUID(),
        'x-flowin-locale': options.locale ?? 'en',
        'x-forwarded-for': options.address ?? `198.51.100.${(addresses = (addresses % 250) + 1)}`,
        'user-agent': 'Vitest',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    const text = await response.text()
    const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?staff-session=/.test(c))
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers, cookie }
  }
  /** Signs in and returns the session secret (fails the test otherwise). */
  async function signIn(email: string, password = STAFF_PASSWORD): Promise<string> {
    const answer = await call('POST', '/session', { body: { email, password } })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return staffSecretOf(answer.cookie)!
  }
  return { call, signIn }
}

/** The staff of the staff-app contract suites: alpin's owner, manager and guide, and atelier's owner (French). */
export const STAFF_CAST: NewMember[] = [
  { shopId: 'alpin', email: 'anna@alpin.example', name: 'Anna Keller', role: 'owner' },
  { shopId: 'alpin', email: 'marco@alpin.example', name: 'Marco Rossi', role: 'manager' },
  { shopId: 'alpin', email: 'zora@alpin.example', name: 'Zora Zimmermann', role: 'guide' },
  { shopId: 'atelier', email: 'claire@atelier.example', name: 'Claire Dubois', role: 'owner', locale: 'fr' },
]

/** STAFF_CAST inserted and signed in: calls of each shop's host and the session of each member. */
export async function signedInCast(app: TestApp) {
  await insertStaff(app, STAFF_CAST)
  const alpin = await staffCalls(app, `http://alpin.${HOSTED_DOMAIN}`)
  const atelier = await staffCalls(app, `http://atelier.${HOSTED_DOMAIN}`)
  return {
    alpin,
    atelier,
    owner: await alpin.signIn('anna@alpin.example'),
    manager: await alpin.signIn('marco@alpin.example'),
    guide: await alpin.signIn('zora@alpin.example'),
    atelierOwner: await atelier.signIn('claire@atelier.example'),
  }
}
