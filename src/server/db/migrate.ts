import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { Database } from './client'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Applies pending migrations (drizzle-kit SQL files); one runner at a time on PostgreSQL.
 * `folder`: another migrations folder (the upgrade test applies an earlier release's set first).
 */
export async function migrateDatabase(database: Database, options: { migrationsSchema?: string; folder?: string } = {}) {
  const config = { migrationsFolder: options.folder ?? migrationsFolder, migrationsSchema: options.migrationsSchema }
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator')
    await migrate(database.db as never, config)
    return
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  // Several app processes may start at once on one PostgreSQL: serialise their migrations.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webshop-migrations'))`)
    await migrate(tx as never, config)
  })
}
