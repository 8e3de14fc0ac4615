/**
 * The customer list's state in the address (`?q=…&type=COMPANY&sort=-paid&page=2`), validated
 * with zod's small build (this module is part of the route definition, which every page's entry
 * chunk carries): anything else, or out of range, is dropped, so a hand-edited address never
 * breaks the page.
 */
import * as z from 'zod/mini'

export const CUSTOMER_SORTS = ['name', '-name', 'lastBooking', '-lastBooking', 'booked', '-booked', 'paid', '-paid'] as const
export type CustomerSort = (typeof CUSTOMER_SORTS)[number]

const search = z.object({
  q: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  type: z.catch(z.optional(z.enum(['PRIVATE', 'COMPANY'])), undefined),
  sort: z.catch(z.optional(z.enum(CUSTOMER_SORTS)), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100000))), undefined),
})

export type CustomerListSearch = { q?: string; type?: 'PRIVATE' | 'COMPANY'; sort?: CustomerSort; page?: number }

/** The valid part of the address's search (defaults left out, so addresses stay short). */
export function validateCustomerSearch(input: Record<string, unknown>): CustomerListSearch {
  const parsed = search.safeParse(input)
  const value = parsed.success ? parsed.data : {}
  const q = value.q?.trim()
  return {
    ...(q ? { q } : {}),
    ...(value.type ? { type: value.type } : {}),
    ...(value.sort && value.sort !== 'name' ? { sort: value.sort } : {}),
    ...(value.page && value.page > 1 ? { page: value.page } : {}),
  }
}
