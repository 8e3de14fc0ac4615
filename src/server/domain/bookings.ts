/**
 * The booking read model: a booking as the visitor (and the staff) see it, its code, its
 * language, and the payment part of it (what can be paid, the attempts, the live payment link,
 * the payment deadline). The checkout, the payments, the staff's answers and the cancellations
 * all read bookings through this module; it depends on none of them.
 */
import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, gt } from 'drizzle-orm'
import type { components } from '~/api/schema.gen'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings, paymentLinks, payments } from '~/server/db/schema'
import { pickText } from '~/lib/locale-text'
import { toLocale, type Locale } from '~/lib/locale'
import { paymentOptionsOf } from '~/lib/shop-settings'
import { bookingSettings, loadOffers, type CatalogueContext } from './offers/catalogue'
import { utcToZonedTime } from './offers/zoned-time'
import { meetingPointOf } from './offers/meeting-point'
import { extrasLinesOfItems, linesOfBooked } from './extras-amount'
import type { Shop } from './shops'

type S = components['schemas']
export type Booking = S['Booking']
export type PaymentState = S['PaymentState']
export type PaymentAttempt = S['PaymentAttempt']
export type BookingRow = typeof bookings.$inferSelect

// Crockford's base32 without I, L, O, U: easy to read out on the phone.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const CODE = /^[0-9A-Z]{4}-[0-9A-Z]{4}$/

/** A short human-readable booking code like `K7Q2-X9PM` (40 random bits; unique per shop). */
export function newBookingCode() {
  const bytes = randomBytes(8)
  let code = ''
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[bytes[i]! % 32]
  return `${code.slice(0, 4)}-${code.slice(4)}`
}

/** Whether a text has the form of a booking code (anything else is no booking of any shop). */
export function isBookingCode(code: string) {
  return CODE.test(code)
}

/** The language the booking was made in: its e-mails and views are in it. */
export const bookingLocale = (row: Pick<BookingRow, 'locale'>): Locale => toLocale(row.locale)

export const DEFAULT_PAY_NOW_MINUTES = 30

/** The payment deadline of a booking made (or accepted) now, or null when it may stay unpaid. */
export function paymentDeadlineFor(shop: Shop, paymentMethod: BookingRow['paymentMethod'], now: Date): Date | null {
  if (paymentMethod !== 'PAY_NOW') return null
  const minutes = shop.config.booking?.payNowMinutes ?? DEFAULT_PAY_NOW_MINUTES
  return new Date(now.getTime() + minutes * 60_000)
}

const ONLINE_METHODS = ['PAY_NOW', 'PAY_LATER', 'PAY_LATER_OR_ON_SITE'] as const

export function onlinePaymentsEnabled(shop: Shop) {
  return paymentOptionsOf(shop.config).some((m) => (ONLINE_METHODS as readonly string[]).includes(m))
}

/** What the visitor can do about the open amount (paid, payable online, or not payable online). */
export function paymentStateOf(shop: Shop, booking: Pick<BookingRow, 'status' | 'openAmount' | 'paymentMethod'>): PaymentState {
  if (booking.status === 'CANCELLED' || booking.status === 'DECLINED' || booking.status === 'REQUESTED') return 'not_payable'
  if (booking.openAmount <= 0) return 'paid'
  if (booking.paymentMethod === 'PAY_ON_SITE' || !onlinePaymentsEnabled(shop)) return 'not_payable'
  return 'payable'
}

/** Whether a booking gets a payment link (pay later, pay now not yet paid, accepted requests). */
export function wantsPaymentLink(shop: Shop, booking: Pick<BookingRow, 'status' | 'openAmount' | 'paymentMethod'>) {
  return paymentStateOf(shop, booking) === 'payable'
}

function toAttempt(row: typeof payments.$inferSelect): PaymentAttempt {
  return { id: row.id, status: row.status, amount: { amount: row.amount, currency: row.currency }, createdAt: row.createdAt.toISOString() }
}

/** The payment part of a booking as the visitor sees it. */
export async function paymentFieldsOf(db: Db, shop: Shop, row: BookingRow, now: Date) {
  const attempts = await db.select().from(payments).where(eq(payments.bookingId, row.id)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(20)
  const [link] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.bookingId, row.id), gt(paymentLinks.expiresAt, now)))
    .orderBy(desc(paymentLinks.expiresAt))
    .limit(1)
  const paymentState = paymentStateOf(shop, row)
  return {
    paymentState,
    payments: attempts.map(toAttempt),
    ...(link && paymentState !== 'not_payable' ? { paymentLink: { token: link.token, expiresAt: link.expiresAt.toISOString() } } : {}),
  }
}

/** A booking as the visitor sees it, in `ctx.locale`, read with `db` (the caller's transaction, if any). */
export async function toBookingView(ctx: CatalogueContext, db: Db, row: BookingRow): Promise<Booking> {
  const { timeZone } = bookingSettings(ctx.shop)
  const items = await db.select().from(bookingItems).where(eq(bookingItems.bookingId, row.id)).orderBy(asc(bookingItems.position))
  const loaded = await loadOffers(db, ctx.shop.id, { ids: [...new Set(items.map((i) => i.offerId))] })
  // The extras as they were charged; items booked before those were kept: worked out from today's offer.
  const worked = items.every((i) => i.extrasLines)
    ? []
    : extrasLinesOfItems(items.map((i) => ({ offerId: i.offerId, extras: loaded.find((l) => l.offer.id === i.offerId)?.offer.extras ?? [], participants: i.participants })))
  const extraLines = items.map((item, index) => (item.extrasLines ? linesOfBooked(item.extrasLines) : worked[index]!))
  return {
    code: row.code,
    status: row.status,
    mode: row.mode,
    total: { amount: row.totalAmount, currency: row.currency },
    openAmount: { amount: row.openAmount, currency: row.currency },
    paymentMethod: row.paymentMethod,
    ...(await paymentFieldsOf(db, ctx.shop, row, ctx.now)),
    ...(row.paymentDeadline && (row.status === 'CONFIRMED' || row.status === 'ACCEPTED') && row.openAmount > 0
      ? { paymentDeadline: row.paymentDeadline.toISOString() }
      : {}),
    email: row.person.email,
    createdAt: row.createdAt.toISOString(),
    items: items.map((item, index) => {
      const entry = loaded.find((l) => l.offer.id === item.offerId)
      const sku = entry?.skus.find((s) => s.id === item.skuId)
      const meetingPoint = entry ? meetingPointOf(entry.offer, ctx.locale) : ''
      const money = (amount: number) => ({ amount, currency: item.currency })
      return {
        offer: entry?.offer.slug ?? '',
        offerTitle: entry ? pickText(entry.offer.title, ctx.locale) : '',
        skuTitle: sku ? pickText(sku.title, ctx.locale) : '',
        ...(meetingPoint ? { meetingPoint } : {}),
        start: item.startsAt.toISOString(),
        end: item.endsAt.toISOString(),
        startTime: utcToZonedTime(item.startsAt, timeZone),
        quantity: item.quantity,
        participants: item.participants.map((p) => ({ firstname: p.firstname, surname: p.surname, extras: p.extras })),
        unitPrice: money(item.unitAmount),
        variantTotal: money(item.totalAmount - item.extrasAmount),
        extras: extraLines[index]!.map(({ extra, quantity, amount }) => ({
          id: extra.key,
          title: pickText(extra.title, ctx.locale),
          ...(extra.per === 'booking' ? { per: 'booking' as const } : {}),
          quantity,
          unitPrice: money(extra.price),
          total: money(amount),
        })),
        total: money(item.totalAmount),
      }
    }),
  }
}

/** A booking in the language it was made in (its e-mails, the staff's views). */
export function toBookingViewInItsLocale(ctx: CatalogueContext, db: Db, row: BookingRow): Promise<Booking> {
  return toBookingView({ ...ctx, locale: bookingLocale(row) }, db, row)
}

/** The booking made from a cart, as the visitor sees it. */
export async function findBookingOfCart(ctx: CatalogueContext, cartId: string): Promise<Booking | null> {
  const [row] = await ctx.db.select().from(bookings).where(and(eq(bookings.cartId, cartId), eq(bookings.shopId, ctx.shop.id))).limit(1)
  return row ? toBookingView(ctx, ctx.db, row) : null
}
