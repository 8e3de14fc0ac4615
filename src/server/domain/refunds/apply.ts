/**
 * Applying a provider's verified refund event exactly once (ADR 029), like a payment's (ADR 011):
 * in one transaction the payment row, then the refund row are locked (the order every refund
 * writer uses), the event id is recorded in `payment_events` (a redelivery is a `duplicate` and
 * changes nothing), then the refund becomes `succeeded` or `failed`. A success is final; on
 * success the payment is no longer `refund_due` unless another refund of it is still pending.
 * Every outcome is recorded in the booking's history; a success is e-mailed to the visitor.
 */
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { paymentEvents, payments, refunds } from '~/server/db/schema'
import { recordChange } from '~/server/domain/history/change-log'
import { invalidRequest, notFound } from '~/server/domain/errors'
import type { RefundEvent } from '~/server/payments/provider'
import type { Shop } from '../shops'
import { enqueueRefundMail } from './mail'

export type RefundApplyResult = 'applied' | 'duplicate' | 'unchanged'

const unknownRefund = () => notFound('refund.not_found', 'No refund has this reference.')

export async function applyRefundEvent(ctx: { db: Db; shop: Shop; now: Date }, providerId: string, event: RefundEvent): Promise<RefundApplyResult> {
  const { now, shop } = ctx
  const shopId = shop.id
  return ctx.db.transaction(async (tx) => {
    const byRef = await tx
      .select({ id: refunds.id, paymentId: refunds.paymentId })
      .from(refunds)
      .where(and(eq(refunds.provider, providerId), eq(refunds.providerRef, event.ref), eq(refunds.shopId, shopId)))
    // The event may overtake the provider's answer to `refund`: then our id in it finds the refund.
    const [found] = byRef.length || !event.refundId
      ? byRef
      : await tx
          .select({ id: refunds.id, paymentId: refunds.paymentId })
          .from(refunds)
          .where(and(eq(refunds.id, event.refundId), eq(refunds.provider, providerId), eq(refunds.shopId, shopId)))
    if (!found) throw unknownRefund() // not ours (yet): the provider delivers it again
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, found.paymentId)).for('update')
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, found.id)).for('update')
    if (!refund || (refund.providerRef !== null && refund.providerRef !== event.ref)) throw unknownRefund()
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: providerId, eventId: event.eventId, paymentId: refund.paymentId, outcome: `refund.${event.outcome}`, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId })
    if (recorded.length === 0) return 'duplicate'
    if (refund.providerRef === null) await tx.update(refunds).set({ providerRef: event.ref }).where(eq(refunds.id, refund.id))
    if (refund.status === 'succeeded') return 'unchanged'
    if (event.outcome === 'failed' && refund.status !== 'pending') return 'unchanged'
    if (event.amount !== refund.amount || event.currency !== refund.currency) {
      throw invalidRequest('webhook.amount_mismatch', 'The amount of the event does not match the refund.')
    }
    if (refund.status === 'failed') console.warn(`[refunds] refund ${refund.id} succeeded after it had failed`)
    await tx.update(refunds).set({ status: event.outcome, updatedAt: now }).where(eq(refunds.id, refund.id))
    if (event.outcome === 'succeeded') {
      const [stillPending] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.paymentId, refund.paymentId), eq(refunds.status, 'pending'), ne(refunds.id, refund.id)))
        .limit(1)
      await tx.update(payments).set({ refundDue: !!stillPending, updatedAt: now }).where(eq(payments.id, refund.paymentId))
      await enqueueRefundMail(tx, shop, refund, now)
    }
    await recordChange(tx, {
      shopId,
      subject: 'booking',
      subjectId: refund.bookingId,
      actorId: null,
      action: event.outcome === 'succeeded' ? 'refund_succeeded' : 'refund_failed',
      changes: [{ field: 'refund', before: { id: refund.id, status: refund.status }, after: { id: refund.id, status: event.outcome, amount: refund.amount, currency: refund.currency, provider: providerId } }],
      at: now,
      force: true,
    })
    return 'applied'
  })
}
