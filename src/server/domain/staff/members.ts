/**
 * The owners' view of the shop's staff: list, invite (an e-mail with a link to choose a
 * password), change role, deactivate or reactivate, resend the invitation. Always looked up by
 * (shop, id): another shop's member is 404. Every change is recorded with its actor; the shop
 * never loses its last active owner; a deactivated member's sessions end at once.
 */
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db } from '~/server/db/client'
import { staff, staffLinks } from '~/server/db/schema'
import { enqueueStaffMessage } from '~/server/mail/outbox'
import { conflict, invalidFields, notFound, type FieldErrors } from '../errors'
import { findStaffById, newStaffId, recordStaffEvent, toStaffMember, type StaffMember, type StaffRow } from './accounts'
import { contactValue, emailTaken, emailTakenBy } from './contact'
import { createStaffLink, linkUrl } from './links'
import { isUniqueViolation } from './recent'
import { endStaffSessions, type StaffPrincipal } from './sessions'

export type InvitationInput = components['schemas']['InvitationInput']
export type StaffUpdateInput = components['schemas']['StaffUpdateInput']

const staffNotFound = () => notFound('staff.not_found', 'This staff member does not exist.')

export async function listStaff(db: Db, shopId: string): Promise<StaffMember[]> {
  const rows = await db
    .select()
    .from(staff)
    .where(eq(staff.shopId, shopId))
    .orderBy(sql`case when ${staff.role} = 'owner' then 0 else 1 end`, asc(sql`lower(${staff.name})`), asc(staff.id))
    .limit(1000)
  return rows.map(toStaffMember)
}

export async function getStaffMember(db: Db, shopId: string, id: string): Promise<StaffMember> {
  const row = await findStaffById(db, shopId, id)
  if (!row) throw staffNotFound()
  return toStaffMember(row)
}

/** Queues the invitation mail with a new link, in the invitee's language (the caller's transaction). */
async function sendInvitation(tx: Db, member: StaffRow, origin: string, now: Date) {
  const link = await createStaffLink(tx, { shopId: member.shopId, staffId: member.id, purpose: 'invitation', now })
  await enqueueStaffMessage(tx, member.shopId, 'staff_invitation', {
    to: member.email,
    locale: member.locale,
    name: member.name,
    url: linkUrl(origin, member.locale, link.token),
    expiresAt: link.expiresAt.toISOString(),
  })
}

/** Invites a member: no password yet (`invited`) until they use the link of the e-mail. */
export async function inviteStaff(db: Db, actor: StaffPrincipal, input: InvitationInput, context: { origin: string; now: Date }): Promise<StaffMember> {
  const errors: FieldErrors = {}
  const name = input.name.trim()
  if (!name) errors.name = { code: 'required' }
  let email = ''
  let phone: string | null = null
  try {
    email = contactValue('email', input.email, 'email')
  } catch {
    errors.email = { code: 'email.invalid' }
  }
  if (input.phone?.trim()) {
    try {
      phone = contactValue('phone', input.phone, 'phone')
    } catch {
      errors.phone = { code: 'phone.invalid' }
    }
  }
  if (Object.keys(errors).length) throw invalidFields(errors)
  if (await emailTakenBy(db, actor.shopId, email)) throw emailTaken()
  const { now } = context
  try {
    const member = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({ id: newStaffId(), shopId: actor.shopId, email, name, phone, locale: input.locale, role: input.role, createdAt: now, updatedAt: now })
        .returning()
      await sendInvitation(tx, row!, context.origin, now)
      await recordStaffEvent(tx, { shopId: actor.shopId, staffId: row!.id, actorId: actor.staffId, action: 'invited', details: { role: input.role }, at: now })
      return row!
    })
    return toStaffMember(member)
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

/**
 * Changes a member's role or active flag, if `version` is still theirs (409
 * `staff.version_conflict`). The shop's owners are locked for the transaction, so two owners
 * demoting each other at once cannot leave it without one (409 `staff.last_owner`).
 */
export async function updateStaffMember(db: Db, actor: StaffPrincipal, id: string, input: StaffUpdateInput, now: Date): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    // Always in the same order, so that two of these transactions never wait on each other crosswise.
    await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.shopId, actor.shopId), eq(staff.role, 'owner'))).orderBy(asc(staff.id)).for('update')
    const [member] = await tx.select().from(staff).where(and(eq(staff.shopId, actor.shopId), eq(staff.id, id))).for('update')
    if (!member) throw staffNotFound()
    if (member.version !== input.version) {
      throw conflict('staff.version_conflict', 'This staff member was changed in the meantime. Please reload and try again.', { version: member.version })
    }
    const role = input.role ?? member.role
    const active = input.active ?? member.active
    const wasOwner = member.role === 'owner' && member.active && member.passwordHash !== null
    if (wasOwner && (role !== 'owner' || !active)) {
      const others = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.shopId, actor.shopId), eq(staff.role, 'owner'), eq(staff.active, true), isNotNull(staff.passwordHash), ne(staff.id, id)))
      if (others.length === 0) throw conflict('staff.last_owner', 'The shop needs at least one active owner.')
    }
    const [updated] = await tx
      .update(staff)
      .set({ role, active, version: sql`${staff.version} + 1`, updatedAt: now })
      .where(eq(staff.id, id))
      .returning()
    if (role !== member.role) {
      await recordStaffEvent(tx, { shopId: actor.shopId, staffId: id, actorId: actor.staffId, action: 'role_changed', details: { from: member.role, to: role }, at: now })
    }
    if (active !== member.active) {
      await recordStaffEvent(tx, { shopId: actor.shopId, staffId: id, actorId: actor.staffId, action: active ? 'reactivated' : 'deactivated', at: now })
    }
    if (!active) {
      // At once: its sessions and its unused links stop working.
      await endStaffSessions(tx, id)
      await tx.update(staffLinks).set({ usedAt: now }).where(and(eq(staffLinks.staffId, id), isNull(staffLinks.usedAt)))
    }
    return toStaffMember(updated!)
  })
}

/** A new invitation link (the previous one stops working); 409 once the member has a password. */
export async function resendInvitation(db: Db, actor: StaffPrincipal, id: string, context: { origin: string; now: Date }): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(staff).where(and(eq(staff.shopId, actor.shopId), eq(staff.id, id))).for('update')
    if (!member) throw staffNotFound()
    if (member.passwordHash) throw conflict('staff.already_active', 'This staff member has already chosen a password.')
    if (!member.active) throw conflict('staff.inactive', 'This staff member is deactivated. Reactivate them first.')
    await sendInvitation(tx, member, context.origin, context.now)
    await recordStaffEvent(tx, { shopId: actor.shopId, staffId: id, actorId: actor.staffId, action: 'invitation_resent', at: context.now })
    return toStaffMember(member)
  })
}
