import { dateTimeFormat } from '~/lib/dates'
import type { Locale } from '~/lib/locale'

/** Minutes as hours and minutes: `7 h 30 min`, `7 h`, `45 min` (the same signs in every language of the shop). */
export function duration(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (h === 0) return `${m} min`
  return m === 0 ? `${h} h` : `${h} h ${m} min`
}

/** Minutes as decimal hours in the language's number format (`7.50` in de-CH and en, `7,50` in fr-CH). */
export function decimalHours(minutes: number, lang: Locale): string {
  return new Intl.NumberFormat(lang === 'de' ? 'de-CH' : lang === 'fr' ? 'fr-CH' : 'en-CH', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.round((minutes * 100) / 60) / 100,
  )
}

/** An instant as date and time in the shop's time zone and the member's language. */
export const dateTime = (instant: string, timeZone: string, lang: Locale) =>
  dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(instant))
