import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'

type S = components['schemas']
export type Dashboard = S['Dashboard']
export type DashboardDay = S['DashboardDay']
export type DashboardSession = S['DashboardSession']
export type DashboardServiceBooking = S['DashboardServiceBooking']
export type DashboardSales = S['DashboardSales']
export type DashboardBookingStatus = S['DashboardBookingStatus']

/** The start page's figures for the signed-in member (by role; no money for guides). Refreshed each minute while open. */
export const dashboardQuery = (api: AdminApi, lang: string) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', lang],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/dashboard'))).data,
    staleTime: 30_000,
    refetchInterval: 60_000,
  })
