import { INTL_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'

/** A share as a percentage in the member's language ("85 %", "85%"); no capacity is no share. */
export function share(part: number, whole: number, lang: Locale): string {
  if (whole <= 0) return '—'
  return new Intl.NumberFormat(INTL_LOCALE[lang], { style: 'percent', maximumFractionDigits: 0 }).format(part / whole)
}

/** Hours with at most one decimal ("1,5 Std.", "1.5 hr", "1,5 h"); none is a dash. */
export function hours(value: number | null, lang: Locale): string {
  if (value === null) return '—'
  return new Intl.NumberFormat(INTL_LOCALE[lang], { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 }).format(value)
}

/** Occupancy in whole percent (0 without capacity), for a chart's bars. */
export const occupancyPercent = (placesTaken: number, capacity: number) => (capacity > 0 ? Math.round((placesTaken / capacity) * 100) : 0)
