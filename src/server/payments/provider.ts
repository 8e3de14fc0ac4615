/**
 * The one seam between the shop and a payment provider (ADR 011).
 *
 * The checkout and the payment-link page never talk to a provider: they ask the payments domain
 * to start a payment, send the visitor to `redirectUrl`, and wait. Only a provider event that
 * `verifyWebhook` accepted changes a payment and its booking. Stripe (Checkout Session +
 * `Stripe-Signature`), Datatrans (payment page + `Datatrans-Signature`) or Payrexx (Gateway +
 * signed webhook) each fit by implementing these three functions.
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

/** A verified provider event, reduced to what the shop needs. */
export type PaymentEvent = {
  /** Unique per provider: a redelivery carries the same id. */
  eventId: string
  /** The provider's reference of the payment (its session / transaction id). */
  ref: string
  outcome: 'succeeded' | 'failed' | 'cancelled'
  amount: number
  currency: string
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
  /** Verifies signature and freshness and parses the event; throws `WebhookRejected`. */
  verifyWebhook(input: WebhookInput): Promise<PaymentEvent>
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
