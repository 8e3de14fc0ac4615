import { migrateDatabase } from './db/migrate'
import { getRuntime } from './runtime'
import { refreshDemoData, seedDemoData } from './seed/seed'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Database, Db } from './db/client'
import { shops } from './db/schema'
import { createOperatorToken, hasOperatorToken } from './domain/operator'
import { ensureDemoStaff } from './seed/demo-staff'

/**
 * Every shop gets an operator token on first start (README, "Answering requests"); only its hash
 * is stored, the token itself goes to DATA_DIR/operator/{shop}.token (readable by the owner only).
 */
async function ensureOperatorTokens(db: Db, dataDir: string, log: (line: string) => void) {
  for (const { id } of await db.select({ id: shops.id }).from(shops)) {
    if (await hasOperatorToken(db, id)) continue
    const token = await createOperatorToken(db, id, 'created on first start')
    const dir = join(dataDir, 'operator')
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const file = join(dir, `${id}.token`)
    writeFileSync(file, `${token}\n`, { mode: 0o600 })
    const shown = relative(process.cwd(), file)
    log(`[operator] token of shop ${id} written to ${shown.startsWith('..') ? file : shown}`)
  }
}

/** Migrates the database and seeds the demo shops on first run (nothing with API_ORIGIN). */
export async function prepareDatabase(log: (line: string) => void = console.log) {
  const runtime = await getRuntime()
  if (!runtime.database) {
    log(`[db] API_ORIGIN is set: the built-in API and its database are not used.`)
    return runtime
  }
  const started = Date.now()
  const { seeded } = await prepareData(runtime.database, runtime.env.dataDir, log)
  log(
    `[db] ${runtime.database.kind === 'pglite' ? `PGlite in ${runtime.env.dataDir}/db` : 'PostgreSQL (DATABASE_URL)'}: migrated${seeded ? ', demo shops seeded' : ''} in ${Date.now() - started} ms`,
  )
  return runtime
}

/**
 * Migrations, demo data and operator tokens. Several processes may start at once on one
 * PostgreSQL (the compose file): migrations take their own lock, and the seeding
 * runs in one transaction under an advisory lock, so the second process finds the shops there.
 */
export async function prepareData(database: Database, dataDir: string, log: (line: string) => void = () => {}) {
  await migrateDatabase(database)
  return seedOnce(database, dataDir, log)
}

/** The demo data, operator tokens and the demo shops' staff, by one process at a time on PostgreSQL. */
export async function seedOnce(database: Database, dataDir: string, log: (line: string) => void = () => {}) {
  const work = async (db: Db) => {
    const seeded = await seedDemoData(db)
    if (!seeded) await refreshDemoData(db)
    await ensureOperatorTokens(db, dataDir, log)
    await ensureDemoStaff(db, dataDir, log)
    return { seeded }
  }
  if (database.kind === 'pglite') return work(database.db)
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webshop-seed'))`)
    return work(tx as unknown as Db)
  })
}
