import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
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
