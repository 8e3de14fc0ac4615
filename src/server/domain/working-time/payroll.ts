/**
 * The month of every member for payroll (issue 18, point 4): each member who has lines or an
 * approval in the month, with their lines, totals and approval state. Deactivated members are
 * included when they worked that month (the month they left is still paid).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { staff, workTimeApprovals } from '~/server/db/schema'
import { invalidFields } from '~/server/domain/errors'
import type { Role } from '~/server/domain/staff/accounts'
import { checkMonth, fingerprintOf, totalsOf, type WorkingTimeLine, type WorkingTimeTotals } from './rules'
import { monthLines, type WorkingTimeScope } from './sheet'

/** Lines of one export (all members together). */
export const MAX_EXPORT_LINES = 20_000
export const MAX_EXPORT_MEMBERS = 300

export type ApprovalState = 'approved' | 'changed' | 'not_approved'
export type PayrollMember = {
  name: string
  email: string
  role: Role
  lines: WorkingTimeLine[]
  totals: WorkingTimeTotals
  approval: { state: ApprovalState; by: string | null; at: Date | null }
}

export async function payrollOfMonth(db: Db, scope: WorkingTimeScope, monthText: string): Promise<PayrollMember[]> {
  const month = checkMonth(monthText)
  const [byMember, approvals] = await Promise.all([
    monthLines(db, scope, month, null, MAX_EXPORT_LINES + 1),
    db.select().from(workTimeApprovals).where(and(eq(workTimeApprovals.shopId, scope.shopId), eq(workTimeApprovals.month, month))),
  ])
  const lineCount = [...byMember.values()].reduce((n, lines) => n + lines.length, 0)
  const ids = new Set([...byMember.keys(), ...approvals.map((a) => a.staffId)])
  if (lineCount > MAX_EXPORT_LINES || ids.size > MAX_EXPORT_MEMBERS) {
    throw invalidFields({ month: { code: 'export.too_many_rows', params: { maximum: MAX_EXPORT_LINES } } })
  }
  if (ids.size === 0) return []
  const members = await db
    .select({ id: staff.id, name: staff.name, email: staff.email, role: staff.role })
    .from(staff)
    .where(and(eq(staff.shopId, scope.shopId), inArray(staff.id, [...ids])))
    .orderBy(asc(sql`lower(${staff.name})`), asc(staff.id))
  const approvalOf = new Map(approvals.map((a) => [a.staffId, a]))
  return members.map((m) => {
    const lines = byMember.get(m.id) ?? []
    const approval = approvalOf.get(m.id)
    const state: ApprovalState = !approval ? 'not_approved' : approval.fingerprint === fingerprintOf(lines) ? 'approved' : 'changed'
    return {
      name: m.name,
      email: m.email,
      role: m.role,
      lines,
      totals: totalsOf(lines),
      approval: { state, by: approval?.approvedByName ?? null, at: approval?.approvedAt ?? null },
    }
  })
}
