import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema'
import { markDatabaseError } from './errors'
import { useDrizzleParsers, withoutPerQueryParsers } from './pglite-parsers'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** The transaction handed to a `db.transaction(…)` callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbKind = 'pglite' | 'postgres'

export type Database = {
  db: Db
  kind: DbKind
  close: () => Promise<void>
  /**
   * Calls `onMessage` with the payload of every `NOTIFY` on `channel`, from any process of the
   * database; `onMessage()` without payload after a reconnection (messages may have been lost).
   * Resolves to a function that stops listening.
   */
  listen: (channel: string, onMessage: (payload?: string) => void) => Promise<() => Promise<void>>
}

export type OpenOptions =
  | { kind: 'pglite'; dataDir?: string; sharedBuffersMiB?: number } // no dataDir: in memory
  | { kind: 'postgres'; url: string; searchPath?: string; max?: number }

/**
 * PGlite's shared_buffers (PGlite's own default is 128 MB): a shop's working set fits in far
 * less, and 16 MB instead of 128 MB keeps about 120 MiB less resident with the same throughput
 * (npm run bench, ADR 037). PGLITE_SHARED_BUFFERS_MB changes it for the server.
 */
export const PGLITE_SHARED_BUFFERS_MIB = 16

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
    const listeners = new Set<() => Promise<void>>()
    const listen = async (channel: string, onMessage: (payload?: string) => void) => {
      const stop = await listenOnPostgres(() => new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000 }), channel, onMessage)
      listeners.add(stop)
      return async () => {
        listeners.delete(stop)
        await stop()
      }
    }
    const close = async () => {
      await Promise.all([...listeners].map((stop) => stop()))
      await pool.end()
    }
    return { db, kind: 'postgres', close, listen }
  }
  const [{ PGlite }, { drizzle }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    // Trigram indexes of the staff's searches (migration 0011); PostgreSQL ships the same module.
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ])
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const extensions = { pg_trgm }
  // PostgreSQL's page cache inside PGlite's WebAssembly memory, which never shrinks (ADR 037)
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffersMiB ?? PGLITE_SHARED_BUFFERS_MIB}MB`]
  const client = options.dataDir ? new PGlite(options.dataDir, { extensions, startParams }) : new PGlite({ extensions, startParams })
  await client.waitReady
  useDrizzleParsers(client)
  const db = drizzle({ client: withoutPerQueryParsers(client), schema }) as unknown as Db
  const listen = (channel: string, onMessage: (payload?: string) => void) => client.listen(channel, (payload) => onMessage(payload))
  return { db, kind: 'pglite', close: () => client.close(), listen }
}

type ListenClient = {
  connect(): Promise<unknown>
  query(text: string): Promise<unknown>
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown
  on(event: 'error' | 'end', listener: () => void): unknown
  end(): Promise<void>
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection
 * is opened again after a second, and `onMessage()` says that messages may have been missed.
 */
async function listenOnPostgres(newClient: () => ListenClient, channel: string, onMessage: (payload?: string) => void) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name ${channel}`)
  let stopped = false
  let client: ListenClient | null = null
  let retry: ReturnType<typeof setTimeout> | undefined
  const again = () => {
    if (stopped || retry) return
    client = null
    retry = setTimeout(() => {
      retry = undefined
      void open(false).catch(again)
    }, 1_000)
    retry.unref?.()
  }
  const open = async (first: boolean) => {
    const next = newClient()
    next.on('notification', (message) => message.channel === channel && onMessage(message.payload))
    const lost = () => client === next && again()
    next.on('error', lost)
    next.on('end', lost)
    client = next
    await next.connect()
    await next.query(`LISTEN ${channel}`)
    if (!first) onMessage()
  }
  await open(true)
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end().catch(() => {})
  }
}

/** The database of this process, from DATABASE_URL or DATA_DIR/db. */
/** Where PGlite keeps a server's database: `db` in DATA_DIR. */
export const pgliteDirectory = (dataDir: string) => join(dataDir, 'db')

/** Whether DATA_DIR holds a database already (PostgreSQL's PG_VERSION file is written by initdb). */
export const hasPgliteDatabase = (dataDir: string) => existsSync(join(pgliteDirectory(dataDir), 'PG_VERSION'))

export function openDatabaseFromEnv(env: { DATABASE_URL?: string; dataDir: string; PGLITE_SHARED_BUFFERS_MB?: number }) {
  return env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: pgliteDirectory(env.dataDir), sharedBuffersMiB: env.PGLITE_SHARED_BUFFERS_MB })
}
