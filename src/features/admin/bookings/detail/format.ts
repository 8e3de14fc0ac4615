import { INTL_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { shortDay } from '../../sessions/format'

/** An instant (created, sent, changed) as a date and time in the shop's time zone, in the member's language. */
export function instantText(instant: string, lang: Locale, timeZone: string) {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(instant))
}

/** A day and start–end time already in the shop's time zone: "Di., 12.05.2026, 09:30–11:30". */
export function whenText(item: { date: string; time: string; endTime?: string }, lang: Locale) {
  return `${shortDay(item.date, lang)}, ${item.time}${item.endTime ? `–${item.endTime}` : ''}`
}
