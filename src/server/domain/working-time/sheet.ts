/**
 * A member's working-time sheet of one month (issue 18, point 4): the scheduled dates and the
 * planned private bookings they are assigned to, each counted with its offer's preparation time,
 * and their manual entries, with the totals and the manager's approval. Always scoped to the
 * shop; who may read whose sheet is the API edge's check (a guide only their own).
 */
import { and, asc, eq, gte, lt } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db, Tx } from '~/server/db/client'
import { serial } from '~/server/db/serial'
import { bookingItemGuides, bookingItems, offers, sessionGuides, sessions, workTimeApprovals, workTimeEntries } from '~/server/db/schema'
import { guidedPrivateItems, plannedGuidedItem, privateItemTitle } from '~/server/domain/bookings-admin/private-items'
import { utcToZonedDate, utcToZonedTime } from '~/server/domain/offers/zoned-time'
import { memberOf, membersFor } from '~/server/domain/planning/availability'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import { compareLines, entryMinutes, entrySpan, fingerprintOf, MAX_LINES, mayApprove, monthBounds, nextMonthStart, totalsOf, type WorkingTimeLine } from './rules'

export type WorkingTimeSheet = components['schemas']['WorkingTimeSheet']
export type WorkingTimeScope = {
  shopId: string
  timeZone: string
  locale: Locale
  now: Date
}

/**
 * The lines of a month per member (all members of the shop, or only `staffId`): assigned
 * scheduled dates and planned private bookings starting in it, and manual entries dated in it,
 * each member's in order. At most `limit` dates, `limit` private bookings and `limit` entries
 * are read.
 */
export async function monthLines(db: Db | Tx, scope: WorkingTimeScope, month: string, staffId: string | null, limit: number): Promise<Map<string, WorkingTimeLine[]>> {
  const { start, end } = monthBounds(month, scope.timeZone)
  const [dated, booked, entries] = await serial([
    () =>
      db
        .select({
          staffId: sessionGuides.staffId,
          id: sessions.id,
          startsAt: sessions.startsAt,
          endsAt: sessions.endsAt,
          title: offers.title,
          preparationMinutes: offers.preparationMinutes,
        })
        .from(sessionGuides)
        .innerJoin(sessions, eq(sessions.id, sessionGuides.sessionId))
        .innerJoin(offers, eq(offers.id, sessions.offerId))
        .where(
          and(
            ...(staffId ? [eq(sessionGuides.staffId, staffId)] : []),
            eq(sessionGuides.shopId, scope.shopId),
            eq(sessions.shopId, scope.shopId),
            eq(sessions.status, 'scheduled'),
            gte(sessions.startsAt, start),
            lt(sessions.startsAt, end),
          ),
        )
        .orderBy(asc(sessions.startsAt), asc(sessions.id))
        .limit(limit),
    () =>
      guidedPrivateItems(db)
        .where(
          and(plannedGuidedItem(scope.shopId), ...(staffId ? [eq(bookingItemGuides.staffId, staffId)] : []), gte(bookingItems.startsAt, start), lt(bookingItems.startsAt, end)),
        )
        .orderBy(asc(bookingItems.startsAt), asc(bookingItems.id))
        .limit(limit),
    () =>
      db
        .select()
        .from(workTimeEntries)
        .where(
          and(
            eq(workTimeEntries.shopId, scope.shopId),
            ...(staffId ? [eq(workTimeEntries.staffId, staffId)] : []),
            gte(workTimeEntries.day, `${month}-01`),
            lt(workTimeEntries.day, nextMonthStart(month)),
          ),
        )
        .orderBy(asc(workTimeEntries.day), asc(workTimeEntries.fromTime), asc(workTimeEntries.id))
        .limit(limit),
  ])
  const tz = scope.timeZone
  const byMember = new Map<string, WorkingTimeLine[]>()
  const add = (member: string, line: WorkingTimeLine) => {
    const list = byMember.get(member)
    if (list) list.push(line)
    else byMember.set(member, [line])
  }
  /** A guided date or private booking: its real length plus the offer's preparation time. */
  const guided = (kind: 'session' | 'booking', id: string, startsAt: Date, endsAt: Date, preparationMinutes: number, title: string): WorkingTimeLine => ({
    kind,
    id,
    date: utcToZonedDate(startsAt, tz),
    from: utcToZonedTime(startsAt, tz),
    to: utcToZonedTime(endsAt, tz),
    endDate: utcToZonedDate(endsAt, tz),
    breakMinutes: 0,
    preparationMinutes,
    minutes: Math.max(0, Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000)) + preparationMinutes,
    title,
    note: null,
    planned: endsAt > scope.now,
  })
  for (const s of dated) add(s.staffId, guided('session', s.id, s.startsAt, s.endsAt, s.preparationMinutes, pickText(s.title, scope.locale).slice(0, 300)))
  for (const b of booked) add(b.staffId, guided('booking', b.itemId, b.startsAt, b.endsAt, b.preparationMinutes, privateItemTitle(b.title, b.variant, scope.locale)))
  for (const e of entries) {
    add(e.staffId, {
      kind: 'entry',
      id: e.id,
      date: e.day,
      from: e.fromTime,
      to: e.toTime,
      endDate: e.day,
      breakMinutes: e.breakMinutes,
      preparationMinutes: 0,
      minutes: entryMinutes(e.day, e.fromTime, e.toTime, e.breakMinutes, tz),
      title: null,
      note: e.note,
      planned: entrySpan(e.day, e.fromTime, e.toTime, tz).end > scope.now,
    })
  }
  for (const list of byMember.values()) list.sort(compareLines)
  return byMember
}

/** One member's lines of a month, at most MAX_LINES (`truncated` when there were more). */
export async function linesOf(db: Db | Tx, scope: WorkingTimeScope, staffId: string, month: string): Promise<{ lines: WorkingTimeLine[]; truncated: boolean }> {
  const lines = (await monthLines(db, scope, month, staffId, MAX_LINES + 1)).get(staffId) ?? []
  return {
    lines: lines.slice(0, MAX_LINES),
    truncated: lines.length > MAX_LINES,
  }
}

/** The approval of a member's month, if any. */
export async function approvalOf(db: Db | Tx, shopId: string, staffId: string, month: string) {
  const [row] = await db
    .select()
    .from(workTimeApprovals)
    .where(and(eq(workTimeApprovals.shopId, shopId), eq(workTimeApprovals.staffId, staffId), eq(workTimeApprovals.month, month)))
  return row ?? null
}

/** The month sheet of a member of the shop (404 `staff.not_found` for another shop's), as the actor sees it. */
export async function loadSheet(db: Db | Tx, scope: WorkingTimeScope, actor: StaffPrincipal, staffId: string, month: string): Promise<WorkingTimeSheet> {
  const member = await memberOf(db, scope.shopId, staffId)
  const [{ lines, truncated }, approval, members] = await serial([
    () => linesOf(db, scope, staffId, month),
    () => approvalOf(db, scope.shopId, staffId, month),
    () => membersFor(db, scope.shopId, actor),
  ])
  const fingerprint = fingerprintOf(lines)
  return {
    member,
    month,
    timeZone: scope.timeZone,
    lines,
    totals: totalsOf(lines),
    approval: approval
      ? {
          approvedAt: approval.approvedAt.toISOString(),
          approvedBy: approval.approvedByName,
          minutes: approval.minutes,
          current: approval.fingerprint === fingerprint,
        }
      : null,
    fingerprint,
    editable: approval === null,
    canApprove: mayApprove(actor, staffId),
    truncated,
    members,
  }
}
