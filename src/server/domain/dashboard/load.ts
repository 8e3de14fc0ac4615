/**
 * The staff app's start page (issue 21, point 1): the next days' sessions and private-service
 * bookings, what waits for the staff (unseen requests, open amounts) and the latest bookings.
 * A fixed, small number of bounded queries whatever the shop's size (each on an index of
 * migration 0010 or earlier); guides get no sales figure at all.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db, Tx } from '~/server/db/client'
import { bookingItems, bookings, offers, sessionGuides, sessions, staff } from '~/server/db/schema'
import { addDays, daysBetween, utcToZonedDate, utcToZonedTime, zonedBoundaryToUtc } from '~/server/domain/offers/zoned-time'
import { privateItemsBetween } from '~/server/domain/bookings-admin/private-items'
import { guidesNeeded } from '~/server/domain/planning/rules'
import type { Role } from '~/server/domain/staff/accounts'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'

export type Dashboard = components['schemas']['Dashboard']
export type DashboardDay = components['schemas']['DashboardDay']
export type DashboardSession = components['schemas']['DashboardSession']
export type DashboardServiceBooking = components['schemas']['DashboardServiceBooking']
export type DashboardSales = components['schemas']['DashboardSales']

export type DashboardScope = {
  shopId: string
  /** The member (their assignments, once they exist) and role (what they may see). */
  staffId: string
  role: Role
  /** The shop's time zone: "today" and the days are its calendar days. */
  timeZone: string
  locale: Locale
  now: Date
}

/** Today and the next 6 days. */
export const DASHBOARD_DAYS = 7
/** Sessions and private-service bookings listed at most (`truncated` beyond). */
export const MAX_DASHBOARD_ENTRIES = 300
export const NEWEST_REQUESTS = 5
export const OLDEST_OPEN = 5
export const LATEST_BOOKINGS = 10

/** Bookings whose participants are expected: confirmed, accepted (requests) and paid. */
const EXPECTED: ('CONFIRMED' | 'ACCEPTED' | 'PAID')[] = ['CONFIRMED', 'ACCEPTED', 'PAID']
/** Bookings that may still owe money (a paid one owes nothing; cancelled and declined ones nothing either). */
const OWING: ('CONFIRMED' | 'ACCEPTED')[] = ['CONFIRMED', 'ACCEPTED']

type LocalizedText = Parameters<typeof pickText>[0]
type Person = { firstname: string; surname: string }
const nameOf = (person: Person) => `${person.firstname} ${person.surname}`.trim().slice(0, 250)

/** Participants of an item: its named participants, at least its quantity (an accepted request may name only some, issue 22 point 11). */
const participantsOfItem = sql`greatest(jsonb_array_length(${bookingItems.participants}), ${bookingItems.quantity})`

/** The days `from` … `to` (shop's calendar) and their bounds as instants. */
export function dashboardRange(now: Date, timeZone: string) {
  const today = utcToZonedDate(now, timeZone)
  const to = addDays(today, DASHBOARD_DAYS - 1)
  return {
    today,
    from: today,
    to,
    start: zonedBoundaryToUtc(today, 0, timeZone),
    end: zonedBoundaryToUtc(addDays(today, DASHBOARD_DAYS), 0, timeZone),
  }
}

/** The start page's figures for a member of the shop (see the contract's `getDashboard`). */
export async function loadDashboard(db: Db | Tx, scope: DashboardScope): Promise<Dashboard> {
  const range = dashboardRange(scope.now, scope.timeZone)
  const head = {
    role: scope.role,
    timeZone: scope.timeZone,
    today: range.today,
    from: range.from,
    to: range.to,
  }
  if (scope.role === 'guide') {
    // The sessions a guide is assigned to (planning assigns them), no sales figure.
    const planned = await plannedDays(db, scope, range, scope.staffId)
    return { ...head, scope: 'assigned', truncated: planned.truncated, days: planned.days }
  }
  const [planned, sales] = await Promise.all([plannedDays(db, scope, range), salesOf(db, scope, range.today)])
  return {
    ...head,
    scope: 'shop',
    truncated: planned.truncated,
    days: planned.days,
    sales,
  }
}

/** The days' sessions and private services; for a guide (`guideId`), only the sessions assigned to them. */
async function plannedDays(db: Db | Tx, scope: DashboardScope, range: ReturnType<typeof dashboardRange>, guideId?: string) {
  const assigned = guideId
    ? sql`exists (select 1 from session_guides g where g.session_id = ${sessions.id} and g.staff_id = ${guideId} and g.shop_id = ${scope.shopId})`
    : undefined
  const [sessionRows, serviceRows] = await Promise.all([
    db
      .select({
        id: sessions.id,
        offerId: sessions.offerId,
        title: offers.title,
        startsAt: sessions.startsAt,
        endsAt: sessions.endsAt,
        capacity: sessions.capacity,
        placesTaken: sessions.placesTaken,
        status: sessions.status,
        closed: sessions.closed,
        participantsPerGuide: offers.participantsPerGuide,
      })
      .from(sessions)
      .innerJoin(offers, eq(offers.id, sessions.offerId))
      .where(and(eq(offers.shopId, scope.shopId), eq(sessions.shopId, scope.shopId), gte(sessions.startsAt, range.start), lt(sessions.startsAt, range.end), assigned))
      .orderBy(asc(sessions.startsAt), asc(sessions.id))
      .limit(MAX_DASHBOARD_ENTRIES + 1),
    privateItemsBetween(db, scope.shopId, range, [...EXPECTED, 'REQUESTED'], MAX_DASHBOARD_ENTRIES + 1),
  ])
  const shownSessions = sessionRows.slice(0, MAX_DASHBOARD_ENTRIES)
  const shownIds = shownSessions.map((s) => s.id)
  const [counts, guides] = await Promise.all([expectedParticipants(db, scope.shopId, shownIds), assignedGuides(db, scope.shopId, shownIds)])

  const days = new Map<string, DashboardDay>()
  for (let i = 0; i < DASHBOARD_DAYS; i++) {
    const date = addDays(range.today, i)
    days.set(date, { date, sessions: [], services: [] })
  }
  for (const row of shownSessions) {
    const date = utcToZonedDate(row.startsAt, scope.timeZone)
    const count = counts.get(row.id)
    days.get(date)?.sessions.push({
      id: row.id,
      offerId: row.offerId,
      offerTitle: pickText(row.title as LocalizedText, scope.locale).slice(0, 300),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      date,
      time: utcToZonedTime(row.startsAt, scope.timeZone),
      capacity: row.capacity,
      placesTaken: row.placesTaken,
      placesFree: Math.max(0, row.capacity - row.placesTaken),
      participants: count?.participants ?? 0,
      bookings: count?.bookings ?? 0,
      cancelled: row.status === 'cancelled',
      closed: row.closed,
      guidesNeeded: guidesNeeded(row.placesTaken, row.participantsPerGuide),
      guidesAssigned: guides.get(row.id) ?? 0,
    })
  }
  // Private services have no guides assigned: a guide's days list sessions only.
  const shownServices = guideId ? [] : serviceRows.slice(0, MAX_DASHBOARD_ENTRIES)
  for (const row of shownServices) {
    const date = utcToZonedDate(row.startsAt, scope.timeZone)
    const variant = pickText(row.variant as LocalizedText, scope.locale)
    const title = pickText(row.title as LocalizedText, scope.locale)
    days.get(date)?.services.push({
      bookingCode: row.code,
      mode: row.mode,
      status: row.status,
      name: nameOf(row.person),
      offerTitle: (variant && variant !== title ? `${title} – ${variant}` : title).slice(0, 300),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      date,
      time: utcToZonedTime(row.startsAt, scope.timeZone),
      participants: Number(row.participants),
    })
  }
  return {
    days: [...days.values()],
    truncated: sessionRows.length > MAX_DASHBOARD_ENTRIES || (!guideId && serviceRows.length > MAX_DASHBOARD_ENTRIES),
  }
}

/** Participants to expect and bookings, per session (confirmed, accepted, paid bookings). */
async function expectedParticipants(db: Db | Tx, shopId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return new Map<string, { participants: number; bookings: number }>()
  const rows = await db
    .select({
      id: bookingItems.sessionId,
      participants: sql<number>`coalesce(sum(${participantsOfItem}), 0)::int`,
      bookings: sql<number>`count(distinct ${bookings.id})::int`,
    })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .where(and(inArray(bookingItems.sessionId, sessionIds), eq(bookings.shopId, shopId), inArray(bookings.status, EXPECTED)))
    .groupBy(bookingItems.sessionId)
  return new Map(rows.map((r) => [r.id!, { participants: Number(r.participants), bookings: Number(r.bookings) }]))
}

/** Active members assigned as guides, per session (planning). */
async function assignedGuides(db: Db | Tx, shopId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return new Map<string, number>()
  const rows = await db
    .select({ id: sessionGuides.sessionId, count: sql<number>`count(*)::int` })
    .from(sessionGuides)
    .innerJoin(staff, and(eq(staff.id, sessionGuides.staffId), eq(staff.shopId, shopId)))
    .where(and(eq(sessionGuides.shopId, shopId), inArray(sessionGuides.sessionId, sessionIds), eq(staff.active, true)))
    .groupBy(sessionGuides.sessionId)
  return new Map(rows.map((r) => [r.id, Number(r.count)]))
}

/** The first item's offer title of a booking, and how many items it has. */
const firstOfferTitle = sql<LocalizedText | null>`(select o.title from booking_items bi inner join offers o on o.id = bi.offer_id where bi.booking_id = "bookings"."id" order by bi.position limit 1)`
const itemCount = sql<number>`(select count(*)::int from booking_items bi where bi.booking_id = "bookings"."id")`

async function salesOf(db: Db | Tx, scope: DashboardScope, today: string): Promise<DashboardSales> {
  const owing = and(eq(bookings.shopId, scope.shopId), inArray(bookings.status, OWING), gt(bookings.openAmount, 0), isNull(bookings.cancelledAt))
  const [unseen, openTotals, oldest, latest] = await Promise.all([
    db
      .select({
        code: bookings.code,
        person: bookings.person,
        createdAt: bookings.createdAt,
        title: firstOfferTitle,
        items: itemCount,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(bookings)
      .where(and(eq(bookings.shopId, scope.shopId), eq(bookings.mode, 'request'), eq(bookings.seen, false)))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(NEWEST_REQUESTS),
    db
      .select({
        currency: bookings.currency,
        count: sql<number>`count(*)::int`,
        open: sql<string>`sum(${bookings.openAmount})`,
      })
      .from(bookings)
      .where(owing)
      .groupBy(bookings.currency)
      .orderBy(asc(bookings.currency))
      .limit(10),
    db
      .select({
        code: bookings.code,
        person: bookings.person,
        status: bookings.status,
        totalAmount: bookings.totalAmount,
        openAmount: bookings.openAmount,
        currency: bookings.currency,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .where(owing)
      .orderBy(asc(bookings.createdAt), asc(bookings.id))
      .limit(OLDEST_OPEN),
    db
      .select({
        code: bookings.code,
        mode: bookings.mode,
        person: bookings.person,
        status: bookings.status,
        totalAmount: bookings.totalAmount,
        currency: bookings.currency,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .where(eq(bookings.shopId, scope.shopId))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(LATEST_BOOKINGS),
  ])
  return {
    unseenRequests: {
      count: Number(unseen[0]?.total ?? 0),
      newest: unseen.map((r) => ({
        code: r.code,
        name: nameOf(r.person),
        offerTitle: r.title ? pickText(r.title, scope.locale).slice(0, 300) : '',
        items: Number(r.items),
        createdAt: new Date(r.createdAt).toISOString(),
      })),
    },
    openAmounts: {
      count: openTotals.reduce((n, r) => n + Number(r.count), 0),
      totals: openTotals.map((r) => ({
        amount: Number(r.open),
        currency: r.currency,
      })),
      oldest: oldest.map((r) => ({
        code: r.code,
        name: nameOf(r.person),
        status: r.status,
        total: { amount: r.totalAmount, currency: r.currency },
        open: { amount: r.openAmount, currency: r.currency },
        createdAt: r.createdAt.toISOString(),
        daysOpen: Math.max(0, daysBetween(utcToZonedDate(r.createdAt, scope.timeZone), today)),
      })),
    },
    latest: latest.map((r) => ({
      code: r.code,
      mode: r.mode,
      name: nameOf(r.person),
      status: r.status,
      total: { amount: r.totalAmount, currency: r.currency },
      createdAt: r.createdAt.toISOString(),
    })),
  }
}
