/**
 * The customer list's state in the address (`?q=…&type=COMPANY&sort=-paid&page=2`): its shape and
 * sort keys. The route's parser is features/admin/customers/search.ts.
 */
export const CUSTOMER_SORTS = ['name', '-name', 'lastBooking', '-lastBooking', 'booked', '-booked', 'paid', '-paid'] as const
export type CustomerSort = (typeof CUSTOMER_SORTS)[number]

export type CustomerListSearch = { q?: string; type?: 'PRIVATE' | 'COMPANY'; sort?: CustomerSort; page?: number }
