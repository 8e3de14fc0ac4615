/**
 * The shop's time zone for iCalendar (RFC 5545 §3.6.5): its UTC offsets and their changes, read
 * from the runtime's IANA database through `Intl` (no table of our own), and the `VTIMEZONE`
 * that tells a calendar client what `DTSTART;TZID=…` local times mean.
 *
 * The zone's changes are found by searching: the offset is sampled once a day over the years
 * the feed covers, and every change between two samples is narrowed down to the second by
 * bisection. Each change becomes a STANDARD or DAYLIGHT sub-component with its own DTSTART
 * (the local time before the change) and TZOFFSETFROM/TZOFFSETTO, so the definition is right
 * for any zone (southern hemisphere, irregular rules, zones that changed their rules, zones
 * without daylight saving time like Asia/Tokyo) and needs no RRULE. A first sub-component
 * states the offset in force at the start of the covered years.
 *
 * Pure: no function reads the clock or the process time zone.
 */
import { icsUtc } from '~/server/mail/ics'

const SECOND_MS = 1000
const DAY_MS = 86_400_000
/** Real offsets lie within ±18 hours: days a little longer than that bound every search. */
const MARGIN_MS = 26 * 3_600_000

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number }

/** A change of the zone's offset: at `at` (UTC, whole seconds) from `from` to `to` (seconds east of UTC). */
export type OffsetChange = { at: number; from: number; to: number }

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    if (formatters.size > 500) formatters.clear()
    formatters.set(timeZone, f)
  }
  return f
}

/** Milliseconds of a proleptic-Gregorian UTC date-time (years below 100 are not shifted to 19xx). */
function utcMs(w: WallClock): number {
  const d = new Date(0)
  d.setUTCFullYear(w.year, w.month - 1, w.day)
  d.setUTCHours(w.hour, w.minute, w.second, 0)
  return d.getTime()
}

/** What a wall clock in `timeZone` shows at the instant `ms` (seconds included). */
export function wallClockAt(ms: number, timeZone: string): WallClock {
  const fields: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 }
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type in fields) fields[part.type as keyof WallClock] = Number(part.value)
  }
  return fields
}

/** The offset of `timeZone` from UTC at the instant `ms`, in seconds (Europe/Zurich: 3600 in winter). */
export function offsetSecondsAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / SECOND_MS) * SECOND_MS
  return Math.round((utcMs(wallClockAt(whole, timeZone)) - whole) / SECOND_MS)
}

/** The wall clock of a UTC instant moved by `offsetSeconds` (its UTC fields are the local time). */
export function wallClockWithOffset(ms: number, offsetSeconds: number): WallClock {
  const d = new Date(Math.floor(ms / SECOND_MS) * SECOND_MS + offsetSeconds * SECOND_MS)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() }
}

/** Every change of the zone's offset in [fromMs, toMs), oldest first. */
export function offsetChanges(timeZone: string, fromMs: number, toMs: number): OffsetChange[] {
  const changes: OffsetChange[] = []
  let before = fromMs
  let offset = offsetSecondsAt(before, timeZone)
  while (before < toMs) {
    const after = Math.min(before + DAY_MS, toMs)
    const next = offsetSecondsAt(after, timeZone)
    if (next !== offset) {
      // The first second showing the new offset: offset(lo) is the old one, offset(hi) is not.
      let lo = Math.floor(before / SECOND_MS)
      let hi = Math.floor(after / SECOND_MS)
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2)
        if (offsetSecondsAt(mid * SECOND_MS, timeZone) === offset) lo = mid
        else hi = mid
      }
      const to = offsetSecondsAt(hi * SECOND_MS, timeZone)
      changes.push({ at: hi * SECOND_MS, from: offset, to })
      offset = to
      // Two changes within one day (none in today's database) are still found: search on from this one.
      before = hi * SECOND_MS
      continue
    }
    before = after
  }
  return changes
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** `YYYYMMDDTHHMMSS`: a local DATE-TIME of RFC 5545 §3.3.5 (form 2 with TZID, or form 1 floating). */
export function icsLocal(w: WallClock): string {
  return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`
}

/** A UTC-OFFSET value (RFC 5545 §3.3.14): `+0100`, `-0330`, `+053328` with seconds; never `-0000`. */
export function icsOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+'
  const abs = Math.abs(seconds)
  const hhmm = `${pad(Math.floor(abs / 3600))}${pad(Math.floor((abs % 3600) / 60))}`
  return `${sign}${hhmm}${abs % 60 ? pad(abs % 60) : ''}`
}

/** A TZID parameter value: quoted when it holds a character a parameter value cannot carry bare. */
export function tzidParameter(timeZone: string): string {
  const clean = timeZone.replace(/["\r\n]/g, '')
  return /[:;,]/.test(clean) ? `"${clean}"` : clean
}

/**
 * The `VTIMEZONE` of `timeZone` covering the calendar years `fromYear` to `toYear` (local), as
 * unfolded content lines. A sub-component is DAYLIGHT when its offset is above the smallest
 * offset of the covered years (the zone's standard time), else STANDARD.
 */
export function vtimezoneLines(timeZone: string, fromYear: number, toYear: number): string[] {
  // The covered years in local time: from the first instant of 1 January of `fromYear` anywhere
  // on earth to the last instant of 31 December of `toYear` anywhere.
  const start = Date.UTC(fromYear, 0, 1) - MARGIN_MS
  const end = Date.UTC(toYear + 1, 0, 1) + MARGIN_MS
  const initial = offsetSecondsAt(start, timeZone)
  const changes = offsetChanges(timeZone, start, end)
  const standard = Math.min(initial, ...changes.map((c) => c.to))
  const part = (at: number, from: number, to: number) => {
    const kind = to > standard ? 'DAYLIGHT' : 'STANDARD'
    // The onset in the local time in force before it (RFC 5545: DTSTART in the TZOFFSETFROM time).
    return [`BEGIN:${kind}`, `DTSTART:${icsLocal(wallClockWithOffset(at, from))}`, `TZOFFSETFROM:${icsOffset(from)}`, `TZOFFSETTO:${icsOffset(to)}`, `END:${kind}`]
  }
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone.replace(/[\r\n]/g, '')}`,
    ...part(start, initial, initial),
    ...changes.flatMap((c) => part(c.at, c.from, c.to)),
    'END:VTIMEZONE',
  ]
}

/**
 * An instant as the `DTSTART`/`DTEND` of an event in `timeZone`: its local time with the TZID
 * (`;TZID=Europe/Zurich:20260329T033000`), or in UTC (`:20261025T003000Z`) when its local time
 * occurs twice (the hour repeated when the clocks go back). RFC 5545 §3.3.5 reads such a time
 * as its first occurrence, but clients differ (ical.js, Thunderbird's parser, takes the
 * second): in UTC, every client reads the one instant meant.
 */
export function icsZonedDateTime(ms: number, timeZone: string): string {
  const offset = offsetSecondsAt(ms, timeZone)
  const wall = wallClockWithOffset(ms, offset)
  const asUtc = utcMs(wall)
  for (const probe of [ms - MARGIN_MS, ms + MARGIN_MS]) {
    const other = offsetSecondsAt(probe, timeZone)
    if (other === offset) continue
    const candidate = asUtc - other * SECOND_MS
    if (candidate !== ms && offsetSecondsAt(candidate, timeZone) === other) {
      return `:${icsUtc(new Date(ms))}`
    }
  }
  return `;TZID=${tzidParameter(timeZone)}:${icsLocal(wall)}`
}
