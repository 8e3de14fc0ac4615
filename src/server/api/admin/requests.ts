import type { AdminOperationHandlers, ApiContext } from '~/server/api/types'
import { json } from '~/server/api/types'
import { listStaffRequests, requestCounts } from '~/server/domain/requests-admin/inbox'
import { answerStaffRequest, getStaffRequest, markRequestSeen } from '~/server/domain/requests-admin/request'
import type { RequestScope } from '~/server/domain/requests-admin/view'
import { staffOf } from './context'

/** The staff member's shop, language and the request's clock (offer titles in the member's language, dates in the shop's time zone). */
const scopeOf = (ctx: ApiContext): RequestScope => {
  staffOf(ctx)
  return { db: ctx.db, shop: ctx.shop, locale: ctx.locale, now: ctx.now }
}

export const requests = {
  listStaffRequests: {
    handler: async (ctx, { query }) => json('listStaffRequests', await listStaffRequests(scopeOf(ctx), query)),
  },
  getRequestCounts: {
    handler: async (ctx) => json('getRequestCounts', { data: await requestCounts(scopeOf(ctx)) }),
  },
  getStaffRequest: {
    handler: async (ctx, { path }) => json('getStaffRequest', { data: await getStaffRequest(scopeOf(ctx), path.code) }),
  },
  markRequestSeen: {
    handler: async (ctx, { path, body }) => json('markRequestSeen', { data: await markRequestSeen(scopeOf(ctx), staffOf(ctx), path.code, body.seen) }),
  },
  answerStaffRequest: {
    handler: async (ctx, { path, body }) =>
      json('answerStaffRequest', { data: await answerStaffRequest({ ...scopeOf(ctx), origin: ctx.origin }, staffOf(ctx), path.code, body) }),
  },
} satisfies Partial<AdminOperationHandlers>
