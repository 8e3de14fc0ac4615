/**
 * Property-based fuzzer driven by the contracts: openapi/webshop.yaml and openapi/admin.yaml.
 *
 * Every operation of both contracts is called with generated input, valid and invalid: path
 * parameters from real data (offer slugs, carts, items, payment-link tokens, request codes …)
 * mixed with hostile strings, query parameters and headers from their schemas plus wrong types
 * and out-of-range values, JSON bodies derived from the request body schema and then mutated
 * (dropped keys, wrong types, extra keys, non-JSON text). Writes go with a fresh anti-forgery
 * pair and Idempotency-Key, or deliberately without; operator calls with the real bearer token
 * or garbage; the provider webhook with random bodies and signatures; staff operations with a
 * session of an owner (so the handlers are reached), of a smaller role, of another shop, none or garbage.
 *
 * For every call: no 5xx, ever; and the answer honours the contract. The contract check is
 * `app.call` itself (tests/support/app.ts runs every answer through `contractProblems` of
 * tests/support/contract.ts: a declared status or `default`, the declared content type, the body
 * valid against the response schema, the required headers), so it is not repeated here. A
 * call the contract says must be refused (no anti-forgery pair, no key, no operator token,
 * a bad webhook signature, a staff call without a session or with a role below the
 * operation's `x-role`, an id, token or code of the other shop through this shop's host — the
 * shop isolation oracle: each owned value is noted with the shop whose host answered it) must
 * answer 4xx. The last test checks that every operation of the
 * contracts was fuzzed, so a new operation cannot be skipped silently.
 *
 * Runs and seed:
 *   FUZZ_RUNS  runs per operation (default 60).
 *   FUZZ_SEED  the seed of every operation's property (default 20260806, fixed so that a red
 *              run always means a change in the code); FUZZ_SEED=random draws one (printed).
 * The seed is printed at the start and fast-check prints it with the counterexample. The
 * operations share one database in spec order, so reproduce with the whole file:
 *   FUZZ_SEED=<seed> npx vitest run tests/contract/fuzz.contract.test.ts
 * (add TEST_DATABASE_URL=postgres://… for the PostgreSQL run).
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import fc from 'fast-check'
import { and, eq, isNotNull } from 'drizzle-orm'
import { describeEachDatabase } from '../support/databases'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { adminOperations, adminSpec, operations, spec } from '../support/contract'
import { createOffer } from '../support/factories'
import { addDays, utcToZonedDate, zonedDateTimeToUtc } from '../../src/server/domain/offers/zoned-time'
import { getOrCreateSecret } from '../../src/server/domain/secrets'
import { createOperatorToken } from '../../src/server/domain/operator'
import { signWebhook } from '../../src/server/payments/sandbox'
import { offers, payments, staff } from '../../src/server/db/schema'
import { newStaffId, ROLES, type Role } from '../../src/server/domain/staff/accounts'
import { createStaffLink } from '../../src/server/domain/staff/links'
import { hashPassword, useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createStaffSession } from '../../src/server/domain/staff/sessions'
import { staffCookieName } from '../../src/server/http/staff-cookie'
import { BODY_LIMITS } from '../../src/server/http/body-limit'
import { pngClaiming, SCRIPTED_SVG } from '../support/media'

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 60) || 60)
const SEED =
  process.env.FUZZ_SEED === 'random' ? (Date.now() ^ randomBytes(4).readInt32LE()) | 0 : Number(process.env.FUZZ_SEED ?? 20260806) | 0
console.info(`[fuzz] FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`)

const TZ = 'Europe/Zurich'
const HOSTS = { alpin: `http://alpin.${HOSTED_DOMAIN}`, atelier: `http://atelier.${HOSTED_DOMAIN}`, nobody: `http://nobody.${HOSTED_DOMAIN}`, invalid: `http://a.b.c.d.${HOSTED_DOMAIN}` }
type Host = keyof typeof HOSTS
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed contract (YAML) is walked dynamically
type Json = Record<string, any>
type Operation = (typeof operations)[number]
/** Every operation of both contracts, each with the document it belongs to. */
const allOperations: Operation[] = [...operations, ...adminOperations]
const documentOf = (op: Pick<Operation, 'doc'>): Json => (op.doc === 'admin' ? adminSpec : spec)
const findAnyOperation = (method: string, pathname: string) => allOperations.find((o) => o.method === method && o.regex.test(pathname))

useFastPasswordHashing() // staff sign-ins: the hashing's cost is not under test here
const STAFF_PASSWORD = 'Fuzz-Staff-2026'

// ---------------------------------------------------------------------------------------------
// The spec: $ref resolution (the contract module resolves responses only) and each operation's
// parameters, body and access.

function resolve(node: Json | undefined, doc: Json): Json {
  let current = node ?? {}
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((n: Json, key: string) => n[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc)
  }
  return current
}

type Access = 'public' | 'visitor-write' | 'operator' | 'provider' | 'staff' | 'staff-write'
function accessOf(op: Operation): Access {
  if (op.doc === 'admin') return op.method === 'GET' ? 'staff' : 'staff-write'
  if (((op.op.security ?? []) as Json[]).some((s) => 'operatorToken' in s)) return 'operator'
  if (op.op['x-access'] === 'provider') return 'provider'
  return op.method === 'GET' ? 'public' : 'visitor-write'
}
/** The role a staff operation needs (`x-role` of openapi/admin.yaml), `public` for anyone. */
const roleOf = (op: Operation) => (op.op['x-role'] ?? 'public') as Role | 'public'
const parametersOf = (op: Operation) => ((op.op.parameters ?? []) as Json[]).map((p) => resolve(p, documentOf(op)))
const bodySchemaOf = (op: Operation): Json | undefined => resolve(op.op.requestBody, documentOf(op)).content?.['application/json']?.schema

// ---------------------------------------------------------------------------------------------
// Pools of real values, filled in the set-up and from every answer (harvest); read when a value
// is generated, so later operations see the carts, items and bookings earlier ones made.

const pools = new Map<string, string[]>()
/** Pools of opaque values (ids, tokens, codes) that belong to one shop: the isolation oracle's. */
const OWNED = new Set(['cartId', 'itemId', 'sessionId', 'sku', 'token', 'code', 'staffId'])
/** The shop whose host answered with an owned value (set while an answer of a shop's host is harvested). */
const ownerOf = new Map<string, 'alpin' | 'atelier'>()
/** How often the isolation oracle applied, per operation. */
const isolationChecks = new Map<string, number>()
let harvestingFor: 'alpin' | 'atelier' | undefined
function remember(pool: string, value: unknown) {
  if (typeof value !== 'string' || !value) return
  if (harvestingFor && OWNED.has(pool) && !ownerOf.has(value)) ownerOf.set(value, harvestingFor)
  const list = pools.get(pool) ?? []
  if (list.includes(value)) return
  list.push(value)
  if (list.length > 60) list.splice(8, 1) // keep the set-up's values, rotate the harvested ones
  pools.set(pool, list)
}
const fromPool = (pool: string, fallback = 'none') =>
  fc.nat({ max: 10_000 }).map((i) => {
    const list = pools.get(pool) ?? []
    return list.length ? list[i % list.length]! : fallback
  })

/** Walks an answer and keeps the ids it carries for later calls. */
function harvest(value: unknown, cartId?: string) {
  if (Array.isArray(value)) return value.forEach((v) => harvest(v, cartId))
  if (!value || typeof value !== 'object') return
  const o = value as Json
  if (typeof o.id === 'string' && Array.isArray(o.items) && 'createdAt' in o && 'total' in o) {
    remember('cartId', o.id)
    cartsSeen.set(o.id, o)
    cartId = o.id
  }
  if (typeof o.id === 'string' && typeof o.skuType === 'string') {
    remember('itemId', o.id)
    if (cartId) remember('cartItem', `${cartId}/${o.id}`)
  }
  if (typeof o.id === 'string' && typeof o.key === 'string' && 'blockCount' in o) remember('sku', o.id)
  if (typeof o.sessionId === 'string') remember('sessionId', o.sessionId)
  if (typeof o.start === 'string' && 'placesLeft' in o) remember('start', o.start)
  if (typeof o.token === 'string' && 'expiresAt' in o) remember('token', o.token)
  if (typeof o.code === 'string' && /^[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(o.code)) remember('code', o.code)
  if (typeof o.id === 'string' && typeof o.role === 'string' && typeof o.status === 'string') remember('staffId', o.id)
  // A schedule feed's address (renewMyCalendarFeed, getMyCalendarFeed): its member and key, for getScheduleFeed.
  const feed = typeof o.url === 'string' && 'webcalUrl' in o ? /\/api\/admin\/v1\/calendar\/([^/]+)\/([^/]+)\.ics$/.exec(o.url) : null
  if (feed) {
    // Only the member's current address answers (a renewal ends the previous one): keep that one.
    pools.set('calendarFeed', (pools.get('calendarFeed') ?? []).filter((p) => !p.startsWith(`${feed[1]}/`)))
    remember('calendarFeed', `${feed[1]}/${feed[2]}`)
  }
  for (const v of Object.values(o)) harvest(v, cartId)
}

/** Harvests an answer of `host`, noting which shop the owned values belong to. */
function harvestFrom(host: string, value: unknown) {
  harvestingFor = host === 'alpin' || host === 'atelier' ? host : undefined
  try {
    harvest(value)
  } finally {
    harvestingFor = undefined
  }
}

/** Whether a path names an owned value of the shop other than `host`'s (the isolation oracle). */
function namesTheOtherShop(host: string, path: Record<string, string>) {
  if (host !== 'alpin' && host !== 'atelier') return false
  return Object.values(path).some((encoded) => {
    let value: string
    try {
      value = decodeURIComponent(encoded)
    } catch {
      return false
    }
    const owner = ownerOf.get(value)
    return owner !== undefined && owner !== host
  })
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

const HOSTILE = [
  '', ' ', '0', '-1', '1.5', 'null', 'undefined', 'true', '[]', '{}', 'NaN', 'Infinity', '1e309', '9'.repeat(40),
  'a'.repeat(2000), '../../etc/passwd', '..', '.', '..%2F..%2Fconfig', '%00', '\u0000', 'a\u0000b', '%', '%ZZ', '%E0%A4%A',
  'é漢字🙂', '\u202Eevil', '\ud800', 'Ω'.repeat(300), "' OR '1'='1", "1'; drop table carts; --", '"\\', '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>', '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'toString', '\r\nX-Injected: 1', '\t',
  'sbx_AAAAAAAAAAAAAAAAAAAAAA', 'AAAA-AAAA', 'aaaa-aaaa', '0000-0000', 'x'.repeat(22), 'x'.repeat(65), 'A'.repeat(64),
  '2026-02-30', '0000-01-01', '9999-12-31', '275760-09-13', '2026-13', '0000-00', '9999-12', '-000001-01-01',
]
/** encodeURIComponent, but a lone surrogate goes out as the invalid UTF-8 it would be (encodeURIComponent throws on it). */
const encode = (value: string) =>
  value
    .split(/([\ud800-\udfff])/u)
    .map((part, i) => (i % 2 ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('')

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }) },
)
/** What a `Headers` object accepts (no NUL, CR, LF; bytes only). */
const headerChar = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0xff }) },
).map((c) => String.fromCharCode(c))
const headerString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: headerChar, maxLength: 60 }),
  fc.constantFrom('', 'a'.repeat(2000), "' OR 1=1 --", '<script>', 'de, en', 'en-US', 'DE', '*', 'null', '%00', '../'),
)
/** Text any string schema allows, that databases, e-mails and pages may choke on. */
const nastyText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('\u0000', 'An\u0000na', '\ud800', 'a\udfffb', '\u202Eevil', 'é漢字🙂', ' ', '\t\n', "O'Brien'; drop table bookings; --", '<b onmouseover=alert(1)>x</b>', '=HYPERLINK("http://evil")', '\r\nBcc: x@evil.test', '${7*7}'),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'binary-ascii', maxLength: 12 }),
)
const WEIRD_VALUES: unknown[] = [
  null, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 31), '', 'x'.repeat(5000), true, false, [], {}, [null], { $gt: '' },
  '\u0000', '\ud800', 'é漢字🙂'.repeat(50), 'NaN', '1', '2026-02-30', '<script>alert(1)</script>', "' OR 1=1 --",
]
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_VALUES) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: hostileString },
)
const NON_JSON = [
  '{', '{"a":', 'undefined', "{'a':1}", '<x/>', 'a=b&c=d', '\u0000', '{"quantity":1}{"quantity":2}', '[' .repeat(5000) + ']'.repeat(5000),
  `{"reply":"${'x'.repeat(1_000_000)}"}`, '\ufeff{}', '{"a":1,}', 'NaN', '',
]

// ---------------------------------------------------------------------------------------------
// JSON Schema → arbitrary, for the subset the spec uses: $ref, allOf/oneOf/anyOf, enum/const,
// type (also a list), object (properties, required, additionalProperties), array (items,
// minItems, maxItems), string (enum, pattern, format, minLength, maxLength), integer/number
// (minimum, maximum), boolean, null. `hints` give real values by property name.

type Hints = Record<string, fc.Arbitrary<unknown>>

const isoDay = (offset: number) => utcToZonedDate(new Date(Date.now() + offset * 86_400_000), TZ)
const dateArb = fc.oneof(
  fc.integer({ min: -30, max: 400 }).map(isoDay),
  fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
)

function schemaArb(doc: Json, schemaIn: Json | undefined, hints: Hints = {}, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const generated = fromSchema(doc, resolve(schemaIn, doc), hints, depth)
  const hint = name ? hints[name] : undefined
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: generated }) : generated
}

function fromSchema(doc: Json, s: Json, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null)
  if (Array.isArray(s.allOf)) {
    const parts = (s.allOf as Json[]).map((part) => resolve(part, doc))
    const merged: Json = { ...s, allOf: undefined, type: s.type ?? parts.find((p) => p.type)?.type }
    merged.properties = Object.assign({}, ...parts.map((p) => p.properties ?? {}), s.properties ?? {})
    merged.required = [...new Set([...(s.required ?? []), ...parts.flatMap((p) => p.required ?? [])])]
    if (parts.some((p) => p.additionalProperties === false)) merged.additionalProperties = false
    return fromSchema(doc, merged, hints, depth + 1)
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(s[key])) return fc.oneof(...(s[key] as Json[]).map((sub) => schemaArb(doc, sub, hints, undefined, depth + 1)))
  }
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]))
  if ('const' in s) return fc.constant(s.const)
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((type) => fromSchema(doc, { ...s, type }, hints, depth)))
  switch (s.type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Json
      const keys = Object.keys(properties)
      if (keys.length === 0 && s.additionalProperties !== false) {
        return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 })
      }
      const record = fc.record(
        Object.fromEntries(keys.map((k) => [k, schemaArb(doc, properties[k], hints, k, depth + 1)])),
        { requiredKeys: ((s.required ?? []) as string[]).filter((k) => keys.includes(k)) },
      ) as fc.Arbitrary<Json>
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), schemaArb(doc, s.additionalProperties, hints, undefined, depth + 1), { maxKeys: 3 })
        return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }))
      }
      return record
    }
    case 'array': {
      const minLength = s.minItems ?? 0
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 4, 4))
      return fc.array(schemaArb(doc, s.items, hints, undefined, depth + 1), { minLength, maxLength })
    }
    case 'string': {
      const min = s.minLength ?? 0
      const max = s.maxLength ?? 60
      if (s.format === 'date') return dateArb
      if (s.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString())
      if (s.format === 'email') return fc.emailAddress()
      if (s.format === 'uri') return fc.webUrl()
      if (typeof s.pattern === 'string') {
        return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max)
      }
      const short = fc.string({ minLength: Math.min(min, 40), maxLength: Math.max(Math.min(min, 40), Math.min(max, 40)) })
      const text = fc.oneof(
        { weight: 4, arbitrary: short },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: Math.min(min, 20), maxLength: Math.max(Math.min(min, 20), Math.min(max, 20)) }) },
        { weight: 1, arbitrary: fc.constant('x'.repeat(Math.max(min, max))) }, // the boundary
        { weight: 1, arbitrary: nastyText }, // valid for the schema, hostile for what stores or shows it
      )
      return text.filter((v) => v.length >= min && v.length <= max)
    }
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 })
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** A wrong value for a query parameter of this schema (wrong type, out of range, bad format). */
function wrongQueryValue(s: Json): fc.Arbitrary<string> {
  const numeric = s.type === 'integer' || s.type === 'number'
  return fc.oneof(
    numeric
      ? fc.oneof(
          fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }).map(String),
          fc.constantFrom('1.5', '1e3', ' 3', '0x10', '-0', '+1', 'Infinity', '9'.repeat(30), 'abc', '', `${(s.maximum ?? 0) + 1}`, `${(s.minimum ?? 0) - 1}`),
        )
      : fc.constantFrom('123', 'true', '2026-13-40', '2026-1', 'x'.repeat(101), 'x'.repeat(2000)),
    hostileString,
  )
}

/** Mutates a valid body: drops a key, replaces a value with a wrong one, or adds a key (anywhere in the tree). */
function mutate(value: unknown, picks: number[], kind: 'drop' | 'replace' | 'extra', replacement: unknown, extraKey: string): unknown {
  const root = structuredClone(value)
  const setOwn = (o: Json, k: string, v: unknown) => Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true })
  let parent: Json | unknown[] | null = null
  let key: string | number = ''
  let node: unknown = root
  for (const pick of picks) {
    if (!node || typeof node !== 'object') break
    const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node)
    if (!keys.length) break
    parent = node as Json
    key = keys[pick % keys.length]!
    node = (node as Json)[key as string]
  }
  if (!parent) {
    if (kind === 'extra' && root && typeof root === 'object' && !Array.isArray(root)) return setOwn(root as Json, extraKey, replacement)
    return replacement
  }
  if (kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(key as number, 1)
    else delete parent[key as string]
  } else if (kind === 'replace') {
    ;(parent as Json)[key as string] = replacement
  } else if (node && typeof node === 'object' && !Array.isArray(node)) {
    setOwn(node as Json, extraKey, replacement)
  } else if (Array.isArray(parent)) {
    parent.push(replacement)
  } else {
    setOwn(parent, extraKey, replacement)
  }
  return root
}

// ---------------------------------------------------------------------------------------------
// One generated call.

type Body = { text?: string; bytes?: Uint8Array<ArrayBuffer>; contentType?: string }
type Case = {
  host: Host
  /** Path parameters as they go into the path (encoded, or raw on purpose), and the body. */
  pathAndBody: { path: Record<string, string>; body: Body }
  query: string
  headers: Record<string, string>
  /** Visitors' writes: the anti-forgery pair and the idempotency key. */
  xsrf?: 'valid' | 'frame' | 'none' | 'cookie-only' | 'header-only' | 'mismatch' | 'forged'
  idempotency?: 'fresh' | 'none' | 'reuse' | { bad: string }
  /** Operator calls. */
  bearer?: 'operator' | 'none' | 'other-shop' | 'unknown' | { raw: string }
  /** The provider webhook. */
  signature?: 'valid' | 'stale' | 'wrong-secret' | 'none' | { raw: string }
  /** Staff calls: a fresh session of a member of the host's shop with this role, another shop's, none, or garbage. */
  staff?: Role | 'none' | 'other-shop' | { raw: string }
}

const VALID_PHONES = ['+41 79 900 00 00', '+41 31 123 45 67', '+49 30 1234567', '079 900 00 00']
const bodyHints = (): Hints => ({
  offer: fromPool('slug'),
  sku: fromPool('sku'),
  sessionId: fromPool('sessionId'),
  start: fromPool('start'),
  itemId: fromPool('itemId'),
  quantity: fc.integer({ min: 1, max: 3 }),
  email: fc.oneof(fc.constantFrom('anna@example.ch', 'owner@alpin.example', 'guide@alpin.example', 'owner@atelier.example'), fc.emailAddress()),
  phone: fc.constantFrom(...VALID_PHONES),
  country: fc.constantFrom('CH', 'DE', 'FR'),
  termsAccepted: fc.constant(true),
  firstname: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('Anna', 'Ben', 'Zoë') }, { weight: 1, arbitrary: nastyText }),
  surname: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('Muster', "O'Brien") }, { weight: 1, arbitrary: nastyText }),
  extras: fc.constantFrom([], ['photos']),
  // staff bodies (openapi/admin.yaml)
  password: fc.oneof(fc.constantFrom(STAFF_PASSWORD, 'Neues-Passwort-1', 'short', 'alllowercase1', 'ALLUPPERCASE1'), fc.string({ maxLength: 40 })),
  passwordConfirmation: fc.constantFrom(STAFF_PASSWORD, 'Neues-Passwort-1', 'Other-Passwort-2'),
  currentPassword: fc.oneof(fc.constant(STAFF_PASSWORD), fc.string({ maxLength: 20 })),
  value: fc.oneof(fc.constantFrom(...VALID_PHONES, 'new.address@alpin.example', 'owner@alpin.example', 'not-an-address'), fc.emailAddress()),
  version: fc.integer({ min: 1, max: 4 }),
  // staff availability (and guides): members of the shops, mostly real ones
  staffId: fromPool('staffId'),
})
const paramHints = (): Hints => ({
  slug: fromPool('slug'),
  cartId: fromPool('cartId'),
  itemId: fromPool('itemId'),
  token: fromPool('token'),
  code: fromPool('code'),
  provider: fc.constant('sandbox'),
  mediaId: fc.constantFrom('default', 'alpin-hero', 'alpin-logo', 'atelier-hero', 'nothing-here'),
  prefix: fc.constant('mdi'),
  name: fromPool('iconName'),
  date: fc.integer({ min: -2, max: 10 }).map(isoDay),
  month: fc.integer({ min: -1, max: 3 }).map((n) => isoDay(n * 30).slice(0, 7)),
  from: fc.integer({ min: -2, max: 10 }).map(isoDay),
  to: fc.integer({ min: 0, max: 60 }).map(isoDay),
  tag: fromPool('tag'),
  width: fc.constantFrom(16, 64, 320, 2560),
  staffId: fromPool('staffId'),
})

function pathParamArb(doc: Json, param: Json): fc.Arbitrary<string> {
  const value = fc.oneof(
    { weight: 6, arbitrary: schemaArb(doc, param.schema, paramHints(), param.name).map(String) },
    { weight: 2, arbitrary: hostileString },
  )
  return fc.oneof(
    { weight: 9, arbitrary: value.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom('..', '.', '%00', '%2e%2e', '%2F', '%ZZ', '%', 'a%00b', '..%2f..%2fconfig', '%E0%A4%A', ';', '*') }, // raw, on purpose
  )
}

function queryArb(doc: Json, params: Json[]): fc.Arbitrary<string> {
  // Mostly every parameter valid (or left out); else one of them wrong, and sometimes an unknown one.
  const parts = params.map((p) => {
    const s = resolve(p.schema, doc)
    const pair = (v: unknown) => `${encode(p.name)}=${encode(String(v))}`
    const item = s.type === 'array' ? resolve(s.items, doc) : s
    const valid = schemaArb(doc, item, paramHints(), p.name).map(String)
    const wrong = wrongQueryValue(item)
    const many = (one: fc.Arbitrary<string>) => fc.array(one, { minLength: 1, maxLength: s.type === 'array' ? 12 : 2 }).map((vs) => vs.map(pair).join('&'))
    const present = s.type === 'array' ? many(valid) : valid.map(pair)
    return {
      ok: p.required ? present : fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 2, arbitrary: present }),
      bad: fc.oneof(wrong.map(pair), many(fc.oneof(valid, wrong))),
    }
  })
  const extra = fc.oneof(
    fc.constantFrom('foo=bar', '__proto__=1', 'constructor=x', 'page[]=1', '%00=1', '=', '&&', 'a=%ZZ', '#frag', '%ED%A0%80=1'),
    fc.tuple(hostileString, hostileString).map(([k, v]) => `${encode(k)}=${encode(v)}`),
  )
  return fc
    .tuple(
      fc.tuple(...parts.map((p) => p.ok)),
      parts.length
        ? fc.oneof(
            { weight: 2, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: fc.tuple(fc.nat({ max: parts.length - 1 }), fc.tuple(...parts.map((p) => p.bad))) },
          )
        : fc.constant(null),
      fc.oneof({ weight: 7, arbitrary: fc.constant('') }, { weight: 1, arbitrary: extra }),
    )
    .map(([ok, broken, e]) => {
      const values = [...ok]
      if (broken) values[broken[0]] = broken[1][broken[0]]!
      return [...values, e].filter(Boolean).join('&')
    })
}

function headersArb(doc: Json, params: Json[]): fc.Arbitrary<Record<string, string>> {
  const handled = new Set(['idempotency-key', 'x-xsrf-token', 'webhook-signature'])
  const entries = params
    .filter((p) => !handled.has(String(p.name).toLowerCase()))
    .map((p) => {
      const s = resolve(p.schema, doc)
      const valid = Array.isArray(s.enum) ? fc.constantFrom(...(s.enum as string[])) : headerString
      return fc.option(fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: headerString }).map((v) => [p.name as string, v] as const), { freq: 4, nil: null })
    })
  return fc.tuple(...entries).map((es) => Object.fromEntries(es.filter((e): e is readonly [string, string] => e !== null)))
}

const webhookEvent = fc.record({
  id: fc.oneof(fc.stringMatching(/^evt_[a-z0-9]{8}$/), fc.string({ maxLength: 30 }), weirdValue),
  type: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('payment.succeeded', 'payment.failed', 'payment.cancelled') }, { weight: 1, arbitrary: weirdValue }),
  created: fc.integer({ min: 0, max: 2 ** 31 }),
  data: fc.oneof(
    { weight: 4, arbitrary: fc.record({ ref: fc.oneof(fromPool('ref'), weirdValue), amount: fc.oneof(fc.integer({ min: -1, max: 100_000 }), weirdValue), currency: fc.oneof(fc.constant('CHF'), weirdValue) }) },
    { weight: 1, arbitrary: weirdValue },
  ),
})

/** A valid body as sent, and its broken variants: mutated, the wrong JSON, not JSON, none, another content type. */
function bodyVariants(valid: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  const json = (v: unknown): Body => ({ text: JSON.stringify(v), contentType: 'application/json' })
  const mutated = fc
    .record({
      v: valid,
      picks: fc.array(fc.nat(), { minLength: 0, maxLength: 4 }),
      kind: fc.constantFrom('drop' as const, 'replace' as const, 'extra' as const),
      replacement: weirdValue,
      extraKey: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'extra', '', 'id', 'status', 'paid'), fc.string({ maxLength: 10 })),
    })
    .map(({ v, picks, kind, replacement, extraKey }) => mutate(v, picks, kind, replacement, extraKey))
  return fc.oneof(
    { weight: 6, arbitrary: valid.map(json) },
    { weight: 4, arbitrary: mutated.map(json) },
    { weight: 1, arbitrary: fc.constantFrom(null, [], 42, 'str', true).map(json) },
    { weight: 1, arbitrary: fc.constantFrom(...NON_JSON).map((text): Body => ({ text, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', ''))
        .map(([v, contentType]) => ({ text: JSON.stringify(v), contentType })),
    },
  )
}

/** Tiny real images (2 × 2 pixels) that binary bodies send as they are, cut or with bytes changed. */
const TINY_IMAGES = [
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4Y2x8xtiYAUIBACPqBMlwUmUNAAAAAElFTkSuQmCC',
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCWAAqu/9k=',
  'UklGRjoAAABXRUJQVlA4IC4AAACQAQCdASoCAAIAAUAmJaACdLoAA5gA/u7/n/wF090Yt/+4OP+wcf9g4/dMAAAA',
].map((base64) => new Uint8Array(Buffer.from(base64, 'base64')))
const HOSTILE_FILES = [SCRIPTED_SVG, '%PDF-1.7\n%%EOF', 'GIF89a', ''].map((text) => new Uint8Array(Buffer.from(text))).concat([pngClaiming(50_000, 50_000), pngClaiming(12_001, 1)].map((b) => new Uint8Array(b)))

/** The media types of an operation's binary body (`format: binary`, an upload), if it has one. */
const binaryTypesOf = (op: Operation): string[] =>
  Object.entries((resolve(op.op.requestBody, documentOf(op)).content ?? {}) as Json).filter(([, media]) => resolve(media.schema, documentOf(op)).format === 'binary').map(([type]) => type)

/** A binary body: real images as they are, cut or with bytes changed, random bytes, hostile files; declared types right and wrong. */
function binaryBodyArb(types: string[]): fc.Arbitrary<Body> {
  const contentType = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...types) }, { weight: 1, arbitrary: fc.oneof(headerString, fc.constantFrom('image/svg+xml', 'image/gif', 'IMAGE/PNG; x=1')) })
  const image = fc.constantFrom(...TINY_IMAGES)
  const broken = fc
    .record({ image, cut: fc.option(fc.nat()), changes: fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { maxLength: 6 }) })
    .map(({ image, cut, changes }) => {
      const bytes = image.slice(0, cut === null ? image.length : 1 + (cut % image.length))
      for (const [at, value] of changes) bytes[at % bytes.length] = value
      return bytes
    })
  const bytes = fc.oneof(
    { weight: 3, arbitrary: image },
    { weight: 3, arbitrary: broken },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_FILES) },
  )
  return fc.oneof({ weight: 8, arbitrary: fc.record({ bytes, contentType }) }, { weight: 1, arbitrary: fc.constant<Body>({}) })
}

function bodyArb(op: Operation): fc.Arbitrary<Body> {
  if (op.method === 'GET' || op.method === 'HEAD') return fc.constant<Body>({}) // fetch cannot send one
  const binary = binaryTypesOf(op)
  if (binary.length) return binaryBodyArb(binary)
  const schema = bodySchemaOf(op)
  if (!schema) {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant<Body>({}) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v): Body => ({ text: JSON.stringify(v), contentType: 'application/json' })) },
      { weight: 1, arbitrary: fc.constantFrom(...NON_JSON).map((text): Body => ({ text, contentType: 'application/json' })) },
    )
  }
  let valid = schemaArb(documentOf(op), schema, bodyHints())
  if (op.id === 'receivePaymentWebhook') valid = fc.oneof({ weight: 3, arbitrary: webhookEvent }, { weight: 1, arbitrary: valid })
  return bodyVariants(valid)
}

/**
 * Calls that only get far with values that belong together (a cart and one of its items, a
 * cart and a checkout naming its items with the right number of participants, an offer with
 * its variant and session): real combinations from the pools, sent as they are or mutated.
 * Everything else is derived from the spec alone.
 */
const people = (count: number) => Array.from({ length: count }, (_, i) => ({ firstname: `P${i}`, surname: 'Muster', extras: [] as string[] }))
const CONTACT = {
  customer: { type: 'PRIVATE' },
  person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '+41 79 900 00 00' },
  address: { street: 'Bahnhofstrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
}
/** Carts as last answered, by id (for checkouts that match them). */
const cartsSeen = new Map<string, Json>()
type Scenario = { path: Record<string, string>; body?: unknown }
const scenarios: Record<string, () => fc.Arbitrary<Scenario>> = {
  getScheduleFeed: () =>
    fromPool('calendarFeed', 'none/none').map((pair) => {
      const [staffId = '', key = ''] = pair.split('/')
      return { path: { staffId, key } }
    }),
  // Planning: real dates and members of the shops (assignments, refusals, double bookings), with or without a reason.
  assignGuide: () =>
    fc
      .tuple(fromPool('sessionId'), fromPool('staffId'), fc.option(fc.oneof(fc.constantFrom('Knows the route', '   '), nastyText), { nil: undefined }))
      .map(([sessionId, staffId, overrideReason]) => ({ path: { sessionId }, body: { staffId, ...(overrideReason === undefined ? {} : { overrideReason }) } })),
  unassignGuide: () => fc.tuple(fromPool('sessionId'), fromPool('staffId')).map(([sessionId, staffId]) => ({ path: { sessionId, staffId } })),
  updateCartItem: () =>
    fc.tuple(fromPool('cartItem', 'none/none'), fc.integer({ min: 1, max: 4 })).map(([pair, quantity]) => {
      const [cartId = '', itemId = ''] = pair.split('/')
      return { path: { cartId, itemId }, body: { quantity } }
    }),
  removeCartItem: () =>
    fromPool('cartItem', 'none/none').map((pair) => {
      const [cartId = '', itemId = ''] = pair.split('/')
      return { path: { cartId, itemId } }
    }),
  addCartItem: () =>
    fc.tuple(fromPool('cartId'), fromPool('itemInput', '{}'), fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 4 }) })).map(([cartId, input, quantity]) => ({
      path: { cartId },
      body: { ...(JSON.parse(input) as Json), quantity },
    })),
  checkout: () =>
    fc
      .tuple(
        fc.nat({ max: 10_000 }),
        fc.constantFrom('PAY_LATER', 'PAY_ON_SITE', 'PAY_NOW', 'PAY_LATER_OR_ON_SITE'),
        fc.option(fc.oneof(fc.string({ maxLength: 200 }), nastyText), { nil: undefined }),
        fc.oneof(
          { weight: 3, arbitrary: fc.constant({ firstname: 'Anna', street: 'Bahnhofstrasse', company: undefined as string | undefined }) },
          { weight: 1, arbitrary: fc.record({ firstname: nastyText, street: nastyText, company: fc.option(nastyText, { nil: undefined }) }) },
        ),
      )
      .map(([i, paymentMethod, message, texts]) => {
        const all = [...cartsSeen.values()].filter((c) => (c.items as Json[]).length > 0)
        const cart = all[i % Math.max(1, all.length)] ?? { id: 'none', items: [] }
        const items = cart.items as Json[]
        const mode = items.some((item) => item.mode === 'request') ? 'request' : 'order'
        const participants = (item: Json) => (item.skuType === 'private-service-slot' ? 1 : item.skuType === 'private-service-participant' ? item.quantity : item.places)
        return {
          path: { cartId: cart.id as string },
          body: {
            mode,
            items: items.map((item) => ({ itemId: item.id, participants: people(participants(item)).map((p, n) => (n === 0 && texts.firstname !== 'Anna' ? { ...p, surname: texts.firstname } : p)) })),
            customer: texts.company === undefined ? CONTACT.customer : { type: 'COMPANY', company: texts.company },
            person: { ...CONTACT.person, firstname: texts.firstname },
            address: { ...CONTACT.address, street: texts.street },
            paymentMethod: mode === 'request' ? 'PAY_LATER' : paymentMethod,
            termsAccepted: true,
            ...(message === undefined ? {} : { message }),
          },
        }
      }),
}

function caseArb(op: Operation): fc.Arbitrary<Case> {
  const params = parametersOf(op)
  const access = accessOf(op)
  const pathParams = params.filter((p) => p.in === 'path')
  const generic = fc.record({
    path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name as string, pathParamArb(documentOf(op), p)]))),
    body: bodyArb(op),
  })
  const scenario = scenarios[op.id]
  const pathAndBody = scenario
    ? fc.oneof(
        { weight: 1, arbitrary: generic },
        {
          weight: 2,
          arbitrary: scenario().chain(({ path, body }) =>
            (body === undefined ? bodyArb(op) : bodyVariants(fc.constant(body))).map((b) => ({
              path: Object.fromEntries(Object.entries(path).map(([k, v]) => [k, encode(v)])),
              body: b,
            })),
          ),
        },
      )
    : generic
  const host = fc.oneof(
    { weight: 16, arbitrary: fc.constant<Host>('alpin') },
    { weight: 2, arbitrary: fc.constant<Host>('atelier') },
    { weight: 1, arbitrary: fc.constantFrom<Host>('nobody', 'invalid') },
  )
  const common = {
    host,
    pathAndBody,
    query: queryArb(documentOf(op), params.filter((p) => p.in === 'query')),
    headers: headersArb(documentOf(op), params.filter((p) => p.in === 'header')),
  }
  const idempotency = fc.oneof(
    { weight: 8, arbitrary: fc.constant('fresh' as const) },
    { weight: 1, arbitrary: fc.constantFrom('none' as const, 'reuse' as const) },
    { weight: 1, arbitrary: fc.oneof(headerString, fc.constantFrom('short', 'x'.repeat(129), 'has space 123', 'ümlaut-key-1')).map((bad) => ({ bad })) },
  )
  if (access === 'visitor-write') {
    return fc.record({
      ...common,
      xsrf: fc.oneof(
        { weight: 8, arbitrary: fc.constant('valid' as const) },
        { weight: 1, arbitrary: fc.constant('frame' as const) },
        { weight: 2, arbitrary: fc.constantFrom('none' as const, 'cookie-only' as const, 'header-only' as const, 'mismatch' as const, 'forged' as const) },
      ),
      idempotency,
    })
  }
  if (access === 'operator') {
    return fc.record({
      ...common,
      bearer: fc.oneof(
        { weight: 4, arbitrary: fc.constant('operator' as const) },
        { weight: 2, arbitrary: fc.constantFrom('none' as const, 'other-shop' as const, 'unknown' as const) },
        { weight: 2, arbitrary: fc.oneof(headerString, fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer op_xxxxxxxxxxxxxxxxxxxx', `Bearer ${'a'.repeat(201)}`, 'Bearer op_%00%00%00%00%00%00%00%00')).map((raw) => ({ raw })) },
      ),
      idempotency,
    })
  }
  if (access === 'staff' || access === 'staff-write') {
    const staff = fc.oneof(
      { weight: 6, arbitrary: fc.constant<Case['staff']>('owner') },
      { weight: 2, arbitrary: fc.constantFrom<Case['staff']>('manager', 'guide') },
      { weight: 2, arbitrary: fc.constantFrom<Case['staff']>('none', 'other-shop') },
      { weight: 1, arbitrary: fc.oneof(headerString, fc.constantFrom('', 'x'.repeat(43), '%00', 'a;b')).map((raw) => ({ raw })) },
    )
    if (access === 'staff') return fc.record({ ...common, staff })
    return fc.record({
      ...common,
      staff,
      // staff pages are never framed: only the cookie pair counts ('frame' must be refused)
      xsrf: fc.oneof(
        { weight: 8, arbitrary: fc.constant('valid' as const) },
        { weight: 2, arbitrary: fc.constantFrom('frame' as const, 'none' as const, 'cookie-only' as const, 'header-only' as const, 'mismatch' as const, 'forged' as const) },
      ),
      idempotency,
    })
  }
  if (access === 'provider') {
    return fc.record({
      ...common,
      signature: fc.oneof(
        { weight: 3, arbitrary: fc.constant('valid' as const) },
        { weight: 2, arbitrary: fc.constantFrom('stale' as const, 'wrong-secret' as const, 'none' as const) },
        { weight: 2, arbitrary: fc.oneof(headerString, fc.constantFrom('t=1,v1=00', `t=${'9'.repeat(13)},v1=${'a'.repeat(64)}`, `t=0,v1=${'0'.repeat(64)}`, `v1=${'f'.repeat(64)}`, 't=,v1=', ',,,', `t=1,v1=${'g'.repeat(64)}`)).map((raw) => ({ raw })) },
      ),
    })
  }
  return fc.record(common)
}

// ---------------------------------------------------------------------------------------------

const clip = (text: string | undefined, max = 1500) => (text === undefined ? '(none)' : text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text)

describeEachDatabase('contract fuzzer', (factory) => {
  let app: TestApp
  let webhookSecret: string
  const operatorTokens: Partial<Record<Host, string>> = {}
  let staffPasswordHash = ''
  const lastKey = new Map<string, string>()
  /** Calls per operationId that reached the operation (the path matched its template). */
  const fuzzed = new Map<string, number>()
  /** Statuses answered per operationId (printed at the end: what the fuzzer reached). */
  const statuses = new Map<string, Map<number, number>>()
  let n = 0
  const freshKey = () => `fuzz-${Date.now().toString(36)}-${n++}-${randomBytes(4).toString('hex')}`

  async function xsrfPair(origin: string) {
    const response = await app.call(`${origin}/sanctum/csrf-cookie`)
    const token = (response.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=').slice(1).join('=')
    return { token, frame: response.headers.get('x-xsrf-token') ?? '' }
  }

  /**
   * A fresh session of an active member of `shop` with `role` (fuzzed calls may deactivate or
   * demote members, change their password or end their sessions: a new member when none is left).
   */
  async function staffSession(shop: string, role: Role) {
    const db = app.database.db
    let [member] = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.shopId, shop), eq(staff.role, role), eq(staff.active, true), isNotNull(staff.passwordHash)))
      .limit(1)
    if (!member) {
      member = { id: newStaffId() }
      await db.insert(staff).values({ id: member.id, shopId: shop, email: `${role}-${member.id}@${shop}.example`, name: `Fuzz ${role}`, locale: 'en', role, passwordHash: staffPasswordHash })
    }
    return (await createStaffSession(db, { shopId: shop, staffId: member.id, userAgent: 'fuzz', now: new Date() })).secret
  }

  /** Sends one generated call through `app.call` (which checks the answer against the contract). */
  async function send(op: Operation, c: Case) {
    const origin = HOSTS[c.host]
    const url = `${origin}${op.template.replace(/\{([^}]+)\}/g, (_, name: string) => c.pathAndBody.path[name] ?? '')}${c.query ? `?${c.query}` : ''}`
    const headers: Record<string, string> = { ...c.headers }
    if (c.pathAndBody.body.contentType) headers['content-type'] = c.pathAndBody.body.contentType
    if (c.xsrf && c.xsrf !== 'none') {
      const { token, frame } = await xsrfPair(origin)
      const other = c.xsrf === 'mismatch' ? (await xsrfPair(origin)).token : ''
      if (c.xsrf === 'valid') Object.assign(headers, { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token })
      if (c.xsrf === 'frame') headers['x-xsrf-token'] = frame
      if (c.xsrf === 'cookie-only') headers.cookie = `XSRF-TOKEN=${token}`
      if (c.xsrf === 'header-only') headers['x-xsrf-token'] = token
      if (c.xsrf === 'mismatch') Object.assign(headers, { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': other })
      if (c.xsrf === 'forged') Object.assign(headers, { cookie: 'XSRF-TOKEN=abc.def', 'x-xsrf-token': 'abc.def' })
    }
    if (c.idempotency) {
      let key: string | undefined
      if (c.idempotency === 'fresh') key = freshKey()
      else if (c.idempotency === 'reuse') key = lastKey.get(op.id) ?? freshKey()
      else if (typeof c.idempotency === 'object') key = c.idempotency.bad
      if (key !== undefined) {
        headers['idempotency-key'] = key
        lastKey.set(op.id, key)
      }
    }
    if (c.bearer) {
      const own = operatorTokens[c.host] ?? operatorTokens.alpin!
      const other = c.host === 'atelier' ? operatorTokens.alpin! : operatorTokens.atelier!
      if (c.bearer === 'operator') headers.authorization = `Bearer ${own}`
      if (c.bearer === 'other-shop') headers.authorization = `Bearer ${other}`
      if (c.bearer === 'unknown') headers.authorization = `Bearer op_${randomBytes(32).toString('base64url')}`
      if (typeof c.bearer === 'object') headers.authorization = c.bearer.raw
    }
    if (c.staff && c.staff !== 'none') {
      const shop = c.host === 'atelier' ? 'atelier' : 'alpin'
      const secret =
        typeof c.staff === 'object'
          ? c.staff.raw
          : c.staff === 'other-shop'
            ? await staffSession(shop === 'alpin' ? 'atelier' : 'alpin', 'owner')
            : await staffSession(shop, c.staff)
      headers.cookie = [headers.cookie, `${staffCookieName(false)}=${secret}`].filter(Boolean).join('; ')
    }
    if (c.signature) {
      const now = Math.floor(Date.now() / 1000)
      const body = c.pathAndBody.body.text ?? ''
      if (c.signature === 'valid') headers['webhook-signature'] = signWebhook(webhookSecret, now, body)
      if (c.signature === 'stale') headers['webhook-signature'] = signWebhook(webhookSecret, now - 3600, body)
      if (c.signature === 'wrong-secret') headers['webhook-signature'] = signWebhook('not-the-secret', now, body)
      if (typeof c.signature === 'object') headers['webhook-signature'] = c.signature.raw
    }
    const { text: bodyText, bytes } = c.pathAndBody.body
    const request = new Request(url, { method: op.method, headers, body: bytes ?? bodyText })
    const shown = () => `${op.method} ${request.url}\nrequest headers: ${JSON.stringify(headers)}\nrequest body: ${bytes ? `${bytes.length} bytes: ${Buffer.from(bytes).toString('base64')}` : clip(bodyText)}`
    let response: Response
    try {
      response = await app.call(request)
    } catch (error) {
      throw new Error(`[${op.id}] the answer breaks the contract\n${shown()}\n${(error as Error).message}`, { cause: error })
    }
    const text = await response.text()
    if (process.env.FUZZ_DEBUG === op.id) console.log('DEBUG', response.status, request.url, clip(c.pathAndBody.body.text, 300), '=>', clip(text, 300))
    const matched = findAnyOperation(op.method, new URL(request.url).pathname)?.id === op.id
    if (matched) fuzzed.set(op.id, (fuzzed.get(op.id) ?? 0) + 1)
    const seen = statuses.get(op.id) ?? new Map<number, number>()
    seen.set(response.status, (seen.get(response.status) ?? 0) + 1)
    statuses.set(op.id, seen)
    if (response.status >= 500 && !process.env.FUZZ_EXPLORE) throw new Error(`[${op.id}] server error ${response.status}\n${shown()}\nresponse body: ${clip(text)}`)
    if (response.ok && response.headers.get('content-type')?.startsWith('application/json')) harvestFrom(c.host, JSON.parse(text))
    return { status: response.status, text, shown, matched }
  }

  /** Set-up calls: a valid write or read that must succeed. */
  async function api(method: string, path: string, body?: unknown, host: Host = 'alpin') {
    const { token } = await xsrfPair(HOSTS[host])
    const response = await app.call(`${HOSTS[host]}${path}`, {
      method,
      headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token, 'content-type': 'application/json', 'idempotency-key': freshKey(), 'x-flowin-locale': 'en' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = await response.json()
    expect(response.status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300)
    harvestFrom(host, json)
    return json.data
  }

  beforeAll(async () => {
    app = await createTestApp(factory)
    const db = app.database.db
    webhookSecret = await getOrCreateSecret(db, 'sandbox-webhook')
    operatorTokens.alpin = await createOperatorToken(db, 'alpin', 'fuzz')
    operatorTokens.atelier = await createOperatorToken(db, 'atelier', 'fuzz')
    // Staff of both shops (openapi/admin.yaml): every role, an invited member, and their link tokens.
    staffPasswordHash = await hashPassword(STAFF_PASSWORD)
    for (const shop of ['alpin', 'atelier']) {
      for (const role of ROLES) {
        const id = newStaffId()
        await db.insert(staff).values({ id, shopId: shop, email: `${role}@${shop}.example`, name: `Fuzz ${role}`, locale: 'en', role, passwordHash: staffPasswordHash })
        remember('staffId', id)
        if (role === 'guide') remember('token', (await createStaffLink(db, { shopId: shop, staffId: id, purpose: 'reset', now: new Date() })).token)
      }
      const invited = newStaffId()
      await db.insert(staff).values({ id: invited, shopId: shop, email: `invited@${shop}.example`, name: 'Fuzz invited', locale: 'de', role: 'guide' })
      remember('staffId', invited)
      remember('token', (await createStaffLink(db, { shopId: shop, staffId: invited, purpose: 'invitation', now: new Date() })).token)
    }
    const at = (days: number, time = '10:00') => zonedDateTimeToUtc(addDays(utcToZonedDate(new Date(), TZ), days), time, TZ)!
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday: weekday as 0, start: '09:00', end: '12:00' }))
    const canyon = await createOffer(db, {
      slug: 'fz-canyon',
      tags: ['water'],
      related: ['fz-request', 'fz-full', 'fz-missing'],
      skus: [{ key: 'adult', price: 12000 }, { key: 'family', price: 36000, blockCount: 4 }],
      sessions: [{ startsAt: at(2), capacity: 200 }, { startsAt: at(3, '14:00'), capacity: 200 }],
    })
    await db.update(offers).set({ extras: [{ key: 'photos', title: { en: 'Photos', de: 'Fotos', fr: 'Photos' }, price: 2500 }] }).where(eq(offers.id, canyon.offerId))
    await createOffer(db, { slug: 'fz-request', uponRequest: true, tags: ['climbing'], sessions: [{ startsAt: at(4), capacity: 100 }] })
    await createOffer(db, { slug: 'fz-full', sessions: [{ startsAt: at(5), capacity: 4, placesTaken: 4 }] })
    await createOffer(db, { slug: 'fz-low', sessions: [{ startsAt: at(6), capacity: 5, placesTaken: 3 }] })
    await createOffer(db, {
      slug: 'fz-guide',
      skus: [{ key: 'slot', type: 'private-service-slot', price: 30000, durationMinutes: 60 }],
      schedule: { weeklyHours: everyDay, exceptions: [{ date: addDays(utcToZonedDate(new Date(), TZ), 3), closed: true }], durationMinutes: 60, bufferMinutes: 30, stepMinutes: 30 },
    })
    await createOffer(db, {
      shopId: 'atelier',
      slug: 'fz-lesson',
      skus: [{ key: 'person', type: 'private-service-participant', price: 9000, maxParticipants: 4, durationMinutes: 90 }],
      schedule: { weeklyHours: everyDay, exceptions: [], durationMinutes: 90, bufferMinutes: 0, stepMinutes: 90 },
    })

    // Real values through the API: slugs, variants, sessions and start times, icons, tags.
    const config = await api('GET', '/api/webshop/v1/config')
    for (const tag of config.tags as { slug: string; icon?: string }[]) {
      remember('tag', tag.slug)
      if (tag.icon?.startsWith('mdi:')) remember('iconName', tag.icon.slice(4))
    }
    for (const offer of (await api('GET', '/api/webshop/v1/offers?perPage=50')) as { slug: string }[]) remember('slug', offer.slug)
    for (const offer of (await api('GET', '/api/webshop/v1/offers?perPage=50', undefined, 'atelier')) as { slug: string }[]) remember('slug', offer.slug)
    remember('slug', 'no-such-offer')
    const details: Record<string, Json> = {}
    for (const slug of pools.get('slug')!.filter((s) => s.startsWith('fz-') && s !== 'fz-lesson')) details[slug] = await api('GET', `/api/webshop/v1/offers/${slug}`)
    const slotsOf = async (slug: string, days: number) => (await api('GET', `/api/webshop/v1/offers/${slug}/dates/${isoDay(days)}`)).slots as Json[]
    const canyonSessions = [...(await slotsOf('fz-canyon', 2)), ...(await slotsOf('fz-canyon', 3))]
    const requestSession = (await slotsOf('fz-request', 4))[0]!
    const guideSlots = await slotsOf('fz-guide', 1)
    await slotsOf('fz-guide', 2)
    const fullSession = (await slotsOf('fz-full', 5))[0]!
    const lowSession = (await slotsOf('fz-low', 6))[0]!

    // Carts in every state: empty, with items, booked (pay later: a payment link and a payment), requests.
    const sku = (slug: string, i = 0) => details[slug]!.skus[i].id as string
    const input = (offer: string, skuIndex: number, at: Json) => remember('itemInput', JSON.stringify({ offer, sku: sku(offer, skuIndex), ...(at.sessionId ? { sessionId: at.sessionId } : { start: at.start }) }))
    for (const session of canyonSessions) [0, 1].forEach((i) => input('fz-canyon', i, session))
    input('fz-request', 0, requestSession)
    input('fz-full', 0, fullSession)
    input('fz-low', 0, lowSession)
    for (const slot of guideSlots.slice(0, 4)) input('fz-guide', 0, slot)
    input('fz-guide', 0, canyonSessions[0]!) // a variant with another offer's session
    const contact = {
      customer: { type: 'PRIVATE' },
      person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '+41 79 900 00 00' },
      address: { street: 'Bahnhofstrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
      termsAccepted: true,
    }
    const cartWith = async (items: Json[]) => {
      const cart = await api('POST', '/api/webshop/v1/carts', {})
      let last = cart
      for (const item of items) last = await api('POST', `/api/webshop/v1/carts/${cart.id}/items`, item)
      return last as { id: string; items: { id: string; quantity: number }[] }
    }
    const people = (count: number) => Array.from({ length: count }, (_, i) => ({ firstname: `P${i}`, surname: 'Muster', extras: [] }))
    const book = async (cart: { id: string; items: { id: string; quantity: number }[] }, mode: 'order' | 'request', paymentMethod: string) =>
      api('POST', `/api/webshop/v1/carts/${cart.id}/checkout`, { mode, items: cart.items.map((i) => ({ itemId: i.id, participants: people(i.quantity) })), ...contact, paymentMethod })

    await cartWith([])
    await cartWith([{ offer: 'fz-canyon', sku: sku('fz-canyon'), sessionId: canyonSessions[0]!.sessionId, quantity: 2 }])
    await cartWith([
      { offer: 'fz-canyon', sku: sku('fz-canyon', 1), sessionId: canyonSessions[1]!.sessionId, quantity: 1 },
      { offer: 'fz-guide', sku: sku('fz-guide'), start: guideSlots[0]!.start, quantity: 1 },
    ])
    const laterCart = await cartWith([{ offer: 'fz-canyon', sku: sku('fz-canyon'), sessionId: canyonSessions[0]!.sessionId, quantity: 1 }])
    await book(laterCart, 'order', 'PAY_LATER')
    const started = await api('POST', `/api/webshop/v1/carts/${laterCart.id}/booking/payments`)
    const [payment] = await db.select().from(payments).where(eq(payments.id, started.paymentId))
    remember('ref', payment!.providerRef)
    await book(await cartWith([{ offer: 'fz-canyon', sku: sku('fz-canyon'), sessionId: canyonSessions[1]!.sessionId, quantity: 1 }]), 'order', 'PAY_ON_SITE')
    for (let i = 0; i < 3; i++) {
      await book(await cartWith([{ offer: 'fz-request', sku: sku('fz-request'), sessionId: requestSession.sessionId, quantity: 1 + i }]), 'request', 'PAY_LATER')
    }
    await cartWith([{ offer: 'fz-request', sku: sku('fz-request'), sessionId: requestSession.sessionId, quantity: 1 }])
  }, 120_000)

  afterAll(async () => {
    const lines = [...statuses].map(([id, seen]) => `  ${id.padEnd(24)} ${[...seen].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ')}`)
    if (lines.length) console.info(`[fuzz] ${factory.name}, seed ${SEED}, statuses per operation:\n${lines.join('\n')}`)
    await app?.close()
  })

  for (const op of allOperations) {
    it(`${op.id}: ${op.method} ${op.template} never answers 5xx and honours the contract`, async () => {
      const access = accessOf(op)
      await fc.assert(
        fc.asyncProperty(caseArb(op), async (c) => {
          const { status, shown, matched } = await send(op, c)
          const refused = (why: string) => expect(status, `[${op.id}] ${why} must be refused (4xx)\n${shown()}`).toBeGreaterThanOrEqual(400)
          if (access === 'visitor-write' && c.xsrf !== 'valid' && c.xsrf !== 'frame') refused(`a write with anti-forgery pair '${c.xsrf}'`)
          if (access === 'visitor-write' && (c.idempotency === 'none' || typeof c.idempotency === 'object')) {
            if (c.idempotency === 'none' || !/^[A-Za-z0-9_-]{8,128}$/.test(c.idempotency.bad)) refused('a write without a well-formed Idempotency-Key')
          }
          if (access === 'operator' && c.bearer !== 'operator') refused(`an operator call with bearer ${JSON.stringify(c.bearer)}`)
          if (access === 'staff-write' && c.xsrf !== 'valid') refused(`a staff write with anti-forgery pair '${c.xsrf}'`)
          if (access === 'staff-write' && (c.idempotency === 'none' || typeof c.idempotency === 'object')) {
            if (c.idempotency === 'none' || !/^[A-Za-z0-9_-]{8,128}$/.test(c.idempotency.bad)) refused('a staff write without a well-formed Idempotency-Key')
          }
          const role = roleOf(op)
          if (role !== 'public') {
            // On a shop's host, at the operation's path: exactly 401 or 403 (elsewhere: any refusal).
            const exact = matched && (c.host === 'alpin' || c.host === 'atelier')
            // A body over the operation's bound is refused first, whoever sends it (413: the API
            // bounds every body before it looks at anything else; admin.yaml says so).
            const { text: sentText, bytes: sentBytes } = c.pathAndBody.body
            const bodySize = sentBytes?.length ?? Buffer.byteLength(sentText ?? '')
            const oversized = op.method !== 'GET' && bodySize > ((op.op['x-max-body-bytes'] as number | undefined) ?? BODY_LIMITS.json)
            const expectRefused = (wanted: number, why: string) =>
              exact ? expect(status, `[${op.id}] ${why}: ${oversized ? 413 : wanted}\n${shown()}`).toBe(oversized ? 413 : wanted) : refused(why)
            if (typeof c.staff !== 'string' || c.staff === 'none' || c.staff === 'other-shop') expectRefused(401, `a call with session ${JSON.stringify(c.staff)}`)
            else if (ROLES.indexOf(c.staff) < ROLES.indexOf(role)) expectRefused(403, `a ${c.staff} (x-role ${role})`)
          }
          // Shop isolation: an id, token or code of the other shop, through this shop's host, finds nothing.
          if (op.id !== 'getMedia' && namesTheOtherShop(c.host, c.pathAndBody.path)) {
            isolationChecks.set(op.id, (isolationChecks.get(op.id) ?? 0) + 1)
            refused('an object of the other shop through this host')
          }
          if (access === 'provider' && c.signature !== 'valid') {
            refused(`a webhook with signature ${JSON.stringify(c.signature)}`)
            expect(status, shown()).toBeLessThan(500)
          }
        }),
        { numRuns: RUNS, seed: SEED },
      )
      await app.sandbox.settled()
    }, 180_000)
  }

  it('fuzzed every operation of openapi/webshop.yaml and openapi/admin.yaml', () => {
    const declared = [spec, adminSpec].flatMap((document) =>
      Object.entries(document.paths as Json).flatMap(([template, item]) =>
        Object.keys(item as Json)
          .filter((method) => HTTP_METHODS.includes(method))
          .map((method) => `${method.toUpperCase()} ${template} (${(item as Json)[method].operationId})`),
      ),
    )
    expect(declared.some((d) => d.includes('/api/admin/'))).toBe(true)
    const reached = new Set(allOperations.filter((op) => (fuzzed.get(op.id) ?? 0) > 0).map((op) => `${op.method} ${op.template} (${op.id})`))
    expect(declared.filter((d) => !reached.has(d))).toEqual([])
    expect(declared.length).toBeGreaterThan(0)
  })

  it('tried the other shop’s ids, tokens and codes through a shop’s host (the isolation oracle fired)', () => {
    console.info(`[fuzz] ${factory.name}: calls naming the other shop's objects, per operation: ${JSON.stringify(Object.fromEntries(isolationChecks))}`)
    expect([...isolationChecks.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
  })
})
