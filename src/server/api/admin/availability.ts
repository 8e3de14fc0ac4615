import type { AdminOperationHandlers, ApiContext } from '~/server/api/types'
import { json } from '~/server/api/types'
import { shopTimeZone } from '~/lib/shop-settings'
import { errors } from '~/server/http/problem'
import { getAvailability, setAvailability, updateWeeklyAvailability, type AvailabilityScope } from '~/server/domain/planning/availability'
import { staffOf } from './context'

/** The domain's view of the request: the shop, its time zone (today, for the dates' bounds) and the clock. */
const scopeOf = (ctx: ApiContext): AvailabilityScope => ({ db: ctx.db, shopId: staffOf(ctx).shopId, timeZone: shopTimeZone(ctx.shop.config), now: ctx.now })

/**
 * The member acted on: the caller without `staffId`; anyone of the shop for managers and owners
 * (the domain answers 404 for another shop's); a guide only themselves (403 as for a role too small).
 */
function targetOf(ctx: ApiContext, staffId: string | undefined): string {
  const me = staffOf(ctx)
  if (staffId === undefined || staffId === me.staffId) return me.staffId
  if (me.role === 'guide') throw errors.staffForbidden()
  return staffId
}

/** Handlers of the contract's `availability` tag (issue 18). */
export const availability = {
  getAvailability: {
    handler: async (ctx, { query }) =>
      json('getAvailability', { data: await getAvailability(scopeOf(ctx), staffOf(ctx), targetOf(ctx, query.staffId), { from: query.from, to: query.to }) }),
  },
  setAvailability: {
    handler: async (ctx, { body }) => json('setAvailability', { data: await setAvailability(scopeOf(ctx), staffOf(ctx), targetOf(ctx, body.staffId), body) }),
  },
  updateWeeklyAvailability: {
    handler: async (ctx, { body }) =>
      json('updateWeeklyAvailability', { data: await updateWeeklyAvailability(scopeOf(ctx), staffOf(ctx), targetOf(ctx, body.staffId), body) }),
  },
} satisfies Partial<AdminOperationHandlers>
