import type { AdminOperationHandlers, ApiContext } from '~/server/api/types'
import { json } from '~/server/api/types'
import { shopTimeZone } from '~/lib/shop-settings'
import { getServiceSchedule, previewServiceSlots, serviceScheduleHistory, updateServiceSchedule, type ScheduleContext } from '~/server/domain/schedules-admin/schedules'
import { staffOf } from './context'

/** The domain's view of the request: the member, the shop's time zone (wall times apply in it), the language. */
const scheduleContext = (ctx: ApiContext): ScheduleContext => ({ db: ctx.db, actor: staffOf(ctx), timeZone: shopTimeZone(ctx.shop.config), locale: ctx.locale, now: ctx.now })

export const schedules = {
  getServiceSchedule: {
    handler: async (ctx, { path }) => json('getServiceSchedule', { data: await getServiceSchedule(scheduleContext(ctx), path.offerId) }),
  },
  updateServiceSchedule: {
    handler: async (ctx, { path, body }) => json('updateServiceSchedule', { data: await updateServiceSchedule(scheduleContext(ctx), path.offerId, body) }),
  },
  previewServiceSlots: {
    handler: async (ctx, { path, body }) => json('previewServiceSlots', { data: await previewServiceSlots(scheduleContext(ctx), path.offerId, body) }),
  },
  getServiceScheduleHistory: {
    handler: async (ctx, { path }) => json('getServiceScheduleHistory', { data: await serviceScheduleHistory(scheduleContext(ctx), path.offerId) }),
  },
} satisfies Partial<AdminOperationHandlers>
