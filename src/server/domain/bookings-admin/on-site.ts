/**
 * Money the staff received on site (cash, card, transfer, other): a payment of provider
 * `on_site`, source `staff`, succeeded at once, recorded by the staff member. Never more than the
 * open amount: the booking row is locked while it is checked and lowered, so parallel
 * recordings queue up and the second sees what the first left open.
 */
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import { bookings, payments } from '~/server/db/schema'
import { conflict, invalidField, invalidFields } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import { ON_SITE_PROVIDER } from '~/server/domain/refunds/create'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { bookingVersionConflict, findBooking, lockBooking, textProblem, toStaffBooking, type BookingScope, type StaffBooking } from './detail'

export type OnSitePaymentInput = components['schemas']['OnSitePaymentInput']
export { ON_SITE_PROVIDER }

export async function recordOnSitePayment(scope: BookingScope, actor: StaffPrincipal, code: string, input: OnSitePaymentInput): Promise<StaffBooking> {
  const found = await findBooking(scope.db, actor.shopId, code)
  return scope.db.transaction(async (tx) => {
    const row = await lockBooking(tx, found.id)
    if (row.version !== input.version) throw bookingVersionConflict(row.version)
    if (row.status !== 'CONFIRMED' && row.status !== 'ACCEPTED' && row.status !== 'PAID') {
      throw conflict('booking.not_payable', 'Only a confirmed booking can be paid.', { status: row.status })
    }
    if (input.amount > row.openAmount) {
      throw invalidField('amount', 'amount.above_open', 'The amount is more than what is open.', { open: row.openAmount, currency: row.currency })
    }
    const id = randomBytes(16).toString('base64url')
    const note = input.note?.trim() || null
    const problem = note ? textProblem(note) : null
    if (problem) throw invalidFields({ note: problem })
    await tx.insert(payments).values({
      id,
      shopId: actor.shopId,
      bookingId: row.id,
      provider: ON_SITE_PROVIDER,
      amount: input.amount,
      currency: row.currency,
      status: 'succeeded',
      source: 'staff',
      method: input.method,
      recordedBy: actor.staffId,
      note,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    const openAmount = row.openAmount - input.amount
    const status = openAmount === 0 && row.status !== 'PAID' ? ('PAID' as const) : row.status
    const [saved] = await tx
      .update(bookings)
      .set({ openAmount, status, version: sql`${bookings.version} + 1` })
      .where(eq(bookings.id, row.id))
      .returning()
    await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'booking',
      subjectId: row.id,
      actorId: actor.staffId,
      action: 'payment_recorded',
      changes: [
        {
          field: 'payment',
          after: {
            amount: input.amount,
            currency: row.currency,
            method: input.method,
            ...(note ? { note } : {}),
          },
        },
        { field: 'openAmount', before: row.openAmount, after: openAmount },
        ...(status !== row.status ? [{ field: 'status', before: row.status, after: status }] : []),
      ],
      at: scope.now,
    })
    return toStaffBooking(scope, saved!, tx)
  })
}
