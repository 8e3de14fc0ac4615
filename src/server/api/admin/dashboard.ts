import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { bookingSettings } from '~/server/domain/offers/catalogue'
import { loadDashboard } from '~/server/domain/dashboard/load'
import { staffOf } from './context'

export const dashboard = {
  getDashboard: {
    handler: async (ctx) => {
      const me = staffOf(ctx)
      const scope = { shopId: me.shopId, staffId: me.staffId, role: me.role, timeZone: bookingSettings(ctx.shop).timeZone, locale: ctx.locale, now: ctx.now }
      return json('getDashboard', { data: await loadDashboard(ctx.db, scope) })
    },
  },
} satisfies Partial<AdminOperationHandlers>
