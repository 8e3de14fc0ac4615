/**
 * The shared rules of planning (issue 18): half-days, how a member's availability on a half-day
 * is resolved, a session's availability for a member, and how many guides a session needs.
 *
 * - Half-days are in the shop's time zone: AM is before 12:00, PM from 12:00. A session touches
 *   AM on a local date if its part of that date starts before 12:00, PM if it ends after 12:00.
 * - A half-day's availability: the date's own entry for that half ?? the date's DAY entry ?? the
 *   weekly entry for that weekday and half ?? the weekly DAY entry ?? null ("not stated").
 *   Setting DAY on a date (or weekday) removes its AM and PM entries; clearing DAY clears all
 *   three (`partsReplacedBy`).
 * - A session's availability for a member: the worst of the half-days it touches, in the order
 *   UNAVAILABLE > MAYBE > null (not stated) > AVAILABLE.
 * - Guides needed: max(1, ceil(placesTaken / participantsPerGuide)), 1 without participantsPerGuide.
 *
 * Everything but `loadAvailability` is pure.
 */
import { and, between, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '~/server/db/client'
import { staffAvailability, staffWeeklyAvailability } from '~/server/db/schema'
import { addDays, daysBetween, utcToZonedDate, weekdayOf, zonedBoundaryToUtc } from '~/server/domain/offers/zoned-time'

export type Availability = 'AVAILABLE' | 'MAYBE' | 'UNAVAILABLE'
export type DayPart = 'DAY' | 'AM' | 'PM'
export type Half = 'AM' | 'PM'

export const AVAILABILITIES: readonly Availability[] = ['AVAILABLE', 'MAYBE', 'UNAVAILABLE']
export const DAY_PARTS: readonly DayPart[] = ['DAY', 'AM', 'PM']
export const HALVES: readonly Half[] = ['AM', 'PM']

/** Minutes after midnight at which PM starts. */
export const NOON_MINUTES = 12 * 60

/** An availability entry of a date (table staff_availability). */
export type DateEntry = { day: string; part: DayPart; availability: Availability; note: string | null }
/** An entry of the weekly pattern (table staff_weekly_availability), weekday 0–6 Sunday first. */
export type WeeklyEntry = { weekday: number; part: DayPart; availability: Availability; note: string | null }

export type ResolvedHalfDay = {
  availability: Availability | null
  note: string | null
  /** Where the value comes from: the date's entries, the weekly pattern, or nowhere (not stated). */
  source: 'date' | 'weekly' | null
}

export type ResolvedDay = { date: string; weekday: number; am: ResolvedHalfDay; pm: ResolvedHalfDay }

/** Resolved availability per member id, then per date 'YYYY-MM-DD'. */
export type AvailabilityByMember = Map<string, Map<string, ResolvedDay>>

export const NOT_STATED: ResolvedHalfDay = Object.freeze({ availability: null, note: null, source: null }) as ResolvedHalfDay

/**
 * The half-days (local date and AM/PM in `timeZone`) a session from `startsAt` to `endsAt`
 * touches, in time order. A session without duration (endsAt ≤ startsAt) touches the half-day
 * of its start. Correct on daylight-saving days: noon and midnight are the wall clock's.
 */
export function halfDaysOf(startsAt: Date, endsAt: Date, timeZone: string): { date: string; half: Half }[] {
  const start = startsAt.getTime()
  const end = endsAt.getTime()
  if (!Number.isFinite(start) || !Number.isFinite(end)) throw new Error('Invalid instant')
  const firstDate = utcToZonedDate(startsAt, timeZone)
  if (end <= start) {
    const noon = zonedBoundaryToUtc(firstDate, NOON_MINUTES, timeZone).getTime()
    return [{ date: firstDate, half: start < noon ? 'AM' : 'PM' }]
  }
  const lastDate = utcToZonedDate(new Date(end), timeZone)
  const result: { date: string; half: Half }[] = []
  const span = daysBetween(firstDate, lastDate)
  for (let i = 0; i <= span; i++) {
    const date = addDays(firstDate, i)
    const dayStart = zonedBoundaryToUtc(date, 0, timeZone).getTime()
    const dayEnd = zonedBoundaryToUtc(addDays(date, 1), 0, timeZone).getTime()
    const noon = zonedBoundaryToUtc(date, NOON_MINUTES, timeZone).getTime()
    const partStart = Math.max(start, dayStart)
    const partEnd = Math.min(end, dayEnd)
    if (partEnd <= partStart) continue // e.g. a session ending exactly at midnight
    if (partStart < noon) result.push({ date, half: 'AM' })
    if (partEnd > noon) result.push({ date, half: 'PM' })
  }
  return result
}

function fromEntry(entry: { availability: Availability; note: string | null }, source: 'date' | 'weekly'): ResolvedHalfDay {
  return { availability: entry.availability, note: entry.note ?? null, source }
}

/**
 * A member's availability on one half-day: the date's entry for the half ?? the date's DAY entry
 * ?? the weekly entry for the weekday and half ?? the weekly DAY entry ?? not stated.
 * `dateEntries` may hold entries of other dates (they are ignored); `weeklyEntries` is the
 * member's whole weekly pattern.
 */
export function resolveHalfDay(
  dateEntries: readonly { day?: string; part: DayPart; availability: Availability; note: string | null }[],
  weeklyEntries: readonly { weekday: number; part: DayPart; availability: Availability; note: string | null }[],
  date: string,
  half: Half,
): ResolvedHalfDay {
  const ofDate = dateEntries.filter((e) => e.day === undefined || e.day === date)
  const own = ofDate.find((e) => e.part === half) ?? ofDate.find((e) => e.part === 'DAY')
  if (own) return fromEntry(own, 'date')
  const weekday = weekdayOf(date)
  const ofWeekday = weeklyEntries.filter((e) => e.weekday === weekday)
  const weekly = ofWeekday.find((e) => e.part === half) ?? ofWeekday.find((e) => e.part === 'DAY')
  if (weekly) return fromEntry(weekly, 'weekly')
  return { ...NOT_STATED }
}

/** Rank for "worst": AVAILABLE < not stated < MAYBE < UNAVAILABLE. */
export function availabilityRank(availability: Availability | null): number {
  switch (availability) {
    case 'UNAVAILABLE':
      return 3
    case 'MAYBE':
      return 2
    case null:
      return 1
    case 'AVAILABLE':
      return 0
  }
}

/**
 * The worst of several availabilities (UNAVAILABLE > MAYBE > null = not stated > AVAILABLE);
 * null for an empty list.
 */
export function worstAvailability(list: readonly (Availability | null)[]): Availability | null {
  let worst: Availability | null = null
  let worstRank = -1
  for (const a of list) {
    const rank = availabilityRank(a)
    if (rank > worstRank) {
      worst = a
      worstRank = rank
    }
  }
  return worst
}

/** Guides a session needs: one per `participantsPerGuide` places taken, at least one; one when unset. */
export function guidesNeeded(placesTaken: number, participantsPerGuide: number | null): number {
  if (participantsPerGuide === null || !Number.isFinite(participantsPerGuide) || participantsPerGuide <= 0) return 1
  const taken = Number.isFinite(placesTaken) ? Math.max(0, placesTaken) : 0
  return Math.max(1, Math.ceil(taken / participantsPerGuide))
}

/**
 * The parts whose entries a write of `part` replaces on a date (or weekday): setting or clearing
 * DAY replaces DAY, AM and PM; AM or PM only replace themselves.
 */
export function partsReplacedBy(part: DayPart): DayPart[] {
  return part === 'DAY' ? ['DAY', 'AM', 'PM'] : [part]
}

/** Resolves both halves of every date from `fromDay` to `toDay` (inclusive) for one member. */
export function resolveDays(
  dateEntries: readonly DateEntry[],
  weeklyEntries: readonly WeeklyEntry[],
  fromDay: string,
  toDay: string,
): ResolvedDay[] {
  const byDay = new Map<string, DateEntry[]>()
  for (const e of dateEntries) {
    const list = byDay.get(e.day)
    if (list) list.push(e)
    else byDay.set(e.day, [e])
  }
  const days: ResolvedDay[] = []
  const count = daysBetween(fromDay, toDay)
  for (let i = 0; i <= count; i++) {
    const date = addDays(fromDay, i)
    const entries = byDay.get(date) ?? []
    days.push({
      date,
      weekday: weekdayOf(date),
      am: resolveHalfDay(entries, weeklyEntries, date, 'AM'),
      pm: resolveHalfDay(entries, weeklyEntries, date, 'PM'),
    })
  }
  return days
}

/**
 * Loads and resolves the availability of the given members of a shop on every date from
 * `fromDay` to `toDay` (inclusive, 'YYYY-MM-DD'): one query for the date entries, one for the
 * weekly patterns. Every requested member gets an entry for every date (not stated when nothing
 * applies). Ids of other shops' members resolve to "not stated" (shop scoping).
 */
export async function loadAvailability(
  db: Db | Tx,
  shopId: string,
  staffIds: readonly string[],
  fromDay: string,
  toDay: string,
): Promise<AvailabilityByMember> {
  const ids = [...new Set(staffIds)]
  const result: AvailabilityByMember = new Map()
  if (ids.length === 0 || daysBetween(fromDay, toDay) < 0) {
    for (const id of ids) result.set(id, new Map())
    return result
  }
  const [dated, weekly] = await Promise.all([
    db
      .select({
        staffId: staffAvailability.staffId,
        day: staffAvailability.day,
        part: staffAvailability.part,
        availability: staffAvailability.availability,
        note: staffAvailability.note,
      })
      .from(staffAvailability)
      .where(and(eq(staffAvailability.shopId, shopId), inArray(staffAvailability.staffId, ids), between(staffAvailability.day, fromDay, toDay))),
    db
      .select({
        staffId: staffWeeklyAvailability.staffId,
        weekday: staffWeeklyAvailability.weekday,
        part: staffWeeklyAvailability.part,
        availability: staffWeeklyAvailability.availability,
        note: staffWeeklyAvailability.note,
      })
      .from(staffWeeklyAvailability)
      .where(and(eq(staffWeeklyAvailability.shopId, shopId), inArray(staffWeeklyAvailability.staffId, ids))),
  ])
  const datedBy = groupBy(dated, (r) => r.staffId)
  const weeklyBy = groupBy(weekly, (r) => r.staffId)
  for (const id of ids) {
    const days = resolveDays(datedBy.get(id) ?? [], weeklyBy.get(id) ?? [], fromDay, toDay)
    result.set(id, new Map(days.map((d) => [d.date, d])))
  }
  return result
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = map.get(k)
    if (list) list.push(row)
    else map.set(k, [row])
  }
  return map
}

/** A member's resolved half-day from loaded availability; not stated when the date was not loaded. */
export function halfDayOf(loaded: AvailabilityByMember, staffId: string, date: string, half: Half): ResolvedHalfDay {
  const day = loaded.get(staffId)?.get(date)
  if (!day) return { ...NOT_STATED }
  return half === 'AM' ? day.am : day.pm
}

/**
 * A session's availability for a member: the worst of the half-days it touches (see
 * `halfDaysOf`), read from `loaded`, which must cover the session's local dates.
 */
export function sessionAvailability(
  loaded: AvailabilityByMember,
  staffId: string,
  startsAt: Date,
  endsAt: Date,
  timeZone: string,
): Availability | null {
  return worstAvailability(halfDaysOf(startsAt, endsAt, timeZone).map((h) => halfDayOf(loaded, staffId, h.date, h.half).availability))
}
