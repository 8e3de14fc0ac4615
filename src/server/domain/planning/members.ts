/**
 * What assignments and moves of dates share about a date's guides: locking members' rows (the
 * first lock every change of a member's assignments takes, so they happen one at a time) and
 * finding another scheduled date of a member that overlaps a time.
 */
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { Tx } from '~/server/db/client'
import { serial } from '~/server/db/serial'
import { utcToZonedDate } from '~/server/domain/offers/zoned-time'
import { halfDayOf, halfDaysOf, loadAvailability, worstAvailability, type Availability } from './rules'
import type { Locale } from '~/lib/locale'
import { pickText } from '~/lib/locale-text'
import { conflict } from '~/server/domain/errors'
import { bookingItemGuides, bookingItems, bookings, offers, sessionGuides, sessions, staff } from '~/server/db/schema'

/**
 * The bookings whose private-service starts are planned: shown on the board, open to guides,
 * counted in overlaps, working time, the schedule feed and "My sessions" (requests waiting for
 * an answer too; cancelled, declined and expired ones not).
 */
export const PLANNED_BOOKING_STATUSES: ('CONFIRMED' | 'REQUESTED' | 'ACCEPTED' | 'PAID')[] = ['CONFIRMED', 'REQUESTED', 'ACCEPTED', 'PAID']

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

/** Another engagement of a member: a scheduled date or a planned private-service booking. */
export type Engagement =
  | {
      kind: 'session'
      id: string
      startsAt: Date
      endsAt: Date
      title: unknown
    }
  | {
      kind: 'booking'
      id: string
      bookingCode: string
      startsAt: Date
      endsAt: Date
      title: unknown
    }

/**
 * The member's first other engagement overlapping `startsAt`–`endsAt` (the same start counts,
 * even without duration): a scheduled date they guide (but `except.sessionId`) or a planned
 * private-service booking they guide (but `except.itemId`).
 */
export async function overlappingEngagement(
  tx: Tx,
  shopId: string,
  staffId: string,
  except: { sessionId?: string; itemId?: string },
  startsAt: Date,
  endsAt: Date,
): Promise<Engagement | undefined> {
  const [[date], [item]] = await serial([
    () =>
      tx
        .select({
          id: sessions.id,
          startsAt: sessions.startsAt,
          endsAt: sessions.endsAt,
          title: offers.title,
        })
        .from(sessionGuides)
        .innerJoin(sessions, eq(sessions.id, sessionGuides.sessionId))
        .innerJoin(offers, eq(offers.id, sessions.offerId))
        .where(
          and(
            eq(sessionGuides.staffId, staffId),
            eq(sessionGuides.shopId, shopId),
            eq(sessions.shopId, shopId),
            eq(sessions.status, 'scheduled'),
            ...(except.sessionId ? [ne(sessions.id, except.sessionId)] : []),
            or(and(sql`${sessions.startsAt} < ${endsAt}`, gt(sessions.endsAt, startsAt)), eq(sessions.startsAt, startsAt)),
          ),
        )
        .orderBy(asc(sessions.startsAt), asc(sessions.id))
        .limit(1),
    () =>
      tx
        .select({
          id: bookingItems.id,
          code: bookings.code,
          startsAt: bookingItems.startsAt,
          endsAt: bookingItems.endsAt,
          title: offers.title,
        })
        .from(bookingItemGuides)
        .innerJoin(bookingItems, eq(bookingItems.id, bookingItemGuides.itemId))
        .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
        .innerJoin(offers, eq(offers.id, bookingItems.offerId))
        .where(
          and(
            eq(bookingItemGuides.staffId, staffId),
            eq(bookingItemGuides.shopId, shopId),
            eq(bookingItems.shopId, shopId),
            isNull(bookingItems.sessionId),
            inArray(bookings.status, PLANNED_BOOKING_STATUSES),
            ...(except.itemId ? [ne(bookingItems.id, except.itemId)] : []),
            or(and(sql`${bookingItems.startsAt} < ${endsAt}`, gt(bookingItems.endsAt, startsAt)), eq(bookingItems.startsAt, startsAt)),
          ),
        )
        .orderBy(asc(bookingItems.startsAt), asc(bookingItems.id))
        .limit(1),
  ])
  const first: Engagement | undefined = date ? { kind: 'session', ...date } : undefined
  const other: Engagement | undefined = item
    ? {
        kind: 'booking',
        id: item.id,
        bookingCode: item.code,
        startsAt: item.startsAt,
        endsAt: item.endsAt,
        title: item.title,
      }
    : undefined
  if (!first || !other) return first ?? other
  return other.startsAt < first.startsAt ? other : first
}

/** 409 `guide.double_booked`: the member and their other engagement (a date: `sessionId`; a private booking: `itemId` and `bookingCode`). */
export function doubleBooked(name: string, clash: Engagement, locale: Locale, extra: Record<string, unknown> = {}) {
  return conflict('guide.double_booked', `${name} already guides another date at this time.`, {
    ...extra,
    ...(clash.kind === 'session' ? { sessionId: clash.id } : { itemId: clash.id, bookingCode: clash.bookingCode }),
    offerTitle: pickText(clash.title as Parameters<typeof pickText>[0], locale).slice(0, 300),
    startsAt: clash.startsAt.toISOString(),
    endsAt: clash.endsAt.toISOString(),
  })
}

/**
 * The member's availability for a time (the worst of the half-days it touches) and the reason
 * stored with the assignment: UNAVAILABLE without a reason is 409 `guide.unavailable` (with the
 * member's note); with one, the reason is kept; otherwise none is.
 */
export async function availabilityForAssignment(
  tx: Tx,
  shopId: string,
  member: { id: string; name: string },
  span: { startsAt: Date; endsAt: Date; timeZone: string },
  reason: string | undefined,
): Promise<{ availability: Availability | null; overrideReason: string | null; changes: { field: string; after: string }[] }> {
  const halves = halfDaysOf(span.startsAt, span.endsAt, span.timeZone)
  const firstDay = halves[0]?.date ?? utcToZonedDate(span.startsAt, span.timeZone)
  const lastDay = halves[halves.length - 1]?.date ?? firstDay
  const loaded = await loadAvailability(tx, shopId, [member.id], firstDay, lastDay)
  const resolved = halves.map((h) => halfDayOf(loaded, member.id, h.date, h.half))
  const availability = worstAvailability(resolved.map((r) => r.availability))
  if (availability === 'UNAVAILABLE' && !reason) {
    const note = resolved.find((r) => r.availability === 'UNAVAILABLE')?.note ?? null
    throw conflict('guide.unavailable', `${member.name} said they are not available at this time. Give a reason to assign them all the same.`, { availability, note })
  }
  const overrideReason = availability === 'UNAVAILABLE' ? reason! : null
  // What the history records of the assignment: the member, and the reason (shortened) when there is one.
  const changes = [
    { field: 'guides', after: member.name.slice(0, 120) },
    ...(overrideReason ? [{ field: 'overrideReason', after: overrideReason.length <= 120 ? overrideReason : `${overrideReason.slice(0, 119)}…` }] : []),
  ]
  return { availability, overrideReason, changes }
}
