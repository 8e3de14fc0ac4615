/**
 * The staff correct the participants' names of a booking (their number and extras stay): every
 * item with participants is sent with as many names, checked as the checkout checks them.
 * The history lists each changed name before and after.
 */
import { eq, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import { validateParticipants, type FieldErrors } from '~/lib/checkout-validation'
import { bookingItems, bookings, type ChangeLogEntry } from '~/server/db/schema'
import { conflict, invalidFields } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { bookingVersionConflict, findBooking, lockBooking, textProblem, toStaffBooking, type BookingScope, type StaffBooking } from './detail'

export type ParticipantsInput = components['schemas']['ParticipantsInput']

const fullName = (p: { firstname: string; surname: string }) => `${p.firstname} ${p.surname}`.trim()

export async function updateParticipants(scope: BookingScope, actor: StaffPrincipal, code: string, input: ParticipantsInput): Promise<StaffBooking> {
  const found = await findBooking(scope.db, actor.shopId, code)
  return scope.db.transaction(async (tx) => {
    const row = await lockBooking(tx, found.id)
    if (row.version !== input.version) throw bookingVersionConflict(row.version)
    if (row.status === 'CANCELLED' || row.status === 'DECLINED') {
      throw conflict('booking.not_editable', 'A cancelled or declined booking can no longer be changed.', { status: row.status })
    }
    const items = (await tx.select().from(bookingItems).where(eq(bookingItems.bookingId, row.id))).sort((a, b) => a.position - b.position)
    const errors: FieldErrors = {}
    const sent = new Map<string, ParticipantsInput['items'][number]>()
    input.items.forEach((entry, index) => {
      if (!items.some((i) => i.id === entry.itemId) || sent.has(entry.itemId)) errors[`items.${index}.itemId`] = { code: 'invalid' }
      else sent.set(entry.itemId, entry)
    })
    const withNames = items.filter((i) => i.participants.length > 0)
    for (const item of withNames) if (!sent.has(item.id)) errors[`items.${item.id}.participants`] = { code: 'required' }
    // The checkout's rules: as many names as participants, each first name and surname present, short, on one line.
    Object.assign(
      errors,
      validateParticipants(
        withNames
          .filter((i) => sent.has(i.id))
          .map((item) => ({
            itemId: item.id,
            expected: item.participants.length,
            extras: item.participants.flatMap((p) => p.extras),
            participants: sent.get(item.id)!.participants.map((p, n) => ({
              firstname: p.firstname,
              surname: p.surname,
              extras: item.participants[n]?.extras ?? [],
            })),
          })),
      ),
    )
    for (const [itemId, entry] of sent) {
      entry.participants.forEach((p, n) => {
        for (const field of ['firstname', 'surname'] as const) {
          const path = `items.${itemId}.participants.${n}.${field}`
          const problem = errors[path] ? null : textProblem(p[field])
          if (problem) errors[path] = problem
        }
      })
    }
    if (Object.keys(errors).length > 0) throw invalidFields(errors)

    const changes: ChangeLogEntry[] = []
    for (const item of withNames) {
      const names = sent.get(item.id)!.participants
      const next = item.participants.map((p, n) => ({
        ...p,
        firstname: names[n]!.firstname.trim(),
        surname: names[n]!.surname.trim(),
      }))
      next.forEach((p, n) => {
        const before = fullName(item.participants[n]!)
        if (before !== fullName(p) || item.participants[n]!.firstname !== p.firstname) {
          changes.push({
            field: `items.${item.position + 1}.participants.${n + 1}`,
            before,
            after: fullName(p),
          })
        }
      })
      await tx.update(bookingItems).set({ participants: next }).where(eq(bookingItems.id, item.id))
    }
    if (changes.length === 0) return toStaffBooking(scope, row, tx)
    const [saved] = await tx
      .update(bookings)
      .set({ version: sql`${bookings.version} + 1` })
      .where(eq(bookings.id, row.id))
      .returning()
    await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'booking',
      subjectId: row.id,
      actorId: actor.staffId,
      action: 'participants_changed',
      changes,
      at: scope.now,
    })
    return toStaffBooking(scope, saved!, tx)
  })
}
