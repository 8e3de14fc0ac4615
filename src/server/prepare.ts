import { migrateDatabase } from './db/migrate'
import { getRuntime } from './runtime'
import { refreshDemoData, seedDemoData } from './seed/seed'

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
  log(
    `[db] ${runtime.database.kind === 'pglite' ? `PGlite in ${runtime.env.dataDir}/db` : 'PostgreSQL (DATABASE_URL)'}: migrated${seeded ? ', demo shops seeded' : ''} in ${Date.now() - started} ms`,
  )
  return runtime
}
