import { and, eq, gt, inArray, notInArray, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db, Tx } from '~/server/db/client'
import { bookingItems, bookings, cartItems, sessions } from '~/server/db/schema'
import { conflict, notFound } from '~/server/domain/errors'
import { utcToZonedDate, utcToZonedTime } from '~/server/domain/offers/zoned-time'

export type AdminSession = components['schemas']['AdminSession']
export type SessionRow = typeof sessions.$inferSelect

export const sessionNotFound = () => notFound('session.not_found', 'This date does not exist.')
export const versionConflict = (version: number) =>
  conflict('session.version_conflict', 'This date was changed in the meantime. Please reload it and try again.', { version })

/** Places held in carts right now, per session. */
export async function heldPlaces(db: Db | Tx, sessionIds: string[], now: Date): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map()
  const rows = await db
    .select({ id: cartItems.sessionId, held: sql<number>`coalesce(sum(${cartItems.places}), 0)::int` })
    .from(cartItems)
    .where(and(inArray(cartItems.sessionId, sessionIds), gt(cartItems.heldUntil, now)))
    .groupBy(cartItems.sessionId)
  return new Map(rows.map((r) => [r.id!, Number(r.held)]))
}

/** Bookings that still count (not cancelled, not declined), per session. */
export async function bookingCounts(db: Db | Tx, sessionIds: string[]): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map()
  const rows = await db
    .select({ id: bookingItems.sessionId, count: sql<number>`count(distinct ${bookings.id})::int` })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .where(and(inArray(bookingItems.sessionId, sessionIds), notInArray(bookings.status, ['CANCELLED', 'DECLINED'])))
    .groupBy(bookingItems.sessionId)
  return new Map(rows.map((r) => [r.id!, Number(r.count)]))
}

/** A session as the staff app shows it; dates and times in the shop's time zone. */
export function toAdminSession(row: SessionRow, timeZone: string, counts: { held: number; bookings: number }): AdminSession {
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    date: utcToZonedDate(row.startsAt, timeZone),
    time: utcToZonedTime(row.startsAt, timeZone),
    durationMinutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    capacity: row.capacity,
    placesTaken: row.placesTaken,
    placesHeld: counts.held,
    bookings: counts.bookings,
    status: row.status,
    closed: row.closed,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Many sessions with their counts (two queries, whatever their number). */
export async function toAdminSessions(db: Db | Tx, rows: SessionRow[], timeZone: string, now: Date): Promise<AdminSession[]> {
  const ids = rows.map((r) => r.id)
  const [held, counted] = await Promise.all([heldPlaces(db, ids, now), bookingCounts(db, ids)])
  return rows.map((r) => toAdminSession(r, timeZone, { held: held.get(r.id) ?? 0, bookings: counted.get(r.id) ?? 0 }))
}

/** What the history records of a session: wall-clock start in the shop's time zone, not an instant. */
export function sessionForHistory(row: Pick<SessionRow, 'startsAt' | 'endsAt' | 'capacity' | 'closed' | 'status'>, timeZone: string) {
  return {
    start: `${utcToZonedDate(row.startsAt, timeZone)} ${utcToZonedTime(row.startsAt, timeZone)}`,
    durationMinutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    capacity: row.capacity,
    closed: row.closed,
    status: row.status,
  }
}

/** Locks a session of the shop for the rest of the transaction (holds and bookings wait for it). */
export async function lockSession(tx: Tx, shopId: string, sessionId: string): Promise<SessionRow> {
  const [row] = await tx.select().from(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.shopId, shopId))).for('update')
  if (!row) throw sessionNotFound()
  return row
}
