import { dayjs, DAYJS_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'

/** A known Sunday: weekday n is n days after it. */
const A_SUNDAY = '2024-01-07'

/** The name of weekday `n` (Sunday = 0) in the member's language. */
export const weekdayName = (n: number, lang: Locale) => dayjs(A_SUNDAY).add(n, 'day').locale(DAYJS_LOCALE[lang]).format('dddd')

/** A date 'YYYY-MM-DD' written out in the member's language ("Samstag, 28. März 2026"). */
export const longDate = (date: string, lang: Locale) => dayjs(date).locale(DAYJS_LOCALE[lang]).format('dddd, LL')
