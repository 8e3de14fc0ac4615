import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'
import type { Locale } from './client'

type S = components['schemas']
export type MySessions = S['MySessions']
export type MySession = S['MySession']
export type MySessionBooking = S['MySessionBooking']
export type MySessionParticipant = S['MySessionParticipant']
export type MySessionExtra = S['MySessionExtra']

/** The key of the member's own dates (below `admin`: signing out removes them from the cache). */
export const MY_SESSIONS_KEY = ['admin', 'my-sessions'] as const

/**
 * The signed-in member's own coming dates with their participants (`getMySessions`). Always sent,
 * even when the browser says it is offline (`networkMode: 'always'`): a failed call is what makes
 * the page show the copy it keeps (never paused, never retried).
 */
export const mySessionsQuery = (api: AdminApi, lang: Locale) =>
  queryOptions({
    queryKey: [...MY_SESSIONS_KEY, lang],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/me/assigned-sessions'))).data,
    staleTime: 0,
    retry: false,
    networkMode: 'always',
  })
