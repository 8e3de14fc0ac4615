/**
 * The reports page's address (`?from=…&to=…&granularity=week&offerId=…`): the route's parser
 * (plain checks, as every route definition is in the entry chunk) and the default range.
 */
import type { ReportGranularity } from '~/api/admin-reports.queries'
import { day, definedOnly, matching, oneOf } from '~/lib/search-params'

export const REPORT_GRANULARITIES = ['week', 'month'] as const satisfies readonly ReportGranularity[]

export type ReportSearch = { from?: string; to?: string; granularity?: ReportGranularity; offerId?: string }

export const reportSearch = (search: Record<string, unknown>): ReportSearch =>
  definedOnly({
    from: day(search.from),
    to: day(search.to),
    granularity: oneOf(REPORT_GRANULARITIES, search.granularity),
    offerId: matching(search.offerId, /^[A-Za-z0-9_-]{16,64}$/),
  })
