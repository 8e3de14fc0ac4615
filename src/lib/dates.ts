import dayjs from 'dayjs'
import localizedFormat from 'dayjs/plugin/localizedFormat'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'
import 'dayjs/locale/de-ch'
import 'dayjs/locale/fr-ch'
import type { Locale } from './locale'

dayjs.extend(utc)
dayjs.extend(timezone)
dayjs.extend(localizedFormat)

/** dayjs locale names for our locales (Swiss conventions, spec standards). */
export const DAYJS_LOCALE: Record<Locale, string> = { de: 'de-ch', en: 'en', fr: 'fr-ch' }

/** Intl locale names (numbers, prices, dates). */
export const INTL_LOCALE: Record<Locale, string> = { de: 'de-CH', en: 'en-CH', fr: 'fr-CH' }

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** An `Intl.DateTimeFormat` of a language, made once per language and options (pages format many dates a render). */
export function dateTimeFormat(lang: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    if (dateFormats.size >= 500) dateFormats.clear()
    dateFormats.set(key, (format = new Intl.DateTimeFormat(INTL_LOCALE[lang], options)))
  }
  return format
}

/**
 * Switches the date library's default locale (it follows a language switch). Only in the
 * browser: on the server, where many locales render at once, format with an explicit locale.
 */
export function setDateLocale(locale: Locale) {
  if (typeof window !== 'undefined') dayjs.locale(DAYJS_LOCALE[locale])
}

const formatted = new Map<string, string>()

/**
 * A date or instant in the shop's time zone, formatted for the locale. Remembered: dayjs's time
 * zone conversion is slow (a tenth of the server's time on a listing page), and calendars and
 * time slots format the same instants again and again.
 */
export function formatDate(instant: Date | string, locale: Locale, timeZone: string, format = 'LL') {
  const key = `${typeof instant === 'string' ? instant : instant.getTime()}|${locale}|${timeZone}|${format}`
  let text = formatted.get(key)
  if (text === undefined) {
    text = dayjs(instant).tz(timeZone).locale(DAYJS_LOCALE[locale]).format(format)
    if (formatted.size >= 20_000) formatted.clear()
    formatted.set(key, text)
  }
  return text
}

/*
 * Dates and times as a visitor reads them, one convention per language on every page and in every
 * e-mail (issue 22, point 10): 24-hour times, the day before the month, the weekday written out.
 *   de `Sonntag, 1. November 2026`, en `Sunday, 1 November 2026`, fr `dimanche 1er novembre 2026`
 * (French writes no comma after the weekday and `1er` for the first). dayjs with its bundled locale
 * data, not Intl: the server's and the browser's ICU differ, which would break hydration.
 */

/** The day of the month as the language writes it in a date: `1.` (de), `1er` (fr), `1` (en). */
function dayOfMonth(instant: Date | string, lang: Locale, timeZone: string) {
  if (lang === 'de') return 'D.'
  return lang === 'fr' && formatDate(instant, lang, timeZone, 'D') === '1' ? 'D[er]' : 'D'
}

/** A day with its weekday and year: `Sonntag, 1. November 2026`, `Sunday, 1 November 2026`, `dimanche 1er novembre 2026`. */
export function formatDay(instant: Date | string, lang: Locale, timeZone: string) {
  return formatDate(instant, lang, timeZone, `dddd${lang === 'fr' ? '' : ','} ${dayOfMonth(instant, lang, timeZone)} MMMM YYYY`)
}

/** A day with its weekday, without the year (a calendar's day): `Sonntag, 1. November`, `dimanche 1er novembre`. */
export function formatWeekdayDate(instant: Date | string, lang: Locale, timeZone: string) {
  return formatDate(instant, lang, timeZone, `dddd${lang === 'fr' ? '' : ','} ${dayOfMonth(instant, lang, timeZone)} MMMM`)
}

/** A day without its weekday: `1. November 2026`, `1 November 2026`, `1er novembre 2026`. */
export function formatLongDate(instant: Date | string, lang: Locale, timeZone: string) {
  return formatDate(instant, lang, timeZone, `${dayOfMonth(instant, lang, timeZone)} MMMM YYYY`)
}

/** A time of day, 24-hour in every language: `08:30`, `14:30`. */
export function formatTime(instant: Date | string, lang: Locale, timeZone: string) {
  return formatDate(instant, lang, timeZone, 'HH:mm')
}

/** A day and its time: `Sonntag, 1. November 2026, 14:30`, `dimanche 1er novembre 2026, 14:30`. */
export function formatDayTime(instant: Date | string, lang: Locale, timeZone: string) {
  return `${formatDay(instant, lang, timeZone)}, ${formatTime(instant, lang, timeZone)}`
}

/** A month and its year (a calendar's title): `November 2026`, `novembre 2026`. */
export function formatMonth(instant: Date | string, lang: Locale, timeZone: string) {
  return formatDate(instant, lang, timeZone, 'MMMM YYYY')
}

/** A calendar date (`2026-11-01`, no time zone) as an instant to format in `'UTC'`: its noon. */
export const calendarDate = (date: string) => `${date}T12:00:00Z`

export { formatMoney } from './money'

export { dayjs }
