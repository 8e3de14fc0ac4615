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

export { formatMoney } from './money'

export { dayjs }
