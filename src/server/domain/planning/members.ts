/**
 * What assignments and moves of dates share about a date's guides: locking members' rows (the
 * first lock every change of a member's assignments takes, so they happen one at a time) and
 * finding another scheduled date of a member that overlaps a time.
 */
import { and, asc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm'
import type { Tx } from '~/server/db/client'
import { offers, sessionGuides, sessions, staff } from '~/server/db/schema'

/** Locks the members' rows of the shop, in id order (two writers locking several never deadlock); answers the rows found. */
export async function lockMembers(tx: Tx, shopId: string, staffIds: readonly string[]) {
  if (staffIds.length === 0) return []
  return tx
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.shopId, shopId), inArray(staff.id, [...staffIds])))
    .orderBy(asc(staff.id))
    .for('update')
}

/** The ids of a date's guides. */
export async function guidesOf(tx: Tx, shopId: string, sessionId: string): Promise<string[]> {
  const rows = await tx
    .select({ staffId: sessionGuides.staffId })
    .from(sessionGuides)
    .where(and(eq(sessionGuides.shopId, shopId), eq(sessionGuides.sessionId, sessionId)))
  return rows.map((r) => r.staffId).sort()
}

/** The member's first other scheduled date overlapping `startsAt`–`endsAt` (the same start counts, even without duration). */
export async function overlappingDate(tx: Tx, shopId: string, staffId: string, sessionId: string, startsAt: Date, endsAt: Date) {
  const [clash] = await tx
    .select({ id: sessions.id, startsAt: sessions.startsAt, endsAt: sessions.endsAt, title: offers.title })
    .from(sessionGuides)
    .innerJoin(sessions, eq(sessions.id, sessionGuides.sessionId))
    .innerJoin(offers, eq(offers.id, sessions.offerId))
    .where(
      and(
        eq(sessionGuides.staffId, staffId),
        eq(sessionGuides.shopId, shopId),
        eq(sessions.shopId, shopId),
        eq(sessions.status, 'scheduled'),
        ne(sessions.id, sessionId),
        or(and(sql`${sessions.startsAt} < ${endsAt}`, gt(sessions.endsAt, startsAt)), eq(sessions.startsAt, startsAt)),
      ),
    )
    .orderBy(asc(sessions.startsAt), asc(sessions.id))
    .limit(1)
  return clash
}
