import { and, eq, ne, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db } from '~/server/db/client'
import { bookingItems, cartItems, sessions } from '~/server/db/schema'
import { conflict, invalidField, invalidFields } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import { isValidDate, utcToZonedDate, utcToZonedTime, zonedDateTimeToUtc } from '~/server/domain/offers/zoned-time'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { heldPlaces, lockSession, sessionForHistory, toAdminSessions, versionConflict, type AdminSession, type SessionRow } from './view'

export type SessionUpdate = components['schemas']['SessionUpdateInput']
type Scope = { timeZone: string; now: Date }

/** The new start and end of a move (unchanged parts kept), or the field error refusing it. */
function movedTimes(row: SessionRow, input: SessionUpdate, scope: Scope): { startsAt: Date; endsAt: Date } {
  const date = input.date ?? utcToZonedDate(row.startsAt, scope.timeZone)
  const time = input.time ?? utcToZonedTime(row.startsAt, scope.timeZone)
  const minutes = input.durationMinutes ?? Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000)
  if (!isValidDate(date)) throw invalidFields({ date: { code: 'invalid_date' } })
  const startsAt = zonedDateTimeToUtc(date, time, scope.timeZone)
  if (!startsAt) throw invalidField('time', 'no_such_time', 'The clock skips this time on this day (change to summer time).')
  const moved = startsAt.getTime() !== row.startsAt.getTime()
  if (moved && startsAt <= scope.now) throw invalidField('date', 'past', 'A date cannot be moved into the past.')
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) }
}

/**
 * Changes a session's capacity, start/duration or "closed for booking", if `version` is still its
 * own. The row is locked first, as a hold or a booking locks it: the places held and taken read
 * here cannot grow until the change is saved, so a lower capacity never oversells. A move keeps
 * the bookings (their items and the carts' holds move with it); the visitors are not e-mailed.
 */
export async function updateSession(db: Db, actor: StaffPrincipal, scope: Scope, sessionId: string, input: SessionUpdate): Promise<AdminSession> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, actor.shopId, sessionId)
    if (row.version !== input.version) throw versionConflict(row.version)
    if (row.status === 'cancelled') throw conflict('session.cancelled', 'This date is cancelled and can no longer be changed.')
    const capacity = input.capacity ?? row.capacity
    if (input.capacity !== undefined && input.capacity < row.capacity) {
      const held = (await heldPlaces(tx, [row.id], scope.now)).get(row.id) ?? 0
      const minimum = row.placesTaken + held
      if (capacity < minimum) {
        throw invalidField('capacity', 'capacity.below_taken', `${row.placesTaken} places are booked and ${held} held in carts: the capacity cannot be less than ${minimum}.`, {
          taken: row.placesTaken,
          held,
          minimum,
        })
      }
    }
    const moving = input.date !== undefined || input.time !== undefined || input.durationMinutes !== undefined
    const { startsAt, endsAt } = moving ? movedTimes(row, input, scope) : row
    if (startsAt.getTime() !== row.startsAt.getTime()) {
      const [clash] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.offerId, row.offerId), eq(sessions.startsAt, startsAt), eq(sessions.status, 'scheduled'), ne(sessions.id, row.id)))
      if (clash) throw invalidField('time', 'exists', 'The offer already has a date at this time.')
    }
    const [saved] = await tx
      .update(sessions)
      .set({ capacity, startsAt, endsAt, closed: input.closed ?? row.closed, version: sql`${sessions.version} + 1`, updatedAt: scope.now })
      .where(eq(sessions.id, row.id))
      .returning()
    if (startsAt.getTime() !== row.startsAt.getTime() || endsAt.getTime() !== row.endsAt.getTime()) {
      await tx.update(bookingItems).set({ startsAt, endsAt }).where(eq(bookingItems.sessionId, row.id))
      await tx.update(cartItems).set({ startsAt, endsAt }).where(eq(cartItems.sessionId, row.id))
    }
    const before = sessionForHistory(row, scope.timeZone)
    const after = sessionForHistory(saved!, scope.timeZone)
    const action = before.start !== after.start || before.durationMinutes !== after.durationMinutes ? 'moved' : before.closed !== after.closed ? (after.closed ? 'closed' : 'opened') : 'updated'
    await recordChange(tx, { shopId: actor.shopId, subject: 'session', subjectId: row.id, actorId: actor.staffId, action, before, after, at: scope.now })
    return (await toAdminSessions(tx, [saved!], scope.timeZone, scope.now))[0]!
  })
}
