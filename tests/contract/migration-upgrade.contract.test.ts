/**
 * Upgrading a database of the previous release (issue 20, point 4). The snapshot
 * tests/upgrade/release-<commit>.json.gz was made by that release itself (its migrations, its seed,
 * its API: tests/upgrade/release-snapshot.gen.ts): demo shops and offers, staff, a booking paid
 * later, a booking of three variants of one tour with extras per participant and per booking and a
 * part payment, a request. Here a database migrated with that release's migrations gets its rows,
 * then this release migrates it, and the staff app and the visitor's booking read still give what
 * that release gave, and new writes work on the old data. On PGlite and PostgreSQL.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client'
import { migrateDatabase, migrationsFolder } from '../../src/server/db/migrate'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { staffCalls } from '../support/staff'
import { visitorCalls, xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const RELEASE = '5139bc8'
type Snapshot = {
  release: string
  madeAt: string
  migrations: { tag: string; sha256: string }[]
  codes: Record<string, string>
  carts: string[]
  answers: Record<string, BookingDetail>
  rows: Record<string, Record<string, unknown>[]>
}
type BookingDetail = Record<string, unknown> & { items: (Record<string, unknown> & { participants: { firstname: string; surname: string; extras: { key: string }[] }[] })[] }

const snapshot = JSON.parse(gunzipSync(readFileSync(join(import.meta.dirname, '..', 'upgrade', `release-${RELEASE}.json.gz`))).toString('utf8')) as Snapshot
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }
const ALPIN = `http://alpin.${HOSTED_DOMAIN}`

/** The release's migrations folder: its SQL files and the journal cut after its last entry. */
function releaseMigrations(): string {
  const folder = mkdtempSync(join(tmpdir(), 'release-migrations-'))
  mkdirSync(join(folder, 'meta'))
  const tags = new Set(snapshot.migrations.map((m) => m.tag))
  for (const tag of tags) copyFileSync(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`))
  const cut = { ...journal, entries: journal.entries.filter((e) => tags.has(e.tag)) }
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(cut))
  return folder
}

/** The release's rows, as they were (in any order: no triggers or foreign keys fire while loading; identities go on after them). */
async function loadRows(database: Database) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    for (const [table, rows] of Object.entries(snapshot.rows)) {
      if (!rows.length) continue
      // the images' bytes are not in the snapshot: an empty image each
      const values = table === 'media' ? rows.map((r) => ({ ...r, content: '\\x' })) : rows
      // every stored column (generated ones are worked out again)
      const columns = (await rowsOf<{ column_name: string }>(tx.execute(sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`))).map((c) => sql.identifier(c.column_name))
      const list = sql.join(columns, sql`, `)
      await tx.execute(sql`insert into ${sql.identifier(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(values)}::json)`)
    }
  })
  const identities = await rowsOf<{ table_name: string; column_name: string }>(database.db.execute(sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and is_identity = 'YES'`))
  for (const { table_name: table, column_name: column } of identities) {
    await database.db.execute(sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`)
  }
}

/** The rows of a raw query (PGlite and node-postgres answer the same shape). */
const rowsOf = async <T>(query: Promise<unknown>): Promise<T[]> => ((await query) as { rows: T[] }).rows

const countOf = async (database: Database, table: string) =>
  Number((await rowsOf<{ n: number }>(database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)))[0]!.n)

/** What a booking's staff detail said in the release, the fields both releases have. */
function comparable(detail: BookingDetail) {
  return {
    code: detail.code,
    status: detail.status,
    mode: detail.mode,
    locale: detail.locale,
    paymentMethod: detail.paymentMethod,
    paymentState: detail.paymentState,
    total: detail.total,
    paid: detail.paid,
    open: detail.open,
    items: detail.items.map((i) => ({
      id: i.id,
      offerTitle: i.offerTitle,
      skuTitle: i.skuTitle,
      startsAt: i.startsAt,
      quantity: i.quantity,
      places: i.places,
      unitAmount: i.unitAmount,
      extrasAmount: i.extrasAmount,
      total: i.total,
      participants: i.participants.map((p) => ({ firstname: p.firstname, surname: p.surname, extras: p.extras.map((e) => e.key) })),
    })),
  }
}

it('the snapshot is of a release before this one, and its migrations were not edited since', () => {
  expect(snapshot.release).toBe(RELEASE)
  expect(snapshot.migrations.length).toBeGreaterThan(0)
  expect(journal.entries.slice(0, snapshot.migrations.length).map((e) => e.tag)).toEqual(snapshot.migrations.map((m) => m.tag))
  for (const { tag, sha256 } of snapshot.migrations) {
    expect(createHash('sha256').update(readFileSync(join(migrationsFolder, `${tag}.sql`))).digest('hex'), `${tag}.sql changed after it was released: add a new migration instead`).toBe(sha256)
  }
})

describeEachDatabase(`a database of release ${RELEASE}, upgraded`, (factory) => {
  let app: TestApp
  let database: Database
  const counts: Record<string, number> = {}

  beforeAll(async () => {
    database = await factory.createBare()
    await migrateDatabase(database, { folder: releaseMigrations() })
    await loadRows(database)
    for (const table of Object.keys(snapshot.rows)) counts[table] = await countOf(database, table)
    await migrateDatabase(database)
    app = await createTestApp({ ...factory, create: async () => database }, { seed: false, now: () => new Date(snapshot.madeAt) })
  }, 120_000)
  afterAll(() => app?.close())

  it("applies this release's migrations on top and keeps every row", async () => {
    for (const [table, rows] of Object.entries(snapshot.rows)) expect(counts[table], table).toBe(rows.length)
    for (const table of Object.keys(snapshot.rows)) expect(await countOf(database, table), table).toBe(counts[table])
    const [applied] = await rowsOf<{ n: number }>(database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))
    expect(Number(applied!.n)).toBe(journal.entries.length)
    expect(journal.entries.length).toBeGreaterThanOrEqual(snapshot.migrations.length)
  })

  it("the staff see each booking as the release showed it: amounts, items, participants and their extras, payments", async () => {
    const alpin = await staffCalls(app, ALPIN)
    const manager = await alpin.signIn('marco@alpin.example')
    for (const [name, code] of Object.entries(snapshot.codes)) {
      const detail = await alpin.call('GET', `/bookings/${code}`, { session: manager, locale: 'de' })
      expect(detail.status, name).toBe(200)
      expect(comparable(detail.body.data), name).toEqual(comparable(snapshot.answers[name]!))
    }
  })

  it("the visitor's booking read adds up as the release charged it: the items' totals are the booking's total", async () => {
    const headers = await xsrfHeaders(app, ALPIN)
    const visitor = visitorCalls(ALPIN, () => ({ app, headers }))
    for (const cart of snapshot.carts) {
      const answer = await visitor('GET', `/api/webshop/v1/carts/${cart}/booking`)
      expect(answer.status).toBe(200)
      const booking = (await answer.json()).data as { code: string; total: { amount: number }; items: { total: { amount: number } }[] }
      const then = Object.entries(snapshot.codes).find(([, code]) => code === booking.code)![0]
      expect(booking.total.amount, then).toBe(snapshot.answers[then]!.total)
      expect(booking.items.reduce((sum, i) => sum + i.total.amount, 0), then).toBe(booking.total.amount)
    }
  })

  it('new writes work on the old data: another payment, and a new booking counts on the places the release took', async () => {
    const alpin = await staffCalls(app, ALPIN)
    const manager = await alpin.signIn('marco@alpin.example')
    const code = snapshot.codes.twoVariants!
    const before = (await alpin.call('GET', `/bookings/${code}`, { session: manager })).body.data as { version: number; paid: number; open: number }
    const paid = await alpin.call('POST', `/bookings/${code}/payments`, { session: manager, body: { amount: 1000, method: 'cash', version: before.version } })
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300)
    const after = (await alpin.call('GET', `/bookings/${code}`, { session: manager })).body.data as { paid: number; open: number }
    expect(after).toMatchObject({ paid: before.paid + 1000, open: before.open - 1000 })

    const session = snapshot.rows.sessions!.find((s) => s.id === snapshot.answers.twoVariants!.items[0]!.sessionId)!
    const headers = await xsrfHeaders(app, ALPIN)
    const visitor = visitorCalls(ALPIN, () => ({ app, headers }))
    const cart = (await (await visitor('POST', '/api/webshop/v1/carts', {})).json()).data.id as string
    const sku = snapshot.rows.skus!.find((s) => s.offer_id === session.offer_id && s.key === 'adult')!
    const added = await visitor('POST', `/api/webshop/v1/carts/${cart}/items`, { offer: 'upgrade-tour', sku: sku.id, sessionId: session.id, quantity: 1 })
    expect(added.status, await added.clone().text()).toBe(201)
    // the date as the visitor sees it: the release's places and this hold are both taken
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(String(session.starts_at)))
    const day = await visitor('GET', `/api/webshop/v1/offers/upgrade-tour/dates/${date}`)
    expect(day.status).toBe(200)
    const slots = (await day.json()).data.slots as { sessionId?: string; placesLeft: number }[]
    expect(slots.find((s) => s.sessionId === session.id)?.placesLeft).toBe(Number(session.capacity) - Number(session.places_taken) - 1)
    expect(Number(session.places_taken)).toBe(1 + 2 + 4 + 2) // the release's two tour bookings: 1 adult, 2 youths, a family block of 4, 2 adults
  })
})
