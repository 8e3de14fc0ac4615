import { daySlots, loadOffers, monthAvailability, toDetail, toSummary, upcomingDays } from '~/server/domain/offers/catalogue'
import { listOffers, type ListQuery } from '~/server/domain/offers/listing'
import { isValidMonth } from '~/server/domain/offers/zoned-time'
import { HttpError } from '~/server/http/problem'
import { json, type OperationHandlers } from '~/server/api/types'
import { cacheKey, catalogue, isOfferNotFound, offerOr404, previewOr404, readCache } from './context'

const invalidMonth = () =>
  new HttpError(400, 'Invalid enquiry', 'The month must look like 2026-11.', {
    code: 'validation',
    errors: { month: { code: 'invalid_string', params: { format: 'YYYY-MM' } } },
  })

export const offers = {
  listOffers: {
    strictQuery: true,
    handler: async (ctx, { query }) => {
      // Free text is matched trimmed; the defaults (page, perPage) come from the contract.
      const filters = { ...query, tag: query.tag ?? [], ...(query.q !== undefined ? { q: query.q.trim() } : {}) } as ListQuery
      const result = (await readCache(cacheKey(ctx), () => listOffers(catalogue(ctx), filters))) as Awaited<ReturnType<typeof listOffers>>
      return json('listOffers', result, { headers: { 'cache-control': 'no-cache' } })
    },
  },
  getOffer: {
    handler: async (ctx, { path }) => {
      const c = catalogue(ctx)
      const detail = (await readCache(cacheKey(ctx), async () => {
        const item = await offerOr404(c, path.slug)
        const days = (await upcomingDays(c, [item])).get(item.offer.id) ?? []
        return toDetail(c, item, days)
      }).catch(async (error: unknown) => {
        if (!isOfferNotFound(error)) throw error
        // A staff member's preview of a draft: never cached (the cache is shared with visitors), never bookable.
        return { ...toDetail(c, await previewOr404(ctx, path.slug), []), preview: true }
      })) as ReturnType<typeof toDetail>
      return json('getOffer', { data: detail }, detail.preview ? { headers: { 'cache-control': 'private, no-store' } } : {})
    },
  },
  listRelatedOffers: {
    handler: async (ctx, { path }) => {
      const c = catalogue(ctx)
      // The published offer's related offers, cached with it (every listing page renders them);
      // a staff member's preview of a draft: nothing related, never cached.
      const data = (await readCache(cacheKey(ctx), async () => {
        const item = await offerOr404(c, path.slug)
        if (item.offer.status !== 'published') return null
        const all = await loadOffers(c.db, c.shop.id)
        const related = item.offer.related
          .map((slug) => all.find((o) => o.offer.slug === slug))
          .filter((o): o is NonNullable<typeof o> => !!o && o.offer.id !== item.offer.id)
        const days = await upcomingDays(c, related)
        return related.map((r) => toSummary(c, r, days.get(r.offer.id) ?? []))
      }).catch(async (error: unknown) => {
        if (!isOfferNotFound(error)) throw error
        await previewOr404(ctx, path.slug)
        return null
      })) as ReturnType<typeof toSummary>[] | null
      if (!data) return json('listRelatedOffers', { data: [] }, { headers: { 'cache-control': 'private, no-store' } })
      return json('listRelatedOffers', { data })
    },
  },
  getOfferAvailability: {
    invalidParameter: { month: invalidMonth },
    handler: async (ctx, { path, query: { month } }) => {
      // The years a shop's calendar spans (a rule of the domain, not of the contract's pattern).
      if (!isValidMonth(month)) throw invalidMonth()
      const c = catalogue(ctx)
      // Cached like the offer itself: every listing page renders this month (display only; holds
      // and bookings check places in their own transactions).
      const data = (await readCache(cacheKey(ctx), async () => monthAvailability(c, await offerOr404(c, path.slug), month))) as Awaited<ReturnType<typeof monthAvailability>>
      return json('getOfferAvailability', { data })
    },
  },
  getOfferDate: {
    invalidParameter: {
      date: () =>
        new HttpError(400, 'Invalid enquiry', 'The date must look like 2026-11-22.', {
          code: 'validation',
          errors: { date: { code: 'invalid_string', params: { format: 'YYYY-MM-DD' } } },
        }),
    },
    handler: async (ctx, { path: { slug, date } }) => {
      const c = catalogue(ctx)
      const item = await offerOr404(c, slug)
      return json('getOfferDate', { data: { date, slots: await daySlots(c, item, date) } })
    },
  },
} satisfies Partial<OperationHandlers>
