/**
 * Deciding refunds (ADR 029): in the transaction that cancels a booking (or records a payment
 * that came too late), one `pending` refund per succeeded payment for what is still refundable.
 * Sending them to the provider happens after commit (./send).
 */
import { randomBytes } from 'node:crypto'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Tx } from '~/server/db/client'
import { payments, refunds } from '~/server/db/schema'

export type RefundRow = typeof refunds.$inferSelect
export type RefundReason = RefundRow['reason']

/** The provider of payments the staff recorded on site: refunded by hand, confirmed by the staff. */
export const ON_SITE_PROVIDER = 'on_site'

export const newRefundId = () => randomBytes(16).toString('base64url')

/**
 * What is still refundable of each payment: its amount less its refunds that did not fail
 * (pending ones count: they are on their way).
 */
export async function refundedByPayment(tx: Tx, paymentIds: string[]): Promise<Map<string, number>> {
  if (paymentIds.length === 0) return new Map()
  const rows = await tx
    .select({ paymentId: refunds.paymentId, total: sql<string | number>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(inArray(refunds.paymentId, paymentIds), ne(refunds.status, 'failed')))
    .groupBy(refunds.paymentId)
  return new Map(rows.map((r) => [r.paymentId, Number(r.total)]))
}

/**
 * Creates, in the caller's transaction, a pending refund of every succeeded payment of the booking
 * (or of `paymentIds`) for what is still refundable, and flags those payments `refund_due`. The
 * caller must hold the lock of the booking's payments (so two callers never both refund one
 * payment). `limit` caps the total (e.g. a cancellation fee is kept): the oldest payments are
 * refunded first. Answers the refunds created (none when everything is refunded already).
 */
export async function createRefundsInTransaction(
  tx: Tx,
  input: { shopId: string; bookingId: string; reason: RefundReason; actorId: string | null; now: Date; paymentIds?: string[]; limit?: number },
): Promise<RefundRow[]> {
  const paid = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, input.bookingId),
        eq(payments.shopId, input.shopId),
        eq(payments.status, 'succeeded'),
        input.paymentIds ? inArray(payments.id, input.paymentIds) : undefined,
      ),
    )
    .orderBy(payments.createdAt, payments.id)
  const refunded = await refundedByPayment(tx, paid.map((p) => p.id))
  const created: RefundRow[] = []
  let left = input.limit === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(input.limit))
  for (const payment of paid) {
    const amount = Math.min(left, payment.amount - (refunded.get(payment.id) ?? 0))
    if (amount <= 0) continue
    left -= amount
    const [row] = await tx
      .insert(refunds)
      .values({
        id: newRefundId(),
        shopId: input.shopId,
        bookingId: input.bookingId,
        paymentId: payment.id,
        provider: payment.provider,
        amount,
        currency: payment.currency,
        status: 'pending',
        reason: input.reason,
        actorId: input.actorId,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning()
    await tx.update(payments).set({ refundDue: true, updatedAt: input.now }).where(eq(payments.id, payment.id))
    created.push(row!)
  }
  return created
}
