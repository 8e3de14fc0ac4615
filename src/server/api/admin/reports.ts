import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { buildReport } from '~/server/domain/reporting/report'
// The finance views' scope: the member's shop, its time zone and currency.
import { scopeOf } from './finance'

export const reports = {
  getReport: {
    handler: async (ctx, { query }) =>
      json('getReport', {
        data: await buildReport(ctx.db, scopeOf(ctx), {
          from: query.from,
          to: query.to,
          granularity: query.granularity ?? 'month',
          ...(query.offerId === undefined ? {} : { offerId: query.offerId }),
          locale: ctx.locale,
        }),
      }),
  },
} satisfies Partial<AdminOperationHandlers>
