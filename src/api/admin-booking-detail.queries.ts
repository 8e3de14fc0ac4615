import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'

type S = components['schemas']
export type StaffBooking = S['StaffBooking']
export type StaffBookingItem = S['StaffBookingItem']
export type StaffPaymentState = S['StaffPaymentState']
export type OnSitePaymentInput = S['OnSitePaymentInput']
export type OnSiteMethod = OnSitePaymentInput['method']
export type ParticipantsInput = S['ParticipantsInput']
export type SessionManifest = S['SessionManifest']

/** Everything of one booking in the cache (the detail); the bookings list is refreshed with it after a change. */
export const bookingKey = (code: string) => ['admin', 'bookings', 'detail', code] as const

/** Managers: one booking with its payments, refunds, e-mails and history. */
export const staffBookingQuery = (api: AdminApi, code: string) =>
  queryOptions({
    queryKey: bookingKey(code),
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/bookings/{code}', { params: { path: { code } } }))).data,
    staleTime: 0,
  })

const path = (code: string) => ({ params: { path: { code } } })

export const recordOnSitePayment = async (api: AdminApi, code: string, body: OnSitePaymentInput) =>
  (await unwrap(api.POST('/api/admin/v1/bookings/{code}/payments', { ...path(code), body }))).data

export const resendPaymentLink = async (api: AdminApi, code: string) => (await unwrap(api.POST('/api/admin/v1/bookings/{code}/payment-link', path(code)))).data

export const resendConfirmation = async (api: AdminApi, code: string) => (await unwrap(api.POST('/api/admin/v1/bookings/{code}/confirmation', path(code)))).data

export const updateParticipants = async (api: AdminApi, code: string, body: ParticipantsInput) =>
  (await unwrap(api.PUT('/api/admin/v1/bookings/{code}/participants', { ...path(code), body }))).data

export const cancelStaffBooking = async (api: AdminApi, code: string, body: { version: number; message?: string }) =>
  (await unwrap(api.POST('/api/admin/v1/bookings/{code}/cancel', { ...path(code), body }))).data

/** Managers: the participants of one session. */
export const sessionManifestQuery = (api: AdminApi, sessionId: string) =>
  queryOptions({
    queryKey: ['admin', 'sessions', sessionId, 'manifest'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/sessions/{sessionId}/manifest', { params: { path: { sessionId } } }))).data,
    staleTime: 0,
  })

/** The address of the manifest's CSV file (a plain link: the browser downloads it with the staff cookie). */
export const manifestCsvUrl = (sessionId: string, lang: string) => `/api/admin/v1/sessions/${encodeURIComponent(sessionId)}/manifest/export?lang=${lang}`
