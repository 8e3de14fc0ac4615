/**
 * Which sessions a guide is assigned to (table session_guides; planning, issue 18, assigns them).
 * A guide sees a session's manifest and its dashboard entry only when assigned.
 */
import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '~/server/db/client'
import { sessionGuides } from '~/server/db/schema'

export async function isAssignedGuide(db: Db | Tx, shopId: string, sessionId: string, staffId: string): Promise<boolean> {
  const [row] = await db
    .select({ sessionId: sessionGuides.sessionId })
    .from(sessionGuides)
    .where(and(eq(sessionGuides.shopId, shopId), eq(sessionGuides.sessionId, sessionId), eq(sessionGuides.staffId, staffId)))
    .limit(1)
  return row !== undefined
}
