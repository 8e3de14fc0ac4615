import type { AdminOperationHandlers, ApiContext } from '~/server/api/types'
import { json } from '~/server/api/types'
import { bookingSettings } from '~/server/domain/offers/catalogue'
import { assignGuide, unassignGuide } from '~/server/domain/planning/assign'
import { assignBookingGuide, unassignBookingGuide } from '~/server/domain/planning/assign-booking'
import { loadPlanningBoard } from '~/server/domain/planning/board'
import { staffOf } from './context'

/** The member's shop, its time zone (dates and half-days are its wall clock's) and the member's language. */
const scopeOf = (ctx: ApiContext) => ({ shopId: staffOf(ctx).shopId, timeZone: bookingSettings(ctx.shop).timeZone, locale: ctx.locale, now: ctx.now })

/** Handlers of the contract's `planning` tag (issue 18). */
export const planning = {
  getPlanningBoard: {
    handler: async (ctx, { query }) => json('getPlanningBoard', { data: await loadPlanningBoard(ctx.db, scopeOf(ctx), { from: query.from, to: query.to }) }),
  },
  assignGuide: {
    handler: async (ctx, { path, body }) => {
      const { session, warnings } = await assignGuide(ctx.db, staffOf(ctx), scopeOf(ctx), path.sessionId, body)
      return json('assignGuide', { data: session, warnings })
    },
  },
  unassignGuide: {
    handler: async (ctx, { path }) => {
      const { session, warnings } = await unassignGuide(ctx.db, staffOf(ctx), scopeOf(ctx), path.sessionId, path.staffId)
      return json('unassignGuide', { data: session, warnings })
    },
  },
  assignBookingGuide: {
    handler: async (ctx, { path, body }) => {
      const { booking, warnings } = await assignBookingGuide(ctx.db, staffOf(ctx), scopeOf(ctx), path.itemId, body)
      return json('assignBookingGuide', { data: booking, warnings })
    },
  },
  unassignBookingGuide: {
    handler: async (ctx, { path }) => {
      const { booking, warnings } = await unassignBookingGuide(ctx.db, staffOf(ctx), scopeOf(ctx), path.itemId, path.staffId)
      return json('unassignBookingGuide', { data: booking, warnings })
    },
  },
} satisfies Partial<AdminOperationHandlers>
