import type { AdminOperationHandlers, ApiContext } from '~/server/api/types'
import { json } from '~/server/api/types'
import { shopTimeZone } from '~/lib/shop-settings'
import { errors } from '~/server/http/problem'
import { csvResponse } from '~/server/exports/csv'
import { workingTimeCsv, workingTimeFileName } from '~/server/exports/working-time'
import { approveMonth, createEntry, deleteEntry, updateEntry, withdrawApproval } from '~/server/domain/working-time/changes'
import { payrollOfMonth } from '~/server/domain/working-time/payroll'
import { checkMonth, mayApprove } from '~/server/domain/working-time/rules'
import { loadSheet, type WorkingTimeScope } from '~/server/domain/working-time/sheet'
import { staffOf } from './context'

/** The member's shop, its clock (months, days and times are its wall clock's), the member's language and the time. */
const scopeOf = (ctx: ApiContext): WorkingTimeScope => ({ shopId: staffOf(ctx).shopId, timeZone: shopTimeZone(ctx.shop.config), locale: ctx.locale, now: ctx.now })

/** The member acted on: the caller without `staffId`; anyone of the shop for managers and owners; a guide only themselves (403). */
function targetOf(ctx: ApiContext, staffId: string | undefined): string {
  const me = staffOf(ctx)
  if (staffId === undefined || staffId === me.staffId) return me.staffId
  if (me.role === 'guide') throw errors.staffForbidden()
  return staffId
}

/** Approving and withdrawing: managers and owners, a manager not for their own sheet (403). */
function approverFor(ctx: ApiContext, staffId: string) {
  const me = staffOf(ctx)
  if (!mayApprove(me, staffId)) throw errors.staffForbidden()
  return me
}

/** Handlers of the contract's `working-time` tag (issue 18, point 4). */
export const workingTime = {
  getWorkingTime: {
    handler: async (ctx, { query }) =>
      json('getWorkingTime', { data: await loadSheet(ctx.db, scopeOf(ctx), staffOf(ctx), targetOf(ctx, query.staffId), checkMonth(query.month)) }),
  },
  createWorkTimeEntry: {
    handler: async (ctx, { body }) => json('createWorkTimeEntry', { data: await createEntry(ctx.db, scopeOf(ctx), staffOf(ctx), targetOf(ctx, body.staffId), body) }),
  },
  updateWorkTimeEntry: {
    handler: async (ctx, { path, body }) => json('updateWorkTimeEntry', { data: await updateEntry(ctx.db, scopeOf(ctx), staffOf(ctx), path.entryId, body) }),
  },
  deleteWorkTimeEntry: {
    handler: async (ctx, { path }) => json('deleteWorkTimeEntry', { data: await deleteEntry(ctx.db, scopeOf(ctx), staffOf(ctx), path.entryId) }),
  },
  approveWorkingTime: {
    handler: async (ctx, { body }) => json('approveWorkingTime', { data: await approveMonth(ctx.db, scopeOf(ctx), approverFor(ctx, body.staffId), body) }),
  },
  withdrawWorkingTimeApproval: {
    handler: async (ctx, { path }) =>
      json('withdrawWorkingTimeApproval', { data: await withdrawApproval(ctx.db, scopeOf(ctx), approverFor(ctx, path.staffId), path.staffId, path.month) }),
  },
  exportWorkingTimeCsv: {
    handler: async (ctx, { query }) => {
      const scope = scopeOf(ctx)
      const layout = query.layout ?? 'summary'
      const locale = query.lang ?? ctx.locale
      const members = await payrollOfMonth(ctx.db, { ...scope, locale }, query.month)
      return csvResponse(workingTimeFileName(locale, query.month, layout), workingTimeCsv(members, query.month, layout, locale, scope.timeZone))
    },
  },
} satisfies Partial<AdminOperationHandlers>
