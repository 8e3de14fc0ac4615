/**
 * The planning board (issue 18, point 2): the scheduled dates of some days with the guides they
 * need and have, the private-service bookings of those days with their guide, and every active member
 * of the shop with their morning and afternoon availability. A fixed number of bounded queries
 * whatever the range (at most MAX_BOARD_DAYS days, MAX_BOARD_ENTRIES dates and bookings,
 * MAX_BOARD_STAFF members); everything scoped to the shop.
 */
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db, Tx } from '~/server/db/client'
import { bookingItemGuides, offers, sessionGuides, sessions, staff } from '~/server/db/schema'
import { invalidFields } from '~/server/domain/errors'
import { addDays, daysBetween, isValidDate, utcToZonedDate, utcToZonedTime, zonedBoundaryToUtc } from '~/server/domain/offers/zoned-time'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import { privateItemsBetween } from '~/server/domain/bookings-admin/private-items'
import { PLANNED_BOOKING_STATUSES } from './members'
import { halfDaysOf, halfDayOf, loadAvailability, guidesNeeded, worstAvailability, type AvailabilityByMember } from './rules'

export type PlanningBoard = components['schemas']['PlanningBoard']
export type PlanningSession = components['schemas']['PlanningSession']
export type PlanningStaff = components['schemas']['PlanningStaff']
export type PlanningPrivateBooking = components['schemas']['PlanningPrivateBooking']

/** The board shows at most this many days at once (both ends included). */
export const MAX_BOARD_DAYS = 31
/** Dates and private-service bookings listed at most (`truncated` beyond). */
export const MAX_BOARD_ENTRIES = 1000
/** Members listed at most (`truncated` beyond). */
export const MAX_BOARD_STAFF = 300

export type PlanningScope = { shopId: string; timeZone: string; locale: Locale }

type LocalizedText = Parameters<typeof pickText>[0]
type SessionRow = typeof sessions.$inferSelect

/** A session row with what the board needs of its offer. */
export type BoardSessionRow = SessionRow & { offerTitle: LocalizedText; participantsPerGuide: number | null }


/** Checks a board range: real days, `to` not before `from`, at most MAX_BOARD_DAYS days (field errors otherwise). */
export function checkBoardRange(from: string, to: string): void {
  if (!isValidDate(from)) throw invalidFields({ from: { code: 'invalid_date' } })
  if (!isValidDate(to)) throw invalidFields({ to: { code: 'invalid_date' } })
  const days = daysBetween(from, to)
  if (days < 0) throw invalidFields({ to: { code: 'range.reversed' } })
  if (days >= MAX_BOARD_DAYS) throw invalidFields({ to: { code: 'range.too_long', params: { maximum: MAX_BOARD_DAYS } } })
}

/** The columns of a session with its offer's title and guides setting. */
export const boardSessionColumns = {
  id: sessions.id,
  shopId: sessions.shopId,
  offerId: sessions.offerId,
  startsAt: sessions.startsAt,
  endsAt: sessions.endsAt,
  capacity: sessions.capacity,
  placesTaken: sessions.placesTaken,
  status: sessions.status,
  closed: sessions.closed,
  version: sessions.version,
  updatedAt: sessions.updatedAt,
  offerTitle: offers.title,
  participantsPerGuide: offers.participantsPerGuide,
}

/** The first and last local dates the sessions touch (to load availability for). */
const datesSpanned = (rows: readonly BoardSessionRow[], timeZone: string) => spanOf(rows.map((r) => [r.startsAt, r.endsAt] as const), timeZone)

/** The first and last local dates some spans touch. */
function spanOf(spans: readonly (readonly [Date, Date])[], timeZone: string): { first: string; last: string } | null {
  let first: string | null = null
  let last: string | null = null
  for (const [startsAt, endsAt] of spans) {
    for (const { date } of halfDaysOf(startsAt, endsAt, timeZone)) {
      if (first === null || date < first) first = date
      if (last === null || date > last) last = date
    }
  }
  return first && last ? { first, last } : null
}

type GuidesBySession = Map<string, { staffId: string; name: string; overrideReason: string | null }[]>

/** The active guides of sessions of the shop, by name, per session. */
async function guidesOf(db: Db | Tx, shopId: string, sessionIds: readonly string[]): Promise<GuidesBySession> {
  const bySession: GuidesBySession = new Map()
  for (let i = 0; i < sessionIds.length; i += 500) {
    const rows = await db
      .select({ sessionId: sessionGuides.sessionId, staffId: staff.id, name: staff.name, overrideReason: sessionGuides.overrideReason })
      .from(sessionGuides)
      .innerJoin(staff, and(eq(staff.id, sessionGuides.staffId), eq(staff.shopId, shopId)))
      .where(and(eq(sessionGuides.shopId, shopId), inArray(sessionGuides.sessionId, sessionIds.slice(i, i + 500)), eq(staff.active, true)))
      .orderBy(asc(staff.name), asc(staff.id))
    for (const row of rows) {
      const list = bySession.get(row.sessionId) ?? []
      list.push({ staffId: row.staffId, name: row.name, overrideReason: row.overrideReason })
      bySession.set(row.sessionId, list)
    }
  }
  return bySession
}

/** The active guides of private bookings (booking items) of the shop, by name, per item. */
async function guidesOfItems(db: Db | Tx, shopId: string, itemIds: readonly string[]): Promise<GuidesBySession> {
  const byItem: GuidesBySession = new Map()
  for (let i = 0; i < itemIds.length; i += 500) {
    const rows = await db
      .select({ itemId: bookingItemGuides.itemId, staffId: staff.id, name: staff.name, overrideReason: bookingItemGuides.overrideReason })
      .from(bookingItemGuides)
      .innerJoin(staff, and(eq(staff.id, bookingItemGuides.staffId), eq(staff.shopId, shopId)))
      .where(and(eq(bookingItemGuides.shopId, shopId), inArray(bookingItemGuides.itemId, itemIds.slice(i, i + 500)), eq(staff.active, true)))
      .orderBy(asc(staff.name), asc(staff.id))
    for (const row of rows) {
      const list = byItem.get(row.itemId) ?? []
      list.push({ staffId: row.staffId, name: row.name, overrideReason: row.overrideReason })
      byItem.set(row.itemId, list)
    }
  }
  return byItem
}

/** A booked private-service start as `privateItemsBetween` reads it. */
export type PrivateItemRow = Awaited<ReturnType<typeof privateItemsBetween>>[number]

/** The guides of a date or booking as the board shows them, each with their availability for its half-days. */
function boardGuides(assigned: GuidesBySession extends Map<string, infer V> ? V : never, halfDays: ReturnType<typeof halfDaysOf>, availability: AvailabilityByMember) {
  return assigned.slice(0, MAX_BOARD_STAFF).map((g) => ({
    staffId: g.staffId,
    name: g.name.slice(0, 200),
    overrideReason: g.overrideReason,
    availability: worstAvailability(halfDays.map((h) => halfDayOf(availability, g.staffId, h.date, h.half).availability)),
  }))
}

/** Private bookings as the board shows them: one guide needed, the assigned ones with their availability (loaded here unless given). */
export async function toPlanningPrivateBookings(
  db: Db | Tx,
  scope: PlanningScope,
  rows: readonly PrivateItemRow[],
  loaded?: { guides: GuidesBySession; availability: AvailabilityByMember },
): Promise<PlanningPrivateBooking[]> {
  const guides = loaded?.guides ?? (await guidesOfItems(db, scope.shopId, rows.map((r) => r.itemId)))
  let availability = loaded?.availability
  if (!availability) {
    const span = spanOf(rows.map((r) => [r.startsAt, r.endsAt] as const), scope.timeZone)
    const ids = [...new Set([...guides.values()].flat().map((g) => g.staffId))]
    availability = span ? await loadAvailability(db, scope.shopId, ids, span.first, span.last) : new Map()
  }
  return rows.map((row) => {
    const title = pickText(row.title as LocalizedText, scope.locale)
    const variant = pickText(row.variant as LocalizedText, scope.locale)
    const halfDays = halfDaysOf(row.startsAt, row.endsAt, scope.timeZone)
    const assigned = guides.get(row.itemId) ?? []
    return {
      bookingCode: row.code,
      itemId: row.itemId,
      offerId: row.offerId,
      offerTitle: (variant && variant !== title ? `${title} – ${variant}` : title).slice(0, 300),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      date: utcToZonedDate(row.startsAt, scope.timeZone),
      time: utcToZonedTime(row.startsAt, scope.timeZone),
      halfDays: halfDays.slice(0, 64).map((h) => ({ date: h.date, part: h.half })),
      participants: Number(row.participants),
      status: row.status as PlanningPrivateBooking['status'],
      guidesNeeded: 1,
      understaffed: assigned.length === 0,
      guides: boardGuides(assigned, halfDays, availability),
    }
  })
}

/**
 * Sessions as the board shows them: guides needed and assigned (active members only), each
 * guide's availability for the date. `loaded` may bring availability already loaded for the
 * guides and the sessions' dates; otherwise it is loaded here.
 */
export async function toPlanningSessions(
  db: Db | Tx,
  scope: PlanningScope,
  rows: readonly BoardSessionRow[],
  loaded?: { guides: GuidesBySession; availability: AvailabilityByMember },
): Promise<PlanningSession[]> {
  const guides =
    loaded?.guides ??
    (await guidesOf(
      db,
      scope.shopId,
      rows.map((r) => r.id),
    ))
  let availability = loaded?.availability
  if (!availability) {
    const span = datesSpanned(rows, scope.timeZone)
    const ids = [...new Set([...guides.values()].flat().map((g) => g.staffId))]
    availability = span ? await loadAvailability(db, scope.shopId, ids, span.first, span.last) : new Map()
  }
  return rows.map((row) => {
    const halfDays = halfDaysOf(row.startsAt, row.endsAt, scope.timeZone)
    const assigned = guides.get(row.id) ?? []
    const needed = guidesNeeded(row.placesTaken, row.participantsPerGuide)
    return {
      id: row.id,
      offerId: row.offerId,
      offerTitle: pickText(row.offerTitle, scope.locale).slice(0, 300),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      date: utcToZonedDate(row.startsAt, scope.timeZone),
      time: utcToZonedTime(row.startsAt, scope.timeZone),
      halfDays: halfDays.slice(0, 64).map((h) => ({ date: h.date, part: h.half })),
      capacity: row.capacity,
      placesTaken: row.placesTaken,
      status: row.status,
      closed: row.closed,
      participantsPerGuide: row.participantsPerGuide,
      guidesNeeded: needed,
      understaffed: assigned.length < needed,
      guides: boardGuides(assigned, halfDays, availability),
    }
  })
}

/** One session of the shop as the board shows it (any status), or undefined. */
export async function planningSessionOf(db: Db | Tx, scope: PlanningScope, sessionId: string): Promise<PlanningSession | undefined> {
  const [row] = await db
    .select(boardSessionColumns)
    .from(sessions)
    .innerJoin(offers, eq(offers.id, sessions.offerId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.shopId, scope.shopId), eq(offers.shopId, scope.shopId)))
  return row ? (await toPlanningSessions(db, scope, [row]))[0] : undefined
}

/** The board of `from` … `to` (days in the shop's time zone); see the contract's `getPlanningBoard`. */
export async function loadPlanningBoard(db: Db | Tx, scope: PlanningScope, range: { from: string; to: string }): Promise<PlanningBoard> {
  checkBoardRange(range.from, range.to)
  const start = zonedBoundaryToUtc(range.from, 0, scope.timeZone)
  const end = zonedBoundaryToUtc(addDays(range.to, 1), 0, scope.timeZone)
  const [sessionRows, bookingRows, memberRows] = await Promise.all([
    db
      .select(boardSessionColumns)
      .from(sessions)
      .innerJoin(offers, eq(offers.id, sessions.offerId))
      .where(
        and(
          eq(sessions.shopId, scope.shopId),
          eq(offers.shopId, scope.shopId),
          eq(sessions.status, 'scheduled'),
          gte(sessions.startsAt, start),
          lt(sessions.startsAt, end),
        ),
      )
      .orderBy(asc(sessions.startsAt), asc(sessions.id))
      .limit(MAX_BOARD_ENTRIES + 1),
    privateItemsBetween(db, scope.shopId, { start, end }, PLANNED_BOOKING_STATUSES, MAX_BOARD_ENTRIES + 1),
    db
      .select({ id: staff.id, name: staff.name, role: staff.role })
      .from(staff)
      .where(and(eq(staff.shopId, scope.shopId), eq(staff.active, true)))
      .orderBy(asc(staff.name), asc(staff.id))
      .limit(MAX_BOARD_STAFF + 1),
  ])
  const shownSessions = sessionRows.slice(0, MAX_BOARD_ENTRIES)
  const shownItems = bookingRows.slice(0, MAX_BOARD_ENTRIES)
  const members = memberRows.slice(0, MAX_BOARD_STAFF)

  // Availability of every listed member on the range, and of the guides on every day a date or booking touches.
  const span = spanOf([...shownSessions.map((r) => [r.startsAt, r.endsAt] as const), ...shownItems.map((r) => [r.startsAt, r.endsAt] as const)], scope.timeZone)
  const first = span && span.first < range.from ? span.first : range.from
  const last = span && span.last > range.to ? span.last : range.to
  const [guides, itemGuides] = await Promise.all([
    guidesOf(
      db,
      scope.shopId,
      shownSessions.map((s) => s.id),
    ),
    guidesOfItems(
      db,
      scope.shopId,
      shownItems.map((i) => i.itemId),
    ),
  ])
  const guideIds = [...guides.values(), ...itemGuides.values()].flat().map((g) => g.staffId)
  const availability = await loadAvailability(db, scope.shopId, [...members.map((m) => m.id), ...guideIds], first, last)
  const boardSessions = await toPlanningSessions(db, scope, shownSessions, { guides, availability })
  const privateBookings = await toPlanningPrivateBookings(db, scope, shownItems, { guides: itemGuides, availability })

  const sessionIdsOf = new Map<string, string[]>()
  for (const s of boardSessions) for (const g of s.guides) sessionIdsOf.set(g.staffId, [...(sessionIdsOf.get(g.staffId) ?? []), s.id])
  const itemIdsOf = new Map<string, string[]>()
  for (const b of privateBookings) for (const g of b.guides) itemIdsOf.set(g.staffId, [...(itemIdsOf.get(g.staffId) ?? []), b.itemId])
  const days = daysBetween(range.from, range.to)
  const staffOut: PlanningStaff[] = members.map((m) => ({
    id: m.id,
    name: m.name.slice(0, 200),
    role: m.role,
    days: Array.from({ length: days + 1 }, (_, i) => {
      const date = addDays(range.from, i)
      const am = halfDayOf(availability, m.id, date, 'AM')
      const pm = halfDayOf(availability, m.id, date, 'PM')
      return { date, am: { availability: am.availability, note: am.note }, pm: { availability: pm.availability, note: pm.note } }
    }),
    sessionIds: sessionIdsOf.get(m.id) ?? [],
    itemIds: itemIdsOf.get(m.id) ?? [],
  }))

  return {
    from: range.from,
    to: range.to,
    timeZone: scope.timeZone,
    truncated: sessionRows.length > MAX_BOARD_ENTRIES || bookingRows.length > MAX_BOARD_ENTRIES || memberRows.length > MAX_BOARD_STAFF,
    sessions: boardSessions,
    privateBookings,
    staff: staffOut,
  }
}
