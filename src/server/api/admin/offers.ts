import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { getShopOffer, listShopOffers } from '~/server/domain/offers-admin/queries'
import { deleteShopOffer, duplicateShopOffer, setOfferStatus } from '~/server/domain/offers-admin/status'
import { createShopOffer, updateShopOffer } from '~/server/domain/offers-admin/write'
import { staffOf } from './context'

export const offers = {
  listShopOffers: {
    handler: async (ctx, { query }) => json('listShopOffers', { data: await listShopOffers(ctx.db, staffOf(ctx).shopId, ctx.locale, ctx.now, query ?? {}) }),
  },
  createShopOffer: {
    handler: async (ctx, { body }) => {
      const staff = staffOf(ctx)
      const id = await createShopOffer(ctx.db, staff, ctx.shop, body, ctx.now)
      return json('createShopOffer', { data: await getShopOffer(ctx.db, staff.shopId, id) }, { status: 201 })
    },
  },
  getShopOffer: {
    handler: async (ctx, { path }) => json('getShopOffer', { data: await getShopOffer(ctx.db, staffOf(ctx).shopId, path.offerId) }),
  },
  updateShopOffer: {
    handler: async (ctx, { path, body }) => {
      const staff = staffOf(ctx)
      await updateShopOffer(ctx.db, staff, ctx.shop, path.offerId, body, ctx.now)
      return json('updateShopOffer', { data: await getShopOffer(ctx.db, staff.shopId, path.offerId) })
    },
  },
  publishShopOffer: {
    handler: async (ctx, { path, body }) => {
      const staff = staffOf(ctx)
      await setOfferStatus(ctx.db, staff, path.offerId, body, 'published', ctx.now)
      return json('publishShopOffer', { data: await getShopOffer(ctx.db, staff.shopId, path.offerId) })
    },
  },
  unpublishShopOffer: {
    handler: async (ctx, { path, body }) => {
      const staff = staffOf(ctx)
      await setOfferStatus(ctx.db, staff, path.offerId, body, 'draft', ctx.now)
      return json('unpublishShopOffer', { data: await getShopOffer(ctx.db, staff.shopId, path.offerId) })
    },
  },
  archiveShopOffer: {
    handler: async (ctx, { path, body }) => {
      const staff = staffOf(ctx)
      await setOfferStatus(ctx.db, staff, path.offerId, body, 'archived', ctx.now)
      return json('archiveShopOffer', { data: await getShopOffer(ctx.db, staff.shopId, path.offerId) })
    },
  },
  duplicateShopOffer: {
    handler: async (ctx, { path }) => {
      const staff = staffOf(ctx)
      const id = await duplicateShopOffer(ctx.db, staff, path.offerId, ctx.now)
      return json('duplicateShopOffer', { data: await getShopOffer(ctx.db, staff.shopId, id) }, { status: 201 })
    },
  },
  deleteShopOffer: {
    handler: async (ctx, { path }) => {
      await deleteShopOffer(ctx.db, staffOf(ctx), path.offerId, ctx.now)
      return new Response(null, { status: 204 })
    },
  },
} satisfies Partial<AdminOperationHandlers>
