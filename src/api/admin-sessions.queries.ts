import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'

type S = components['schemas']
export type AdminSession = S['AdminSession']
export type SessionList = S['SessionListAnswer']['data']
export type NewSessionsInput = S['SessionsCreateInput']
export type NewSessionsAnswer = S['SessionsCreatedAnswer']['data']
export type SessionUpdate = S['SessionUpdateInput']

/** Managers: an offer's sessions whose start falls on `from`…`to` (days in the shop's time zone). */
export const sessionsQuery = (api: AdminApi, offerId: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'offers', offerId, 'sessions', from, to],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/offers/{offerId}/sessions', { params: { path: { offerId }, query: { from, to } } }))).data,
    staleTime: 0,
  })

/** Who changed a session, when and what. */
export const sessionHistoryQuery = (api: AdminApi, sessionId: string) =>
  queryOptions({
    queryKey: ['admin', 'sessions', sessionId, 'history'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/sessions/{sessionId}/history', { params: { path: { sessionId } } }))).data,
    staleTime: 0,
  })

/** Makes the dates (or, with `dryRun`, answers those it would make). */
export const createSessions = async (api: AdminApi, offerId: string, body: NewSessionsInput) =>
  (await unwrap(api.POST('/api/admin/v1/offers/{offerId}/sessions', { params: { path: { offerId } }, body }))).data

export const updateSession = async (api: AdminApi, sessionId: string, body: SessionUpdate) =>
  (await unwrap(api.PATCH('/api/admin/v1/sessions/{sessionId}', { params: { path: { sessionId } }, body }))).data

export const cancelSession = async (api: AdminApi, sessionId: string, body: { version: number; message?: string }) =>
  (await unwrap(api.POST('/api/admin/v1/sessions/{sessionId}/cancel', { params: { path: { sessionId } }, body }))).data
