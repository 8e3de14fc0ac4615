import { dateTimeFormat } from '~/lib/dates'
import type { Locale } from '~/lib/locale'

/** Days without a time zone: formatted as UTC. */
const format = (lang: Locale, options: Intl.DateTimeFormatOptions) => dateTimeFormat(lang, { ...options, timeZone: 'UTC' })

const instant = (day: string) => new Date(`${day}T00:00:00Z`)

/** "Saturday, 21 March 2026": a plain day (no time zone) in the member's language. */
export const longDay = (day: string, lang: Locale) => format(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(instant(day))

/** "Sat, 21.03.2026". */
export const shortDay = (day: string, lang: Locale) => format(lang, { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric' }).format(instant(day))

/** "March 2026" of 'YYYY-MM'. */
export const monthTitle = (month: string, lang: Locale) => format(lang, { month: 'long', year: 'numeric' }).format(instant(`${month}-01`))

/** Names of the weekdays, Monday first (short and long). 2024-01-01 was a Monday. */
export function weekdayNames(lang: Locale, style: 'short' | 'long'): string[] {
  return Array.from({ length: 7 }, (_, i) => format(lang, { weekday: style }).format(instant(`2024-01-0${i + 1}`)))
}
