import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'

type S = components['schemas']
export type StaffRequestListItem = S['StaffRequestListItem']
export type StaffRequest = S['StaffRequest']
export type RequestCounts = S['RequestCounts']
export type RequestStatus = S['RequestStatus']
export type RequestFilter = 'open' | 'answered'
export type RequestListSearch = { status?: RequestFilter; q?: string; page?: number }

/** Rows per page of the inbox. */
export const REQUESTS_PER_PAGE = 25

/** Everything of the inbox (the list, the counts, one request): invalidated together after a change. */
export const REQUESTS_KEY = ['admin', 'requests'] as const

/** Managers: one page of the inbox (unseen first, then newest), filtered and searched. */
export const staffRequestsQuery = (api: AdminApi, search: RequestListSearch) =>
  queryOptions({
    queryKey: [...REQUESTS_KEY, 'list', search.status ?? 'all', search.q ?? '', search.page ?? 1],
    queryFn: async () =>
      unwrap(
        api.GET('/api/admin/v1/requests', {
          params: {
            query: { ...(search.status ? { status: search.status } : {}), ...(search.q ? { q: search.q } : {}), page: search.page ?? 1, perPage: REQUESTS_PER_PAGE },
          },
        }),
      ),
    staleTime: 0,
  })

/** Managers: the sidebar's count of unseen requests (and of open ones); refreshed now and then and after each change. */
export const requestCountsQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: [...REQUESTS_KEY, 'counts'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/requests/counts'))).data,
    staleTime: 30_000,
    refetchInterval: 60_000,
  })

/** Managers: one request (reading it changes nothing; the page marks it seen with `markRequestSeen`). */
export const staffRequestQuery = (api: AdminApi, code: string) =>
  queryOptions({
    queryKey: [...REQUESTS_KEY, 'one', code],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/requests/{code}', { params: { path: { code } } }))).data,
    staleTime: 0,
  })

export const markRequestSeen = async (api: AdminApi, code: string, seen: boolean) =>
  (await unwrap(api.POST('/api/admin/v1/requests/{code}/seen', { params: { path: { code } }, body: { seen } }))).data

export const answerStaffRequest = async (api: AdminApi, code: string, body: S['StaffRequestDecision']) =>
  (await unwrap(api.POST('/api/admin/v1/requests/{code}/answer', { params: { path: { code } }, body }))).data
