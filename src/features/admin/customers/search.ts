/**
 * The customer list's address, checked with the plain parsers of lib/search-params (the route
 * definition is in every page's entry chunk): anything else, or out of range, is dropped, so a
 * hand-edited address never breaks the page.
 */
import { CUSTOMER_SORTS, type CustomerListSearch } from '~/api/admin-customers.search'
import { definedOnly, laterPage, oneOf, text } from '~/lib/search-params'

/** The valid part of the address's search (defaults left out, so addresses stay short). */
export function validateCustomerSearch(input: Record<string, unknown>): CustomerListSearch {
  const sort = oneOf(CUSTOMER_SORTS, input.sort)
  return definedOnly({
    q: text(input.q, 100),
    type: oneOf(['PRIVATE', 'COMPANY'] as const, input.type),
    sort: sort === 'name' ? undefined : sort,
    page: laterPage(input.page, 100_000),
  })
}
