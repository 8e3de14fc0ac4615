import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { confirmRefund, retryRefund } from '~/server/domain/refunds'
import { staffOf } from './context'

export const refunds = {
  confirmRefund: {
    handler: async (ctx, { path }) => json('confirmRefund', { data: await confirmRefund(ctx.db, ctx.shop, staffOf(ctx), path.refundId, ctx.now) }),
  },
  retryRefund: {
    handler: async (ctx, { path }) =>
      json('retryRefund', { data: await retryRefund({ db: ctx.db, providers: ctx.payments, origin: ctx.origin, now: ctx.now }, staffOf(ctx), path.refundId) }),
  },
} satisfies Partial<AdminOperationHandlers>
