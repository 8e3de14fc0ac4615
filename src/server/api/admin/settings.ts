import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { getGeneralSettings, getSettingsHistory, updateGeneralSettings } from '~/server/domain/settings/general'
import { getOfferSettings, updateOfferSettings } from '~/server/domain/settings/offer-settings'
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
  getSettingsHistory: { handler: async (ctx) => json('getSettingsHistory', { data: await getSettingsHistory(ctx.db, staffOf(ctx).shopId) }) },
} satisfies Partial<AdminOperationHandlers>
