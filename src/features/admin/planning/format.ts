/** The planning board's dates and times in the member's language; times in the shop's time zone. */
import { dateTimeFormat } from '~/lib/dates'
import type { Locale } from '~/lib/locale'

const format = dateTimeFormat

const plainDay = (day: string) => new Date(`${day}T00:00:00Z`)

/** The day (YYYY-MM-DD) and wall-clock time (HH:mm) of an instant in a time zone. */
export function localParts(instant: string, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  )
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` }
}

/** "Tuesday, 10 March 2026". */
export const longDay = (day: string, lang: Locale) => format(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(plainDay(day))

/** "Tue 10.3." (a column's heading). */
export const shortDay = (day: string, lang: Locale) => format(lang, { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(plainDay(day))

/** "Tue" and "Tuesday, 10 March" (an availability table's column and its full name). */
export const weekdayShort = (day: string, lang: Locale) => format(lang, { weekday: 'short', timeZone: 'UTC' }).format(plainDay(day))
export const dayMonth = (day: string, lang: Locale) => format(lang, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(plainDay(day))

/**
 * "09:00–12:30" of a date that starts at `time` on `date`; an end on a later day names that day
 * ("09:00 – Wed 11.3. 17:00").
 */
export function timeRange(item: { date: string; time: string; endsAt: string }, timeZone: string, lang: Locale): string {
  const end = localParts(item.endsAt, timeZone)
  return end.date === item.date ? `${item.time}–${end.time}` : `${item.time} – ${shortDay(end.date, lang)} ${end.time}`
}

/** "10 March 2026 09:00–12:00" of an instant range (a refusal names the other date). */
export function instantRange(startsAt: string, endsAt: string, timeZone: string, lang: Locale): string {
  const start = localParts(startsAt, timeZone)
  return `${shortDay(start.date, lang)} ${timeRange({ date: start.date, time: start.time, endsAt }, timeZone, lang)}`
}
