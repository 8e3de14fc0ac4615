import { queryOptions } from '@tanstack/react-query'
import { unwrap, type Api } from './client'
import type { components } from './schema.gen'

/** The contract's languages (src/lib/locale.ts checks that its Locale is the same). */
type Locale = components['schemas']['Locale']

export type OfferListSearch = {
  tag?: string[]
  from?: string
  to?: string
  type?: 'activity' | 'private'
  q?: string
  page?: number
}

export const PER_PAGE = 12

export const offersQuery = (api: Api, lang: Locale, search: OfferListSearch) =>
  queryOptions({
    queryKey: ['offers', lang, search],
    queryFn: () =>
      unwrap(
        api.GET('/api/webshop/v1/offers', {
          params: { query: { ...search, perPage: PER_PAGE } },
        }),
      ),
    staleTime: 15_000,
  })

export const offerQuery = (api: Api, lang: Locale, slug: string) =>
  queryOptions({
    queryKey: ['offers', lang, 'detail', slug],
    queryFn: async () =>
      (await unwrap(api.GET('/api/webshop/v1/offers/{slug}', { params: { path: { slug } } }))).data,
    staleTime: 15_000,
  })

export const relatedOffersQuery = (api: Api, lang: Locale, slug: string) =>
  queryOptions({
    queryKey: ['offers', lang, 'related', slug],
    queryFn: async () =>
      (await unwrap(api.GET('/api/webshop/v1/offers/{slug}/related', { params: { path: { slug } } }))).data,
    staleTime: 60_000,
  })

export const monthQuery = (api: Api, slug: string, month: string) =>
  queryOptions({
    queryKey: ['offers', 'month', slug, month],
    queryFn: async () =>
      (await unwrap(api.GET('/api/webshop/v1/offers/{slug}/availability', { params: { path: { slug }, query: { month } } }))).data,
    staleTime: 10_000,
  })

export const dayQuery = (api: Api, slug: string, date: string) =>
  queryOptions({
    queryKey: ['offers', 'day', slug, date],
    queryFn: async () =>
      (await unwrap(api.GET('/api/webshop/v1/offers/{slug}/dates/{date}', { params: { path: { slug, date } } }))).data,
    staleTime: 5_000,
  })
