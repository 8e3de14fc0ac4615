import { queryOptions } from '@tanstack/react-query'
import { unwrap, type Api } from '~/api/client'
import type { components } from '~/api/schema.gen'

type Locale = components['schemas']['Locale']
export type ManagedBooking = components['schemas']['ManagedBooking']
export type ManageDate = components['schemas']['ManageDate']
export type ManageRefusal = components['schemas']['ManageRefusal']

export const managedBookingQuery = (api: Api, lang: Locale, token: string) =>
  queryOptions({
    queryKey: ['manage', token, lang],
    queryFn: async () => (await unwrap(api.GET('/api/webshop/v1/manage/{token}', { params: { path: { token } } }))).data,
    staleTime: 0,
  })

export const manageDatesQuery = (api: Api, lang: Locale, token: string, itemId: string) =>
  queryOptions({
    queryKey: ['manage', token, 'dates', itemId, lang],
    queryFn: async () => (await unwrap(api.GET('/api/webshop/v1/manage/{token}/dates', { params: { path: { token }, query: { itemId } } }))).data,
    staleTime: 0,
  })

export const cancelManagedBooking = async (api: Api, token: string) =>
  (await unwrap(api.POST('/api/webshop/v1/manage/{token}/cancel', { params: { path: { token } } }))).data

export const moveManagedBooking = async (api: Api, token: string, itemId: string, sessionId: string) =>
  (await unwrap(api.POST('/api/webshop/v1/manage/{token}/move', { params: { path: { token } }, body: { itemId, sessionId } }))).data
