/**
 * Paying bookings online (ADR 011): payment links, starting a payment at the shop's
 * provider, and applying the provider's verified events exactly once.
 *
 * Invariants:
 * - a booking's open amount and status change only in `applyPaymentEvent`, inside one
 *   transaction that first records the event id (a duplicate changes nothing) and locks the
 *   payment and the booking rows (concurrent deliveries queue up);
 * - a succeeded payment is final: a later 'failed' or 'cancelled' for it changes nothing, and
 *   a success counts once whatever the order of arrival;
 * - starting a payment cancels the booking's unfinished attempts at the provider first; if one
 *   of them was already paid, no new attempt is started (a visitor is never charged twice);
 * - a success for a booking cancelled meanwhile (payment deadline, staff) never revives it nor
 *   takes places: the payment is recorded as succeeded with `refund_due` (ADR 016) and a pending
 *   refund (`late_payment`) in the same transaction, sent to the provider after commit (ADR 029).
 */
import { randomBytes } from 'node:crypto'
import { and, eq, inArray, min } from 'drizzle-orm'
import type { components } from '~/api/schema.gen'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings, paymentEvents, paymentLinks, payments } from '~/server/db/schema'
import { enqueueMail } from '~/server/mail/outbox'
import { paymentDescription } from '~/server/mail/templates'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import { bookingLocale, paymentFieldsOf, paymentStateOf, toBookingView, type BookingRow } from './bookings'
import { OPAQUE_ID } from './carts'
import { conflict, DomainError, invalidRequest, notFound, paymentInProgress } from './errors'
import type { Shop } from './shops'
import type { PaymentEvent, PaymentProvider, PaymentProviders } from '~/server/payments/provider'
import { createRefundsInTransaction, sendPendingRefunds } from './refunds'

// The payment part of the booking read model lives in ./bookings.
export { onlinePaymentsEnabled, paymentFieldsOf, paymentStateOf, wantsPaymentLink, type PaymentAttempt, type PaymentState } from './bookings'

export type PaymentLinkView = components['schemas']['PaymentLinkView']

export const DEFAULT_PAYMENT_LINK_DAYS = 30

/** 256 random bits, URL-safe (43 characters). */
export function newPaymentToken() {
  return randomBytes(32).toString('base64url')
}

/**
 * A payment link, valid `paymentLinkDays`, or until `deadline` (a pay-now booking's payment
 * deadline), and never beyond the start of the booking's first activity: a link does not
 * outlive what it pays.
 */
export async function createPaymentLink(tx: Db, shop: Shop, bookingId: string, now: Date, deadline?: Date | null) {
  const days = shop.config.booking?.paymentLinkDays ?? DEFAULT_PAYMENT_LINK_DAYS
  const [first] = await tx.select({ startsAt: min(bookingItems.startsAt) }).from(bookingItems).where(eq(bookingItems.bookingId, bookingId))
  const until = deadline ?? new Date(now.getTime() + days * 86_400_000)
  const start = first?.startsAt ? new Date(first.startsAt) : null
  const expiresAt = start && start < until ? start : until
  const link = { token: newPaymentToken(), shopId: shop.id, bookingId, expiresAt }
  await tx.insert(paymentLinks).values(link)
  return link
}

/** The absolute URL of a payment link's page. */
export function paymentLinkUrl(origin: string, locale: Locale, token: string) {
  return `${origin}/${locale}/aftersales/payment/${token}`
}

const linkNotFound = () => notFound('payment_link.not_found', 'This payment link does not exist.')

async function bookingOfLink(db: Db, shop: Shop, token: string, now: Date) {
  if (!OPAQUE_ID.test(token)) throw linkNotFound()
  const [row] = await db
    .select({ link: paymentLinks, booking: bookings })
    .from(paymentLinks)
    .innerJoin(bookings, eq(bookings.id, paymentLinks.bookingId))
    .where(and(eq(paymentLinks.token, token), eq(paymentLinks.shopId, shop.id)))
  if (!row) throw linkNotFound()
  if (row.link.expiresAt <= now) {
    throw new DomainError('gone', 'payment_link.expired', 'This payment link has expired.')
  }
  return row
}

export async function findPaymentLink(db: Db, shop: Shop, token: string, now: Date): Promise<PaymentLinkView> {
  const { link, booking } = await bookingOfLink(db, shop, token, now)
  const fields = await paymentFieldsOf(db, shop, booking, now)
  return {
    code: booking.code,
    status: booking.status,
    total: { amount: booking.totalAmount, currency: booking.currency },
    openAmount: { amount: booking.openAmount, currency: booking.currency },
    paymentMethod: booking.paymentMethod,
    paymentState: fields.paymentState,
    payments: fields.payments,
    expiresAt: link.expiresAt.toISOString(),
  }
}

export type StartContext = {
  db: Db
  shop: Shop
  locale: Locale
  now: Date
  /** The shop's canonical origin, e.g. `https://alpin.example.ch` (the HTTP layer's public-origin module decides it). */
  origin: string
  provider: PaymentProvider
}

/** Starts paying the open amount of the booking made from a cart (pay now, retry). */
export async function startCartPayment(ctx: StartContext, cartId: string) {
  const [booking] = await ctx.db.select().from(bookings).where(and(eq(bookings.cartId, cartId), eq(bookings.shopId, ctx.shop.id)))
  if (!booking) throw notFound('booking.not_found', 'No booking was made from this cart.')
  return startPayment(ctx, booking.id, 'checkout', (paymentId) => `${ctx.origin}/${ctx.locale}/checkout/${cartId}/success?payment=${paymentId}`)
}

/** Starts paying the open amount through a payment link. */
export async function startLinkPayment(ctx: StartContext, token: string) {
  const { booking } = await bookingOfLink(ctx.db, ctx.shop, token, ctx.now)
  return startPayment(ctx, booking.id, 'link', (paymentId) => `${ctx.origin}/${ctx.locale}/aftersales/payment/${token}?payment=${paymentId}`)
}

async function startPayment(ctx: StartContext, bookingId: string, source: 'checkout' | 'link', returnUrl: (paymentId: string) => string) {
  const { db, shop, provider } = ctx
  const paymentId = randomBytes(16).toString('base64url')
  const inProgress = paymentInProgress

  // Close the unfinished attempts at the provider first, outside any transaction (a provider is
  // a network call; the sandbox writes to the database itself). One that was paid meanwhile wins.
  const closed = new Set<string>()
  let prepared: BookingRow | undefined
  for (let round = 0; round < 3 && !prepared; round++) {
    const open = await db.select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending')))
    for (const attempt of open) {
      if (closed.has(attempt.id)) continue
      const other = ctx.provider.id === attempt.provider ? provider : null
      if (attempt.providerRef && other && (await other.cancelSession(attempt.providerRef)) === 'completed') throw inProgress()
      closed.add(attempt.id)
    }
    prepared = await db.transaction(async (tx) => {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update')
      if (!booking) throw notFound('booking.not_found', 'This booking does not exist.')
      const state = paymentStateOf(shop, booking)
      if (state === 'paid') throw conflict('payment.already_paid', 'This booking is already paid in full.')
      if (state === 'not_payable') throw conflict('payment.not_payable', 'This booking cannot be paid online.')
      const stillOpen = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending')))
      if (stillOpen.some((p) => !closed.has(p.id))) return undefined // another start came in between: close it too
      if (stillOpen.length) {
        await tx.update(payments).set({ status: 'cancelled', updatedAt: ctx.now }).where(inArray(payments.id, stillOpen.map((p) => p.id)))
      }
      await tx.insert(payments).values({
        id: paymentId,
        shopId: shop.id,
        bookingId,
        provider: provider.id,
        amount: booking.openAmount,
        currency: booking.currency,
        source,
      })
      return booking
    })
  }
  if (!prepared) throw inProgress()

  const title = pickText(shop.config.labels.title, ctx.locale)
  let session
  try {
    session = await provider.createSession({
      paymentId,
      amount: prepared.openAmount,
      currency: prepared.currency,
      description: paymentDescription(ctx.locale, title, prepared.code),
      locale: ctx.locale,
      returnUrl: returnUrl(paymentId),
      webhookUrl: `${ctx.origin}/api/webshop/v1/payments/webhooks/${provider.id}`,
    })
  } catch (error) {
    await db.update(payments).set({ status: 'failed', updatedAt: new Date() }).where(eq(payments.id, paymentId))
    console.error(`[payments] ${provider.id} could not start payment ${paymentId}`, error)
    throw new DomainError('upstream', 'payment.provider_unavailable', 'The payment provider is not available. Please try again later.')
  }
  // A parallel start may have cancelled this attempt while the provider answered: then its
  // session must not stay payable.
  const [kept] = await db
    .update(payments)
    .set({ providerRef: session.ref, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id })
  if (!kept) {
    await db.update(payments).set({ providerRef: session.ref }).where(eq(payments.id, paymentId))
    if ((await provider.cancelSession(session.ref)) === 'completed') console.error(`[payments] cancelled payment ${paymentId} was paid`)
    throw inProgress()
  }
  return { paymentId, redirectUrl: session.redirectUrl }
}

export type ApplyResult = 'applied' | 'duplicate' | 'unchanged'

/**
 * Applies a verified provider event, exactly once (see the invariants above). A success mails
 * the visitor a receipt through the outbox in the booking's language.
 */
export async function applyPaymentEvent(
  ctx: { db: Db; shop: Shop; now: Date; providers?: PaymentProviders; origin?: string },
  providerId: string,
  event: PaymentEvent,
): Promise<ApplyResult> {
  const { now, shop } = ctx
  let lateRefunds: string[] = []
  const result = await ctx.db.transaction(async (tx): Promise<ApplyResult> => {
    lateRefunds = []
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, providerId), eq(payments.providerRef, event.ref), eq(payments.shopId, shop.id)))
      .for('update')
    if (!payment) throw notFound('payment.not_found', 'No payment has this reference.')
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: providerId, eventId: event.eventId, paymentId: payment.id, outcome: event.outcome, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId })
    if (recorded.length === 0) return 'duplicate'
    if (payment.status === 'succeeded') return 'unchanged'
    if (event.outcome !== 'succeeded') {
      if (payment.status !== 'pending') return 'unchanged'
      await tx.update(payments).set({ status: event.outcome, updatedAt: now }).where(eq(payments.id, payment.id))
      return 'applied'
    }
    if (event.amount !== payment.amount || event.currency !== payment.currency) {
      throw invalidRequest('webhook.amount_mismatch', 'The amount of the event does not match the payment.')
    }
    // A success counts even for an attempt we had cancelled: the money was taken.
    await tx.update(payments).set({ status: 'succeeded', updatedAt: now }).where(eq(payments.id, payment.id))
    const [before] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for('update')
    if (before!.status === 'CANCELLED') {
      // Too late: the booking was cancelled (its places may be sold again). The money was taken,
      // so the payment is recorded and flagged to be paid back; the booking stays cancelled.
      const created = await createRefundsInTransaction(tx, { shopId: shop.id, bookingId: before!.id, reason: 'late_payment', actorId: null, now, paymentIds: [payment.id] })
      lateRefunds = created.map((r) => r.id)
      console.warn(`[payments] payment ${payment.id} arrived after booking ${before!.code} was cancelled: refunded`)
      return 'applied'
    }
    const openAmount = Math.max(0, before!.openAmount - payment.amount)
    if (before!.openAmount < payment.amount) {
      console.warn(`[payments] booking ${before!.code} was overpaid by ${payment.amount - before!.openAmount} (payment ${payment.id})`)
    }
    const [booking] = await tx
      .update(bookings)
      .set({ openAmount, ...(openAmount === 0 ? { status: 'PAID' as const } : {}) })
      .where(eq(bookings.id, before!.id))
      .returning()
    const locale = bookingLocale(booking!)
    const view = await toBookingView({ db: tx, shop, locale, now }, tx, booking!)
    await enqueueMail(tx, shop.id, 'payment.received', {
      booking: view,
      locale,
      to: booking!.person.email,
      amount: { amount: payment.amount, currency: payment.currency },
    })
    return 'applied'
  })
  // After commit: the late payment goes back through its provider (left pending and retried if it does not answer).
  if (lateRefunds.length) {
    await sendPendingRefunds({ db: ctx.db, providers: ctx.providers, origin: ctx.origin, now: () => now }, { refundIds: lateRefunds }).catch((error: unknown) =>
      console.error('[refunds] could not send the refund of a late payment; it is retried', error),
    )
  }
  return result
}
