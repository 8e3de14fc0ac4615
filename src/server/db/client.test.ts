import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { openDatabase, PGLITE_SHARED_BUFFERS_MIB } from './client'

const sharedBuffers = async (sharedBuffersMiB?: number) => {
  const database = await openDatabase({ kind: 'pglite', sharedBuffersMiB })
  try {
    const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] }
    return result.rows[0]!.shared_buffers
  } finally {
    await database.close()
  }
}

describe('PGlite', () => {
  it(`starts with ${PGLITE_SHARED_BUFFERS_MIB} MB of shared_buffers, or as many as asked for`, async () => {
    expect(await sharedBuffers()).toBe(`${PGLITE_SHARED_BUFFERS_MIB}MB`)
    expect(await sharedBuffers(48)).toBe('48MB')
  })
})

describe("drizzle's parsers on PGlite (ADR 037)", () => {
  it('are set once on the client: queries reach PGlite without a copy of their own, and dates, timestamps and intervals still come back as text, in transactions too', async () => {
    const { PGlite } = await import('@electric-sql/pglite')
    const query = vi.spyOn(PGlite.prototype, 'query')
    const database = await openDatabase({ kind: 'pglite' })
    try {
      const read = async (db: Pick<typeof database.db, 'execute'>) =>
        ((await db.execute(sql`select timestamptz '2026-11-28 10:00:00+00' as at, date '2026-11-28' as day, interval '90 minutes' as span, 42 as n`)) as unknown as { rows: Record<string, unknown>[] }).rows[0]
      const expected = { at: '2026-11-28 10:00:00+00', day: '2026-11-28', span: '01:30:00', n: 42 }
      expect(await read(database.db)).toEqual(expected)
      expect(await database.db.transaction((tx) => read(tx))).toEqual(expected)
      const calls = query.mock.calls.filter(([text]) => String(text).includes('interval'))
      expect(calls.length).toBeGreaterThan(0)
      for (const [, , options] of calls) expect(options).not.toHaveProperty('parsers')
    } finally {
      query.mockRestore()
      await database.close()
    }
  })
})
