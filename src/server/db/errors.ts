import { DrizzleQueryError } from 'drizzle-orm'

const FROM_DATABASE = Symbol.for('webshop.fromDatabase')

/** Marks an error the database driver raised outside a query (e.g. a pool's failed connect). */
export function markDatabaseError<T>(error: T): T {
  if (error && typeof error === 'object') (error as Record<symbol, unknown>)[FROM_DATABASE] = true
  return error
}

/**
 * Whether an error (or one of its causes) was raised by the database driver: a failed drizzle
 * query (pg or PGlite underneath), a PostgreSQL error answer, or an error marked by
 * `markDatabaseError` (src/server/db/client.ts). A network error of anything else (the visitor's
 * connection, a payment provider) is not the database's.
 */
export function comesFromDatabase(error: unknown): boolean {
  for (let e = error as Record<PropertyKey, unknown> | undefined, depth = 0; e && typeof e === 'object' && depth < 6; e = e.cause as typeof e, depth++) {
    if (e[FROM_DATABASE] === true || e instanceof DrizzleQueryError) return true
    // pg's DatabaseError: a PostgreSQL error answer (SQLSTATE code and severity).
    if (typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return true
  }
  return false
}
