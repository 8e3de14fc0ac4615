/**
 * The staff's actions on one booking that reach the visitor: a fresh payment link, the
 * confirmation again, and cancelling it. Each e-mail is in the language the visitor booked in
 * and is written in the transaction that records the action in the booking's history.
 * Repeating a request with the same idempotency key is answered by the API layer (one e-mail).
 */
import { and, eq, gt, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import { bookings, paymentLinks } from '~/server/db/schema'
import { bookingLocale, paymentDeadlineFor, paymentFieldsOf, toBookingView, wantsPaymentLink, type BookingRow } from '~/server/domain/bookings'
import { conflict, invalidFields } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import { createPaymentLink, paymentLinkUrl } from '~/server/domain/payments'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { cancelBooking } from '~/server/domain/unpaid'
import { enqueueMail } from '~/server/mail/outbox'
import type { PaymentProviders } from '~/server/payments/provider'
import type { Tx } from '~/server/db/client'
import { bookingVersionConflict, findBooking, lockBooking, STANDING, textProblem, toStaffBooking, type BookingScope, type StaffBooking } from './detail'

export type StaffCancelInput = components['schemas']['StaffCancelInput']
/** What sending e-mails needs besides the scope: the shop's canonical origin for links. */
export type MailScope = BookingScope & { origin: string }

/**
 * Queues the booking's confirmation (an accepted request: its acceptance, with the staff's
 * reply) to the visitor, with the payment link if one is given.
 */
async function enqueueConfirmation(tx: Tx, scope: MailScope, row: BookingRow, link: { token: string; expiresAt: Date } | null) {
  const locale = bookingLocale(row)
  const booking = await toBookingView({ db: tx, shop: scope.shop, locale, now: scope.now }, tx, row)
  const payment = link
    ? {
        paymentUrl: paymentLinkUrl(scope.origin, locale, link.token),
        paymentLinkExpiresAt: link.expiresAt.toISOString(),
      }
    : {}
  const mail = { booking, locale, to: row.person.email, ...payment }
  if (row.mode === 'request')
    await enqueueMail(tx, scope.shop.id, 'request.accepted', {
      ...mail,
      ...(row.reply ? { reply: row.reply } : {}),
    })
  else await enqueueMail(tx, scope.shop.id, 'booking.confirmation', mail)
}

/**
 * A fresh payment link for the open amount (the booking's live links expire), e-mailed to the
 * visitor. Only when the open amount can be paid online. A booking that must be paid now gets
 * a new payment deadline with it (else the expiry worker would cancel it under the visitor).
 */
export async function resendPaymentLink(scope: MailScope, actor: StaffPrincipal, code: string): Promise<StaffBooking> {
  const found = await findBooking(scope.db, actor.shopId, code)
  return scope.db.transaction(async (tx) => {
    const row = await lockBooking(tx, found.id)
    if (!wantsPaymentLink(scope.shop, row)) {
      throw conflict('booking.not_payable_online', 'Nothing of this booking can be paid online.', { status: row.status })
    }
    await tx
      .update(paymentLinks)
      .set({ expiresAt: scope.now })
      .where(and(eq(paymentLinks.bookingId, row.id), gt(paymentLinks.expiresAt, scope.now)))
    const deadline = row.paymentDeadline ? paymentDeadlineFor(scope.shop, row.paymentMethod, scope.now) : null
    const [saved] = await tx
      .update(bookings)
      .set({
        version: sql`${bookings.version} + 1`,
        ...(deadline ? { paymentDeadline: deadline } : {}),
      })
      .where(eq(bookings.id, row.id))
      .returning()
    const link = await createPaymentLink(tx, scope.shop, row.id, scope.now, deadline)
    await enqueueConfirmation(tx, scope, saved!, link)
    await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'booking',
      subjectId: row.id,
      actorId: actor.staffId,
      action: 'payment_link_sent',
      changes: [
        { field: 'email', after: row.person.email },
        { field: 'paymentLink.expiresAt', after: link.expiresAt.toISOString() },
        ...(deadline
          ? [
              {
                field: 'paymentDeadline',
                before: row.paymentDeadline?.toISOString(),
                after: deadline.toISOString(),
              },
            ]
          : []),
      ],
      at: scope.now,
    })
    return toStaffBooking(scope, saved!, tx)
  })
}

/** The confirmation again (with the live payment link, if any), for a booking that stands. */
export async function resendConfirmation(scope: MailScope, actor: StaffPrincipal, code: string): Promise<StaffBooking> {
  const found = await findBooking(scope.db, actor.shopId, code)
  return scope.db.transaction(async (tx) => {
    const row = await lockBooking(tx, found.id)
    if (!STANDING.includes(row.status)) {
      throw conflict('booking.not_confirmed', 'Only a confirmed booking has a confirmation.', { status: row.status })
    }
    const { paymentLink } = await paymentFieldsOf(tx, scope.shop, row, scope.now)
    await enqueueConfirmation(
      tx,
      scope,
      row,
      paymentLink
        ? {
            token: paymentLink.token,
            expiresAt: new Date(paymentLink.expiresAt),
          }
        : null,
    )
    await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'booking',
      subjectId: row.id,
      actorId: actor.staffId,
      action: 'confirmation_sent',
      changes: [{ field: 'email', after: row.person.email }],
      at: scope.now,
    })
    return toStaffBooking(scope, row, tx)
  })
}

/**
 * Cancels a booking as the staff do (see `cancelBooking`): places released, payment links
 * closed, what was paid online refunded through its provider, the visitor e-mailed in their
 * language. Idempotent: a cancelled booking is answered as it is. Of two parallel cancellations
 * one cancels (one e-mail, one refund per payment).
 */
export async function cancelStaffBooking(
  scope: MailScope & { payments?: PaymentProviders },
  actor: StaffPrincipal,
  code: string,
  input: StaffCancelInput,
): Promise<StaffBooking> {
  const row = await findBooking(scope.db, actor.shopId, code)
  if (row.status === 'CANCELLED') return toStaffBooking(scope, row)
  if (row.version !== input.version) throw bookingVersionConflict(row.version)
  const message = input.message?.trim() || undefined
  const problem = message ? textProblem(message, true) : null
  if (problem) throw invalidFields({ message: problem })
  await cancelBooking(scope, code, {
    ...(message ? { message } : {}),
    providers: scope.payments,
    actorId: actor.staffId,
    refundPaid: true,
  })
  // `cancelBooking` records the cancellation (with the actor, message and refunds) in the history;
  // here the version moves on, once: a parallel cancel of the same version finds it moved.
  const [saved] = await scope.db
    .update(bookings)
    .set({ version: sql`${bookings.version} + 1` })
    .where(and(eq(bookings.id, row.id), eq(bookings.version, input.version), eq(bookings.status, 'CANCELLED')))
    .returning()
  return toStaffBooking(scope, saved ?? (await findBooking(scope.db, actor.shopId, code)))
}
