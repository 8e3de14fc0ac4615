/** The signed-in member's own profile: what they see of themselves, their name and language, their password. */
import { and, eq, gt, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db } from '~/server/db/client'
import { staff, staffContactChanges } from '~/server/db/schema'
import { invalidFields, notFound, type FieldErrors } from '../errors'
import { findStaffById, recordStaffEvent, toStaffMember, type StaffRow } from './accounts'
import { hashPassword, passwordErrors } from './passwords'
import { endStaffSessions, type StaffPrincipal } from './sessions'
import { checkPassword, clearFailures, throttleKeys } from './sign-in'

export type Me = components['schemas']['Me']
export type ProfileInput = components['schemas']['ProfileInput']

/** Contact changes of a member still waiting for their code (not expired). */
export async function pendingContactChanges(db: Db, staffId: string, now: Date): Promise<Me['pending']> {
  const rows = await db
    .select()
    .from(staffContactChanges)
    .where(and(eq(staffContactChanges.staffId, staffId), gt(staffContactChanges.expiresAt, now)))
    .orderBy(staffContactChanges.channel)
  return rows.map((row) => ({ channel: row.channel, value: row.value, expiresAt: row.expiresAt.toISOString() }))
}

/** The member as they see themselves: their account, pending contact changes, the end of this session. */
export async function meOf(db: Db, member: StaffRow, sessionExpiresAt: Date, now: Date): Promise<Me> {
  return {
    member: toStaffMember(member),
    notifyBookings: member.notifyBookings,
    notifyRequests: member.notifyRequests,
    pending: await pendingContactChanges(db, member.id, now),
    session: { expiresAt: sessionExpiresAt.toISOString() },
  }
}

/** The signed-in member's row (gone since the session was checked: 404). */
export async function currentMember(db: Db, principal: StaffPrincipal): Promise<StaffRow> {
  const member = await findStaffById(db, principal.shopId, principal.staffId)
  if (!member) throw notFound('staff.not_found', 'This staff member does not exist.')
  return member
}

export async function getMe(db: Db, principal: StaffPrincipal, now: Date): Promise<Me> {
  return meOf(db, await currentMember(db, principal), principal.expiresAt, now)
}

/** Changes one's own name (trimmed, not empty), preferred language and e-mail notifications (new bookings, new requests). */
export async function updateMe(db: Db, principal: StaffPrincipal, input: ProfileInput, now: Date): Promise<Me> {
  const name = input.name?.trim()
  if (input.name !== undefined && !name) throw invalidFields({ name: { code: 'required' } })
  const changes = {
    ...(name ? { name } : {}),
    ...(input.locale ? { locale: input.locale } : {}),
    ...(typeof input.notifyBookings === 'boolean' ? { notifyBookings: input.notifyBookings } : {}),
    ...(typeof input.notifyRequests === 'boolean' ? { notifyRequests: input.notifyRequests } : {}),
  }
  const [member] = await db
    .update(staff)
    .set({ ...changes, version: sql`${staff.version} + 1`, updatedAt: now })
    .where(and(eq(staff.shopId, principal.shopId), eq(staff.id, principal.staffId)))
    .returning()
  if (!member) throw notFound('staff.not_found', 'This staff member does not exist.')
  await recordStaffEvent(db, { shopId: principal.shopId, staffId: member.id, actorId: member.id, action: 'profile_changed', details: changes, at: now })
  return meOf(db, member, principal.expiresAt, now)
}

export type PasswordChange = { currentPassword: string; password: string; passwordConfirmation: string }

/**
 * Changes one's own password: the current one must match (400 `currentPassword`
 * `password.wrong`, counted by the sign-in throttle), the new one must follow the rules; every
 * other session of the member ends.
 */
export async function changePassword(db: Db, principal: StaffPrincipal, input: PasswordChange & { address: string }, now: Date) {
  const member = await currentMember(db, principal)
  const ok = await checkPassword(db, { shopId: principal.shopId, email: member.email, address: input.address, password: input.currentPassword, member, now })
  const errors: FieldErrors = { ...(ok ? {} : { currentPassword: { code: 'password.wrong' } }), ...passwordErrors(input.password, input.passwordConfirmation) }
  if (Object.keys(errors).length) throw invalidFields(errors)
  await db
    .update(staff)
    .set({ passwordHash: await hashPassword(input.password), version: sql`${staff.version} + 1`, updatedAt: now })
    .where(eq(staff.id, member.id))
  await endStaffSessions(db, member.id, { except: principal.sessionIdHash })
  await clearFailures(db, principal.shopId, throttleKeys(member.email, input.address).account)
  await recordStaffEvent(db, { shopId: principal.shopId, staffId: member.id, actorId: member.id, action: 'password_changed', at: now })
}
