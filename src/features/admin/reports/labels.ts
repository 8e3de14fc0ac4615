import { useLingui } from '@lingui/react/macro'
import type { ReportPreset } from './ranges'

/** The reports page's own words in the member's language (ranges and problems are the finance pages'). */
export function useReportLabels() {
  const { t } = useLingui()
  const preset: Record<ReportPreset, string> = { last12Weeks: t`Last 12 weeks`, last12Months: t`Last 12 months`, thisYear: t`This year`, lastYear: t`Last year` }
  return { preset }
}
