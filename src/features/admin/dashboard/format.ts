import { dateTimeFormat } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { addDaysToDay } from './days'

const format = dateTimeFormat

/** "Monday, 30 March": a day of the shop's calendar (`YYYY-MM-DD`, no time zone) in the member's language. */
export const dayTitle = (day: string, lang: Locale) =>
  format(lang, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`))

/** An instant (made, received) as a short date and time in the shop's time zone. */
export const instantText = (instant: string, lang: Locale, timeZone: string) => format(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(instant))

/** Which of today / tomorrow a day is, if either. */
export function relativeDay(day: string, today: string): 'today' | 'tomorrow' | null {
  if (day === today) return 'today'
  if (day === addDaysToDay(today, 1)) return 'tomorrow'
  return null
}
