/**
 * The bookings list's state in the page's address (`?q=…&status=…&sort=…&page=…`), checked with
 * the plain parsers of lib/search-params (the route definition is in every page's entry chunk): a
 * value that does not fit is dropped (the list shows without it), never an error page, so an old
 * or edited link still opens. Reload and the back button keep the list as it was.
 */
import type { BookingListQuery } from '~/api/admin-bookings-list.queries'
import { day, definedOnly, laterPage, matching, oneOf, someOf, text } from '~/lib/search-params'

export const BOOKING_STATUSES = ['CONFIRMED', 'REQUESTED', 'ACCEPTED', 'PAID', 'DECLINED', 'CANCELLED'] as const
export const PAYMENT_FILTERS = ['open', 'paid', 'refund_due'] as const
export const SORTS = ['createdAt', 'startsAt', 'name', 'total'] as const

export type BookingListSearch = {
  q?: string
  offerId?: string
  from?: string
  to?: string
  status?: (typeof BOOKING_STATUSES)[number][]
  payment?: (typeof PAYMENT_FILTERS)[number][]
  mode?: 'order' | 'request'
  sort?: (typeof SORTS)[number]
  order?: 'asc' | 'desc'
  page?: number
}

/** The page's search parameters, cleaned: unknown keys, empty and invalid values dropped. */
export function parseBookingListSearch(search: Record<string, unknown>): BookingListSearch {
  const clean: BookingListSearch = definedOnly({
    q: text(search.q, 100),
    offerId: matching(search.offerId, /^[A-Za-z0-9_-]{16,64}$/),
    from: day(search.from),
    to: day(search.to),
    status: someOf(BOOKING_STATUSES, search.status),
    payment: someOf(PAYMENT_FILTERS, search.payment),
    mode: oneOf(['order', 'request'] as const, search.mode),
    sort: oneOf(SORTS, search.sort),
    order: oneOf(['asc', 'desc'] as const, search.order),
    page: laterPage(search.page),
  })
  // A reversed range would only be refused by the server: the later day ends it.
  if (clean.from && clean.to && clean.to < clean.from) delete clean.to
  return clean
}

/** The contract's query of a page's search (the first page is the default). */
export function toListQuery(search: BookingListSearch): BookingListQuery {
  return { ...search, ...(search.page ? { page: search.page } : {}) } as BookingListQuery
}
