/**
 * Prepares the e2e suite's DATA_DIR (argument) before its server starts: migrations and the demo
 * data as `npm start` makes them, and then one change: every shop lets a client address hold 400
 * places at once instead of 40. All of the suite's visitors come from 127.0.0.1, and the model
 * paths and parallel journeys hold dozens of places each for the hold's 15 minutes; the limit
 * itself is tested on a server of its own (tests/e2e/security.spec.ts, hold farming) and in the
 * contract tests. (The rate limits are raised for the same reason: playwright.config.ts.)
 */
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/client'
import { prepareData } from '../../src/server/prepare'

export const SUITE_HELD_PLACES_PER_CLIENT = 400

if (import.meta.filename === process.argv[1]) {
  const dataDir = process.argv[2]
  if (!dataDir) throw new Error('usage: tsx tests/support/e2e-data.ts DATA_DIR')
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') })
  await prepareData(database, dataDir)
  await database.db.execute(
    sql`update shops set config = jsonb_set(config, '{booking,maxHeldPlacesPerClient}', to_jsonb(${SUITE_HELD_PLACES_PER_CLIENT}::int), true)`,
  )
  await database.close()
}
