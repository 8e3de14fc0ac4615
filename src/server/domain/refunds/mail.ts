/**
 * The visitor's e-mail once a refund went through — the provider's webhook said so, or the staff
 * confirmed that they paid back money taken on site — in the booking's language, written in the
 * transaction that records the success (a success is final and applied once, so is its e-mail).
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookings } from '~/server/db/schema'
import { enqueueMail } from '~/server/mail/outbox'
import { bookingLocale, toBookingView } from '../bookings'
import type { Shop } from '../shops'

export async function enqueueRefundMail(tx: Db, shop: Shop, refund: { bookingId: string; amount: number; currency: string }, now: Date): Promise<void> {
  const [booking] = await tx.select().from(bookings).where(and(eq(bookings.id, refund.bookingId), eq(bookings.shopId, shop.id)))
  if (!booking) return
  const locale = bookingLocale(booking)
  await enqueueMail(tx, shop.id, 'refund.sent', {
    booking: await toBookingView({ db: tx, shop, locale, now }, tx, booking),
    locale,
    to: booking.person.email,
    amount: { amount: refund.amount, currency: refund.currency },
  })
}
