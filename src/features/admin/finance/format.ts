import type { FinanceMoney } from '~/api/admin-finance.queries'
import { INTL_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'

/** Money in the member's language (Swiss style: `CHF 1’450.00`, `1 450.00 CHF`). */
export const money = (value: FinanceMoney, lang: Locale) => formatMoney(value.amount, value.currency, lang)

/** An instant as a date and time in the shop's time zone. */
export function dateTime(instant: string, lang: Locale, timeZone: string) {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(instant))
}

/** A plain day ('YYYY-MM-DD', already the shop's) in the member's language. */
export function day(value: string, lang: Locale, style: 'medium' | 'long' = 'medium') {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: style, timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`))
}

/** A month ('YYYY-MM-01' or 'YYYY-MM') as "März 2026". */
export function month(value: string, lang: Locale) {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${value.slice(0, 7)}-01T00:00:00Z`))
}

/** A whole number in the member's language. */
export const count = (n: number, lang: Locale) => new Intl.NumberFormat(INTL_LOCALE[lang]).format(n)
