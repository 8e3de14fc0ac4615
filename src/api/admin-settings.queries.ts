import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'

export type GeneralSettings = components['schemas']['GeneralSettings']
export type GeneralSettingsView = components['schemas']['GeneralSettingsAnswer']['data']
export type ChangeRecord = components['schemas']['ChangeRecord']

/** Owners: the shop's general settings and their version. */
export const generalSettingsQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: ['admin', 'settings', 'general'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/settings/general'))).data,
    staleTime: 0,
  })

/** Owners: who changed the settings, when and what. */
export const settingsHistoryQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: ['admin', 'settings', 'history'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/settings/history'))).data,
    staleTime: 0,
  })

export const saveGeneralSettings = async (api: AdminApi, body: { version: number; settings: GeneralSettings }) =>
  (await unwrap(api.PUT('/api/admin/v1/settings/general', { body }))).data

export type OfferSettings = components['schemas']['OfferSettings']
export type OfferSettingsView = components['schemas']['OfferSettingsAnswer']['data']

/** Managers: the shop's tags (with their use) and the overview's filters. */
export const offerSettingsQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: ['admin', 'settings', 'offers'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/settings/offers'))).data,
    staleTime: 0,
  })

export const saveOfferSettings = async (api: AdminApi, body: { version: number; settings: OfferSettings }) =>
  (await unwrap(api.PUT('/api/admin/v1/settings/offers', { body }))).data

export type ShopDomains = components['schemas']['ShopDomainsAnswer']['data']

/** Owners: the shop's hosted address and its own domains. */
export const shopDomainsQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: ['admin', 'settings', 'domains'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/settings/domains'))).data,
    staleTime: 0,
  })

export const addShopDomain = async (api: AdminApi, body: { domain: string; primary?: boolean }) =>
  (await unwrap(api.POST('/api/admin/v1/settings/domains', { body }))).data

export const updateShopDomain = async (api: AdminApi, domain: string, primary: boolean) =>
  (await unwrap(api.PATCH('/api/admin/v1/settings/domains/{domain}', { params: { path: { domain } }, body: { primary } }))).data

export const removeShopDomain = async (api: AdminApi, domain: string) =>
  (await unwrap(api.DELETE('/api/admin/v1/settings/domains/{domain}', { params: { path: { domain } } }))).data
