/**
 * The availability page's address (`?month=2026-04&staffId=…`): the route's parser (plain checks,
 * as every route definition is in the entry chunk). Without `month` this month (in the shop's
 * time zone), without `staffId` the member's own availability.
 */
import { definedOnly, matching } from '~/lib/search-params'

export type AvailabilitySearch = { month?: string; staffId?: string }

export const availabilitySearch = (search: Record<string, unknown>): AvailabilitySearch =>
  definedOnly({
    month: matching(search.month, /^(19|[2-8]\d)\d{2}-(0[1-9]|1[0-2])$/),
    staffId: matching(search.staffId, /^[A-Za-z0-9_-]{16,64}$/),
  })
