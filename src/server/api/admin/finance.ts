import type { AdminOperationHandlers, ApiContext } from '~/server/api/types'
import { json } from '~/server/api/types'
import { bookingSettings } from '~/server/domain/offers/catalogue'
import { listOpenAmounts } from '~/server/domain/finance/open-amounts'
import { listPayments, paymentsForExport } from '~/server/domain/finance/payments'
import { listRefunds } from '~/server/domain/finance/refunds'
import type { FinanceScope } from '~/server/domain/finance/scope'
import { financeTotals } from '~/server/domain/finance/totals'
import { csvResponse } from '~/server/exports/csv'
import { paymentsCsv, paymentsFileName } from '~/server/exports/finance-payments'
import { staffOf } from './context'

/** The member's shop, its time zone and currency: every finance (and report) figure is the shop's. */
export function scopeOf(ctx: ApiContext): FinanceScope {
  const settings = bookingSettings(ctx.shop)
  return { shopId: staffOf(ctx).shopId, timeZone: settings.timeZone, currency: settings.currency, now: ctx.now }
}

const pagingOf = (query: { page?: number; perPage?: number }) => ({ page: query.page ?? 1, perPage: query.perPage ?? 50 })

export const finance = {
  listPayments: {
    handler: async (ctx, { query }) => json('listPayments', await listPayments(ctx.db, scopeOf(ctx), query, pagingOf(query))),
  },
  exportPaymentsCsv: {
    handler: async (ctx, { query }) => {
      const scope = scopeOf(ctx)
      const rows = await paymentsForExport(ctx.db, scope, query)
      return csvResponse(paymentsFileName(ctx.locale, query), paymentsCsv(rows, ctx.locale, scope.timeZone))
    },
  },
  listRefunds: {
    handler: async (ctx, { query }) => json('listRefunds', await listRefunds(ctx.db, scopeOf(ctx), query, pagingOf(query))),
  },
  listOpenAmounts: {
    handler: async (ctx, { query }) => json('listOpenAmounts', await listOpenAmounts(ctx.db, scopeOf(ctx), query, pagingOf(query))),
  },
  getFinanceTotals: {
    handler: async (ctx, { query }) =>
      json('getFinanceTotals', { data: await financeTotals(ctx.db, scopeOf(ctx), { from: query.from, to: query.to, granularity: query.granularity ?? 'month' }) }),
  },
} satisfies Partial<AdminOperationHandlers>
