/**
 * The working-time page's address (`?month=2026-10&staffId=…`): the route's parser (plain checks,
 * as every route definition is in the entry chunk). Without `month` this month (in the shop's
 * time zone), without `staffId` the member's own sheet.
 */
import { definedOnly, matching } from '~/lib/search-params'

export type WorkingTimeSearch = { month?: string; staffId?: string }

export const workingTimeSearch = (search: Record<string, unknown>): WorkingTimeSearch =>
  definedOnly({
    month: matching(search.month, /^(20\d{2}|2100)-(0[1-9]|1[0-2])$/),
    staffId: matching(search.staffId, /^[A-Za-z0-9_-]{16,64}$/),
  })
