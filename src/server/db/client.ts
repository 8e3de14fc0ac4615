import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema'
import { markDatabaseError } from './errors'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** The transaction handed to a `db.transaction(…)` callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbKind = 'pglite' | 'postgres'

export type Database = {
  db: Db
  kind: DbKind
  close: () => Promise<void>
}

export type OpenOptions =
  | { kind: 'pglite'; dataDir?: string } // no dataDir: in memory
  | { kind: 'postgres'; url: string; searchPath?: string; max?: number }

/** Opens PGlite (embedded, default) or PostgreSQL with the same drizzle schema. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ])
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      // A database that does not answer fails the request in seconds instead of hanging it.
      connectionTimeoutMillis: 5_000,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    })
    pool.on('error', (error) => console.error('[db] idle client error', error.message))
    // Errors of queries come wrapped by drizzle; a transaction's connect does not: mark it, so
    // that an unreachable database is told apart from other network errors (http/problem.ts).
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<unknown> | undefined
    pool.connect = ((...args: unknown[]) =>
      args.length ? connect(...args) : connect()!.catch((error: unknown) => Promise.reject(markDatabaseError(error)))) as typeof pool.connect
    const db = drizzle({ client: pool, schema }) as unknown as Db
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  const [{ PGlite }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ])
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite()
  await client.waitReady
  const db = drizzle({ client, schema }) as unknown as Db
  return { db, kind: 'pglite', close: () => client.close() }
}

/** The database of this process, from DATABASE_URL or DATA_DIR/db. */
export function openDatabaseFromEnv(env: { DATABASE_URL?: string; dataDir: string }) {
  return env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: join(env.dataDir, 'db') })
}
