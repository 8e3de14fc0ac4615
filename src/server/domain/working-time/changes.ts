/**
 * Changes to working time (issue 18, point 4): a member's manual entries and a manager's approval
 * of a month sheet. Each change is one transaction that first locks the member's row, the same
 * lock as guide assignments take, so the entries, the approval and the assignments of one member
 * change one at a time: an approval always sees the lines it approves, and no entry slips into a
 * month while it is being approved. Every change is recorded in the member's history.
 */
import { and, count, eq, gte, lt, ne } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db, Tx } from '~/server/db/client'
import { staff, workTimeApprovals, workTimeEntries } from '~/server/db/schema'
import { conflict, invalidFields, notFound } from '~/server/domain/errors'
import { newOpaqueId } from '~/server/domain/carts'
import { utcToZonedDate } from '~/server/domain/offers/zoned-time'
import { recordStaffEvent } from '~/server/domain/staff/accounts'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { checkEntry, checkMonth, entriesOverlap, fingerprintOf, MAX_ENTRIES_PER_MONTH, monthOf, monthStarted, nextMonthStart, totalsOf, type CheckedEntry } from './rules'
import { approvalOf, linesOf, loadSheet, type WorkingTimeScope, type WorkingTimeSheet } from './sheet'

type S = components['schemas']
export type WorkTimeEntryInput = S['WorkTimeEntryInput']
export type WorkTimeEntryUpdateInput = S['WorkTimeEntryUpdateInput']
export type WorkingTimeApproveInput = S['WorkingTimeApproveInput']

const staffNotFound = () => notFound('staff.not_found', 'This staff member does not exist.')
const entryNotFound = () => notFound('work_time.entry_not_found', 'This working-time entry does not exist.')
const approved = (month: string) =>
  conflict('work_time.approved', 'This month’s working time is approved. Withdraw the approval to change it.', { month })

/** The member's row, locked for the transaction; 404 for another shop's (and, when `active`, a deactivated one). */
async function lockMember(tx: Tx, shopId: string, staffId: string, active: boolean) {
  const [row] = await tx
    .select({ id: staff.id, name: staff.name, active: staff.active })
    .from(staff)
    .where(and(eq(staff.shopId, shopId), eq(staff.id, staffId)))
    .for('update')
  if (!row || (active && !row.active)) throw staffNotFound()
  return row
}

/** 409 when the month is approved. */
async function assertOpen(tx: Tx, shopId: string, staffId: string, month: string) {
  if (await approvalOf(tx, shopId, staffId, month)) throw approved(month)
}

/** Refuses an entry that overlaps another of the member that day, or one too many in its month. */
async function assertFits(tx: Tx, shopId: string, staffId: string, entry: CheckedEntry, exceptId: string | null) {
  const sameDay = await tx
    .select({ id: workTimeEntries.id, from: workTimeEntries.fromTime, to: workTimeEntries.toTime })
    .from(workTimeEntries)
    .where(and(eq(workTimeEntries.shopId, shopId), eq(workTimeEntries.staffId, staffId), eq(workTimeEntries.day, entry.day), ...(exceptId ? [ne(workTimeEntries.id, exceptId)] : [])))
  const clash = sameDay.find((other) => entriesOverlap(entry, other))
  if (clash) throw invalidFields({ from: { code: 'work_time.overlap', params: { from: clash.from, to: clash.to } } })
  const month = monthOf(entry.day)
  const [row] = await tx
    .select({ n: count() })
    .from(workTimeEntries)
    .where(
      and(
        eq(workTimeEntries.shopId, shopId),
        eq(workTimeEntries.staffId, staffId),
        gte(workTimeEntries.day, `${month}-01`),
        lt(workTimeEntries.day, nextMonthStart(month)),
        ...(exceptId ? [ne(workTimeEntries.id, exceptId)] : []),
      ),
    )
  if ((row?.n ?? 0) >= MAX_ENTRIES_PER_MONTH) {
    throw conflict('work_time.too_many', `A month holds at most ${MAX_ENTRIES_PER_MONTH} entries per member.`, { maximum: MAX_ENTRIES_PER_MONTH })
  }
}

const today = (scope: WorkingTimeScope) => utcToZonedDate(scope.now, scope.timeZone)
const detailsOf = (e: CheckedEntry) => ({ date: e.day, from: e.from, to: e.to, breakMinutes: e.breakMinutes })

/** Adds a manual entry for `staffId` (the edge has checked the actor may). */
export async function createEntry(db: Db, scope: WorkingTimeScope, actor: StaffPrincipal, staffId: string, input: WorkTimeEntryInput): Promise<WorkingTimeSheet> {
  const entry = checkEntry(input, today(scope))
  return db.transaction(async (tx) => {
    await lockMember(tx, scope.shopId, staffId, true)
    await assertOpen(tx, scope.shopId, staffId, monthOf(entry.day))
    await assertFits(tx, scope.shopId, staffId, entry, null)
    const id = newOpaqueId()
    await tx.insert(workTimeEntries).values({
      id,
      shopId: scope.shopId,
      staffId,
      day: entry.day,
      fromTime: entry.from,
      toTime: entry.to,
      breakMinutes: entry.breakMinutes,
      note: entry.note,
      createdBy: actor.staffId,
      createdAt: scope.now,
      updatedBy: actor.staffId,
      updatedAt: scope.now,
    })
    await recordStaffEvent(tx, { shopId: scope.shopId, staffId, actorId: actor.staffId, action: 'work_time_entry_added', details: { entryId: id, ...detailsOf(entry) }, at: scope.now })
    return loadSheet(tx, scope, actor, staffId, monthOf(entry.day))
  })
}

/** An entry of the shop the actor may change: a guide only their own (others are 404, as if absent). */
async function entryFor(tx: Tx, scope: WorkingTimeScope, actor: StaffPrincipal, entryId: string) {
  const [row] = await tx
    .select({ id: workTimeEntries.id, staffId: workTimeEntries.staffId, day: workTimeEntries.day })
    .from(workTimeEntries)
    .where(and(eq(workTimeEntries.shopId, scope.shopId), eq(workTimeEntries.id, entryId)))
  if (!row || (actor.role === 'guide' && row.staffId !== actor.staffId)) throw entryNotFound()
  return row
}

/** Changes a manual entry (its member stays); both its old and its new month must be open. */
export async function updateEntry(db: Db, scope: WorkingTimeScope, actor: StaffPrincipal, entryId: string, input: WorkTimeEntryUpdateInput): Promise<WorkingTimeSheet> {
  const entry = checkEntry(input, today(scope))
  return db.transaction(async (tx) => {
    const found = await entryFor(tx, scope, actor, entryId)
    await lockMember(tx, scope.shopId, found.staffId, false)
    // Read again under the member's lock: it may have been removed meanwhile.
    const current = await entryFor(tx, scope, actor, entryId)
    await assertOpen(tx, scope.shopId, current.staffId, monthOf(current.day))
    await assertOpen(tx, scope.shopId, current.staffId, monthOf(entry.day))
    await assertFits(tx, scope.shopId, current.staffId, entry, entryId)
    await tx
      .update(workTimeEntries)
      .set({ day: entry.day, fromTime: entry.from, toTime: entry.to, breakMinutes: entry.breakMinutes, note: entry.note, updatedBy: actor.staffId, updatedAt: scope.now })
      .where(and(eq(workTimeEntries.shopId, scope.shopId), eq(workTimeEntries.id, entryId)))
    await recordStaffEvent(tx, {
      shopId: scope.shopId,
      staffId: current.staffId,
      actorId: actor.staffId,
      action: 'work_time_entry_changed',
      details: { entryId, ...detailsOf(entry) },
      at: scope.now,
    })
    return loadSheet(tx, scope, actor, current.staffId, monthOf(entry.day))
  })
}

/** Removes a manual entry from an open month. */
export async function deleteEntry(db: Db, scope: WorkingTimeScope, actor: StaffPrincipal, entryId: string): Promise<WorkingTimeSheet> {
  return db.transaction(async (tx) => {
    const found = await entryFor(tx, scope, actor, entryId)
    await lockMember(tx, scope.shopId, found.staffId, false)
    const current = await entryFor(tx, scope, actor, entryId)
    await assertOpen(tx, scope.shopId, current.staffId, monthOf(current.day))
    await tx.delete(workTimeEntries).where(and(eq(workTimeEntries.shopId, scope.shopId), eq(workTimeEntries.id, entryId)))
    await recordStaffEvent(tx, { shopId: scope.shopId, staffId: current.staffId, actorId: actor.staffId, action: 'work_time_entry_removed', details: { entryId, date: current.day }, at: scope.now })
    return loadSheet(tx, scope, actor, current.staffId, monthOf(current.day))
  })
}

/** Approves a member's month as the manager saw it (`fingerprint`); see the contract's `approveWorkingTime`. Whether the actor may (`mayApprove`) is the edge's check. */
export async function approveMonth(db: Db, scope: WorkingTimeScope, actor: StaffPrincipal, input: WorkingTimeApproveInput): Promise<WorkingTimeSheet> {
  const month = checkMonth(input.month)
  return db.transaction(async (tx) => {
    await lockMember(tx, scope.shopId, input.staffId, false)
    if (!monthStarted(month, scope.now, scope.timeZone)) {
      throw conflict('work_time.month_not_started', 'A month can be approved once it has begun.', { month })
    }
    const { lines } = await linesOf(tx, scope, input.staffId, month)
    const fingerprint = fingerprintOf(lines)
    if (fingerprint !== input.fingerprint) {
      throw conflict('work_time.changed', 'This working time changed since it was loaded. Look at it again before approving it.', { fingerprint })
    }
    const existing = await approvalOf(tx, scope.shopId, input.staffId, month)
    if (existing?.fingerprint !== fingerprint) {
      const minutes = totalsOf(lines).totalMinutes
      const values = { minutes, fingerprint, approvedBy: actor.staffId, approvedByName: actor.name.slice(0, 200), approvedAt: scope.now }
      await tx
        .insert(workTimeApprovals)
        .values({ staffId: input.staffId, shopId: scope.shopId, month, ...values })
        .onConflictDoUpdate({ target: [workTimeApprovals.staffId, workTimeApprovals.month], set: values })
      await recordStaffEvent(tx, { shopId: scope.shopId, staffId: input.staffId, actorId: actor.staffId, action: 'work_time_approved', details: { month, minutes }, at: scope.now })
    }
    return loadSheet(tx, scope, actor, input.staffId, month)
  })
}

/** Withdraws the approval of a member's month (404 `work_time.not_approved` when there is none). */
export async function withdrawApproval(db: Db, scope: WorkingTimeScope, actor: StaffPrincipal, staffId: string, monthText: string): Promise<WorkingTimeSheet> {
  const month = checkMonth(monthText)
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.shopId, scope.shopId), eq(staff.id, staffId))).for('update')
    const removed = member
      ? await tx
          .delete(workTimeApprovals)
          .where(and(eq(workTimeApprovals.shopId, scope.shopId), eq(workTimeApprovals.staffId, staffId), eq(workTimeApprovals.month, month)))
          .returning({ month: workTimeApprovals.month })
      : []
    if (removed.length === 0) throw notFound('work_time.not_approved', 'This working time is not approved.')
    await recordStaffEvent(tx, { shopId: scope.shopId, staffId, actorId: actor.staffId, action: 'work_time_approval_withdrawn', details: { month }, at: scope.now })
    return loadSheet(tx, scope, actor, staffId, month)
  })
}
