import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { loadMySessions } from '~/server/domain/my-sessions/load'
import { staffOf } from './context'

/** Handlers of the contract's `my-sessions` tag (issue 18, point 5): always the caller's own dates. */
export const mySessions = {
  getMySessions: {
    handler: async (ctx, { query }) => {
      const member = staffOf(ctx)
      const data = await loadMySessions({ db: ctx.db, shop: ctx.shop, locale: ctx.locale, now: ctx.now, staffId: member.staffId }, query.days)
      return json('getMySessions', { data })
    },
  },
} satisfies Partial<AdminOperationHandlers>
