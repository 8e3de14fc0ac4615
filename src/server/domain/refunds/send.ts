/**
 * Sending decided refunds to their payment providers (ADR 029), always outside a transaction
 * (a provider is a network call).
 *
 * - A refund is sent while it is `pending` without a provider ref; the provider's answer (its
 *   ref) is stored only if none is stored yet. Our refund id is the provider's idempotency key,
 *   so sending one refund twice (the canceller after commit and the background retry at once)
 *   pays back once and answers the same ref.
 * - A provider that cannot be reached leaves the refund pending: the expiry worker's run
 *   (`retryUnsentRefunds`, every 30 s) sends the ones untouched for `RETRY_AFTER_MS` again, and
 *   the staff can retry one (`retryRefund`). A provider that refuses for good (`RefundRefused`)
 *   makes the refund `failed`: the staff see it in Finance and decide.
 * - Refunds of money received on site (`on_site`) are never sent: the staff confirm them.
 */
import { and, asc, eq, inArray, isNull, lt, ne } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { payments, refunds } from '~/server/db/schema'
import { RefundRefused, type PaymentProviders } from '~/server/payments/provider'
import { ON_SITE_PROVIDER } from './create'

export type RefundSending = {
  db: Db
  /** Without providers nothing is sent (the refunds stay pending for a later run). */
  providers?: PaymentProviders
  /** The shop's canonical origin, for the webhook URL; without it the provider uses its own. */
  origin?: string
  now?: () => Date
}

/** A pending refund untouched this long is sent again by the background run. */
export const RETRY_AFTER_MS = 60_000

export type SendResult = { sent: number; failed: number; unreachable: number }

/** The webhook URL of a provider's events (built from the shop's canonical origin, never from a request). */
export const providerWebhookUrl = (origin: string, providerId: string) => `${origin}/api/webshop/v1/payments/webhooks/${providerId}`

/**
 * Sends the pending, not yet accepted refunds in `scope` (ids, a booking's, or those untouched
 * since `before`, at most `limit`). Never throws for a provider's failure: it is counted.
 */
export async function sendPendingRefunds(
  deps: RefundSending,
  scope: { refundIds: string[] } | { bookingId: string } | { before: Date; limit: number },
): Promise<SendResult> {
  const result: SendResult = { sent: 0, failed: 0, unreachable: 0 }
  if (!deps.providers || ('refundIds' in scope && scope.refundIds.length === 0)) return result
  const now = () => deps.now?.() ?? new Date()
  const rows = await deps.db
    .select({ refund: refunds, paymentRef: payments.providerRef })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRef),
        ne(refunds.provider, ON_SITE_PROVIDER),
        'refundIds' in scope ? inArray(refunds.id, scope.refundIds) : undefined,
        'bookingId' in scope ? eq(refunds.bookingId, scope.bookingId) : undefined,
        'before' in scope ? lt(refunds.updatedAt, scope.before) : undefined,
      ),
    )
    .orderBy(asc(refunds.updatedAt), asc(refunds.id))
    .limit('limit' in scope ? scope.limit : 1000)
  for (const { refund, paymentRef } of rows) {
    const provider = deps.providers.get(refund.provider)
    if (!provider || !paymentRef) {
      console.error(`[refunds] refund ${refund.id}: no provider ${refund.provider} or no payment reference; left pending`)
      await deps.db.update(refunds).set({ updatedAt: now() }).where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'))) // to the back of the queue
      result.unreachable++
      continue
    }
    try {
      const { ref } = await provider.refund({
        refundId: refund.id,
        paymentRef,
        amount: refund.amount,
        currency: refund.currency,
        ...(deps.origin ? { webhookUrl: providerWebhookUrl(deps.origin, provider.id) } : {}),
      })
      // Its event may have come first and stored the ref already: then nothing changes here.
      await deps.db
        .update(refunds)
        .set({ providerRef: ref, updatedAt: now() })
        .where(and(eq(refunds.id, refund.id), isNull(refunds.providerRef)))
      result.sent++
    } catch (error) {
      if (error instanceof RefundRefused) {
        console.error(`[refunds] ${provider.id} refused refund ${refund.id}: ${error.code}`)
        await deps.db.update(refunds).set({ status: 'failed', updatedAt: now() }).where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'), isNull(refunds.providerRef)))
        result.failed++
      } else {
        console.error(`[refunds] ${provider.id} could not take refund ${refund.id}; it stays pending and is retried`, error)
        await deps.db.update(refunds).set({ updatedAt: now() }).where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
        result.unreachable++
      }
    }
  }
  return result
}

/** The background retry (run by the expiry worker): pending refunds not accepted by their provider. */
export async function retryUnsentRefunds(deps: RefundSending & { batch?: number }): Promise<SendResult> {
  const now = deps.now?.() ?? new Date()
  return sendPendingRefunds(deps, { before: new Date(now.getTime() - RETRY_AFTER_MS), limit: deps.batch ?? 50 })
}
