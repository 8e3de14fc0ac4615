import { and, eq, ne, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db, Tx } from '~/server/db/client'
import { bookingItems, cartItems, sessions } from '~/server/db/schema'
import { conflict, invalidField, invalidFields } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import { isValidDate, utcToZonedDate, utcToZonedTime, zonedDateTimeToUtc } from '~/server/domain/offers/zoned-time'
import { doubleBooked, guidesOf, lockMembers, overlappingEngagement } from '~/server/domain/planning/members'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import type { Locale } from '~/lib/locale'
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
 * Refuses a move that would put one of the date's guides on two overlapping dates (409
 * `guide.double_booked`, naming the member and the other date). A guide assigned after the first
 * read (it committed before the date's lock was granted) is locked now as well.
 */
async function assertGuidesFree(tx: Tx, shopId: string, sessionId: string, locked: readonly string[], startsAt: Date, endsAt: Date, locale: Locale) {
  const guides = await guidesOf(tx, shopId, sessionId)
  const members = await lockMembers(tx, shopId, guides.filter((id) => !locked.includes(id)))
  for (const staffId of guides) {
    const clash = await overlappingEngagement(tx, shopId, staffId, { sessionId }, startsAt, endsAt)
    if (!clash) continue
    const name = members.find((m) => m.id === staffId)?.name ?? (await lockMembers(tx, shopId, [staffId]))[0]?.name ?? ''
    throw doubleBooked(name, clash, locale, { staffId, name })
  }
}

/**
 * Changes a session's capacity, start/duration or "closed for booking", if `version` is still its
 * own. The row is locked first, as a hold or a booking locks it: the places held and taken read
 * here cannot grow until the change is saved, so a lower capacity never oversells. A move keeps
 * the bookings (their items and the carts' holds move with it); the visitors are not e-mailed.
 * A move that would double-book one of the date's guides is refused.
 */
export async function updateSession(db: Db, actor: StaffPrincipal, scope: Scope, sessionId: string, input: SessionUpdate): Promise<AdminSession> {
  const moving = input.date !== undefined || input.time !== undefined || input.durationMinutes !== undefined
  return db.transaction(async (tx) => {
    // A move re-checks the date's guides. Their rows are locked before the date's (the order of
    // assignGuide: member, then date), so none of them is assigned elsewhere meanwhile.
    const locked = moving ? await guidesOf(tx, actor.shopId, sessionId) : []
    await lockMembers(tx, actor.shopId, locked)
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
    const { startsAt, endsAt } = moving ? movedTimes(row, input, scope) : row
    if (startsAt.getTime() !== row.startsAt.getTime() || endsAt.getTime() !== row.endsAt.getTime()) await assertGuidesFree(tx, actor.shopId, row.id, locked, startsAt, endsAt, actor.locale)
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
