import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi, Role, ContactChannel } from './admin-client'

/** The signed-in staff member (401 `auth.required` without a session). */
export const meQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: ['admin', 'me'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/me'))).data,
    staleTime: 5_000,
  })

export const staffListQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: ['admin', 'staff'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/staff'))).data,
    staleTime: 0,
  })

export const mySessionsQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: ['admin', 'me', 'sessions'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/me/sessions'))).data,
    staleTime: 0,
  })

export const linkQuery = (api: AdminApi, token: string) =>
  queryOptions({
    queryKey: ['admin', 'links', token],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/links/{token}', { params: { path: { token } } }))).data,
    staleTime: 0,
  })

// ---- writes -------------------------------------------------------------------------------------

export const signIn = async (api: AdminApi, body: { email: string; password: string }) =>
  (await unwrap(api.POST('/api/admin/v1/session', { body }))).data

export const signOut = (api: AdminApi) => unwrap(api.DELETE('/api/admin/v1/session'))

export const requestPasswordReset = (api: AdminApi, email: string) =>
  unwrap(api.POST('/api/admin/v1/password-resets', { body: { email } }))

export const setPasswordFromLink = async (api: AdminApi, token: string, body: { password: string; passwordConfirmation: string }) =>
  (await unwrap(api.POST('/api/admin/v1/links/{token}/password', { params: { path: { token } }, body }))).data

export const updateMe = async (api: AdminApi, body: { name?: string; locale?: 'de' | 'en' | 'fr'; notifyBookings?: boolean; notifyRequests?: boolean }) =>
  (await unwrap(api.PATCH('/api/admin/v1/me', { body }))).data

export const changePassword = (api: AdminApi, body: { currentPassword: string; password: string; passwordConfirmation: string }) =>
  unwrap(api.POST('/api/admin/v1/me/password', { body }))

export const requestContactChange = async (api: AdminApi, body: { channel: ContactChannel; value: string }) =>
  (await unwrap(api.POST('/api/admin/v1/me/contact-changes', { body }))).data

export const confirmContactChange = async (api: AdminApi, body: { channel: ContactChannel; code: string }) =>
  (await unwrap(api.POST('/api/admin/v1/me/contact-changes/confirm', { body }))).data

export const signOutEverywhere = (api: AdminApi) => unwrap(api.DELETE('/api/admin/v1/me/sessions'))

export const inviteStaff = async (
  api: AdminApi,
  body: { email: string; name: string; role: Role; locale: 'de' | 'en' | 'fr'; phone?: string },
) => (await unwrap(api.POST('/api/admin/v1/staff', { body }))).data

export const updateStaffMember = async (api: AdminApi, staffId: string, body: { version: number; role?: Role; active?: boolean }) =>
  (await unwrap(api.PATCH('/api/admin/v1/staff/{staffId}', { params: { path: { staffId } }, body }))).data

export const resendInvitation = async (api: AdminApi, staffId: string) =>
  (await unwrap(api.POST('/api/admin/v1/staff/{staffId}/invitation', { params: { path: { staffId } } }))).data
