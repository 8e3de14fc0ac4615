import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'

export type ServiceSchedule = components['schemas']['ServiceSchedule']
export type ServiceScheduleView = components['schemas']['ServiceScheduleAnswer']['data']
export type ServiceSlotsPreview = components['schemas']['ServiceSlotsPreview']

const path = { params: (offerId: string) => ({ params: { path: { offerId } } }) }

/** Managers: a private service's opening hours and the offer's version. */
export const serviceScheduleQuery = (api: AdminApi, offerId: string) =>
  queryOptions({
    queryKey: ['admin', 'offers', offerId, 'schedule'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/offers/{offerId}/schedule', path.params(offerId)))).data,
    staleTime: 0,
  })

/** Managers: who changed the offer (its hours among the rest), when and what. */
export const serviceScheduleHistoryQuery = (api: AdminApi, offerId: string) =>
  queryOptions({
    queryKey: ['admin', 'offers', offerId, 'schedule', 'history'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/offers/{offerId}/schedule/history', path.params(offerId)))).data,
    staleTime: 0,
  })

export const saveServiceSchedule = async (api: AdminApi, offerId: string, body: { version: number; schedule: ServiceSchedule }) =>
  (await unwrap(api.PUT('/api/admin/v1/offers/{offerId}/schedule', { ...path.params(offerId), body }))).data

/** The start times a schedule would give from `from` to `to` (at most 14 days); nothing is saved. */
export const previewServiceSlots = async (api: AdminApi, offerId: string, body: { schedule: ServiceSchedule; from: string; to: string }) =>
  (await unwrap(api.POST('/api/admin/v1/offers/{offerId}/schedule/preview', { ...path.params(offerId), body }))).data
