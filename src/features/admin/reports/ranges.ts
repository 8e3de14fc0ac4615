/**
 * The reports' ranges: quick choices relative to the shop's today, each with the granularity
 * that suits it. Pure: no React, no clock.
 */
import type { ReportGranularity } from '~/api/admin-reports.queries'
import { addDays, addMonths } from '../sessions/month'
import { presetRange as financePreset } from '../finance/ranges'

export type ReportPreset = 'last12Weeks' | 'last12Months' | 'thisYear' | 'lastYear'
export const REPORT_PRESETS: readonly ReportPreset[] = ['last12Weeks', 'last12Months', 'thisYear', 'lastYear']

/** A named range ending today (or a whole calendar year). */
export function reportRange(preset: ReportPreset, today: string): { from: string; to: string; granularity: ReportGranularity } {
  switch (preset) {
    case 'last12Weeks': {
      // Twelve whole ISO weeks, this one included: from the Monday eleven weeks before this week's.
      const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7))
      return { from: addDays(monday, -77), to: today, granularity: 'week' }
    }
    case 'last12Months':
      return { from: addMonths(`${today.slice(0, 7)}-01`, -11), to: today, granularity: 'month' }
    case 'thisYear':
    case 'lastYear': {
      const { from, to } = financePreset(preset, today)
      return { from, to, granularity: 'month' }
    }
  }
}

/** The range shown when the address names none. */
export const defaultReportRange = (today: string) => reportRange('last12Months', today)
