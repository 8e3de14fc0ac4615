/**
 * The hours page's form state and its conversion to and from the contract (pure). The form
 * keeps the week as seven lists of ranges and the exceptions sorted by date; the body lists
 * weekly ranges in weekday order (Sunday = 0 first), so an error's index in the body
 * (`schedule.weeklyHours.4.end`) names one row of the form.
 */
import type { ServiceSchedule } from '~/api/admin-schedules.queries'

export type Range = { start: string; end: string }
export type ExceptionDraft = { date: string; closed: boolean; hours: Range[] }
export type ScheduleDraft = {
  /** Index = weekday, Sunday = 0. */
  days: Range[][]
  exceptions: ExceptionDraft[]
  durationMinutes: string
  bufferMinutes: string
  stepMinutes: string
}

/** Ranges per day the server accepts (and the form lets a member add). */
export const MAX_RANGES = 12
/** The form's week: Monday first, as in Switzerland. */
export const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const

/** A time input cannot show 24:00: the form writes the end of the day as 00:00. */
const toInput = (end: string) => (end === '24:00' ? '00:00' : end)
const fromInput = (end: string) => (end === '00:00' ? '24:00' : end)

export function draftOf(schedule: ServiceSchedule): ScheduleDraft {
  const days: Range[][] = Array.from({ length: 7 }, () => [])
  for (const h of schedule.weeklyHours) days[h.weekday]!.push({ start: h.start, end: toInput(h.end) })
  return {
    days,
    exceptions: schedule.exceptions.map((e) => ({ date: e.date, closed: e.closed, hours: e.hours.map((r) => ({ start: r.start, end: toInput(r.end) })) })).sort((a, b) => a.date.localeCompare(b.date)),
    durationMinutes: String(schedule.durationMinutes),
    bufferMinutes: String(schedule.bufferMinutes),
    stepMinutes: String(schedule.stepMinutes),
  }
}

/** A number field as typed: an integer, or NaN (the contract refuses it with a field error). */
const integer = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN)

export function scheduleOf(draft: ScheduleDraft): ServiceSchedule {
  return {
    weeklyHours: draft.days.flatMap((ranges, weekday) => ranges.map((r) => ({ weekday, start: r.start, end: fromInput(r.end) }))),
    exceptions: draft.exceptions.map((e) => ({ date: e.date, closed: e.closed, hours: e.closed ? [] : e.hours.map((r) => ({ start: r.start, end: fromInput(r.end) })) })),
    durationMinutes: integer(draft.durationMinutes),
    bufferMinutes: integer(draft.bufferMinutes),
    stepMinutes: integer(draft.stepMinutes),
  }
}

/** The body index of each weekly range: `indexOf[weekday][k]`. */
export function weeklyIndexes(days: Range[][]): number[][] {
  let next = 0
  return days.map((ranges) => ranges.map(() => next++))
}

/** Exceptions for `dates` (replacing those already there), kept in date order. */
export function withExceptions(exceptions: ExceptionDraft[], dates: string[], choice: { closed: boolean; hours: Range[] }): ExceptionDraft[] {
  const chosen = new Set(dates)
  const added = dates.map((date) => ({ date, closed: choice.closed, hours: choice.closed ? [] : choice.hours.map((r) => ({ ...r })) }))
  return [...exceptions.filter((e) => !chosen.has(e.date)), ...added].sort((a, b) => a.date.localeCompare(b.date))
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
const endMinutes = (end: string) => (end === '00:00' ? 24 * 60 : minutes(end))
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/** The first problem of a day's ranges as the form shows them, as the server's field code (null: none). */
export function rangesProblem(ranges: Range[]): 'time' | 'hours.end_before_start' | 'hours.overlap' | 'required' | null {
  if (ranges.length === 0) return 'required'
  if (ranges.some((r) => !TIME.test(r.start) || !TIME.test(r.end))) return 'time'
  if (ranges.some((r) => endMinutes(r.end) <= minutes(r.start))) return 'hours.end_before_start'
  const sorted = [...ranges].sort((a, b) => minutes(a.start) - minutes(b.start))
  return sorted.some((r, i) => i > 0 && minutes(r.start) < endMinutes(sorted[i - 1]!.end)) ? 'hours.overlap' : null
}
