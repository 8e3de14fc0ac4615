/** How often something happened to a member lately (the bounds of codes and reset mails per hour). */
import { and, count, eq, gt } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { staffEvents } from '~/server/db/schema'

export const HOUR_MS = 60 * 60_000

/** Events `action` of a member in the hour before `now`. */
export async function eventsInLastHour(db: Db, staffId: string, action: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffEvents)
    .where(and(eq(staffEvents.staffId, staffId), eq(staffEvents.action, action), gt(staffEvents.at, new Date(now.getTime() - HOUR_MS))))
  return row?.n ?? 0
}

/** Whether a database error is a unique violation (two writers took the same e-mail). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}
