import { createApiClient, type ApiClientOptions } from './client'
import type { components, paths } from './admin-schema.gen'

/**
 * The staff contract's client (openapi/admin.yaml): the same request rules as the shop's client
 * (locale header, anti-forgery token, Idempotency-Key, one retry, ApiError), typed by its own
 * generated schema. Only the staff app's routes create it, so visitor pages never load it.
 */
export const createAdminClient = (options: ApiClientOptions) => createApiClient<paths>(options)

export type AdminApi = ReturnType<typeof createAdminClient>

type S = components['schemas']
export type Role = S['Role']
export type StaffMember = S['StaffMember']
export type Me = S['Me']
export type StaffSession = S['StaffSession']
export type LinkView = S['LinkView']
export type ContactChannel = S['ContactChannel']
export type PendingContactChange = S['PendingContactChange']
