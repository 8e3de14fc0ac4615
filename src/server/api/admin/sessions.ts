import type { AdminOperationHandlers, ApiContext } from '~/server/api/types'
import { json } from '~/server/api/types'
import { bookingSettings } from '~/server/domain/offers/catalogue'
import { cancelSession } from '~/server/domain/sessions-admin/cancel'
import { createSessions } from '~/server/domain/sessions-admin/create'
import { listSessions, sessionHistory } from '~/server/domain/sessions-admin/list'
import { updateSession } from '~/server/domain/sessions-admin/update'
import { staffOf } from './context'

/** Dates and times of the staff's sessions are the shop's wall-clock ones. */
const scopeOf = (ctx: ApiContext) => ({ shopId: staffOf(ctx).shopId, timeZone: bookingSettings(ctx.shop).timeZone, locale: ctx.locale, now: ctx.now })

export const sessions = {
  listSessions: {
    handler: async (ctx, { path, query }) => json('listSessions', { data: await listSessions(ctx.db, scopeOf(ctx), path.offerId, query) }),
  },
  createSessions: {
    handler: async (ctx, { path, body }) => json('createSessions', { data: await createSessions(ctx.db, staffOf(ctx), scopeOf(ctx), path.offerId, body) }),
  },
  updateSession: {
    handler: async (ctx, { path, body }) => json('updateSession', { data: await updateSession(ctx.db, staffOf(ctx), scopeOf(ctx), path.sessionId, body) }),
  },
  cancelSession: {
    handler: async (ctx, { path, body }) =>
      json('cancelSession', { data: await cancelSession(ctx, staffOf(ctx), scopeOf(ctx).timeZone, path.sessionId, body) }),
  },
  getSessionHistory: {
    handler: async (ctx, { path }) => json('getSessionHistory', { data: await sessionHistory(ctx.db, staffOf(ctx).shopId, path.sessionId) }),
  },
} satisfies Partial<AdminOperationHandlers>
