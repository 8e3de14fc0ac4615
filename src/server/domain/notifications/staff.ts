import type { Db } from '~/server/db/client'
import type { BookingRow } from '~/server/domain/bookings'
import type { Shop } from '~/server/domain/shops'

/**
 * E-mails the shop's staff who want it about a new booking or request (staff.notify_bookings /
 * notify_requests), in the caller's transaction, each in their own language.
 */
export async function notifyStaffOfNewBooking(_tx: Db, _shop: Shop, _booking: BookingRow): Promise<void> {
  // Filled in by the notifications work (issue 21, part 7).
}
