/**
 * The dates a "new dates" request makes, as a pure function of the request and the shop's time
 * zone (no database, no clock): one date, or a weekly series (weekdays × start times from one day
 * to another, minus exceptions). Limits keep one request from flooding an offer with dates.
 */
import type { FieldErrors } from '~/server/domain/errors'
import { addDays, daysBetween, isValidDate, weekdayOf, zonedDateTimeToUtc, type IsoDate, type WallTime } from '~/server/domain/offers/zoned-time'

/** At most this many dates per request (a larger series is refused whole). */
export const MAX_DATES_PER_REQUEST = 1000
/** A series spans at most this many days (two years). */
export const MAX_SERIES_DAYS = 731

export type SeriesInput = { weekdays: number[]; times: WallTime[]; from: IsoDate; to: IsoDate; exceptions?: IsoDate[] }
export type NewDatesInput = { single?: { date: IsoDate; time: WallTime }; series?: SeriesInput }

export type WallStart = { date: IsoDate; time: WallTime }
export type PlacedDate = WallStart & { startsAt: Date; endsAt: Date }

/** The wall-clock starts asked for, earliest first, or the field errors that refuse the request. */
export function expandDates(input: NewDatesInput): { starts: WallStart[] } | { errors: FieldErrors } {
  if (!input.single === !input.series) return { errors: { single: { code: 'single_or_series' } } }
  if (input.single) {
    if (!isValidDate(input.single.date)) return { errors: { 'single.date': { code: 'invalid_date' } } }
    return { starts: [input.single] }
  }
  const series = input.series!
  const errors: FieldErrors = {}
  if (!isValidDate(series.from)) errors['series.from'] = { code: 'invalid_date' }
  if (!isValidDate(series.to)) errors['series.to'] = { code: 'invalid_date' }
  const badException = (series.exceptions ?? []).findIndex((d) => !isValidDate(d))
  if (badException >= 0) errors[`series.exceptions.${badException}`] = { code: 'invalid_date' }
  if (Object.keys(errors).length) return { errors }
  const span = daysBetween(series.from, series.to)
  if (span < 0) return { errors: { 'series.to': { code: 'range.reversed' } } }
  if (span >= MAX_SERIES_DAYS) return { errors: { 'series.to': { code: 'range.too_long', params: { maximum: MAX_SERIES_DAYS } } } }
  const weekdays = new Set(series.weekdays)
  const skip = new Set(series.exceptions ?? [])
  const times = [...new Set(series.times)].sort()
  const days: IsoDate[] = []
  for (let i = 0; i <= span; i++) {
    const day = addDays(series.from, i)
    if (weekdays.has(weekdayOf(day)) && !skip.has(day)) days.push(day)
  }
  const count = days.length * times.length
  if (count > MAX_DATES_PER_REQUEST) return { errors: { series: { code: 'series.too_many', params: { count, maximum: MAX_DATES_PER_REQUEST } } } }
  if (count === 0) return { errors: { series: { code: 'series.empty' } } }
  return { starts: days.flatMap((date) => times.map((time) => ({ date, time }))) }
}

/**
 * The instants of wall-clock starts in `timeZone`: a start the clock skips (spring forward, e.g.
 * 02:30 on 2026-03-29 in Zurich) is left out, not shifted — a date at a time nobody asked for
 * would surprise; an ambiguous one (autumn) is its first occurrence.
 */
export function placeDates(starts: WallStart[], timeZone: string, durationMinutes: number): { placed: PlacedDate[]; missing: WallStart[] } {
  const placed: PlacedDate[] = []
  const missing: WallStart[] = []
  for (const start of starts) {
    const startsAt = zonedDateTimeToUtc(start.date, start.time, timeZone)
    if (!startsAt) missing.push(start)
    else placed.push({ ...start, startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000) })
  }
  return { placed, missing }
}
