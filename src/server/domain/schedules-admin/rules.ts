/**
 * What the contract's schema cannot say about a private service's opening hours (pure): ranges
 * that end before they start or overlap, too many ranges on a day, dates that do not exist or are
 * listed twice. Errors by dotted path below `schedule`, so the staff app puts each at its field.
 */
import type { components } from '~/api/admin-schema.gen'
import type { ServiceScheduleBody } from '~/server/db/schema'
import type { FieldErrors } from '~/server/domain/errors'
import { isValidDate, isValidTime, MINUTES_PER_DAY, parseTime } from '~/server/domain/offers/zoned-time'

export type ScheduleInput = components['schemas']['ServiceSchedule']
type Range = { start: string; end: string }

/** More ranges than this on one day are a mistake, not a schedule (and would slow every slot look-up). */
export const MAX_RANGES_PER_DAY = 12
export const WEEKDAY_KEYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const

const endMinutes = (end: string) => (end === '24:00' ? MINUTES_PER_DAY : isValidTime(end) ? parseTime(end) : NaN)

/**
 * The errors of one day's ranges (`path`: where a range sits in the body): ranges beyond the
 * maximum, malformed times, ends not after their start, overlaps (on the later range in time
 * order; touching ranges such as 09:00–12:00 and 12:00–17:00 do not overlap).
 */
function dayProblems(ranges: { range: Range; path: string }[], errors: FieldErrors) {
  const valid: { start: number; end: number; path: string }[] = []
  ranges.forEach(({ range, path }, k) => {
    if (k === MAX_RANGES_PER_DAY) errors[path] = { code: 'hours.too_many', params: { maximum: MAX_RANGES_PER_DAY } }
    const end = endMinutes(range.end)
    if (!isValidTime(range.start)) errors[`${path}.start`] = { code: 'time' }
    else if (Number.isNaN(end)) errors[`${path}.end`] = { code: 'time' }
    else if (end <= parseTime(range.start)) errors[`${path}.end`] = { code: 'hours.end_before_start' }
    else valid.push({ start: parseTime(range.start), end, path })
  })
  valid.sort((a, b) => a.start - b.start || a.end - b.end)
  let latestEnd = -1
  for (const r of valid) {
    if (r.start < latestEnd) errors[`${r.path}.start`] ??= { code: 'hours.overlap' }
    latestEnd = Math.max(latestEnd, r.end)
  }
}

export function scheduleProblems(schedule: ScheduleInput, prefix = 'schedule'): FieldErrors {
  const errors: FieldErrors = {}
  for (let weekday = 0; weekday < 7; weekday++) {
    const ranges = schedule.weeklyHours.flatMap((range, i) => (range.weekday === weekday ? [{ range, path: `${prefix}.weeklyHours.${i}` }] : []))
    dayProblems(ranges, errors)
  }
  const seen = new Set<string>()
  schedule.exceptions.forEach((exception, i) => {
    const path = `${prefix}.exceptions.${i}`
    if (!isValidDate(exception.date)) errors[`${path}.date`] = { code: 'date' }
    else if (seen.has(exception.date)) errors[`${path}.date`] = { code: 'exception.duplicate' }
    seen.add(exception.date)
    if (exception.closed) return
    if (exception.hours.length === 0) errors[`${path}.hours`] = { code: 'required' }
    dayProblems(exception.hours.map((range, j) => ({ range, path: `${path}.hours.${j}` })), errors)
  })
  return errors
}

const byTime = (a: Range, b: Range) => a.start.localeCompare(b.start)

/** The stored shape (src/server/db/schedule.ts) the visitor's slot rules read; ranges and dates in order. */
export function toStored(schedule: ScheduleInput): ServiceScheduleBody {
  return {
    weeklyHours: schedule.weeklyHours
      .map(({ weekday, start, end }) => ({ weekday, start, end }))
      .sort((a, b) => a.weekday - b.weekday || byTime(a, b)) as ServiceScheduleBody['weeklyHours'],
    exceptions: [...schedule.exceptions]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((e) => (e.closed ? { date: e.date, closed: true as const } : { date: e.date, hours: e.hours.map(({ start, end }) => ({ start, end })).sort(byTime) })),
    durationMinutes: schedule.durationMinutes,
    bufferMinutes: schedule.bufferMinutes,
    stepMinutes: schedule.stepMinutes,
  }
}

/** The contract's shape of a stored schedule; a service without hours yet gets an empty week. */
export function fromStored(stored: ServiceScheduleBody | null, fallbackDuration: number): ScheduleInput {
  if (!stored) return { weeklyHours: [], exceptions: [], durationMinutes: fallbackDuration, bufferMinutes: 0, stepMinutes: 15 }
  return {
    weeklyHours: stored.weeklyHours.map(({ weekday, start, end }) => ({ weekday, start, end })),
    exceptions: stored.exceptions.map((e) => (e.closed === true ? { date: e.date, closed: true, hours: [] } : { date: e.date, closed: false, hours: e.hours.map(({ start, end }) => ({ start, end })) })),
    durationMinutes: stored.durationMinutes || fallbackDuration,
    bufferMinutes: stored.bufferMinutes,
    stepMinutes: stored.stepMinutes || 15,
  }
}

const hoursText = (ranges: Range[]) => ranges.map((r) => `${r.start}–${r.end}`).join(', ')

/** Days by name and dates as keys, so the history says `weeklyHours.monday: 09:00–12:00 → 09:00–17:00`. */
export function scheduleForHistory(stored: ServiceScheduleBody | null) {
  if (!stored) return {}
  return {
    weeklyHours: Object.fromEntries(WEEKDAY_KEYS.map((key, weekday) => [key, hoursText(stored.weeklyHours.filter((h) => h.weekday === weekday)) || 'closed'])),
    exceptions: Object.fromEntries(stored.exceptions.map((e) => [e.date, e.closed === true ? 'closed' : hoursText(e.hours)])),
    durationMinutes: stored.durationMinutes,
    bufferMinutes: stored.bufferMinutes,
    stepMinutes: stored.stepMinutes,
  }
}
