/**
 * `npm run db:migrate` / `npm run db:seed`: migrate the database (PGlite in DATA_DIR or
 * DATABASE_URL) and seed the demo shops when it is empty — what `npm start` does before serving.
 */
import { prepareDatabase } from '../src/server/prepare'

const command = process.argv[2]
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: tsx scripts/db.ts migrate|seed')
  process.exit(1)
}
const runtime = await prepareDatabase()
await runtime.database?.close()
