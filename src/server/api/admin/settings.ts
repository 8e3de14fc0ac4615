import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { getGeneralSettings, getSettingsHistory, updateGeneralSettings } from '~/server/domain/settings/general'
import { getOfferSettings, updateOfferSettings } from '~/server/domain/settings/offer-settings'
import { addShopDomain, listShopDomains, removeShopDomain, setPrimaryDomain } from '~/server/domain/settings/domains'
import { staffOf } from './context'

export const settings = {
  getGeneralSettings: { handler: async (ctx) => json('getGeneralSettings', { data: await getGeneralSettings(ctx.db, staffOf(ctx).shopId) }) },
  updateGeneralSettings: {
    handler: async (ctx, { body }) => {
      const saved = await updateGeneralSettings(ctx.db, staffOf(ctx), body, ctx.now)
      // This process at once (its next page shows the change); others hear the NOTIFY.
      ctx.shops.forget(ctx.shop.id)
      return json('updateGeneralSettings', { data: saved })
    },
  },
  getOfferSettings: { handler: async (ctx) => json('getOfferSettings', { data: await getOfferSettings(ctx.db, staffOf(ctx).shopId) }) },
  updateOfferSettings: {
    handler: async (ctx, { body }) => {
      const saved = await updateOfferSettings(ctx.db, staffOf(ctx), body, ctx.now)
      ctx.shops.forget(ctx.shop.id)
      return json('updateOfferSettings', { data: saved })
    },
  },
  listShopDomains: { handler: async (ctx) => json('listShopDomains', { data: await listShopDomains(ctx.db, staffOf(ctx).shopId, ctx.hostedDomain) }) },
  addShopDomain: {
    handler: async (ctx, { body }) => {
      const data = await addShopDomain(ctx.db, staffOf(ctx), body, { hostedDomain: ctx.hostedDomain, now: ctx.now })
      ctx.shops.forget(ctx.shop.id)
      return json('addShopDomain', { data }, { status: 201 })
    },
  },
  updateShopDomain: {
    handler: async (ctx, { path, body }) => {
      const data = await setPrimaryDomain(ctx.db, staffOf(ctx), path.domain, body.primary, { hostedDomain: ctx.hostedDomain, now: ctx.now })
      ctx.shops.forget(ctx.shop.id)
      return json('updateShopDomain', { data })
    },
  },
  removeShopDomain: {
    handler: async (ctx, { path }) => {
      const data = await removeShopDomain(ctx.db, staffOf(ctx), path.domain, { hostedDomain: ctx.hostedDomain, now: ctx.now })
      ctx.shops.forget(ctx.shop.id)
      return json('removeShopDomain', { data })
    },
  },
  getSettingsHistory: { handler: async (ctx) => json('getSettingsHistory', { data: await getSettingsHistory(ctx.db, staffOf(ctx).shopId) }) },
} satisfies Partial<AdminOperationHandlers>
