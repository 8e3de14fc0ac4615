import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/client'
import { prepareData, seedOnce } from '../../src/server/prepare'
import { migrateDatabase } from '../../src/server/db/migrate'
import { describeRequiredPostgres, postgresUrl, underCi } from '../support/databases'

type Row = Record<string, unknown>
const rows = (result: unknown) => (result as { rows: Row[] }).rows

/** Two app processes starting at once on one PostgreSQL (the scale-out path). */
if (!postgresUrl && underCi) describeRequiredPostgres('prepareData on PostgreSQL')
describe.skipIf(!postgresUrl)('prepareData on PostgreSQL', () => {
  it('lets two processes start at once: one seeds, the other finds the shops; one operator token per shop', async () => {
    const admin = await openDatabase({ kind: 'postgres', url: postgresUrl!, max: 1 })
    const name = `webshop_prepare_${randomBytes(6).toString('hex')}`
    await admin.db.execute(sql.raw(`create database ${name}`))
    const url = new URL(postgresUrl!)
    url.pathname = `/${name}`
    const a = await openDatabase({ kind: 'postgres', url: url.href, max: 4 })
    const b = await openDatabase({ kind: 'postgres', url: url.href, max: 4 })
    try {
      const dirA = mkdtempSync(join(tmpdir(), 'prepare-a-'))
      const dirB = mkdtempSync(join(tmpdir(), 'prepare-b-'))
      await migrateDatabase(a)
      // Both reach the seeding at the same moment (the migrations' own lock no longer spaces them).
      const [first, second] = await Promise.all([seedOnce(a, dirA), seedOnce(b, dirB)])
      // and a later start (migrations included) finds everything in place
      expect((await prepareData(b, dirB)).seeded).toBe(false)
      expect([first.seeded, second.seeded].sort()).toEqual([false, true])
      expect(rows(await a.db.execute(sql`select count(*)::int as n from shops`))[0]!.n).toBe(2)
      expect(rows(await a.db.execute(sql`select shop_id, count(*)::int as n from operator_tokens group by shop_id order by shop_id`))).toEqual([
        { shop_id: 'alpin', n: 1 },
        { shop_id: 'atelier', n: 1 },
      ])
      const files = [dirA, dirB].flatMap((dir) => {
        try {
          return readdirSync(join(dir, 'operator')).map((f) => readFileSync(join(dir, 'operator', f), 'utf8'))
        } catch {
          return []
        }
      })
      expect(files).toHaveLength(2) // written by the process that created them
      // the demo shops' staff: created once, their credentials written once
      expect(rows(await a.db.execute(sql`select shop_id, count(*)::int as n from staff group by shop_id order by shop_id`))).toEqual([
        { shop_id: 'alpin', n: 3 },
        { shop_id: 'atelier', n: 3 },
      ])
      const credentials = [dirA, dirB].flatMap((dir) => {
        try {
          return readdirSync(join(dir, 'admin'))
        } catch {
          return []
        }
      })
      expect(credentials.sort()).toEqual(['alpin.credentials', 'atelier.credentials'])
    } finally {
      await a.close()
      await b.close()
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`)).catch(() => {})
      await admin.close()
    }
  }, 120_000)
})
