import { useLingui } from '@lingui/react/macro'
import { INTL_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { day, month } from './format'
import { weekNumber } from './ranges'

type Period = { key: string; start: string; end: string }

/**
 * The name of a period of the finance and report tables (a day, "Week 14 (30 Mar – 5 Apr)",
 * "March 2026") and a short one for a chart's axis ("KW 14", "Mär 26").
 */
export function usePeriodNames(granularity: 'day' | 'week' | 'month', lang: Locale) {
  const { t } = useLingui()
  const long = (p: Period) => {
    if (granularity === 'day') return day(p.start, lang)
    if (granularity === 'month') return month(p.start, lang)
    const week = weekNumber(p.key)
    const start = day(p.start, lang)
    const end = day(p.end, lang)
    return t`Week ${week} (${start} – ${end})`
  }
  const short = (p: Period) => {
    if (granularity === 'week') {
      const week = weekNumber(p.key)
      return t({ message: `W${week}`, context: 'calendar week, short' })
    }
    const options: Intl.DateTimeFormatOptions = granularity === 'month' ? { month: 'short', year: '2-digit', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' }
    return new Intl.DateTimeFormat(INTL_LOCALE[lang], options).format(new Date(`${p.start}T00:00:00Z`))
  }
  return { long, short }
}
