import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { postgresUrl } from './postgres-env'

/** A new, empty database on the test server (TEST_DATABASE_URL), for a server process of its own; `drop` removes it. */
export async function freshPostgresDatabase(prefix: string) {
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(postgresUrl!)
  url.pathname = `/${name}`
  return {
    url,
    drop: async () => {
      const again = new pg.Client({ connectionString: postgresUrl })
      await again.connect()
      await again.query(`drop database if exists ${name} with (force)`).catch(() => {})
      await again.end()
    },
  }
}
