import type { components } from '~/api/schema.gen'
import { pickText } from '~/lib/locale-text'
import { invalidField, invalidRequest } from '~/server/domain/errors'
import { kindOf, loadOffers, toSummary, upcomingDays, type CatalogueContext } from './catalogue'

export type ListQuery = {
  tag: string[]
  from?: string
  to?: string
  type?: 'activity' | 'private'
  q?: string
  page: number
  perPage: number
}

/** Lower case without accents, for matching free text ('Sörenberg' ~ 'sorenberg'). */
export function fold(text: string) {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()
}

const FREE = new Set(['AVAILABLE', 'STOCK_LOW', 'UPON_REQUEST'])

/**
 * The shop's offers with the filters its filterConfig offers (tags, date range, type, free
 * text), paginated. A filter the shop switched off is refused with a clear message.
 */
export async function listOffers(ctx: CatalogueContext, query: ListQuery): Promise<{
  data: components['schemas']['OfferSummary'][]
  meta: components['schemas']['PageMeta']
}> {
  const enabled = ctx.shop.config.filterConfig
  const used = {
    tags: query.tag.length > 0,
    dateRange: !!(query.from || query.to),
    type: !!query.type,
    text: !!query.q,
  }
  for (const key of Object.keys(used) as (keyof typeof used)[]) {
    if (used[key] && !enabled[key]) {
      throw invalidRequest('filter.disabled', `This shop does not offer the ${key} filter.`, { filter: key })
    }
  }
  if (query.from && query.to && query.from > query.to) {
    throw invalidField('to', 'too_small', 'The end of the date range is before its start.', { type: 'date', minimum: query.from })
  }

  const all = await loadOffers(ctx.db, ctx.shop.id)
  const tagLabels = new Map(ctx.shop.config.tags.map((t) => [t.slug, pickText(t.label, ctx.locale)]))
  const needle = query.q ? fold(query.q) : ''
  const candidates = all.filter(({ offer, skus }) => {
    if (query.tag.some((t) => !offer.tags.includes(t))) return false
    if (query.type && kindOf(skus) !== query.type) return false
    if (needle) {
      const haystack = fold(
        [pickText(offer.title, ctx.locale), pickText(offer.intro, ctx.locale), offer.location.name, offer.location.city, ...offer.tags.map((t) => tagLabels.get(t) ?? t)].join(' '),
      )
      if (!needle.split(/\s+/).every((word) => haystack.includes(word))) return false
    }
    return true
  })
  const days = await upcomingDays(ctx, candidates)
  const inRange = candidates.filter((item) => {
    if (!query.from && !query.to) return true
    return (days.get(item.offer.id) ?? []).some(
      (d) => FREE.has(d.status) && (!query.from || d.date >= query.from) && (!query.to || d.date <= query.to),
    )
  })
  const start = (query.page - 1) * query.perPage
  return {
    data: inRange.slice(start, start + query.perPage).map((item) => toSummary(ctx, item, days.get(item.offer.id) ?? [])),
    meta: { page: query.page, perPage: query.perPage, total: inRange.length },
  }
}
