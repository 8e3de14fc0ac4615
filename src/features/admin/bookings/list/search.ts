/**
 * The bookings list's state in the page's address (`?q=…&status=…&sort=…&page=…`), validated
 * with zod: a value that does not fit is dropped (the list shows without it), never an error
 * page, so an old or edited link still opens. Reload and the back button keep the list as it was.
 */
import { z } from 'zod'
import type { BookingListQuery } from '~/api/admin-bookings-list.queries'

export const BOOKING_STATUSES = ['CONFIRMED', 'REQUESTED', 'ACCEPTED', 'PAID', 'DECLINED', 'CANCELLED'] as const
export const PAYMENT_FILTERS = ['open', 'paid', 'refund_due'] as const
export const SORTS = ['createdAt', 'startsAt', 'name', 'total'] as const

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d))
const list = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(z.enum(values)).max(values.length))

const schema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  offerId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  status: list(BOOKING_STATUSES).optional().catch(undefined),
  payment: list(PAYMENT_FILTERS).optional().catch(undefined),
  mode: z.enum(['order', 'request']).optional().catch(undefined),
  sort: z.enum(SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(2).max(10000).optional().catch(undefined),
})

export type BookingListSearch = z.infer<typeof schema>

/** The page's search parameters, cleaned: unknown keys, empty and invalid values dropped. */
export function parseBookingListSearch(search: Record<string, unknown>): BookingListSearch {
  const parsed = schema.parse(search)
  const clean: BookingListSearch = {}
  for (const [key, value] of Object.entries(parsed) as [keyof BookingListSearch, unknown][]) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue
    ;(clean as Record<string, unknown>)[key] = Array.isArray(value) ? [...new Set(value)] : value
  }
  // A reversed range would only be refused by the server: the later day ends it.
  if (clean.from && clean.to && clean.to < clean.from) delete clean.to
  return clean
}

/** The contract's query of a page's search (the first page is the default). */
export function toListQuery(search: BookingListSearch): BookingListQuery {
  return { ...search, ...(search.page ? { page: search.page } : {}) } as BookingListQuery
}
