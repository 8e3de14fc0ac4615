import { INTL_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { shortDay } from '../sessions/format'

/** An instant (received, answered) as a date and time in the shop's time zone, in the member's language. */
export function instantText(instant: string, lang: Locale, timeZone: string) {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(instant))
}

/** An item's day and start time, both already in the shop's time zone: "Sat, 21.03.2026, 10:00". */
export function itemWhen(item: { day: string; startTime: string }, lang: Locale) {
  return `${shortDay(item.day, lang)}, ${item.startTime}`
}
