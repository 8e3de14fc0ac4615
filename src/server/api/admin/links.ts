import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { requestPasswordReset, usePasswordLink, viewLink } from '~/server/domain/staff/links'
import { meOf } from '~/server/domain/staff/profile'
import { createStaffSession } from '~/server/domain/staff/sessions'
import { clearFailures, throttleKeys } from '~/server/domain/staff/sign-in'
import { staffCookie } from '~/server/http/staff-cookie'

export const links = {
  requestPasswordReset: {
    handler: async (ctx, { body }) => {
      // The same answer whether the address is known or not (links in mails: the canonical origin).
      await requestPasswordReset(ctx.db, ctx.shop.id, body.email, { origin: ctx.origin, now: ctx.now })
      return json('requestPasswordReset', { data: { accepted: true } }, { status: 202 })
    },
  },
  getLink: {
    handler: async (ctx, { path }) => json('getLink', { data: await viewLink(ctx.db, ctx.shop.id, path.token, ctx.now) }),
  },
  setPasswordFromLink: {
    handler: async (ctx, { path, body }) => {
      const member = await usePasswordLink(ctx.db, ctx.shop.id, path.token, body.password, body.passwordConfirmation, ctx.now)
      await clearFailures(ctx.db, ctx.shop.id, throttleKeys(member.email, ctx.clientAddress).account)
      const session = await createStaffSession(ctx.db, {
        shopId: ctx.shop.id,
        staffId: member.id,
        userAgent: ctx.request.headers.get('user-agent') ?? '',
        now: ctx.now,
      })
      return json(
        'setPasswordFromLink',
        { data: await meOf(ctx.db, member, session.expiresAt, ctx.now) },
        { headers: { 'set-cookie': staffCookie(session.secret, ctx.secureCookies) } },
      )
    },
  },
} satisfies Partial<AdminOperationHandlers>
