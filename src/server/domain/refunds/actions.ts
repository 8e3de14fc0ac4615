/**
 * The staff's refund actions (Finance, booking detail): confirm that money received on site was
 * paid back, and send a provider refund again. Both idempotent and scoped to the staff's shop.
 */
import { and, desc, eq, ne } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookings, payments, refunds } from '~/server/db/schema'
import { recordChange } from '~/server/domain/history/change-log'
import { conflict, DomainError, notFound } from '~/server/domain/errors'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { newRefundId, ON_SITE_PROVIDER, refundedByPayment, type RefundRow } from './create'
import type { Shop } from '../shops'
import { enqueueRefundMail } from './mail'
import { toRefundView, type RefundView } from './read'
import { sendPendingRefunds, type RefundSending } from './send'

const refundNotFound = () => notFound('refund.not_found', 'There is no such refund.')

async function viewOf(db: Db, row: RefundRow): Promise<RefundView> {
  const [booking] = await db.select({ code: bookings.code }).from(bookings).where(eq(bookings.id, row.bookingId))
  return toRefundView(row, booking!.code)
}

async function findRefund(db: Db, shopId: string, refundId: string) {
  const [row] = await db.select().from(refunds).where(and(eq(refunds.id, refundId), eq(refunds.shopId, shopId)))
  if (!row) throw refundNotFound()
  return row
}

const forHistory = (r: RefundRow) => ({ id: r.id, status: r.status, amount: r.amount, currency: r.currency, provider: r.provider })

/**
 * The staff paid back a refund of money received on site: it becomes `succeeded`, the payment no
 * longer `refund_due` (unless another of its refunds is pending), recorded in the booking's
 * history. Only `on_site` refunds: the provider confirms the others.
 */
export async function confirmRefund(db: Db, shop: Shop, actor: StaffPrincipal, refundId: string, now: Date): Promise<RefundView> {
  const found = await findRefund(db, actor.shopId, refundId)
  if (found.provider !== ON_SITE_PROVIDER) {
    throw conflict('refund.not_on_site', 'This refund goes through the payment provider, which confirms it.', { provider: found.provider })
  }
  const row = await db.transaction(async (tx) => {
    // Lock order as everywhere: the payment, then its refunds.
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, found.paymentId)).for('update')
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, found.id)).for('update')
    if (refund!.status !== 'pending') return refund!
    const [saved] = await tx.update(refunds).set({ status: 'succeeded', updatedAt: now }).where(eq(refunds.id, refund!.id)).returning()
    const [stillPending] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.paymentId, refund!.paymentId), eq(refunds.status, 'pending')))
      .limit(1)
    await tx.update(payments).set({ refundDue: !!stillPending, updatedAt: now }).where(eq(payments.id, refund!.paymentId))
    await enqueueRefundMail(tx, shop, saved!, now)
    await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'booking',
      subjectId: refund!.bookingId,
      actorId: actor.staffId,
      action: 'refund_confirmed',
      changes: [{ field: 'refund', before: forHistory(refund!), after: forHistory(saved!) }],
      at: now,
    })
    return saved!
  })
  return viewOf(db, row)
}

/**
 * Sends a provider refund again: a pending one without provider ref is sent (the provider's
 * idempotency makes a double send harmless); a failed one gets a new attempt for what is still
 * refundable (two managers retrying at once make one). Pending-with-ref and succeeded ones are
 * answered as they are.
 */
export async function retryRefund(deps: Omit<RefundSending, 'now'> & { now: Date }, actor: StaffPrincipal, refundId: string): Promise<RefundView> {
  const { db } = deps
  const found = await findRefund(db, actor.shopId, refundId)
  if (found.provider === ON_SITE_PROVIDER) {
    throw conflict('refund.on_site', 'Money received on site is paid back by the staff: confirm the refund instead.')
  }
  let target = found
  if (found.status === 'failed') {
    target = await db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, found.paymentId)).for('update')
      const refundable = payment!.amount - ((await refundedByPayment(tx, [payment!.id])).get(payment!.id) ?? 0)
      if (refundable <= 0) {
        // Retried already (or refunded otherwise): answer the newest refund that did not fail.
        const [newest] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.paymentId, payment!.id), ne(refunds.status, 'failed')))
          .orderBy(desc(refunds.createdAt), desc(refunds.id))
          .limit(1)
        if (newest) return newest
        throw conflict('refund.nothing_refundable', 'Nothing of this payment is left to refund.')
      }
      const [attempt] = await tx
        .insert(refunds)
        .values({
          id: newRefundId(),
          shopId: found.shopId,
          bookingId: found.bookingId,
          paymentId: found.paymentId,
          provider: found.provider,
          amount: Math.min(found.amount, refundable),
          currency: found.currency,
          status: 'pending',
          reason: found.reason,
          actorId: actor.staffId,
          createdAt: deps.now,
          updatedAt: deps.now,
        })
        .returning()
      await tx.update(payments).set({ refundDue: true, updatedAt: deps.now }).where(eq(payments.id, payment!.id))
      await recordChange(tx, {
        shopId: actor.shopId,
        subject: 'booking',
        subjectId: found.bookingId,
        actorId: actor.staffId,
        action: 'refund_retried',
        changes: [{ field: 'refund', before: forHistory(found), after: forHistory(attempt!) }],
        at: deps.now,
      })
      return attempt!
    })
  }
  if (target.status === 'pending' && target.providerRef === null) {
    await sendPendingRefunds({ ...deps, now: () => deps.now }, { refundIds: [target.id] })
    target = await findRefund(db, actor.shopId, target.id)
    if (target.status === 'pending' && target.providerRef === null) {
      throw new DomainError('upstream', 'refund.provider_unavailable', 'The payment provider is not available. The refund is retried in the background.')
    }
  }
  return viewOf(db, target)
}
