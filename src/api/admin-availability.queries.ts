import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'

type S = components['schemas']
export type AvailabilityValue = S['AvailabilityValue']
export type AvailabilityPart = S['AvailabilityPart']
export type StaffAvailability = S['StaffAvailability']
export type AvailabilityDay = S['AvailabilityDay']
export type AvailabilityHalfDay = S['AvailabilityHalfDay']
export type AvailabilityWeeklyEntry = S['AvailabilityWeeklyEntry']
export type AvailabilityMember = S['AvailabilityMember']
export type AvailabilitySetInput = S['AvailabilitySetInput']
export type WeeklyAvailabilityInput = S['WeeklyAvailabilityInput']

export type AvailabilityQuery = { from: string; to: string; staffId?: string }

/** Every cached availability (after a write: whichever ranges and members are shown). */
export const availabilityKey = ['admin', 'availability'] as const

/** A member's availability from `from` to `to` (days in the shop's time zone; the caller's own without `staffId`). */
export const availabilityQuery = (api: AdminApi, query: AvailabilityQuery) =>
  queryOptions({
    queryKey: [...availabilityKey, query.staffId ?? 'me', query.from, query.to],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/availability', { params: { query } }))).data,
    staleTime: 0,
  })

/** Sets (or, with `availability` null, clears) a part of several dates at once. */
export const setAvailability = async (api: AdminApi, body: AvailabilitySetInput) => (await unwrap(api.POST('/api/admin/v1/availability', { body }))).data

/** Replaces the member's weekly pattern. */
export const saveWeeklyAvailability = async (api: AdminApi, body: WeeklyAvailabilityInput) => (await unwrap(api.PUT('/api/admin/v1/availability/weekly', { body }))).data
