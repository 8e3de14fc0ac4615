import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { getStaffMember, inviteStaff, listStaff, resendInvitation, updateStaffMember } from '~/server/domain/staff/members'
import { staffOf } from './context'

export const staff = {
  listStaff: { handler: async (ctx) => json('listStaff', { data: await listStaff(ctx.db, staffOf(ctx).shopId) }) },
  inviteStaff: {
    handler: async (ctx, { body }) =>
      json('inviteStaff', { data: await inviteStaff(ctx.db, staffOf(ctx), body, { origin: ctx.origin, now: ctx.now }) }, { status: 201 }),
  },
  getStaffMember: {
    handler: async (ctx, { path }) => json('getStaffMember', { data: await getStaffMember(ctx.db, staffOf(ctx).shopId, path.staffId) }),
  },
  updateStaffMember: {
    handler: async (ctx, { path, body }) =>
      json('updateStaffMember', { data: await updateStaffMember(ctx.db, staffOf(ctx), path.staffId, body, ctx.now) }),
  },
  resendInvitation: {
    handler: async (ctx, { path }) =>
      json('resendInvitation', { data: await resendInvitation(ctx.db, staffOf(ctx), path.staffId, { origin: ctx.origin, now: ctx.now }) }, { status: 202 }),
  },
} satisfies Partial<AdminOperationHandlers>
