import type { CatalogueContext } from '~/server/domain/offers/catalogue'
import { loadOffers } from '~/server/domain/offers/catalogue'
import type { StartContext } from '~/server/domain/payments'
import { createMicroCache } from '~/server/http/micro-cache'
import { HttpError } from '~/server/http/problem'
import { readStaffSecret } from '~/server/http/staff-cookie'
import { authenticateStaffSession } from '~/server/domain/staff/sessions'
import type { ApiContext } from '~/server/api/types'

/** Reads that every listing page repeats, kept for two seconds per shop, locale and address. */
export const readCache = createMicroCache<unknown>(2_000)
export const cacheKey = (ctx: ApiContext) => `${ctx.shop.id}|${ctx.locale}|${ctx.url.pathname}${ctx.url.search}`
/**
 * Drops a shop's cached reads: after a staff write succeeded (src/server/api/handler.ts), an
 * offer published or edited shows at once, not up to two seconds later. Visitors' holds and
 * bookings still show after at most two seconds.
 */
export const forgetShopReads = (shopId: string) => readCache.forget(`${shopId}|`)

export function catalogue(ctx: ApiContext): CatalogueContext {
  return { db: ctx.db, shop: ctx.shop, locale: ctx.locale, now: ctx.now }
}

export function startContext(ctx: ApiContext): StartContext {
  return { db: ctx.db, shop: ctx.shop, locale: ctx.locale, now: ctx.now, origin: ctx.origin, provider: ctx.payments.forShop(ctx.shop) }
}

/** The offer of a slug (the contract's pattern was checked: `''` names none). */
export async function offerOr404(c: CatalogueContext, slug: string) {
  const [item] = slug ? await loadOffers(c.db, c.shop.id, { slug }) : []
  if (!item) throw new HttpError(404, 'Page not found', 'This offer does not exist.', { code: 'offer.not_found' })
  return item
}

/**
 * An unpublished offer for the staff's preview: only when the request carries a valid staff
 * session of this shop (the cookie is this host's, SameSite=Strict; SSR forwards it). Null for
 * everyone else, who must not learn that the offer exists.
 */
export async function previewOr404(ctx: ApiContext, slug: string) {
  const staff = slug ? await authenticateStaffSession(ctx.db, ctx.shop.id, readStaffSecret(ctx.request.headers.get('cookie')), ctx.now) : null
  const [item] = staff ? await loadOffers(ctx.db, ctx.shop.id, { slug, preview: true }) : []
  if (!item) throw new HttpError(404, 'Page not found', 'This offer does not exist.', { code: 'offer.not_found' })
  return item
}

/** Whether an error is the 404 of an offer that visitors cannot see. */
export const isOfferNotFound = (error: unknown) => error instanceof HttpError && error.statusCode === 404
