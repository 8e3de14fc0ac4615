/**
 * Changing one's e-mail address or phone number: a 6-digit code goes to the NEW address (mail
 * or text message, through the outbox, so it leaves only if the request commits); the change
 * applies only with that code, within 15 minutes and 5 tries. At most 5 codes per member and
 * hour (429). The code is stored as SHA-256 of `{staffId}|{channel}|{code}`.
 */
import { createHash, randomInt } from 'node:crypto'
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import { isValidEmail, normalisePhone } from '~/lib/checkout-validation'
import type { Db } from '~/server/db/client'
import { staff, staffContactChanges } from '~/server/db/schema'
import { enqueueStaffMessage } from '~/server/mail/outbox'
import { conflict, DomainError, invalidField, invalidFields } from '../errors'
import { normaliseEmail, recordStaffEvent, type StaffRow } from './accounts'
import { currentMember } from './profile'
import { eventsInLastHour, HOUR_MS, isUniqueViolation } from './recent'
import type { StaffPrincipal } from './sessions'

export type ContactChannel = components['schemas']['ContactChannel']
export type PendingContactChange = components['schemas']['PendingContactChange']

export const CODE_LIFETIME_MS = 15 * 60_000
export const CODE_TRIES = 5
export const CODES_PER_HOUR = 5
const CODE_SENT = 'contact_code_sent'

export const CODE_INVALID_MESSAGE = 'The code is invalid or has expired. Request a new code.'
const codeInvalid = () => invalidFields({ code: { code: 'code.invalid' } }, CODE_INVALID_MESSAGE)
export const emailTaken = () => conflict('staff.email_taken', 'Another staff member of this shop has this e-mail address.')

const codeHash = (staffId: string, channel: ContactChannel, code: string) => createHash('sha256').update(`${staffId}|${channel}|${code}`).digest('hex')

/** The address as stored (e-mail lower case, phone E.164 read as Swiss without a country code), or a field error. */
export function contactValue(channel: ContactChannel, value: string, field = 'value'): string {
  if (channel === 'email') {
    if (!isValidEmail(value)) throw invalidField(field, 'email.invalid', 'Please enter a valid e-mail address.')
    return normaliseEmail(value)
  }
  const phone = normalisePhone(value)
  if (!phone) throw invalidField(field, 'phone.invalid', 'Phone number invalid.')
  return phone
}

/** Whether another member of the shop has the address. */
export async function emailTakenBy(db: Db, shopId: string, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.shopId, shopId), eq(staff.email, email), ...(exceptId ? [ne(staff.id, exceptId)] : [])))
  return Boolean(row)
}

/** Sends a code to the new address; a new request replaces the pending one of the channel. */
export async function requestContactChange(
  db: Db,
  principal: StaffPrincipal,
  input: { channel: ContactChannel; value: string },
  now: Date,
): Promise<PendingContactChange> {
  const value = contactValue(input.channel, input.value)
  const member = await currentMember(db, principal)
  if (input.channel === 'email' && (await emailTakenBy(db, principal.shopId, value, member.id))) throw emailTaken()
  const sent = await eventsInLastHour(db, member.id, CODE_SENT, now)
  if (sent >= CODES_PER_HOUR) {
    throw new DomainError('throttled', 'code.throttled', 'Too many codes were requested. Please try again later.', { retryAfterSeconds: HOUR_MS / 1000 })
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS)
  await db.transaction(async (tx) => {
    const change = { shopId: principal.shopId, value, codeHash: codeHash(member.id, input.channel, code), tries: 0, createdAt: now, expiresAt }
    await tx
      .insert(staffContactChanges)
      .values({ staffId: member.id, channel: input.channel, ...change })
      .onConflictDoUpdate({ target: [staffContactChanges.staffId, staffContactChanges.channel], set: change })
    if (input.channel === 'email') {
      await enqueueStaffMessage(tx, principal.shopId, 'staff_contact_code', { to: value, locale: member.locale, name: member.name, code })
    } else {
      await enqueueStaffMessage(tx, principal.shopId, 'staff_contact_code_sms', { to: value, locale: member.locale, code })
    }
    await recordStaffEvent(tx, { shopId: principal.shopId, staffId: member.id, actorId: member.id, action: CODE_SENT, details: { channel: input.channel }, at: now })
  })
  return { channel: input.channel, value, expiresAt: expiresAt.toISOString() }
}

/**
 * Applies a pending change with its code. Every attempt uses up one try (an atomic update, so
 * parallel guesses cannot exceed 5); a wrong, expired or exhausted code is 400 `code.invalid`.
 */
export async function confirmContactChange(db: Db, principal: StaffPrincipal, input: { channel: ContactChannel; code: string }, now: Date): Promise<StaffRow> {
  const pending = and(
    eq(staffContactChanges.staffId, principal.staffId),
    eq(staffContactChanges.shopId, principal.shopId),
    eq(staffContactChanges.channel, input.channel),
  )
  const [attempt] = await db
    .update(staffContactChanges)
    .set({ tries: sql`${staffContactChanges.tries} + 1` })
    .where(and(pending, lt(staffContactChanges.tries, CODE_TRIES), gt(staffContactChanges.expiresAt, now)))
    .returning()
  if (!attempt || attempt.codeHash !== codeHash(principal.staffId, input.channel, input.code)) throw codeInvalid()
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.delete(staffContactChanges).where(and(pending, eq(staffContactChanges.codeHash, attempt.codeHash))).returning()
      if (!taken) throw codeInvalid()
      if (input.channel === 'email' && (await emailTakenBy(tx, principal.shopId, taken.value, principal.staffId))) throw emailTaken()
      const [member] = await tx
        .update(staff)
        .set({ ...(input.channel === 'email' ? { email: taken.value } : { phone: taken.value }), version: sql`${staff.version} + 1`, updatedAt: now })
        .where(and(eq(staff.shopId, principal.shopId), eq(staff.id, principal.staffId)))
        .returning()
      if (!member) throw codeInvalid()
      await recordStaffEvent(tx, {
        shopId: principal.shopId,
        staffId: member.id,
        actorId: member.id,
        action: input.channel === 'email' ? 'email_changed' : 'phone_changed',
        details: { value: taken.value },
        at: now,
      })
      return member
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}
