/**
 * Wall-clock arithmetic in an IANA time zone, correct on daylight-saving days.
 *
 * Pure: no function reads the system clock or the process time zone. Offsets
 * come from the runtime's time-zone database through `Intl.DateTimeFormat`
 * (available in Node 24 with full ICU), which avoids the known DST edge cases
 * of the dayjs timezone plugin.
 *
 * Formats: a calendar date is 'YYYY-MM-DD', a month 'YYYY-MM', a wall time
 * 'HH:mm' (24-hour, 00:00–23:59).
 */
import { DEFAULT_TIME_ZONE } from '~/lib/shop-settings'

export { DEFAULT_TIME_ZONE }

/** Calendar date 'YYYY-MM-DD'. */
export type IsoDate = string
/** Calendar month 'YYYY-MM'. */
export type IsoMonth = string
/** Wall time 'HH:mm'. */
export type WallTime = string

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS
export const MINUTES_PER_DAY = 24 * 60

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTH_RE = /^(\d{4})-(\d{2})$/
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/

// ---------------------------------------------------------------------------
// Calendar dates (no time zone involved)
// ---------------------------------------------------------------------------

/** Milliseconds of a proleptic-Gregorian UTC date-time; years below 100 are not shifted to 19xx. */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const d = new Date(0)
  d.setUTCFullYear(year, month - 1, day)
  d.setUTCHours(hour, minute, 0, 0)
  return d.getTime()
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

/**
 * The calendar the shop works in: far enough either way for any booking, and clear of the edges
 * of JavaScript dates (the day after 9999-12-31 cannot be written 'YYYY-MM-DD'; found by the
 * contract fuzzer).
 */
export const FIRST_YEAR = 1900
export const LAST_YEAR = 9000

/** True for an existing calendar date written 'YYYY-MM-DD' (2026-02-29 is not) within the shop's calendar. */
export function isValidDate(date: string): boolean {
  const m = DATE_RE.exec(date)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (y < FIRST_YEAR || y > LAST_YEAR) return false
  if (mo < 1 || mo > 12 || d < 1) return false
  return d <= daysInMonthCount(y, mo)
}

/** True for 'YYYY-MM' with a month 01–12 within the shop's calendar. */
export function isValidMonth(month: string): boolean {
  const m = MONTH_RE.exec(month)
  if (!m) return false
  const [y, mo] = [Number(m[1]), Number(m[2])]
  return y >= FIRST_YEAR && y <= LAST_YEAR && mo >= 1 && mo <= 12
}

/** True for a wall time 'HH:mm' from 00:00 to 23:59. */
export function isValidTime(time: string): boolean {
  return TIME_RE.test(time)
}

function daysInMonthCount(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate()
}

function assertDate(date: string): [number, number, number] {
  if (!isValidDate(date)) throw new Error(`Invalid date "${date}", expected an existing date YYYY-MM-DD`)
  const [y, mo, d] = date.split('-').map(Number)
  return [y ?? 0, mo ?? 0, d ?? 0]
}

function assertMonth(month: string): [number, number] {
  if (!isValidMonth(month)) throw new Error(`Invalid month "${month}", expected YYYY-MM`)
  const [y, mo] = month.split('-').map(Number)
  return [y ?? 0, mo ?? 0]
}

/** Minutes after midnight of a wall time 'HH:mm'; throws on a malformed time. */
export function parseTime(time: string): number {
  const m = TIME_RE.exec(time)
  if (!m) throw new Error(`Invalid time "${time}", expected HH:mm from 00:00 to 23:59`)
  return Number(m[1]) * 60 + Number(m[2])
}

/** 'HH:mm' of minutes after midnight (0–1439). */
export function formatTime(minutes: number): WallTime {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= MINUTES_PER_DAY) {
    throw new Error(`Minutes ${minutes} are not a time of day`)
  }
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

function formatDate(ms: number): IsoDate {
  const d = new Date(ms)
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/**
 * Day of the week of a calendar date, Sunday = 0 … Saturday = 6 (the
 * numbering of `WeeklyHours.weekday` and of JavaScript's `getDay`).
 * Independent of any time zone: a date is the same weekday everywhere.
 */
export function weekdayOf(date: IsoDate): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const [y, mo, d] = assertDate(date)
  return new Date(utcMs(y, mo, d)).getUTCDay() as 0 | 1 | 2 | 3 | 4 | 5 | 6
}

/** The calendar date `n` days after (negative: before) `date`; whole calendar days, no time zone. */
export function addDays(date: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n)) throw new Error(`Day count ${n} is not an integer`)
  const [y, mo, d] = assertDate(date)
  return formatDate(utcMs(y, mo, d) + n * DAY_MS)
}

/** The same date `n` years later (29 February becomes 28 February in a common year). */
export function addYears(date: IsoDate, n: number): IsoDate {
  const year = String(Number(date.slice(0, 4)) + n).padStart(4, '0')
  const candidate = `${year}${date.slice(4)}`
  return isValidDate(candidate) ? candidate : `${year}-02-28`
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const [y1, m1, d1] = assertDate(from)
  const [y2, m2, d2] = assertDate(to)
  return Math.round((utcMs(y2, m2, d2) - utcMs(y1, m1, d1)) / DAY_MS)
}

/** All dates of a month 'YYYY-MM' in order, e.g. 28 to 31 entries. */
export function daysOfMonth(month: IsoMonth): IsoDate[] {
  const [y, mo] = assertMonth(month)
  const count = daysInMonthCount(y, mo)
  return Array.from({ length: count }, (_, i) => `${month}-${pad(i + 1)}`)
}

// ---------------------------------------------------------------------------
// Time zones
// ---------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>()

/** A cached formatter giving the numeric wall-clock fields of an instant in `tz`. */
function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz)
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    } catch {
      throw new Error(`Unknown time zone "${tz}", expected an IANA name such as ${DEFAULT_TIME_ZONE}`)
    }
    formatters.set(tz, f)
  }
  return f
}

/** True when `tz` is an IANA time zone known to the runtime. */
export function isValidTimeZone(tz: string): boolean {
  try {
    formatterFor(tz)
    return true
  } catch {
    return false
  }
}

type WallFields = { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallFields(instant: Date | number, tz: string): WallFields {
  const ms = typeof instant === 'number' ? instant : instant.getTime()
  if (!Number.isFinite(ms)) throw new Error('Invalid instant')
  const fields: WallFields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 }
  for (const part of formatterFor(tz).formatToParts(ms)) {
    if (part.type in fields) fields[part.type as keyof WallFields] = Number(part.value)
  }
  return fields
}

/**
 * Offsets by time zone and quarter hour. Every clock change of the IANA database in use today
 * happens on a quarter hour, so one look-up serves a whole quarter: slot grids over months ask
 * thousands of times, and Intl formatting is the costly part.
 */
const QUARTER_MS = 15 * 60 * 1000
const offsetCache = new Map<string, number>()

/** Offset of `tz` from UTC at an instant, in milliseconds (Zurich: +3 600 000 in winter). */
function offsetMs(ms: number, tz: string): number {
  const key = `${tz}|${Math.floor(ms / QUARTER_MS)}`
  const cached = offsetCache.get(key)
  if (cached !== undefined) return cached
  const offset = computeOffsetMs(Math.floor(ms / QUARTER_MS) * QUARTER_MS, tz)
  if (offsetCache.size > 200_000) offsetCache.clear()
  offsetCache.set(key, offset)
  return offset
}

function computeOffsetMs(ms: number, tz: string): number {
  const f = wallFields(ms, tz)
  const wallAsUtc = utcMs(f.year, f.month, f.day, f.hour, f.minute) + f.second * 1000
  return wallAsUtc - (ms - (((ms % 1000) + 1000) % 1000))
}

/** The calendar date shown by a wall clock in `tz` at `instant`. */
export function utcToZonedDate(instant: Date, tz: string = DEFAULT_TIME_ZONE): IsoDate {
  const wall = shifted(instant, tz)
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`
}

/** The instant moved by the zone's offset: its UTC fields are the wall clock's fields. */
function shifted(instant: Date, tz: string): Date {
  const ms = instant.getTime()
  if (!Number.isFinite(ms)) throw new Error('Invalid instant')
  return new Date(ms + offsetMs(ms, tz))
}

/** The wall time 'HH:mm' shown in `tz` at `instant` (seconds dropped). */
export function utcToZonedTime(instant: Date, tz: string = DEFAULT_TIME_ZONE): WallTime {
  const wall = shifted(instant, tz)
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
}

/**
 * Every instant at which a wall clock in `tz` shows `date` `minutes` (minutes
 * after midnight, may be 1440 = next midnight), earliest first: none on the
 * spring-forward gap, two in the autumn overlap, otherwise one.
 */
function instantsOfWallTime(date: IsoDate, minutes: number, tz: string): number[] {
  const [y, mo, d] = assertDate(date)
  const wallAsUtc = utcMs(y, mo, d) + minutes * MINUTE_MS
  // Real offsets lie within ±18 h, so the offsets in force around these three
  // probes include every offset the wall time can have on this day.
  const offsets = new Set([-18, 0, 18].map((h) => offsetMs(wallAsUtc + h * 60 * MINUTE_MS, tz)))
  const found = new Set<number>()
  for (const offset of offsets) {
    const candidate = wallAsUtc - offset
    if (offsetMs(candidate, tz) === offset) found.add(candidate)
  }
  return [...found].sort((a, b) => a - b)
}

/**
 * The UTC instant at which a wall clock in `tz` shows `time` on `date`.
 *
 * - A wall time that does not exist (skipped by the spring-forward change,
 *   e.g. 02:30 on 2026-03-29 in Europe/Zurich) gives `null`; callers skip it.
 * - An ambiguous wall time (repeated by the autumn change, e.g. 02:30 on
 *   2026-10-25 in Europe/Zurich) gives its first occurrence, i.e. still in
 *   summer time (00:30Z, not 01:30Z).
 *
 * Throws on a malformed date or time or an unknown time zone.
 */
export function zonedDateTimeToUtc(date: IsoDate, time: WallTime, tz: string = DEFAULT_TIME_ZONE): Date | null {
  const first = instantsOfWallTime(date, parseTime(time), tz)[0]
  return first === undefined ? null : new Date(first)
}

/**
 * The earliest instant at which a wall clock in `tz` shows `minutes` after
 * midnight of `date` or later (`minutes` may be 1440 = the next midnight).
 * Used for the boundaries of opening ranges: an existing wall time gives its
 * (first) occurrence; a skipped one gives the moment of the clock change,
 * e.g. "until 02:30" on 2026-03-29 in Zurich ends at 01:00Z, when the clock
 * jumps from 02:00 to 03:00.
 */
export function zonedBoundaryToUtc(date: IsoDate, minutes: number, tz: string = DEFAULT_TIME_ZONE): Date {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > MINUTES_PER_DAY) {
    throw new Error(`Minutes ${minutes} are not within a day`)
  }
  const first = instantsOfWallTime(date, minutes, tz)[0]
  if (first !== undefined) return new Date(first)
  // In a gap: the clock change lies between the instant showing the wall time
  // with the later offset (shown too early) and with the earlier offset (too late).
  const [y, mo, d] = assertDate(date)
  const target = utcMs(y, mo, d) + minutes * MINUTE_MS // the wall time, read as if it were UTC
  const shown = (ms: number) => ms + offsetMs(ms, tz)
  let lo = target - offsetMs(target + 18 * 60 * MINUTE_MS, tz) // later offset: shows a time before the gap
  let hi = target - offsetMs(target - 18 * 60 * MINUTE_MS, tz) // earlier offset: shows a time after the gap
  if (lo > hi) [lo, hi] = [hi, lo]
  // Bisect to the millisecond for the first instant showing the target or later.
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (shown(mid) >= target) hi = mid
    else lo = mid
  }
  return new Date(hi)
}
