import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { changePassword, getMe, updateMe } from '~/server/domain/staff/profile'
import { endStaffSessions, listStaffSessions } from '~/server/domain/staff/sessions'
import { clearStaffCookie } from '~/server/http/staff-cookie'
import { staffOf } from './context'

export const profile = {
  getMe: { handler: async (ctx) => json('getMe', { data: await getMe(ctx.db, staffOf(ctx), ctx.now) }) },
  updateMe: { handler: async (ctx, { body }) => json('updateMe', { data: await updateMe(ctx.db, staffOf(ctx), body, ctx.now) }) },
  changePassword: {
    handler: async (ctx, { body }) => {
      await changePassword(ctx.db, staffOf(ctx), { ...body, address: ctx.clientAddress }, ctx.now)
      return new Response(null, { status: 204 })
    },
  },
  listMySessions: {
    handler: async (ctx) => {
      const me = staffOf(ctx)
      return json('listMySessions', { data: await listStaffSessions(ctx.db, me.staffId, me.sessionIdHash, ctx.now) })
    },
  },
  signOutEverywhere: {
    handler: async (ctx) => {
      await endStaffSessions(ctx.db, staffOf(ctx).staffId)
      return new Response(null, { status: 204, headers: { 'set-cookie': clearStaffCookie(ctx.secureCookies) } })
    },
  },
} satisfies Partial<AdminOperationHandlers>
