/**
 * The loader of the reports page (managers), imported dynamically from its route file: the
 * member's role first, then the report of the range asked for (the last twelve months, in the
 * shop's time zone, when none or a wrong one is) and the offers of the offer filter.
 */
import { shopOffersQuery } from '~/api/admin-offers.queries'
import { reportQuery } from '~/api/admin-reports.queries'
import { shopTimeZone } from '~/lib/shop-settings'
import { adminApiFor } from '../api'
import { rangeProblem } from '../finance/ranges'
import { signedInPage } from '../routing'
import { today as todayIn } from '../sessions/month'
import { defaultReportRange } from './ranges'
import type { ReportSearch } from './search'
import { refusedRange } from '../refusals'

type Context = Parameters<typeof signedInPage>[0] & { config?: { timeZone?: string } }

export async function reportsPage(context: Context, href: string, search: ReportSearch) {
  await signedInPage(context, href, 'manager')
  const timeZone = shopTimeZone({ timeZone: context.config?.timeZone ?? '' })
  const today = todayIn(timeZone)
  const api = adminApiFor(context.queryClient, context.lang)
  const fallback = defaultReportRange(today)
  const granularity = search.granularity ?? fallback.granularity
  const asked = search.from && search.to && !rangeProblem(search.from, search.to, granularity) ? { from: search.from, to: search.to } : null
  const query = { ...(asked ?? { from: fallback.from, to: fallback.to }), granularity, ...(search.offerId ? { offerId: search.offerId } : {}) }
  await Promise.all([
    context.queryClient.ensureQueryData(reportQuery(api, query)).catch(refusedRange),
    context.queryClient.ensureQueryData(shopOffersQuery(api)).catch(refusedRange),
  ])
  return { today, timeZone, query }
}
