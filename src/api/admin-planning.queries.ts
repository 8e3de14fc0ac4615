import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'

type S = components['schemas']
export type PlanningBoard = S['PlanningBoard']
export type PlanningSession = S['PlanningSession']
export type PlanningGuide = S['PlanningGuide']
export type PlanningStaff = S['PlanningStaff']
export type PlanningStaffDay = S['PlanningStaffDay']
export type PlanningHalfDay = S['PlanningHalfDay']
export type PlanningAvailability = S['PlanningAvailability']
export type PlanningPrivateBooking = S['PlanningPrivateBooking']
export type GuideAssignInput = S['GuideAssignInput']
export type GuideAssignment = S['GuideAssignmentAnswer']

/** The key of every planning board (each range): a write makes them all stale. */
export const PLANNING_KEY = ['admin', 'planning'] as const

/** Managers: the planning board of the days `from`…`to` (the shop's time zone, at most 31): dates, private bookings, each member's availability. */
export const planningBoardQuery = (api: AdminApi, from: string, to: string) =>
  queryOptions({
    queryKey: [...PLANNING_KEY, from, to],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/planning', { params: { query: { from, to } } }))).data,
    staleTime: 0,
  })

/** Assigns a member as a guide of a date (`overrideReason` when they said UNAVAILABLE): the date as the board shows it and the warnings (`guide.maybe`). */
export const assignGuide = async (api: AdminApi, sessionId: string, body: GuideAssignInput): Promise<GuideAssignment> =>
  unwrap(api.POST('/api/admin/v1/sessions/{sessionId}/guides', { params: { path: { sessionId } }, body }))

/** Removes a guide from a date: the date with its remaining guides. */
export const unassignGuide = async (api: AdminApi, sessionId: string, staffId: string): Promise<GuideAssignment> =>
  unwrap(api.DELETE('/api/admin/v1/sessions/{sessionId}/guides/{staffId}', { params: { path: { sessionId, staffId } } }))

export type BookingGuideAssignment = S['BookingGuideAssignmentAnswer']

/** Assigns a member as the guide of a private booking (a booking item): the booking as the board shows it and the warnings. */
export const assignBookingGuide = async (api: AdminApi, itemId: string, body: GuideAssignInput): Promise<BookingGuideAssignment> =>
  unwrap(api.POST('/api/admin/v1/booking-items/{itemId}/guides', { params: { path: { itemId } }, body }))

/** Removes the guide of a private booking: the booking with its remaining guides. */
export const unassignBookingGuide = async (api: AdminApi, itemId: string, staffId: string): Promise<BookingGuideAssignment> =>
  unwrap(api.DELETE('/api/admin/v1/booking-items/{itemId}/guides/{staffId}', { params: { path: { itemId, staffId } } }))
