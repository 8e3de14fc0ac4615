import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookingItems, offers, skus, staff } from '~/server/db/schema'
import type { BookingRow } from '~/server/domain/bookings'
import type { Shop } from '~/server/domain/shops'
import { expectedParticipants } from '~/lib/checkout-validation'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import { enqueueStaffMessage } from '~/server/mail/outbox'
import type { StaffBookingNotice } from '~/server/mail/staff-templates'

/** Items listed in a notice at most (a cart has far fewer). */
const MAX_ITEMS = 100

/** The page of a booking (order) or request in the staff app, in the member's language. */
export function staffBookingPath(locale: Locale, booking: Pick<BookingRow, 'mode' | 'code'>): string {
  const section = booking.mode === 'request' ? 'requests' : 'bookings'
  return `/${locale}/admin/sales/${section}/${encodeURIComponent(booking.code)}`
}

/**
 * E-mails the shop's staff who want it about a new booking or request (staff.notify_bookings /
 * notify_requests), in the caller's transaction, each in their own language: the active managers
 * and owners of the shop (guides are not told about bookings, nor members who have not yet
 * accepted their invitation). The link goes to the booking's or request's page; its origin is the
 * shop's canonical one, added when the mail is sent.
 */
export async function notifyStaffOfNewBooking(tx: Db, shop: Shop, booking: BookingRow): Promise<void> {
  const wants = booking.mode === 'request' ? staff.notifyRequests : staff.notifyBookings
  const members = await tx
    .select({ email: staff.email, name: staff.name, locale: staff.locale })
    .from(staff)
    .where(and(eq(staff.shopId, shop.id), eq(staff.active, true), isNotNull(staff.passwordHash), inArray(staff.role, ['manager', 'owner']), eq(wants, true)))
    .orderBy(asc(staff.email))
  if (members.length === 0) return

  const items = await tx
    .select({
      offerTitle: offers.title,
      skuTitle: skus.title,
      startsAt: bookingItems.startsAt,
      endsAt: bookingItems.endsAt,
      participants: bookingItems.participants,
      quantity: bookingItems.quantity,
      places: bookingItems.places,
      skuType: skus.type,
    })
    .from(bookingItems)
    .innerJoin(offers, eq(offers.id, bookingItems.offerId))
    .innerJoin(skus, eq(skus.id, bookingItems.skuId))
    .where(and(eq(bookingItems.bookingId, booking.id), eq(bookingItems.shopId, shop.id)))
    .orderBy(asc(bookingItems.position))
    .limit(MAX_ITEMS)

  const kind = booking.mode === 'request' ? 'staff.request_received' : 'staff.booking_received'
  for (const member of members) {
    const notice: StaffBookingNotice = {
      code: booking.code,
      mode: booking.mode,
      person: {
        firstname: booking.person.firstname,
        surname: booking.person.surname,
        email: booking.person.email,
        phone: booking.person.phone,
      },
      ...(booking.customer.type === 'COMPANY' && booking.customer.company ? { company: booking.customer.company } : {}),
      paymentMethod: booking.paymentMethod,
      total: { amount: booking.totalAmount, currency: booking.currency },
      ...(booking.message ? { message: booking.message } : {}),
      items: items.map((item) => {
        const variant = pickText(item.skuTitle, member.locale)
        return {
          offer: pickText(item.offerTitle, member.locale),
          ...(variant ? { variant } : {}),
          start: item.startsAt.toISOString(),
          end: item.endsAt.toISOString(),
          // a request may name only some of its participants (issue 22, point 11): the places count
          participants: Math.max(item.participants.length, expectedParticipants({ skuType: item.skuType, places: item.places, quantity: item.quantity })),
        }
      }),
    }
    await enqueueStaffMessage(tx, shop.id, kind, {
      to: member.email,
      locale: member.locale,
      name: member.name,
      path: staffBookingPath(member.locale, booking),
      booking: notice,
    })
  }
}
