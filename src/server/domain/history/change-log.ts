import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { Db, Tx } from '~/server/db/client'
import { changeLog, staff, type ChangeLogEntry } from '~/server/db/schema'
import { changedFields } from './diff'

export type ChangeSubject = (typeof changeLog.$inferSelect)['subject']

/** One change as the staff app shows it: who (null: the system or a member since removed), when, what. */
export type ChangeRecord = {
  id: string
  at: string
  actor: { id: string; name: string } | null
  action: string
  changes: ChangeLogEntry[]
}

/** At most this many changes are listed for one item (the newest). */
export const HISTORY_LIMIT = 50

/**
 * Records a change of an item in the caller's transaction (so a change and its record are one):
 * the fields that differ between `before` and `after` (or the `changes` given). Nothing is recorded when nothing changed,
 * unless the action itself is the news (`force`, e.g. "published").
 */
export async function recordChange(
  tx: Tx,
  entry: { shopId: string; subject: ChangeSubject; subjectId: string; actorId: string | null; action: string; before?: unknown; after?: unknown; changes?: ChangeLogEntry[]; at: Date; force?: boolean },
): Promise<ChangeLogEntry[]> {
  const changes = entry.changes ?? (entry.before === undefined && entry.after === undefined ? [] : changedFields(entry.before, entry.after))
  if (changes.length === 0 && !entry.force) return changes
  await tx.insert(changeLog).values({
    id: randomBytes(16).toString('base64url'),
    shopId: entry.shopId,
    subject: entry.subject,
    subjectId: entry.subjectId,
    actorId: entry.actorId,
    action: entry.action,
    changes,
    at: entry.at,
  })
  return changes
}

/** The newest changes of one item of the shop, newest first. */
export async function listChanges(db: Db, shopId: string, subject: ChangeSubject, subjectId: string): Promise<ChangeRecord[]> {
  const rows = await db
    .select({ id: changeLog.id, at: changeLog.at, action: changeLog.action, changes: changeLog.changes, actorId: staff.id, actorName: staff.name })
    .from(changeLog)
    .leftJoin(staff, eq(staff.id, changeLog.actorId))
    .where(and(eq(changeLog.shopId, shopId), eq(changeLog.subject, subject), eq(changeLog.subjectId, subjectId)))
    .orderBy(desc(changeLog.seq))
    .limit(HISTORY_LIMIT)
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actorId ? { id: r.actorId, name: r.actorName ?? '' } : null,
    action: r.action,
    changes: r.changes,
  }))
}
