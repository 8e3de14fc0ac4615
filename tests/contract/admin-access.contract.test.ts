/**
 * Access control of every operation of openapi/admin.yaml, read from the contract (a new
 * operation is covered without touching this file): anonymous callers, roles below `x-role`,
 * another shop's sessions and members, the anti-forgery pair and the Idempotency-Key of every
 * write, and a deactivated member's session.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { staff } from '../../src/server/db/schema'
import { newStaffId, ROLES, type Role } from '../../src/server/domain/staff/accounts'
import { hashPassword, useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createStaffSession } from '../../src/server/domain/staff/sessions'
import { staffCookieName } from '../../src/server/http/staff-cookie'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { adminOperations, adminSpec } from '../support/contract'
import { describeEachDatabase } from '../support/databases'
import { xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed contract (YAML) is walked dynamically
type Json = Record<string, any>
type Operation = (typeof adminOperations)[number]

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`
const PASSWORD = 'Zugang-Pruefen-2026'

const resolve = (node: Json | undefined): Json => {
  let current = node ?? {}
  while (current && typeof current.$ref === 'string') {
    current = current.$ref.replace(/^#\//, '').split('/').reduce((n: Json, key: string) => n[key], adminSpec)
  }
  return current
}
const roleOf = (op: Operation) => op.op['x-role'] as Role | 'public'
const isWrite = (op: Operation) => op.method !== 'GET'
const rolesBelow = (needed: Role) => ROLES.slice(0, ROLES.indexOf(needed))

/** Values the server accepts, by property name (the schema alone does not say what a valid password is). */
const HINTS: Record<string, unknown> = {
  email: 'someone.new@alpin.example',
  password: 'Neues-Passwort-26',
  passwordConfirmation: 'Neues-Passwort-26',
  currentPassword: PASSWORD,
  value: 'other.address@alpin.example',
  channel: 'email',
  phone: '+41 79 900 00 00',
  code: '123456',
  version: 1,
}

/** A valid instance of a request schema of the contract: its required properties (and enough others for minProperties). */
function sample(schemaIn: Json, name?: string): unknown {
  const s = resolve(schemaIn)
  if (name && name in HINTS) return HINTS[name]
  if (Array.isArray(s.enum)) return s.enum[0]
  if ('const' in s) return s.const
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Json
      const keys = [...new Set([...((s.required ?? []) as string[]), ...Object.keys(properties)])]
      const wanted = Math.max((s.required ?? []).length, s.minProperties ?? 0)
      return Object.fromEntries(keys.slice(0, wanted).map((key) => [key, sample(properties[key], key)]))
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items))
    case 'integer':
    case 'number':
      return s.minimum ?? 1
    case 'boolean':
      return true
    default:
      return s.format === 'email' ? 'someone@alpin.example' : 'x'.repeat(Math.max(1, s.minLength ?? 1))
  }
}
const bodyOf = (op: Operation) => {
  const schema = resolve(op.op.requestBody).content?.['application/json']?.schema
  return schema ? sample(schema) : undefined
}
const pathParamsOf = (op: Operation) =>
  [...(op.op.parameters ?? []), ...((adminSpec.paths as Json)[op.template].parameters ?? [])]
    .map(resolve)
    .filter((p: Json) => p.in === 'path')
    .map((p: Json) => p.name as string)

describeEachDatabase('access control of every operation of openapi/admin.yaml', (factory) => {
  let app: TestApp
  const xsrf: Record<string, Record<string, string>> = {}
  /** Member ids by shop and role; `target` is a guide of alpin the path ids name. */
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    app = await createTestApp(factory)
    const passwordHash = await hashPassword(PASSWORD)
    const rows = [
      ...ROLES.map((role) => ({ key: `alpin-${role}`, shopId: 'alpin', role })),
      ...ROLES.map((role) => ({ key: `atelier-${role}`, shopId: 'atelier', role })),
      { key: 'target', shopId: 'alpin', role: 'guide' as Role },
    ]
    for (const row of rows) ids[row.key] = newStaffId()
    await app.database.db.insert(staff).values(
      rows.map((row) => ({
        id: ids[row.key]!,
        shopId: row.shopId,
        email: `${row.key}@staff.example`,
        name: row.key,
        locale: 'en' as const,
        role: row.role,
        passwordHash,
      })),
    )
    for (const origin of [ALPIN, ATELIER]) xsrf[origin] = await xsrfHeaders(app, origin)
  })
  afterAll(() => app?.close())

  /** A fresh session of a member (`shop-role`), as its secret. */
  const sessionOf = async (key: string) =>
    (await createStaffSession(app.database.db, { shopId: key.split('-')[0]!, staffId: ids[key]!, userAgent: 'Vitest', now: new Date() })).secret

  type Options = { session?: string; xsrf?: boolean; key?: boolean; origin?: string; path?: Record<string, string> }
  /** Calls an operation with a valid body; the anti-forgery pair and the key unless told otherwise. */
  async function call(op: Operation, options: Options = {}) {
    const origin = options.origin ?? ALPIN
    const params: Record<string, string> = { staffId: ids.target!, token: randomBytes(32).toString('base64url'), key: randomBytes(32).toString('base64url'), month: '2026-10', ...options.path }
    const url = `${origin}${op.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name]!))}`
    const pair = xsrf[origin]!
    const cookies = [...(options.xsrf === false ? [] : [pair.cookie!]), ...(options.session ? [`${staffCookieName(false)}=${options.session}`] : [])]
    const body = bodyOf(op)
    const response = await app.call(url, {
      method: op.method,
      headers: {
        'x-flowin-locale': 'en',
        ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
        ...(options.xsrf === false ? {} : { 'x-xsrf-token': pair['x-xsrf-token']! }),
        ...(options.key === false ? {} : { 'idempotency-key': randomUUID() }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    // A download (CSV) that got past the gate is no JSON: only its status matters here.
    const json = (response.headers.get('content-type') ?? '').includes('json')
    return { status: response.status, body: text && json ? (JSON.parse(text) as Json) : undefined }
  }
  const codeOf = (answer: { body?: Json }) => answer.body?.data?.code

  const guarded = adminOperations.filter((op) => roleOf(op) !== 'public')
  const writes = adminOperations.filter(isWrite)

  it('reads the operations and their roles from the contract', () => {
    expect(adminOperations.length).toBeGreaterThan(0)
    for (const op of adminOperations) expect(['public', ...ROLES], `${op.id}: x-role`).toContain(roleOf(op))
    expect(guarded.length).toBeGreaterThan(0)
    expect(guarded.some((op) => roleOf(op) === 'owner')).toBe(true)
  })

  it.each(guarded.map((op) => [op.id, op] as const))('%s refuses a caller without a session (401 auth.required)', async (_, op) => {
    const answer = await call(op)
    expect(answer.status).toBe(401)
    expect(codeOf(answer)).toBe('auth.required')
    // a made-up session is no session
    const forged = await call(op, { session: randomBytes(32).toString('base64url') })
    expect([forged.status, codeOf(forged)]).toEqual([401, 'auth.required'])
  })

  it.each(guarded.map((op) => [op.id, op] as const))('%s refuses every role below its x-role (403 auth.forbidden) and admits its own', async (_, op) => {
    const needed = roleOf(op) as Role
    for (const role of rolesBelow(needed)) {
      const answer = await call(op, { session: await sessionOf(`alpin-${role}`) })
      expect([answer.status, codeOf(answer)], `${op.id} as ${role}`).toEqual([403, 'auth.forbidden'])
      expect(answer.body?.message).toBe('You are not authorised to view this page')
    }
    // The role that suffices gets past the gate (whatever the handler then says of the sample input).
    for (const role of ROLES.filter((r) => !rolesBelow(needed).includes(r))) {
      const answer = await call(op, { session: await sessionOf(`alpin-${role}`) })
      expect([401, 403], `${op.id} as ${role}: ${JSON.stringify(answer.body)}`).not.toContain(answer.status)
    }
  })

  it.each(guarded.map((op) => [op.id, op] as const))("%s refuses another shop's session on this shop's host (401)", async (_, op) => {
    const answer = await call(op, { session: await sessionOf('atelier-owner') })
    expect([answer.status, codeOf(answer)]).toEqual([401, 'auth.required'])
    // the same session works on its own shop's host
    const own = await call(op, { session: await sessionOf('atelier-owner'), origin: ATELIER, path: { staffId: ids['atelier-guide']! } })
    expect([401, 403]).not.toContain(own.status)
  })

  const withStaffId = adminOperations.filter((op) => pathParamsOf(op).includes('staffId'))
  it('names at least one operation with a staffId in its path', () => expect(withStaffId.length).toBeGreaterThan(0))

  it.each(withStaffId.map((op) => [op.id, op] as const))("%s answers another shop's member exactly like an unknown id (404, nothing leaks)", async (_, op) => {
    const strip = (answer: { status: number; body?: Json }) => ({ ...answer, body: { ...answer.body, data: { ...answer.body?.data, requestId: undefined } } })
    const foreign = await call(op, { session: await sessionOf('alpin-owner'), path: { staffId: ids['atelier-guide']! } })
    const unknown = await call(op, { session: await sessionOf('alpin-owner'), path: { staffId: newStaffId() } })
    expect(foreign.status).toBe(404)
    expect(strip(foreign)).toEqual(strip(unknown))
    const text = JSON.stringify(foreign.body)
    for (const leak of [ids['atelier-guide']!, 'atelier-guide', 'atelier']) expect(text).not.toContain(leak)
  })

  it.each(writes.map((op) => [op.id, op] as const))('%s refuses a write without the anti-forgery pair (419)', async (_, op) => {
    const session = roleOf(op) === 'public' ? undefined : await sessionOf('alpin-owner')
    const answer = await call(op, { session, xsrf: false })
    expect([answer.status, codeOf(answer)]).toEqual([419, 'xsrf.mismatch'])
  })

  it.each(writes.map((op) => [op.id, op] as const))('%s refuses a write without an Idempotency-Key (400)', async (_, op) => {
    const session = roleOf(op) === 'public' ? undefined : await sessionOf('alpin-owner')
    const answer = await call(op, { session, key: false })
    expect([answer.status, codeOf(answer)]).toEqual([400, 'idempotency.missing'])
  })

  it("refuses a deactivated member's open session at once, on every guarded operation", async () => {
    const id = newStaffId()
    await app.database.db.insert(staff).values({ id, shopId: 'alpin', email: 'leaving@staff.example', name: 'Leaving', locale: 'en', role: 'owner', passwordHash: await hashPassword(PASSWORD) })
    const { secret } = await createStaffSession(app.database.db, { shopId: 'alpin', staffId: id, userAgent: 'Vitest', now: new Date() })
    const getMe = adminOperations.find((op) => op.id === 'getMe')!
    expect((await call(getMe, { session: secret })).status).toBe(200)

    const updateStaffMember = adminOperations.find((op) => op.id === 'updateStaffMember')!
    const owner = await sessionOf('alpin-owner')
    const response = await app.call(`${ALPIN}/api/admin/v1/staff/${id}`, {
      method: 'PATCH',
      headers: { ...xsrf[ALPIN], cookie: `${xsrf[ALPIN]!.cookie}; ${staffCookieName(false)}=${owner}`, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1, active: false }),
    })
    expect(response.status, `${updateStaffMember.method} ${updateStaffMember.template}`).toBe(200)
    expect(((await response.json()) as Json).data.status).toBe('inactive')

    for (const op of guarded) {
      const answer = await call(op, { session: secret })
      expect([answer.status, codeOf(answer)], op.id).toEqual([401, 'auth.required'])
    }
  })
})
