import type { Db } from '~/server/db/client'
import { toLocale } from '~/lib/locale'
import { enqueueMail } from '~/server/mail/outbox'
import { toBookingView, type BookingRow } from '../bookings'
import type { CatalogueContext } from '../offers/catalogue'

type Change =
  | { kind: 'booking.visitor_cancelled'; fee: number; refund: number }
  | { kind: 'booking.visitor_moved'; from: { start: string; end: string }; difference: number; refund: number }

/**
 * Tells the shop that a visitor cancelled or moved their booking: an e-mail to the shop's contact
 * address, in the shop's first language, in the caller's transaction (written only if the change
 * commits). The staff members' own notices (per member, switchable) are the notifications work's.
 */
export async function notifyShopOfVisitorChange(tx: Db, ctx: CatalogueContext, booking: BookingRow, change: Change): Promise<void> {
  const to = ctx.shop.config.contact.email?.trim()
  if (!to) return
  const locale = toLocale(ctx.shop.config.languages[0])
  const view = await toBookingView({ ...ctx, db: tx, locale }, tx, booking)
  const money = (amount: number) => ({ amount, currency: booking.currency })
  const person = { firstname: booking.person.firstname, surname: booking.person.surname, email: booking.person.email, phone: booking.person.phone }
  await enqueueMail(
    tx,
    ctx.shop.id,
    change.kind,
    change.kind === 'booking.visitor_cancelled'
      ? { booking: view, locale, to, person, fee: money(change.fee), refund: money(change.refund) }
      : { booking: view, locale, to, person, from: change.from, difference: money(change.difference), refund: money(change.refund) },
  )
}
