import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'
import type { CustomerListSearch } from './admin-customers.search'

type S = components['schemas']
export type CustomerListItem = S['CustomerListItem']
export type Customer = S['Customer']
export type CustomerInput = S['CustomerInput']
export type CustomerType = S['CustomerType']
export type CustomerExport = S['CustomerExportAnswer']['data']

export { CUSTOMER_SORTS, type CustomerSort, type CustomerListSearch } from './admin-customers.search'

/** Rows per page of the customer list. */
export const CUSTOMERS_PER_PAGE = 25

/** Everything of the CRM (lists, one customer): invalidated together after a change. */
export const CUSTOMERS_KEY = ['admin', 'customers'] as const

/** Managers: one page of customers, searched, filtered and sorted. */
export const customersQuery = (api: AdminApi, search: CustomerListSearch) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'list', search.q ?? '', search.type ?? 'all', search.sort ?? 'name', search.page ?? 1],
    queryFn: async () =>
      unwrap(
        api.GET('/api/admin/v1/customers', {
          params: {
            query: {
              ...(search.q ? { q: search.q } : {}),
              ...(search.type ? { type: search.type } : {}),
              sort: search.sort ?? 'name',
              page: search.page ?? 1,
              perPage: CUSTOMERS_PER_PAGE,
            },
          },
        }),
      ),
    staleTime: 0,
  })

const at = (customerId: string) => ({ params: { path: { customerId } } })

/** Managers: one customer with bookings, totals and history. */
export const customerQuery = (api: AdminApi, customerId: string) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'one', customerId],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/customers/{customerId}', at(customerId)))).data,
    staleTime: 0,
  })

export const saveCustomer = async (api: AdminApi, customerId: string, body: CustomerInput) =>
  (await unwrap(api.PUT('/api/admin/v1/customers/{customerId}', { ...at(customerId), body }))).data

export const eraseCustomer = async (api: AdminApi, customerId: string, confirm: string) =>
  (await unwrap(api.POST('/api/admin/v1/customers/{customerId}/erase', { ...at(customerId), body: { confirm } }))).data

/** The customer's data (a data-protection access request), to be saved as a file. */
export const exportCustomer = async (api: AdminApi, customerId: string) =>
  (await unwrap(api.GET('/api/admin/v1/customers/{customerId}/export', at(customerId)))).data
