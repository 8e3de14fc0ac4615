/**
 * Unpaid bookings release their places (ADR 016).
 *
 * - A booking that must be paid online (pay now) gets a payment deadline when it is made (or,
 *   for a request, when it is accepted). Still unpaid after it, the expiry worker cancels it: the
 *   places go back on sale, its payment links and unfinished payments become unusable, and the
 *   visitor gets an e-mail in the language they booked in.
 * - Grace: while an attempt is pending at the provider (the visitor is on its page), the booking
 *   waits up to `PAYMENT_GRACE_MINUTES` longer; then the provider session is cancelled first, and a
 *   session the provider reports as paid keeps the booking (its webhook settles it).
 * - Exactly once across processes: the cancellation is a conditional UPDATE (still confirmed or
 *   accepted, nothing paid) in the transaction that releases the places and writes the
 *   e-mail; a second process finds no row to update and does nothing.
 * - The staff may cancel a booking that has no received payment (pay later, on site, accepted
 *   requests, unpaid pay-now). One with a received payment is cancelled only when the caller
 *   asks for its refund (`refundPaid`, ADR 029): the cancelling transaction creates one pending
 *   refund per succeeded payment, and after commit the provider is asked to pay them back.
 * - Every cancellation is recorded in the booking's history (who: the staff member, or nobody
 *   for the payment deadline).
 */
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { Database, Db, Tx } from '~/server/db/client'
import { bookingItems, bookings, paymentLinks, payments, sessions } from '~/server/db/schema'
import { recordChange } from '~/server/domain/history/change-log'
import { createRefundsInTransaction, retryUnsentRefunds, sendPendingRefunds, type RefundReason } from '~/server/domain/refunds'
import type { Env } from '~/server/env'
import { enqueueMail } from '~/server/mail/outbox'
import { providerRegistry, type PaymentProvider, type PaymentProviders } from '~/server/payments/provider'
import { bookingLocale, isBookingCode, toBookingView, toBookingViewInItsLocale, type Booking, type BookingRow } from './bookings'
import { conflict, notFound, paymentInProgress } from './errors'
import type { CatalogueContext } from './offers/catalogue'
import { ShopDirectory, type Shop } from './shops'

// Kept here for their callers: payment deadlines are part of the booking read model (./bookings).
export { DEFAULT_PAY_NOW_MINUTES, paymentDeadlineFor } from './bookings'

export type CancelReason = NonNullable<BookingRow['cancelReason']>

/** How much longer a booking waits while one of its payments is in progress at the provider. */
export const PAYMENT_GRACE_MINUTES = 15

/**
 * Cancels a booking in the caller's transaction, once: answers null when it is no longer
 * cancellable (cancelled, paid or answered meanwhile by another process). Releases the places of
 * its sessions (a private service's start time is free again as soon as the booking is
 * cancelled), closes its payment links and pending attempts, and queues the visitor's e-mail.
 */
async function cancelInTransaction(
  tx: Tx,
  shop: Shop,
  bookingId: string,
  reason: CancelReason,
  now: Date,
  options: {
    from: BookingRow['status'][]
    unpaidOnly: boolean
    message?: string | null
    /** Pay back what was received: a pending refund per succeeded payment, at most `limit` in total (ADR 029). */
    refund?: { reason: RefundReason; limit?: number }
    /** The staff member who cancels (null: the system). */
    actorId?: string | null
  },
): Promise<BookingRow | null> {
  // Lock order as in applyPaymentEvent (payments, then the booking), so the two never deadlock.
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, bookingId)).for('update')
  const [before] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId))
  const [cancelled] = await tx
    .update(bookings)
    .set({ status: 'CANCELLED', cancelledAt: now, cancelReason: reason })
    .where(
      and(
        eq(bookings.id, bookingId),
        inArray(bookings.status, options.from),
        options.unpaidOnly ? sql`${bookings.openAmount} > 0 and ${bookings.openAmount} >= ${bookings.totalAmount}` : undefined,
      ),
    )
    .returning()
  if (!cancelled) return null
  const items = await tx.select().from(bookingItems).where(eq(bookingItems.bookingId, bookingId)).orderBy(asc(bookingItems.sessionId))
  for (const item of items) {
    if (!item.sessionId) continue
    await tx
      .update(sessions)
      .set({ placesTaken: sql`greatest(0, ${sessions.placesTaken} - ${item.places})` })
      .where(eq(sessions.id, item.sessionId))
  }
  await tx.update(paymentLinks).set({ expiresAt: now }).where(and(eq(paymentLinks.bookingId, bookingId), gt(paymentLinks.expiresAt, now)))
  await tx.update(payments).set({ status: 'cancelled', updatedAt: now }).where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending')))
  // What was paid goes back: a pending refund per payment (its payment flagged `refund_due`), sent
  // to the provider after commit; the e-mail says so.
  const refunded = options.refund
    ? await createRefundsInTransaction(tx, {
        shopId: shop.id,
        bookingId,
        reason: options.refund.reason,
        actorId: options.actorId ?? null,
        now,
        ...(options.refund.limit !== undefined ? { limit: options.refund.limit } : {}),
      })
    : []
  const refund = refunded.reduce((sum, r) => sum + r.amount, 0)
  await recordChange(tx, {
    shopId: shop.id,
    subject: 'booking',
    subjectId: bookingId,
    actorId: options.actorId ?? null,
    action: 'cancelled',
    changes: [
      { field: 'status', before: before?.status, after: 'CANCELLED' },
      { field: 'cancelReason', after: reason },
      ...(options.message ? [{ field: 'message', after: options.message }] : []),
      ...(refund > 0 ? [{ field: 'refund', after: { amount: refund, currency: cancelled.currency, refunds: refunded.map((r) => r.id) } }] : []),
    ],
    at: now,
  })
  const locale = bookingLocale(cancelled)
  const view = await toBookingView({ db: tx, shop, locale, now }, tx, cancelled)
  await enqueueMail(tx, shop.id, 'booking.cancelled', {
    booking: view,
    locale,
    to: cancelled.person.email,
    reason,
    ...(options.message ? { reply: options.message } : {}),
    ...(refund > 0 ? { refund: { amount: refund, currency: cancelled.currency } } : {}),
  })
  return cancelled
}

/**
 * Closes the booking's unfinished attempts at their providers (outside any transaction: a
 * provider is a network call). Answers false when one of them was paid meanwhile.
 */
async function closeProviderSessions(db: Db, providers: PaymentProviders | undefined, bookingId: string) {
  const open = await db.select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending')))
  for (const attempt of open) {
    const provider = providers?.get(attempt.provider)
    if (!attempt.providerRef || !provider) continue
    if ((await provider.cancelSession(attempt.providerRef)) === 'completed') return false
  }
  return true
}

export type ExpiryDeps = {
  db: Db
  /** The shop of a booking (its settings, texts and e-mail). */
  loadShop: (shopId: string) => Promise<Shop | null>
  /** To cancel unfinished provider sessions; without it, a pending attempt only delays. */
  providers?: PaymentProviders
  now?: () => Date
  /** Bookings looked at per run (default 50). */
  batch?: number
}

/**
 * Cancels the bookings whose payment deadline has passed unpaid. Safe to run in several
 * processes at once: each booking is cancelled (and its e-mail written) by exactly one of them.
 * Answers the codes it cancelled.
 */
export async function expireUnpaidBookings(deps: ExpiryDeps): Promise<string[]> {
  const now = deps.now?.() ?? new Date()
  const due = await deps.db
    .select({ id: bookings.id, shopId: bookings.shopId, paymentDeadline: bookings.paymentDeadline })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, ['CONFIRMED', 'ACCEPTED']),
        isNotNull(bookings.paymentDeadline),
        lte(bookings.paymentDeadline, now),
        sql`${bookings.openAmount} > 0 and ${bookings.openAmount} >= ${bookings.totalAmount}`, // nothing paid yet
      ),
    )
    .orderBy(asc(bookings.paymentDeadline))
    .limit(deps.batch ?? 50)
  const done: string[] = []
  for (const candidate of due) {
    try {
      const [pending] = await deps.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.bookingId, candidate.id), eq(payments.status, 'pending')))
        .limit(1)
      if (pending && now.getTime() < candidate.paymentDeadline!.getTime() + PAYMENT_GRACE_MINUTES * 60_000) continue
      if (!(await closeProviderSessions(deps.db, deps.providers, candidate.id))) continue // paid: its webhook settles it
      const shop = await deps.loadShop(candidate.shopId)
      if (!shop) continue
      const cancelled = await deps.db.transaction((tx) =>
        cancelInTransaction(tx, shop, candidate.id, 'payment_deadline', now, { from: ['CONFIRMED', 'ACCEPTED'], unpaidOnly: true }),
      )
      if (cancelled) done.push(cancelled.code)
    } catch (error) {
      console.error(`[bookings] could not expire booking ${candidate.id}`, error)
    }
  }
  return done
}

export type ExpiryWorker = { stop(): Promise<void>; runOnce(): Promise<string[]> }

/** Runs `expireUnpaidBookings` every `intervalMs` (default 30 s) in the background. */
export function startExpiryWorker(deps: ExpiryDeps & { intervalMs?: number }): ExpiryWorker {
  const intervalMs = deps.intervalMs ?? 30_000
  let running: Promise<string[]> | null = null
  let stopped = false
  const runOnce = () => {
    running ??= expireUnpaidBookings(deps)
      .then(async (codes) => {
        if (codes.length) console.log(`[bookings] cancelled unpaid after their payment deadline: ${codes.join(', ')}`)
        // Refunds a provider could not take when they were decided are sent again here (ADR 029).
        const resent = await retryUnsentRefunds({ db: deps.db, providers: deps.providers, now: deps.now }).catch((error) => {
          console.error('[refunds] background retry failed', error)
          return null
        })
        if (resent?.sent) console.log(`[refunds] sent ${resent.sent} refund(s) again`)
        return codes
      })
      .catch((error) => {
        console.error('[bookings] expiry run failed', error)
        return []
      })
      .finally(() => (running = null))
    return running
  }
  const timer = setInterval(() => {
    if (!stopped) void runOnce()
  }, intervalMs)
  timer.unref()
  return {
    runOnce,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}

/**
 * The expiry worker of a server process (every process runs one, like the mail worker). The
 * providers are the API handler's (the built-in sandbox), to close unfinished payment sessions.
 */
export function startUnpaidBookingsWorker(
  database: Database,
  env: Pick<Env, 'HOSTED_DOMAIN' | 'DEFAULT_TENANT' | 'BOOKING_EXPIRY_INTERVAL_SECONDS'>,
  api: { sandbox?: PaymentProvider },
): ExpiryWorker {
  const shops = new ShopDirectory(database.db, { hostedDomain: env.HOSTED_DOMAIN, defaultShop: env.DEFAULT_TENANT })
  return startExpiryWorker({
    db: database.db,
    loadShop: (id) => shops.loadById(id),
    providers: api.sandbox ? providerRegistry([api.sandbox], api.sandbox.id) : undefined,
    intervalMs: env.BOOKING_EXPIRY_INTERVAL_SECONDS * 1000,
  })
}

export type CancelBookingOptions = {
  /** The staff's message to the visitor (in the e-mail and the history). */
  message?: string
  /** To close unfinished payment sessions and to send the refunds. */
  providers?: PaymentProviders
  /** Cancel a paid booking too and pay back what was received (ADR 029); without it such a booking is refused. */
  refundPaid?: boolean
  /** Why the refunds are made: the staff cancelled the booking (default), its date, or the visitor cancelled. */
  refundReason?: RefundReason
  /** At most this much is refunded in total (a cancellation fee is kept); default: everything refundable. */
  refundAmount?: number
  /** The booking's cancel reason (default `staff`). */
  cancelReason?: CancelReason
  /** The staff member who cancels (history, refunds); none for the operator API and the visitor. */
  actorId?: string | null
}

/**
 * The staff cancels a booking (idempotent: a cancelled one is answered as it is, without a second
 * e-mail). Releases its places and e-mails the visitor, with the staff's message if any, and
 * records the cancellation in the booking's history. Refused: open requests (answer them
 * instead), declined ones, and bookings with a received payment unless `refundPaid`: then, in the
 * cancelling transaction, each succeeded payment gets a pending refund of what is still
 * refundable (`refundReason`), and the e-mail says the money goes back. After commit the
 * providers are asked for those refunds (on-site payments wait for the staff's confirmation);
 * a provider that does not answer leaves its refund pending, sent again by the next cancel call
 * of this booking and by the expiry worker's background retry. A payment in progress is
 * cancelled at the provider first.
 */
export async function cancelBooking(
  ctx: CatalogueContext & { origin?: string },
  code: string,
  options: CancelBookingOptions = {},
): Promise<Booking> {
  const [row] = isBookingCode(code) ? await ctx.db.select().from(bookings).where(and(eq(bookings.shopId, ctx.shop.id), eq(bookings.code, code))) : []
  if (!row) throw notFound('booking.not_found', 'There is no booking with this code.')
  const view = (r: BookingRow) => toBookingViewInItsLocale(ctx, ctx.db, r)
  const sendRefunds = () =>
    sendPendingRefunds({ db: ctx.db, providers: options.providers, origin: ctx.origin, now: () => ctx.now }, { bookingId: row.id }).catch((error: unknown) =>
      console.error(`[refunds] could not send the refunds of booking ${row.code}; they are retried`, error),
    )
  if (row.status === 'CANCELLED') {
    if (options.refundPaid) await sendRefunds() // a refund the provider did not take last time
    return view(row)
  }
  const refuse = (status: BookingRow['status']) => {
    if (status === 'REQUESTED' || status === 'DECLINED') {
      return conflict('booking.not_cancellable', 'An open or declined request is answered, not cancelled.', { status })
    }
    return conflict('booking.has_payments', 'This booking has received payments: cancelling it pays them back, which this caller did not ask for.', { status })
  }
  const hasPayment = async () =>
    (await ctx.db.select({ id: payments.id }).from(payments).where(and(eq(payments.bookingId, row.id), eq(payments.status, 'succeeded'))).limit(1)).length > 0
  // With `refundPaid`, a paid booking is cancelled too and its payments are refunded.
  const cancellable: BookingRow['status'][] = options.refundPaid ? ['CONFIRMED', 'ACCEPTED', 'PAID'] : ['CONFIRMED', 'ACCEPTED']
  if (!cancellable.includes(row.status) || (!options.refundPaid && (await hasPayment()))) throw refuse(row.status)
  if (!(await closeProviderSessions(ctx.db, options.providers, row.id))) {
    throw paymentInProgress()
  }
  const message = options.message?.trim() || null
  const cancelled = await ctx.db.transaction(async (tx) => {
    // A success recorded meanwhile is seen here: payments, then the booking, are locked.
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, row.id)).for('update')
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, row.id)).for('update')
    if (locked!.status === 'CANCELLED') return locked!
    const [paid] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.bookingId, row.id), eq(payments.status, 'succeeded'))).limit(1)
    if ((paid && !options.refundPaid) || !cancellable.includes(locked!.status)) throw refuse(locked!.status)
    return (await cancelInTransaction(tx, ctx.shop, row.id, options.cancelReason ?? 'staff', ctx.now, {
      from: cancellable,
      unpaidOnly: false,
      message,
      actorId: options.actorId ?? null,
      ...(options.refundPaid
        ? { refund: { reason: options.refundReason ?? 'staff_cancel', ...(options.refundAmount !== undefined ? { limit: options.refundAmount } : {}) } }
        : {}),
    }))!
  })
  if (options.refundPaid) await sendRefunds()
  return view(cancelled)
}
