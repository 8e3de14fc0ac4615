import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components, operations } from './admin-schema.gen'

type S = components['schemas']
export type Report = S['ReportAnswer']['data']
export type ReportFigures = S['ReportFigures']
export type ReportRequestFigures = S['ReportRequestFigures']
export type ReportPeriod = S['ReportPeriod']
export type ReportOffer = S['ReportOffer']
export type ReportChannel = S['ReportChannel']
export type ReportQuery = operations['getReport']['parameters']['query']
export type ReportGranularity = NonNullable<ReportQuery['granularity']>

/** Managers: bookings, revenue, occupancy, channels and answer times of a range. */
export const reportQuery = (api: AdminApi, query: ReportQuery) =>
  queryOptions({
    queryKey: ['admin', 'reports', query],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/reports', { params: { query } }))).data,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })
