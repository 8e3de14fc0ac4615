import { migrateDatabase } from './db/migrate'
import { getRuntime } from './runtime'
import { refreshDemoData, seedDemoData } from './seed/seed'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Db } from './db/client'
import { shops } from './db/schema'
import { createOperatorToken, hasOperatorToken } from './domain/operator'

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
  await migrateDatabase(runtime.database)
  const seeded = await seedDemoData(runtime.database.db)
  if (!seeded) await refreshDemoData(runtime.database.db)
  await ensureOperatorTokens(runtime.database.db, runtime.env.dataDir, log)
  log(
    `[db] ${runtime.database.kind === 'pglite' ? `PGlite in ${runtime.env.dataDir}/db` : 'PostgreSQL (DATABASE_URL)'}: migrated${seeded ? ', demo shops seeded' : ''} in ${Date.now() - started} ms`,
  )
  return runtime
}
