/**
 * The calendar of the finance views: a range of days in the shop's time zone (checked and
 * bounded), and its periods (days, ISO weeks, months). Pure: no database, no clock.
 */
import { invalidFields } from '~/server/domain/errors'
import { addDays, daysBetween, isValidDate, weekdayOf, type IsoDate } from '~/server/domain/offers/zoned-time'

/** A range asks for at most this many days (both ends included). */
export const MAX_RANGE_DAYS = 400
/** The totals list at most this many periods. */
export const MAX_PERIODS = 120

export type Granularity = 'day' | 'week' | 'month'
export type Period = { key: string; start: IsoDate; end: IsoDate }

/** A range of days; `to` on or after `from`, at most MAX_RANGE_DAYS days (field errors on `from`/`to` otherwise). */
export function checkRange(from: string, to: string): { from: IsoDate; to: IsoDate } {
  if (!isValidDate(from)) throw invalidFields({ from: { code: 'invalid_date' } })
  if (!isValidDate(to)) throw invalidFields({ to: { code: 'invalid_date' } })
  const days = daysBetween(from, to)
  if (days < 0) throw invalidFields({ to: { code: 'range.reversed' } })
  if (days >= MAX_RANGE_DAYS) throw invalidFields({ to: { code: 'range.too_long', params: { maximum: MAX_RANGE_DAYS } } })
  return { from, to }
}

/** An optional range: both ends or none (one alone is the range from it on, or up to it, still bounded). */
export function optionalRange(from: string | undefined, to: string | undefined): { from: IsoDate; to: IsoDate } | { from?: IsoDate; to?: IsoDate } {
  if (from !== undefined && to !== undefined) return checkRange(from, to)
  if (from !== undefined && !isValidDate(from)) throw invalidFields({ from: { code: 'invalid_date' } })
  if (to !== undefined && !isValidDate(to)) throw invalidFields({ to: { code: 'invalid_date' } })
  return { from, to }
}

/** The Monday of the ISO week of a day. */
export function weekStart(day: IsoDate): IsoDate {
  return addDays(day, -((weekdayOf(day) + 6) % 7))
}

/** `2026-W14`: the ISO week-numbering year and week of a day (the week of its Thursday). */
export function isoWeekKey(day: IsoDate): string {
  const thursday = addDays(weekStart(day), 3)
  const year = thursday.slice(0, 4)
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1
  return `${year}-W${String(week).padStart(2, '0')}`
}

function monthEnd(day: IsoDate): IsoDate {
  const [y, m] = day.split('-').map(Number) as [number, number]
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
  return addDays(next, -1)
}

/** The period of a day. */
export function periodOf(day: IsoDate, granularity: Granularity): Period {
  if (granularity === 'day') return { key: day, start: day, end: day }
  if (granularity === 'week') {
    const start = weekStart(day)
    return { key: isoWeekKey(day), start, end: addDays(start, 6) }
  }
  const start = `${day.slice(0, 7)}-01`
  return { key: day.slice(0, 7), start, end: monthEnd(start) }
}

/** Every period that has a day of the range, earliest first (field error on `granularity` past MAX_PERIODS). */
export function periodsOf(range: { from: IsoDate; to: IsoDate }, granularity: Granularity): Period[] {
  const periods: Period[] = []
  let day = range.from
  while (daysBetween(day, range.to) >= 0) {
    const period = periodOf(day, granularity)
    periods.push(period)
    if (periods.length > MAX_PERIODS) {
      throw invalidFields({ granularity: { code: 'range.too_many_periods', params: { maximum: MAX_PERIODS } } })
    }
    day = addDays(period.end, 1)
  }
  return periods
}
