/**
 * Single-use links of staff members: an invitation (valid 7 days) and a password reset (valid
 * 1 hour). The token is 256 random bits (base64url, the contract's `LinkToken`); only its
 * SHA-256 is stored. A new link of a purpose voids the member's older unused ones of it.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Locale } from '~/lib/locale'
import type { Db } from '~/server/db/client'
import { staff, staffLinks } from '~/server/db/schema'
import { invalidFields, notFound } from '../errors'
import { enqueueStaffMessage } from '~/server/mail/outbox'
import { findStaffByEmail, recordStaffEvent, type StaffRow } from './accounts'
import { hashPassword, passwordErrors } from './passwords'
import { eventsInLastHour } from './recent'
import { endStaffSessions } from './sessions'

export type LinkPurpose = 'invitation' | 'reset'
export type LinkView = components['schemas']['LinkView']

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = { invitation: 7 * 24 * 60 * 60_000, reset: 60 * 60_000 }
const TOKEN = /^[A-Za-z0-9_-]{22,64}$/

export const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** The one answer for a link that cannot be used (unknown, used, expired, another shop's, an inactive member's). */
export const linkInvalid = () => notFound('link.invalid', 'The link has expired or is invalid. Request a new link.')

/** The page where a link is used (the staff app's route). */
export const linkUrl = (origin: string, locale: Locale, token: string) => `${origin}/${locale}/admin/password/${token}`

/** A new link for a member; older unused links of the same purpose stop working. */
export async function createStaffLink(db: Db, input: { shopId: string; staffId: string; purpose: LinkPurpose; now: Date }) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(input.now.getTime() + LINK_LIFETIME_MS[input.purpose])
  await db
    .update(staffLinks)
    .set({ usedAt: input.now })
    .where(and(eq(staffLinks.staffId, input.staffId), eq(staffLinks.purpose, input.purpose), isNull(staffLinks.usedAt)))
  await db.insert(staffLinks).values({
    tokenHash: linkTokenHash(token),
    shopId: input.shopId,
    staffId: input.staffId,
    purpose: input.purpose,
    createdAt: input.now,
    expiresAt,
  })
  return { token, expiresAt }
}

/** A usable link of this shop and its member, or null. */
async function usableLink(db: Db, shopId: string, token: string, now: Date) {
  if (!TOKEN.test(token)) return null
  const [row] = await db
    .select({ link: staffLinks, member: staff })
    .from(staffLinks)
    .innerJoin(staff, eq(staff.id, staffLinks.staffId))
    .where(and(eq(staffLinks.tokenHash, linkTokenHash(token)), eq(staffLinks.shopId, shopId), eq(staff.shopId, shopId)))
  if (!row || row.link.usedAt || row.link.expiresAt.getTime() <= now.getTime() || !row.member.active) return null
  return row
}

/** What a link is for (reading does not use it up); 404 `link.invalid` otherwise. */
export async function viewLink(db: Db, shopId: string, token: string, now: Date): Promise<LinkView> {
  const row = await usableLink(db, shopId, token, now)
  if (!row) throw linkInvalid()
  return { purpose: row.link.purpose, email: row.member.email, name: row.member.name, expiresAt: row.link.expiresAt.toISOString() }
}

/**
 * Sets a member's password with a link, once: the link is taken by one conditional update in
 * the transaction (of two parallel uses only one finds it unused), the password hash is
 * written, an invited member becomes active, and all the member's sessions end. The caller
 * signs the member in afterwards.
 */
export async function usePasswordLink(db: Db, shopId: string, token: string, password: string, confirmation: string, now: Date): Promise<StaffRow> {
  if (!(await usableLink(db, shopId, token, now))) throw linkInvalid()
  const errors = passwordErrors(password, confirmation)
  if (Object.keys(errors).length) throw invalidFields(errors)
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(staffLinks)
      .set({ usedAt: now })
      .where(and(eq(staffLinks.tokenHash, linkTokenHash(token)), eq(staffLinks.shopId, shopId), isNull(staffLinks.usedAt), gt(staffLinks.expiresAt, now)))
      .returning()
    if (!link) throw linkInvalid()
    const [member] = await tx
      .update(staff)
      .set({ passwordHash, version: sql`${staff.version} + 1`, updatedAt: now })
      .where(and(eq(staff.shopId, shopId), eq(staff.id, link.staffId), eq(staff.active, true)))
      .returning()
    if (!member) throw linkInvalid()
    await endStaffSessions(tx, member.id)
    await recordStaffEvent(tx, {
      shopId,
      staffId: member.id,
      actorId: member.id,
      action: link.purpose === 'invitation' ? 'invitation_accepted' : 'password_reset',
      at: now,
    })
    return member
  })
}

/** Reset mails per member and hour; more requests are answered alike but send nothing. */
export const RESETS_PER_HOUR = 5

/**
 * "Forgot password": a reset link by mail, only to an active member of this shop who has a
 * password, in their language. The caller answers the same whatever happened.
 */
export async function requestPasswordReset(db: Db, shopId: string, email: string, context: { origin: string; now: Date }): Promise<void> {
  const member = await findStaffByEmail(db, shopId, email)
  if (!member || !member.active || !member.passwordHash) return
  if ((await eventsInLastHour(db, member.id, 'reset_requested', context.now)) >= RESETS_PER_HOUR) return
  await db.transaction(async (tx) => {
    const link = await createStaffLink(tx, { shopId, staffId: member.id, purpose: 'reset', now: context.now })
    await enqueueStaffMessage(tx, shopId, 'staff_password_reset', {
      to: member.email,
      locale: member.locale,
      name: member.name,
      url: linkUrl(context.origin, member.locale, link.token),
      expiresAt: link.expiresAt.toISOString(),
    })
    await recordStaffEvent(tx, { shopId, staffId: member.id, actorId: null, action: 'reset_requested', at: context.now })
  })
}
