import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, it } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/client'
import { migrateDatabase } from '../../src/server/db/migrate'

export type DatabaseFactory = {
  name: 'pglite' | 'postgres'
  /** A new, migrated, empty database (PGlite in memory, or a fresh PostgreSQL schema). */
  create: () => Promise<Database>
  /** A new database without any migration applied (the upgrade test migrates it itself). */
  createBare: () => Promise<Database>
}

import { postgresMissingUnderCi, postgresUrl, underCi } from './postgres-env'

export { postgresUrl, underCi }

let warned = false
function warnSkipped() {
  if (warned) return
  warned = true
  console.warn(
    '[tests] PostgreSQL suite skipped: TEST_DATABASE_URL is not set ' +
      '(e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test); the PGlite suite ran.',
  )
}

const pglite: DatabaseFactory = {
  name: 'pglite',
  createBare: () => openDatabase({ kind: 'pglite' }),
  create: async () => {
    const database = await pglite.createBare()
    await migrateDatabase(database)
    return database
  },
}

const postgres: DatabaseFactory = {
  name: 'postgres',
  create: async () => {
    const database = await postgres.createBare()
    await migrateDatabase(database)
    return database
  },
  createBare: async () => {
    // A database of its own per suite: parallel test files never see each other's rows.
    const url = new URL(postgresUrl!)
    const name = `webshop_test_${randomBytes(6).toString('hex')}`
    const admin = await openDatabase({ kind: 'postgres', url: url.href, max: 1 })
    await admin.db.execute(sql.raw(`create database ${name}`))
    const own = new URL(url.href)
    own.pathname = `/${name}`
    const database = await openDatabase({ kind: 'postgres', url: own.href, max: 10 })
    return {
      ...database,
      close: async () => {
        await database.close()
        await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`)).catch(() => {})
        await admin.close()
      },
    }
  },
}

/** The databases a data-layer suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseFactories(): DatabaseFactory[] {
  if (!postgresUrl) warnSkipped()
  return postgresUrl ? [pglite, postgres] : [pglite]
}

/**
 * `describe` once per database; without TEST_DATABASE_URL the PostgreSQL suite shows up as
 * skipped, with the reason, or, under CI, as a failing test that says what is missing.
 */
export function describeEachDatabase(title: string, body: (factory: DatabaseFactory) => void) {
  for (const factory of databaseFactories()) describe(`${title} [${factory.name}]`, () => body(factory))
  if (postgresUrl) return
  if (underCi) describeRequiredPostgres(title)
  else describe.skip(`${title} [postgres: skipped, TEST_DATABASE_URL not set]`, () => body(postgres))
}

/** Under CI, a PostgreSQL suite that cannot run is a failure (see postgres-env.ts). */
export function describeRequiredPostgres(title: string) {
  describe(`${title} [postgres: required under CI]`, () => {
    it('runs on PostgreSQL', () => {
      throw postgresMissingUnderCi(title)
    })
  })
}
