/**
 * The rules of working time (issue 18, point 4), without the database: which month, what a
 * manual entry counts, what makes an entry invalid, the totals and the fingerprint of a sheet,
 * and who may approve it. The sheet, entry and approval modules use these and nothing else.
 */
import { createHash } from 'node:crypto'
import type { components } from '~/api/admin-schema.gen'
import { tooBig, tooSmall } from '~/lib/field-errors'
import { invalidFields, type FieldErrors } from '~/server/domain/errors'
import { addYears, isValidDate, MINUTES_PER_DAY, utcToZonedDate, zonedBoundaryToUtc } from '~/server/domain/offers/zoned-time'
import { isPlainText } from '~/server/domain/settings/rules'
import type { Role } from '~/server/domain/staff/accounts'
import { unstorableText } from '~/server/domain/text'

export type WorkingTimeLine = components['schemas']['WorkingTimeLine']
export type WorkingTimeTotals = components['schemas']['WorkingTimeSheet']['totals']

export const FIRST_MONTH = '2000-01'
export const LAST_MONTH = '2100-12'
export const MAX_NOTE_LENGTH = 500
/** Manual entries of one member in one month. */
export const MAX_ENTRIES_PER_MONTH = 200
/** Lines of one sheet (dates and entries). */
export const MAX_LINES = 400
/** Entries may be dated this many years back and this many ahead of today. */
export const YEARS_BACK = 2
export const YEARS_AHEAD = 1

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/
const CLOCK_RE = /^([01]\d|2[0-3]):([0-5]\d)$/

/** The month `YYYY-MM`, or the field error `invalid_month` (also outside 2000-01…2100-12). */
export function checkMonth(month: string, field = 'month'): string {
  if (!MONTH_RE.test(month) || month < FIRST_MONTH || month > LAST_MONTH) throw invalidFields({ [field]: { code: 'invalid_month' } })
  return month
}

/** The month a date is in. */
export const monthOf = (date: string) => date.slice(0, 7)

/** The first day of the month after. */
export function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
}

/** The month's start and end as instants: midnight of its first day and of the next month's, on the shop's clock. */
export function monthBounds(month: string, timeZone: string): { start: Date; end: Date } {
  return { start: zonedBoundaryToUtc(`${month}-01`, 0, timeZone), end: zonedBoundaryToUtc(nextMonthStart(month), 0, timeZone) }
}

/** Minutes after midnight of `HH:mm`, `24:00` allowed when `end`; `null` when malformed. */
export function clockMinutes(value: string, end = false): number | null {
  if (end && value === '24:00') return MINUTES_PER_DAY
  const m = CLOCK_RE.exec(value)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

/** An entry's span as instants on the shop's clock (a DST night has its real length). */
export function entrySpan(day: string, from: string, to: string, timeZone: string): { start: Date; end: Date } {
  return { start: zonedBoundaryToUtc(day, clockMinutes(from) ?? 0, timeZone), end: zonedBoundaryToUtc(day, clockMinutes(to, true) ?? 0, timeZone) }
}

/** The minutes an entry counts: its real span less the break, never below zero. */
export function entryMinutes(day: string, from: string, to: string, breakMinutes: number, timeZone: string): number {
  const { start, end } = entrySpan(day, from, to, timeZone)
  return Math.max(0, Math.round((end.getTime() - start.getTime()) / 60_000) - breakMinutes)
}

export type EntryInput = { date: string; from: string; to: string; breakMinutes?: number; note?: string }
export type CheckedEntry = { day: string; from: string; to: string; breakMinutes: number; note: string | null }

/** An entry as stored, or every field error at once (see the contract's `createWorkTimeEntry`). */
export function checkEntry(input: EntryInput, today: string): CheckedEntry {
  const errors: FieldErrors = {}
  const min = addYears(today, -YEARS_BACK)
  const max = addYears(today, YEARS_AHEAD)
  if (!isValidDate(input.date)) errors.date = { code: 'invalid_date' }
  else if (input.date < min || input.date > max) errors.date = { code: 'work_time.date_out_of_range', params: { min, max } }
  const from = clockMinutes(input.from)
  const to = clockMinutes(input.to, true)
  if (from === null) errors.from = { code: 'invalid_time' }
  if (to === null) errors.to = { code: 'invalid_time' }
  else if (from !== null && to <= from) errors.to = { code: 'range.reversed' }
  const breakMinutes = input.breakMinutes ?? 0
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0) errors.breakMinutes = tooSmall('number', 0)
  else if (from !== null && to !== null && to > from && breakMinutes >= to - from) {
    errors.breakMinutes = { code: 'work_time.break_too_long', params: { maximum: to - from - 1 } }
  }
  const note = input.note?.trim() ?? ''
  if (note.length > MAX_NOTE_LENGTH) errors.note = tooBig('string', MAX_NOTE_LENGTH)
  else if (note && (!isPlainText(note) || unstorableText(note))) errors.note = { code: 'plain_text' }
  if (Object.keys(errors).length > 0) throw invalidFields(errors)
  return { day: input.date, from: input.from, to: input.to, breakMinutes, note: note || null }
}

/** Whether two entries of one day overlap (touching ends do not). */
export function entriesOverlap(a: { from: string; to: string }, b: { from: string; to: string }): boolean {
  return (clockMinutes(a.from) ?? 0) < (clockMinutes(b.to, true) ?? 0) && (clockMinutes(b.from) ?? 0) < (clockMinutes(a.to, true) ?? 0)
}

/** A sheet's totals: dates and private bookings (`sessionMinutes`), entries, both, and what has not ended yet. */
export function totalsOf(lines: readonly WorkingTimeLine[]): WorkingTimeTotals {
  let sessionMinutes = 0
  let entryMinutes = 0
  let plannedMinutes = 0
  for (const line of lines) {
    if (line.kind === 'entry') entryMinutes += line.minutes
    else sessionMinutes += line.minutes
    if (line.planned) plannedMinutes += line.minutes
  }
  return { sessionMinutes, entryMinutes, totalMinutes: sessionMinutes + entryMinutes, plannedMinutes }
}

const KIND_ORDER: Record<WorkingTimeLine['kind'], number> = { session: 0, booking: 1, entry: 2 }

/** Lines by day, start, kind and id (dates, then private bookings, then entries at the same start). */
export function compareLines(a: WorkingTimeLine, b: WorkingTimeLine): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1
  if (a.from !== b.from) return a.from < b.from ? -1 : 1
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind]
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/**
 * What identifies a sheet's lines (what was counted, not how it is worded): an approval stores
 * it, so the sheet can tell when a date was assigned, moved or removed afterwards.
 */
export function fingerprintOf(lines: readonly WorkingTimeLine[]): string {
  const text = lines.map((l) => [l.kind, l.id, l.date, l.from, l.to, l.endDate, l.breakMinutes, l.preparationMinutes, l.minutes].join('|')).join('\n')
  return createHash('sha256').update(text).digest('base64url')
}

/** Managers and owners approve; a manager not their own sheet (an owner may). */
export function mayApprove(actor: { role: Role; staffId: string }, memberId: string): boolean {
  if (actor.role === 'owner') return true
  return actor.role === 'manager' && actor.staffId !== memberId
}

/** Whether a month has begun on the shop's clock. */
export const monthStarted = (month: string, now: Date, timeZone: string) => month <= monthOf(utcToZonedDate(now, timeZone))
