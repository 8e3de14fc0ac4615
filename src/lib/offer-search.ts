import type { OfferListSearch } from '~/api/offers.queries'
import { isLocale, type Locale } from './locale'
import { SLUG } from './params'
import { listOf } from './search-params'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * Search params of the offer overview and the search widget: anything malformed is dropped
 * instead of failing. Plain code rather than a schema library: it runs in every page's bundle.
 */
export function parseOfferListSearch(search: Record<string, unknown>): OfferListSearch {
  const result: OfferListSearch = {}
  // `tag=water,winter` (src/lib/search-params), or an older address's `tag=["water","winter"]`
  const tags = listOf(search.tag)
  if (tags.length > 0 && tags.length <= 10 && tags.every((t) => SLUG.test(t))) result.tag = [...new Set(tags)]
  if (typeof search.from === 'string' && DATE.test(search.from)) result.from = search.from
  if (typeof search.to === 'string' && DATE.test(search.to)) result.to = search.to
  if (search.type === 'activity' || search.type === 'private') result.type = search.type
  if (typeof search.q === 'string') {
    const q = search.q.trim()
    if (q && q.length <= 100) result.q = q
  }
  const page = typeof search.page === 'number' ? search.page : typeof search.page === 'string' && /^\d+$/.test(search.page) ? Number(search.page) : NaN
  if (Number.isInteger(page) && page >= 1 && page <= 1000) result.page = page
  return result
}

/** The server functions' argument checks (no schema library in the browser bundle). */
export function isLocaleArg(value: unknown): value is Locale {
  return isLocale(value)
}

export function isSlugArg(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 100 && SLUG.test(value)
}
