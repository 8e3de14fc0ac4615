/**
 * Start times of a private service (one booking occupies the provider for
 * `durationMinutes`), derived from weekly opening hours, date exceptions and
 * the instants already taken by other bookings or holds.
 *
 * Rules (booking-shop specification, "private services"):
 * - Opening hours are wall times in the schedule's time zone; several ranges
 *   per weekday are allowed (Sunday = 0). An exception for a date replaces the
 *   weekly hours of that date (closed, or other hours).
 * - Start times lie on a grid of `stepMinutes` (default 15) counted in wall
 *   time from the start of their opening range.
 * - The service must end (start + duration, real elapsed minutes) within the
 *   same range.
 * - A start is free when [start − buffer, end + buffer) overlaps no busy
 *   interval: the buffer keeps a gap around other bookings.
 * - Not earlier than now + `leadTimeMinutes` (default 60); not on a date more
 *   than `horizonDays` (default 180) after today in the schedule's time zone.
 * - Daylight saving: the wall-clock grid is converted to UTC one time at a
 *   time; wall times skipped in spring do not exist and are dropped, wall
 *   times repeated in autumn are offered once, at their first (summer-time)
 *   occurrence. Range ends are real instants, so 01:00–04:00 lasts 2 h on the
 *   spring-forward day and 4 h on the fall-back day.
 *
 * Pure: `now` is always passed in.
 */
import {
  MINUTES_PER_DAY,
  addDays,
  daysOfMonth,
  formatTime,
  isValidDate,
  isValidTimeZone,
  parseTime,
  utcToZonedDate,
  weekdayOf,
  zonedBoundaryToUtc,
  zonedDateTimeToUtc,
} from './zoned-time'
import type { AvailabilityException, WeeklyHours } from '~/server/db/schedule'

export type { AvailabilityException, Weekday, WeeklyHours } from '~/server/db/schedule'

export type ServiceSchedule = {
  /** IANA time zone of the wall times, e.g. 'Europe/Zurich'. */
  timeZone: string
  weeklyHours: WeeklyHours[]
  exceptions: AvailabilityException[]
  durationMinutes: number
  /** Free time kept before and after every other booking. */
  bufferMinutes: number
  /** Grid of start times in minutes; default 15. */
  stepMinutes?: number
  /** Earliest start, in minutes from now; default 60. */
  leadTimeMinutes?: number
  /** Bookable up to this many days after today (in the time zone); default 180. */
  horizonDays?: number
}

/** A booked or held interval [start, end) (UTC instants). */
export type Busy = { start: Date; end: Date }

/** A free start time; `startTime` is its wall time in the schedule's time zone. */
export type Slot = { start: Date; end: Date; startTime: string }

export const DEFAULT_STEP_MINUTES = 15
export const DEFAULT_LEAD_TIME_MINUTES = 60
export const DEFAULT_HORIZON_DAYS = 180

const MINUTE_MS = 60_000

/** An opening range in minutes after midnight; `end` may be 1440 (midnight at the end of the day). */
type Range = { start: number; end: number }

type Settings = {
  timeZone: string
  durationMinutes: number
  bufferMinutes: number
  stepMinutes: number
  leadTimeMinutes: number
  horizonDays: number
}

/** Minutes of a range end; '24:00' is accepted as the end of the day. */
function parseEnd(time: string): number {
  return time === '24:00' ? MINUTES_PER_DAY : parseTime(time)
}

/** A range from wall times; throws when malformed or when end <= start. */
function parseRange(start: string, end: string, where: string): Range {
  const range = { start: parseTime(start), end: parseEnd(end) }
  if (range.end <= range.start) {
    throw new Error(`Opening hours ${where}: end ${end} must be after start ${start}`)
  }
  return range
}

function assertInteger(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min}, got ${value}`)
  }
  return value
}

/** Checks the whole schedule and fills in the defaults; throws a descriptive Error on bad input. */
function validateSchedule(schedule: ServiceSchedule): Settings {
  if (!isValidTimeZone(schedule.timeZone)) throw new Error(`Unknown time zone "${schedule.timeZone}"`)
  const settings: Settings = {
    timeZone: schedule.timeZone,
    durationMinutes: assertInteger('durationMinutes', schedule.durationMinutes, 1),
    bufferMinutes: assertInteger('bufferMinutes', schedule.bufferMinutes, 0),
    stepMinutes: assertInteger('stepMinutes', schedule.stepMinutes ?? DEFAULT_STEP_MINUTES, 1),
    leadTimeMinutes: assertInteger('leadTimeMinutes', schedule.leadTimeMinutes ?? DEFAULT_LEAD_TIME_MINUTES, 0),
    horizonDays: assertInteger('horizonDays', schedule.horizonDays ?? DEFAULT_HORIZON_DAYS, 0),
  }
  for (const h of schedule.weeklyHours) {
    if (!Number.isInteger(h.weekday) || h.weekday < 0 || h.weekday > 6) {
      throw new Error(`Weekday must be 0 (Sunday) to 6 (Saturday), got ${h.weekday}`)
    }
    parseRange(h.start, h.end, `on weekday ${h.weekday}`)
  }
  for (const e of schedule.exceptions) {
    if (!isValidDate(e.date)) throw new Error(`Invalid exception date "${e.date}", expected YYYY-MM-DD`)
    if (e.closed !== true) for (const h of e.hours) parseRange(h.start, h.end, `on ${e.date}`)
  }
  return settings
}

/**
 * The opening ranges of a date: from its exception if there is one (the last
 * one listed wins when a date is listed twice), otherwise the weekly hours of
 * its weekday.
 */
export function openingRangesOf(schedule: ServiceSchedule, date: string): { start: string; end: string }[] {
  const exception = schedule.exceptions.findLast((e) => e.date === date)
  if (exception) return exception.closed === true ? [] : exception.hours.map(({ start, end }) => ({ start, end }))
  const weekday = weekdayOf(date)
  return schedule.weeklyHours.filter((h) => h.weekday === weekday).map(({ start, end }) => ({ start, end }))
}

/** Half-open intervals [aStart, aEnd) and [bStart, bEnd) share at least one instant. */
function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd
}

/** Free when [start − buffer, end + buffer) overlaps no (non-empty) busy interval. */
function isFree(start: number, end: number, bufferMs: number, busy: Busy[]): boolean {
  return !busy.some(
    (b) => b.end.getTime() > b.start.getTime() && overlaps(start - bufferMs, end + bufferMs, b.start.getTime(), b.end.getTime()),
  )
}

/** Last bookable date: today in the schedule's time zone plus the horizon. */
function lastBookableDate(settings: Settings, now: Date): string {
  return addDays(utcToZonedDate(now, settings.timeZone), settings.horizonDays)
}

/** Candidate starts of one range: the wall-clock grid, converted to UTC, ending within the range. */
function rangeStarts(date: string, range: Range, settings: Settings): Slot[] {
  const { timeZone, durationMinutes, stepMinutes } = settings
  const rangeEnd = zonedBoundaryToUtc(date, range.end, timeZone).getTime()
  const slots: Slot[] = []
  for (let minutes = range.start; minutes < range.end; minutes += stepMinutes) {
    const startTime = formatTime(minutes)
    const start = zonedDateTimeToUtc(date, startTime, timeZone)
    if (!start) continue // skipped by the spring-forward change
    const end = start.getTime() + durationMinutes * MINUTE_MS
    if (end > rangeEnd) continue
    slots.push({ start, end: new Date(end), startTime })
  }
  return slots
}

function startTimesWith(settings: Settings, schedule: ServiceSchedule, date: string, busy: Busy[], now: Date): Slot[] {
  if (date > lastBookableDate(settings, now)) return []
  const earliest = now.getTime() + settings.leadTimeMinutes * MINUTE_MS
  const bufferMs = settings.bufferMinutes * MINUTE_MS
  const byStart = new Map<number, Slot>()
  for (const { start, end } of openingRangesOf(schedule, date)) {
    for (const slot of rangeStarts(date, parseRange(start, end, `on ${date}`), settings)) {
      const startMs = slot.start.getTime()
      if (startMs < earliest || byStart.has(startMs)) continue
      if (isFree(startMs, slot.end.getTime(), bufferMs, busy)) byStart.set(startMs, slot)
    }
  }
  return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime())
}

/**
 * Free start times of the service on `date` (a calendar date in the
 * schedule's time zone), in chronological order without duplicates.
 * Throws on a malformed date, time, range (end <= start), duration <= 0 or
 * other invalid setting.
 */
export function startTimesForDate(schedule: ServiceSchedule, date: string, busy: Busy[], now: Date): Slot[] {
  const settings = validateSchedule(schedule)
  if (!isValidDate(date)) throw new Error(`Invalid date "${date}", expected YYYY-MM-DD`)
  return startTimesWith(settings, schedule, date, busy, now)
}

/** Dates of `month` ('YYYY-MM') with at least one free start time, in order. */
export function availableDatesInMonth(schedule: ServiceSchedule, month: string, busy: Busy[], now: Date): string[] {
  const settings = validateSchedule(schedule)
  const today = utcToZonedDate(now, settings.timeZone)
  const last = lastBookableDate(settings, now)
  // Dates before today (in the time zone) have only past instants; skip them and those beyond the horizon.
  return daysOfMonth(month).filter(
    (date) => date >= today && date <= last && startTimesWith(settings, schedule, date, busy, now).length > 0,
  )
}
