import { queryOptions } from '@tanstack/react-query'
import { unwrap } from './client'
import type { AdminApi } from './admin-client'
import type { components } from './admin-schema.gen'

type S = components['schemas']
export type OfferListItem = S['OfferListItem']
export type OfferView = S['Offer']
export type OfferContent = S['OfferContent']
export type OfferVariant = S['OfferVariant']
export type OfferExtra = S['OfferExtra']
export type OfferKind = S['OfferKind']
export type OfferStatus = S['OfferStatus']
export type OfferCompleteness = S['OfferCompleteness']

const at = (offerId: string) => ({ params: { path: { offerId } } })

/** Managers: the shop's offers, of one status or all. */
export const shopOffersQuery = (api: AdminApi, status?: OfferStatus) =>
  queryOptions({
    queryKey: ['admin', 'offers', 'list', status ?? 'all'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/offers', { params: { query: status ? { status } : {} } }))).data,
    staleTime: 0,
  })

/** Managers: one offer as the editor shows it, with its version, completeness and history. */
export const shopOfferQuery = (api: AdminApi, offerId: string) =>
  queryOptions({
    queryKey: ['admin', 'offers', offerId],
    queryFn: async () => (await unwrap(api.GET('/api/admin/v1/offers/{offerId}', at(offerId)))).data,
    staleTime: 0,
  })

export const createShopOffer = async (api: AdminApi, body: S['OfferCreateInput']) => (await unwrap(api.POST('/api/admin/v1/offers', { body }))).data

export const saveShopOffer = async (api: AdminApi, offerId: string, body: { version: number; content: OfferContent }) =>
  (await unwrap(api.PUT('/api/admin/v1/offers/{offerId}', { ...at(offerId), body }))).data

export type StatusAction = 'publish' | 'unpublish' | 'archive'

export const changeOfferStatus = async (api: AdminApi, offerId: string, action: StatusAction, version: number) =>
  (await unwrap(api.POST(`/api/admin/v1/offers/{offerId}/${action}`, { ...at(offerId), body: { version } }))).data

export const duplicateShopOffer = async (api: AdminApi, offerId: string) => (await unwrap(api.POST('/api/admin/v1/offers/{offerId}/duplicate', at(offerId)))).data

export const deleteShopOffer = async (api: AdminApi, offerId: string) => {
  await unwrap(api.DELETE('/api/admin/v1/offers/{offerId}', at(offerId)))
}
