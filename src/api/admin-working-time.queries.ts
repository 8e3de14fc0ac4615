import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'

type S = components['schemas']
export type WorkingTimeSheet = S['WorkingTimeSheet']
export type WorkingTimeLine = S['WorkingTimeLine']
export type WorkTimeEntryInput = S['WorkTimeEntryInput']
export type WorkTimeEntryUpdateInput = S['WorkTimeEntryUpdateInput']

export type WorkingTimeQuery = { month: string; staffId?: string }

/** Every cached sheet (after a write, an assignment or a removal: whichever sheets are shown). */
export const workingTimeKey = ['admin', 'working-time'] as const

/** A member's month sheet (the caller's own without `staffId`). */
export const workingTimeQuery = (api: AdminApi, query: WorkingTimeQuery) =>
  queryOptions({
    queryKey: [...workingTimeKey, query.staffId ?? 'me', query.month],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/working-time', { params: { query } }))).data,
    staleTime: 0,
  })

export const createWorkTimeEntry = async (api: AdminApi, body: WorkTimeEntryInput) => (await unwrap(api.POST('/api/admin/v1/working-time/entries', { body }))).data

export const updateWorkTimeEntry = async (api: AdminApi, entryId: string, body: WorkTimeEntryUpdateInput) =>
  (await unwrap(api.PUT('/api/admin/v1/working-time/entries/{entryId}', { params: { path: { entryId } }, body }))).data

export const deleteWorkTimeEntry = async (api: AdminApi, entryId: string) =>
  (await unwrap(api.DELETE('/api/admin/v1/working-time/entries/{entryId}', { params: { path: { entryId } } }))).data

export const approveWorkingTime = async (api: AdminApi, body: { staffId: string; month: string; fingerprint: string }) =>
  (await unwrap(api.POST('/api/admin/v1/working-time/approvals', { body }))).data

export const withdrawWorkingTimeApproval = async (api: AdminApi, staffId: string, month: string) =>
  (await unwrap(api.DELETE('/api/admin/v1/working-time/approvals/{staffId}/{month}', { params: { path: { staffId, month } } }))).data

/** The payroll file of a month, for a download link (the link cannot send the language header). */
export function workingTimeExportHref(month: string, layout: 'summary' | 'lines', lang: 'de' | 'en' | 'fr'): string {
  return `/api/admin/v1/working-time/export?${new URLSearchParams({ month, layout, lang }).toString()}`
}
