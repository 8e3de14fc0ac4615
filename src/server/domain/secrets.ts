import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { appSecrets } from '~/server/db/schema'

/** A secret shared by every process on the database, created on first use. */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  const candidate = randomBytes(32).toString('base64url')
  await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing()
  const rows = await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1)
  if (!rows[0]) throw new Error(`secret ${name} could not be stored`)
  return rows[0].value
}
