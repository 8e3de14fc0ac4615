import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { endStaffSession } from '~/server/domain/staff/sessions'
import { meOf } from '~/server/domain/staff/profile'
import { signIn } from '~/server/domain/staff/sign-in'
import { clearStaffCookie, readStaffSecret, staffCookie } from '~/server/http/staff-cookie'
import { staffOf } from './context'

export const session = {
  signIn: {
    handler: async (ctx, { body }) => {
      const { member, session } = await signIn(ctx.db, {
        shopId: ctx.shop.id,
        email: body.email,
        password: body.password,
        address: ctx.clientAddress,
        userAgent: ctx.request.headers.get('user-agent') ?? '',
        previousSecret: readStaffSecret(ctx.request.headers.get('cookie')),
        now: ctx.now,
      })
      return json('signIn', { data: await meOf(ctx.db, member, session.expiresAt, ctx.now) }, { headers: { 'set-cookie': staffCookie(session.secret, ctx.secureCookies) } })
    },
  },
  signOut: {
    handler: async (ctx) => {
      await endStaffSession(ctx.db, staffOf(ctx).sessionIdHash)
      return new Response(null, { status: 204, headers: { 'set-cookie': clearStaffCookie(ctx.secureCookies) } })
    },
  },
} satisfies Partial<AdminOperationHandlers>
