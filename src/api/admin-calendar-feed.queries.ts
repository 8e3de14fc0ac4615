import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'

/** A member's schedule feed: its addresses (`https://…` and `webcal://…`), both null before the first. */
export type CalendarFeed = components['schemas']['CalendarFeed']

export const myCalendarFeedQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: ['admin', 'me', 'calendar-feed'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/me/calendar-feed'))).data,
    staleTime: 0,
  })

/** A new address for one's feed (the first one too); the previous one stops working at once. */
export const renewMyCalendarFeed = async (api: AdminApi) => (await unwrap(api.POST('/api/admin/v1/me/calendar-feed'))).data
