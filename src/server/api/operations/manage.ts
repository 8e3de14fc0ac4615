import { cancelManagedBooking, getManagedBooking, listManagedBookingDates, moveManagedBooking } from '~/server/domain/manage/service'
import { json, type ApiContext, type OperationHandlers } from '~/server/api/types'
import { catalogue } from './context'

const noStore = { 'cache-control': 'no-store' }
const deps = (ctx: ApiContext) => ({ origin: ctx.origin, providers: ctx.payments })

/** Visitors managing their own booking through the link they were sent (src/server/domain/manage). */
export const manage = {
  getManagedBooking: {
    handler: async (ctx, { path }) => json('getManagedBooking', { data: await getManagedBooking(catalogue(ctx), path.token) }, { headers: noStore }),
  },
  cancelManagedBooking: {
    handler: async (ctx, { path }) => json('cancelManagedBooking', { data: await cancelManagedBooking(catalogue(ctx), path.token, deps(ctx)) }),
  },
  moveManagedBooking: {
    handler: async (ctx, { path, body }) => json('moveManagedBooking', { data: await moveManagedBooking(catalogue(ctx), path.token, body, deps(ctx)) }),
  },
  listManagedBookingDates: {
    handler: async (ctx, { path, query }) =>
      json('listManagedBookingDates', { data: await listManagedBookingDates(catalogue(ctx), path.token, query.itemId) }, { headers: noStore }),
  },
} satisfies Partial<OperationHandlers>
