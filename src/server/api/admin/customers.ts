import type { AdminOperationHandlers, ApiContext } from '~/server/api/types'
import { json } from '~/server/api/types'
import { shopCurrency } from '~/lib/shop-settings'
import { eraseCustomer } from '~/server/domain/customers/erase'
import { exportCustomerData, exportFileName } from '~/server/domain/customers/export'
import { updateCustomer } from '~/server/domain/customers/update'
import { getCustomer, listCustomers, type CustomerScope } from '~/server/domain/customers/view'
import { staffOf } from './context'

/** The staff member's shop, its currency (totals are in it) and the request's clock and language. */
const scopeOf = (ctx: ApiContext): CustomerScope => ({ shopId: staffOf(ctx).shopId, currency: shopCurrency(ctx.shop.config), now: ctx.now, locale: ctx.locale })

export const customers = {
  listCustomers: {
    handler: async (ctx, { query }) => json('listCustomers', await listCustomers(ctx.db, scopeOf(ctx), query)),
  },
  getCustomer: {
    handler: async (ctx, { path }) => json('getCustomer', { data: await getCustomer(ctx.db, scopeOf(ctx), path.customerId) }),
  },
  updateCustomer: {
    handler: async (ctx, { path, body }) => json('updateCustomer', { data: await updateCustomer(ctx.db, staffOf(ctx), scopeOf(ctx), path.customerId, body) }),
  },
  eraseCustomer: {
    handler: async (ctx, { path, body }) => json('eraseCustomer', { data: await eraseCustomer(ctx.db, staffOf(ctx), scopeOf(ctx), path.customerId, body) }),
  },
  exportCustomerData: {
    // A download (data-protection access request): the JSON answer as an attachment.
    handler: async (ctx, { path }) =>
      json(
        'exportCustomerData',
        { data: await exportCustomerData(ctx.db, { ...scopeOf(ctx), shopName: ctx.shop.config.contact?.name ?? ctx.shop.id }, path.customerId) },
        { headers: { 'content-disposition': `attachment; filename="${exportFileName(path.customerId)}"` } },
      ),
  },
} satisfies Partial<AdminOperationHandlers>
