/**
 * Staff availability (issue 18): what a member says of dates (whole day, morning, afternoon) and
 * of each weekday (the weekly pattern the dates override), entered by the member or by a manager.
 * Always scoped to the shop: another shop's member is 404 `staff.not_found`. Who may act for whom
 * (a guide only for themselves) is the API edge's check; the domain gets the member to act on.
 * Every change is recorded in the member's history (staff events).
 */
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import { tooBig } from '~/lib/field-errors'
import type { Db, Tx } from '~/server/db/client'
import { staff, staffAvailability, staffWeeklyAvailability } from '~/server/db/schema'
import { invalidFields, notFound, type FieldErrors } from '~/server/domain/errors'
import { addYears, daysBetween, isValidDate, utcToZonedDate } from '~/server/domain/offers/zoned-time'
import { recordStaffEvent } from '~/server/domain/staff/accounts'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { unstorableText } from '~/server/domain/text'
import { partsReplacedBy, resolveDays, type Availability, type DateEntry, type DayPart, type WeeklyEntry } from './rules'

type S = components['schemas']
export type StaffAvailabilityView = S['StaffAvailability']
export type AvailabilitySetInput = S['AvailabilitySetInput']
export type WeeklyAvailabilityInput = S['WeeklyAvailabilityInput']

/** A range asks for at most this many days (both ends included). */
export const MAX_AVAILABILITY_DAYS = 62
/** Dates may be set at most this many years before or after today. */
export const AVAILABILITY_YEARS = 2
export const MAX_NOTE_LENGTH = 500
/** The member select of managers lists at most this many members. */
export const MAX_MEMBERS = 300

export type AvailabilityScope = { db: Db; shopId: string; timeZone: string; now: Date }

const staffNotFound = () => notFound('staff.not_found', 'This staff member does not exist.')

const PART_ORDER: Record<DayPart, number> = { DAY: 0, AM: 1, PM: 2 }
const byDateAndPart = (a: DateEntry, b: DateEntry) => (a.day < b.day ? -1 : a.day > b.day ? 1 : PART_ORDER[a.part] - PART_ORDER[b.part])
const byWeekdayAndPart = (a: WeeklyEntry, b: WeeklyEntry) => a.weekday - b.weekday || PART_ORDER[a.part] - PART_ORDER[b.part]

/** The member (id, name, role) of the shop, or 404; `lock` locks the row for the transaction (writes of one member are serialised). */
export async function memberOf(db: Db | Tx, shopId: string, staffId: string, lock = false) {
  const query = db.select({ id: staff.id, name: staff.name, role: staff.role }).from(staff).where(and(eq(staff.shopId, shopId), eq(staff.id, staffId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw staffNotFound()
  return row
}

/** The members whose pages the actor may open (a guide: themselves; managers and owners: the shop's active members), by name. */
export function membersFor(db: Db | Tx, shopId: string, actor: StaffPrincipal) {
  const columns = { id: staff.id, name: staff.name, role: staff.role }
  if (actor.role === 'guide') return db.select(columns).from(staff).where(and(eq(staff.shopId, shopId), eq(staff.id, actor.staffId)))
  return db
    .select(columns)
    .from(staff)
    .where(and(eq(staff.shopId, shopId), eq(staff.active, true)))
    .orderBy(asc(sql`lower(${staff.name})`), asc(staff.id))
    .limit(MAX_MEMBERS)
}

/** A range of days; `to` on or after `from`, at most MAX_AVAILABILITY_DAYS days (field errors on `from`/`to` otherwise). */
export function checkAvailabilityRange(from: string, to: string): { from: string; to: string } {
  if (!isValidDate(from)) throw invalidFields({ from: { code: 'invalid_date' } })
  if (!isValidDate(to)) throw invalidFields({ to: { code: 'invalid_date' } })
  const days = daysBetween(from, to)
  if (days < 0) throw invalidFields({ to: { code: 'range.reversed' } })
  if (days >= MAX_AVAILABILITY_DAYS) throw invalidFields({ to: { code: 'range.too_long', params: { maximum: MAX_AVAILABILITY_DAYS } } })
  return { from, to }
}

/** A note as stored: trimmed, blank is none; `null` for a problem (recorded in `errors` at `path`). */
function noteOf(note: string | undefined, path: string, errors: FieldErrors): string | null {
  const value = note?.trim() ?? ''
  if (!value) return null
  if (value.length > MAX_NOTE_LENGTH) errors[path] = tooBig('string', MAX_NOTE_LENGTH)
  else if (unstorableText(value)) errors[path] = { code: 'control_characters', params: { multiline: false } }
  return value
}

async function weeklyOf(db: Db | Tx, shopId: string, staffId: string): Promise<WeeklyEntry[]> {
  const rows = await db
    .select({ weekday: staffWeeklyAvailability.weekday, part: staffWeeklyAvailability.part, availability: staffWeeklyAvailability.availability, note: staffWeeklyAvailability.note })
    .from(staffWeeklyAvailability)
    .where(and(eq(staffWeeklyAvailability.shopId, shopId), eq(staffWeeklyAvailability.staffId, staffId)))
  return rows.sort(byWeekdayAndPart)
}

const toDateEntry = (e: DateEntry) => ({ date: e.day, part: e.part, availability: e.availability, note: e.note })

/**
 * A member's availability from `from` to `to`: the weekly pattern, the dates' entries and each
 * day resolved, with the members the caller may choose from (a guide: themselves; managers and
 * owners: the shop's active members, by name).
 */
export async function getAvailability(scope: AvailabilityScope, actor: StaffPrincipal, staffId: string, range: { from: string; to: string }): Promise<StaffAvailabilityView> {
  const { from, to } = checkAvailabilityRange(range.from, range.to)
  const { db, shopId } = scope
  const member = await memberOf(db, shopId, staffId)
  const [weekly, dated, members] = await Promise.all([
    weeklyOf(db, shopId, staffId),
    db
      .select({ day: staffAvailability.day, part: staffAvailability.part, availability: staffAvailability.availability, note: staffAvailability.note })
      .from(staffAvailability)
      .where(and(eq(staffAvailability.shopId, shopId), eq(staffAvailability.staffId, staffId), between(staffAvailability.day, from, to))),
    membersFor(db, shopId, actor),
  ])
  const entries = dated.sort(byDateAndPart)
  return {
    member,
    from,
    to,
    weekly,
    entries: entries.map(toDateEntry),
    days: resolveDays(entries, weekly, from, to),
    members,
  }
}

/** The entries of one date as a comparable text (part, availability, note). */
const signature = (entries: readonly { part: DayPart; availability: Availability; note: string | null }[]) =>
  JSON.stringify(entries.map((e) => [e.part, e.availability, e.note]).sort((a, b) => PART_ORDER[a[0] as DayPart] - PART_ORDER[b[0] as DayPart]))

/**
 * Sets (or, with `availability` null, clears) `part` on each of `dates` for the member, in one
 * transaction: DAY replaces the date's DAY, AM and PM entries; AM or PM only their own. Answers
 * how many dates changed.
 */
export async function setAvailability(
  scope: AvailabilityScope,
  actor: StaffPrincipal,
  staffId: string,
  input: AvailabilitySetInput,
): Promise<{ staffId: string; dates: number; changed: number }> {
  const { db, shopId, now } = scope
  const errors: FieldErrors = {}
  const today = utcToZonedDate(now, scope.timeZone)
  const min = addYears(today, -AVAILABILITY_YEARS)
  const max = addYears(today, AVAILABILITY_YEARS)
  const seen = new Set<string>()
  input.dates.forEach((date, i) => {
    const path = `dates.${i}`
    if (!isValidDate(date)) errors[path] = { code: 'invalid_date' }
    else if (seen.has(date)) errors[path] = { code: 'availability.duplicate_date' }
    else if (date < min || date > max) errors[path] = { code: 'availability.date_out_of_range', params: { min, max } }
    seen.add(date)
  })
  const availability = input.availability
  const note = availability === null ? null : noteOf(input.note, 'note', errors)
  if (Object.keys(errors).length) throw invalidFields(errors)
  const dates = [...seen].sort()
  const parts = partsReplacedBy(input.part)

  return db.transaction(async (tx) => {
    await memberOf(tx, shopId, staffId, true)
    const where = and(eq(staffAvailability.shopId, shopId), eq(staffAvailability.staffId, staffId), inArray(staffAvailability.day, dates))
    const before = await tx
      .select({ day: staffAvailability.day, part: staffAvailability.part, availability: staffAvailability.availability, note: staffAvailability.note })
      .from(staffAvailability)
      .where(where)
    await tx.delete(staffAvailability).where(and(where, inArray(staffAvailability.part, parts)))
    if (availability !== null) {
      await tx
        .insert(staffAvailability)
        .values(dates.map((day) => ({ staffId, shopId, day, part: input.part, availability, note, updatedBy: actor.staffId, updatedAt: now })))
    }
    const beforeByDay = new Map<string, DateEntry[]>()
    for (const row of before) beforeByDay.set(row.day, [...(beforeByDay.get(row.day) ?? []), row])
    let changed = 0
    for (const day of dates) {
      const old = beforeByDay.get(day) ?? []
      const kept = old.filter((e) => !parts.includes(e.part))
      const after = availability === null ? kept : [...kept, { day, part: input.part, availability, note }]
      if (signature(old) !== signature(after)) changed++
    }
    if (changed > 0) {
      await recordStaffEvent(tx, {
        shopId,
        staffId,
        actorId: actor.staffId,
        action: 'availability_changed',
        details: { dates: changed, from: dates[0], to: dates.at(-1), part: input.part, availability },
        at: now,
      })
    }
    return { staffId, dates: dates.length, changed }
  })
}

/** Replaces the member's whole weekly pattern (weekdays and parts not listed: not stated). */
export async function updateWeeklyAvailability(
  scope: AvailabilityScope,
  actor: StaffPrincipal,
  staffId: string,
  input: WeeklyAvailabilityInput,
): Promise<{ staffId: string; weekly: WeeklyEntry[] }> {
  const { db, shopId, now } = scope
  const errors: FieldErrors = {}
  const seen = new Set<string>()
  const entries: WeeklyEntry[] = input.entries.map((entry, i) => {
    const key = `${entry.weekday}|${entry.part}`
    if (seen.has(key)) errors[`entries.${i}`] = { code: 'availability.duplicate_entry' }
    seen.add(key)
    return { weekday: entry.weekday, part: entry.part, availability: entry.availability, note: noteOf(entry.note, `entries.${i}.note`, errors) }
  })
  if (Object.keys(errors).length) throw invalidFields(errors)
  const weekly = entries.sort(byWeekdayAndPart)

  return db.transaction(async (tx) => {
    await memberOf(tx, shopId, staffId, true)
    const before = await weeklyOf(tx, shopId, staffId)
    await tx.delete(staffWeeklyAvailability).where(and(eq(staffWeeklyAvailability.shopId, shopId), eq(staffWeeklyAvailability.staffId, staffId)))
    if (weekly.length > 0) {
      await tx.insert(staffWeeklyAvailability).values(weekly.map((e) => ({ staffId, shopId, ...e, updatedBy: actor.staffId, updatedAt: now })))
    }
    const text = (list: WeeklyEntry[]) => JSON.stringify(list.map((e) => [e.weekday, e.part, e.availability, e.note]))
    if (text(before) !== text(weekly)) {
      await recordStaffEvent(tx, {
        shopId,
        staffId,
        actorId: actor.staffId,
        action: 'weekly_availability_changed',
        details: { entries: weekly.length },
        at: now,
      })
    }
    return { staffId, weekly }
  })
}
