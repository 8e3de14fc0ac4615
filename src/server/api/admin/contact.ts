import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { confirmContactChange, requestContactChange } from '~/server/domain/staff/contact'
import { meOf } from '~/server/domain/staff/profile'
import { staffOf } from './context'

export const contact = {
  requestContactChange: {
    handler: async (ctx, { body }) =>
      json('requestContactChange', { data: await requestContactChange(ctx.db, staffOf(ctx), body, ctx.now) }, { status: 202 }),
  },
  confirmContactChange: {
    handler: async (ctx, { body }) => {
      const me = staffOf(ctx)
      const member = await confirmContactChange(ctx.db, me, body, ctx.now)
      return json('confirmContactChange', { data: await meOf(ctx.db, member, me.expiresAt, ctx.now) })
    },
  },
} satisfies Partial<AdminOperationHandlers>
