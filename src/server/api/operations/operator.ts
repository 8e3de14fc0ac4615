import { answerRequest, getRequest, listRequests } from '~/server/domain/operator'
import { cancelBooking } from '~/server/domain/unpaid'
import { json, type OperationHandlers } from '~/server/api/types'
import { catalogue } from './context'

/** The shop's staff (bearer token): requests to answer, bookings to cancel. */
export const operator = {
  listRequests: {
    strictQuery: true,
    handler: async (ctx, { query }) => {
      const data = await listRequests(catalogue(ctx), query.status)
      return json('listRequests', { data }, { headers: { 'cache-control': 'no-store' } })
    },
  },
  getRequest: {
    handler: async (ctx, { path }) => {
      const data = await getRequest(catalogue(ctx), path.code)
      return json('getRequest', { data }, { headers: { 'cache-control': 'no-store' } })
    },
  },
  answerRequest: {
    handler: async (ctx, { path, body }) => {
      const data = await answerRequest(catalogue(ctx), path.code, body, { origin: ctx.origin })
      return json('answerRequest', { data })
    },
  },
  cancelBooking: {
    handler: async (ctx, { path, body }) => {
      const data = await cancelBooking(catalogue(ctx), path.code, { message: body.message, providers: ctx.payments })
      return json('cancelBooking', { data })
    },
  },
} satisfies Partial<OperationHandlers>
