/**
 * The one seam between the shop and a payment provider (ADR 011).
 *
 * The checkout and the payment-link page never talk to a provider: they ask the payments domain
 * to start a payment, send the visitor to `redirectUrl`, and wait. Only a provider event that
 * `verifyWebhook` accepted changes a payment and its booking. Stripe (Checkout Session +
 * `Stripe-Signature`), Datatrans (payment page + `Datatrans-Signature`) or Payrexx (Gateway +
 * signed webhook) each fit by implementing these functions.
 *
 * Refunds (ADR 029) go through the same seam: `refund` asks the provider to pay back (part of) a
 * completed payment and answers the provider's reference of the refund; the outcome arrives, like
 * a payment's, only as a verified webhook event (`kind: 'refund'`). How the real providers map:
 * - **Stripe**: `POST /v1/refunds { payment_intent, amount, metadata: { refundId } }` with
 *   `Idempotency-Key: refundId` → `re_…` is the ref; events `refund.updated` / `charge.refund.updated`
 *   (status `succeeded` / `failed`, `metadata.refundId`) verified with `Stripe-Signature`.
 * - **Datatrans**: `POST /v1/transactions/{transactionId}/credit { amount, currency, refno: refundId }`
 *   → the new `transactionId` is the ref; the webhook of that transaction (status `settled` /
 *   `transmitted` → succeeded, `failed`) verified with `Datatrans-Signature`. Datatrans has no
 *   idempotency key: the module first looks the `refno` up before crediting again.
 * - **Payrexx**: `POST /Transaction/{id}/refund { amount }` → the transaction's refund id is the
 *   ref; the signed transaction webhook with status `refunded` / `partially-refunded` → succeeded,
 *   `error` → failed. Payrexx cannot take our id, so the module keeps `referenceId = refundId`.
 */
import type { Locale } from '~/lib/locale'

export type CreateSessionInput = {
  /** Our payment id; providers keep it as their reference/metadata. */
  paymentId: string
  amount: number
  currency: string
  /** What the visitor sees on the provider's page, e.g. "Alpin Abenteuer – booking K7Q2-X9PM". */
  description: string
  locale: Locale
  /** Where the provider sends the visitor back to (absolute URL). */
  returnUrl: string
  /** Where the provider posts its events (absolute URL). */
  webhookUrl: string
}

export type ProviderSession = { ref: string; redirectUrl: string }

/** A verified provider event about a payment, reduced to what the shop needs. */
export type PaymentEvent = {
  kind: 'payment'
  /** Unique per provider: a redelivery carries the same id. */
  eventId: string
  /** The provider's reference of the payment (its session / transaction id). */
  ref: string
  outcome: 'succeeded' | 'failed' | 'cancelled'
  amount: number
  currency: string
}

/** A verified provider event about a refund (`refund.succeeded` / `refund.failed`). */
export type RefundEvent = {
  kind: 'refund'
  /** Unique per provider: a redelivery carries the same id. */
  eventId: string
  /** The provider's reference of the refund (what `refund` answered). */
  ref: string
  /**
   * Our refund id when the provider echoes it (Stripe metadata, Datatrans refno, the sandbox):
   * lets the event find its refund even before the answer of `refund` was stored.
   */
  refundId?: string
  outcome: 'succeeded' | 'failed'
  amount: number
  currency: string
}

/** Everything `verifyWebhook` can accept: a discriminated union on `kind`. */
export type ProviderEvent = PaymentEvent | RefundEvent

export type RefundInput = {
  /**
   * Our refund id. Providers use it as their idempotency key (or look it up before refunding
   * again): asking twice with the same id never pays back twice and answers the same ref.
   */
  refundId: string
  /** The provider's reference of the payment to refund (`payments.provider_ref`). */
  paymentRef: string
  /** Minor units; never more than was paid, less what was already refunded. */
  amount: number
  currency: string
  /**
   * Where the provider posts the refund's events; providers whose endpoint is configured per
   * account (Stripe, Datatrans, Payrexx) ignore it, the sandbox falls back to the payment's.
   */
  webhookUrl?: string
}

export type WebhookInput = { headers: Headers; body: string; now: Date }

export interface PaymentProvider {
  readonly id: string
  createSession(input: CreateSessionInput): Promise<ProviderSession>
  /**
   * Cancels an unfinished session so it can no longer be paid. Answers `completed` when it was
   * already paid (the caller must then not start another payment), `cancelled` otherwise.
   */
  cancelSession(ref: string): Promise<'cancelled' | 'completed'>
  /**
   * Asks the provider to pay back `amount` of a completed payment. Answers the provider's
   * reference of the refund once it accepted the request; the outcome comes as a `refund` event.
   * Throws `RefundRefused` when the provider refuses for good (not paid, more than refundable),
   * any other error when it could not be reached (the refund stays pending and is retried).
   */
  refund(input: RefundInput): Promise<{ ref: string }>
  /** Verifies signature and freshness and parses the event; throws `WebhookRejected`. */
  verifyWebhook(input: WebhookInput): Promise<ProviderEvent>
}

/** The provider refuses a refund for good (retrying the same request cannot succeed). */
export class RefundRefused extends Error {
  constructor(
    readonly code: 'refund.not_refundable' | 'refund.exceeds_payment',
    message: string,
  ) {
    super(message)
  }
}

export class WebhookRejected extends Error {
  constructor(
    readonly code: 'webhook.invalid_signature' | 'webhook.stale' | 'webhook.invalid_body',
    message: string,
  ) {
    super(message)
  }
}

export type PaymentProviders = {
  get(id: string): PaymentProvider | undefined
  /** The provider new payments of a shop use. */
  forShop(shop: { config: { booking?: { paymentProvider?: string } } }): PaymentProvider
}

export function providerRegistry(list: PaymentProvider[], fallback: string): PaymentProviders {
  const byId = new Map(list.map((p) => [p.id, p]))
  return {
    get: (id) => byId.get(id),
    forShop: (shop) => byId.get(shop.config.booking?.paymentProvider ?? fallback) ?? byId.get(fallback)!,
  }
}
