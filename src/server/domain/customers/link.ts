import type { Db } from '~/server/db/client'
import type { BookingRow } from '~/server/domain/bookings'

/**
 * Links a new booking to its CRM customer (merged by e-mail, lower case), creating or updating
 * the customer, in the caller's transaction.
 */
export async function linkCustomer(_tx: Db, _booking: BookingRow): Promise<void> {
  // Filled in by the CRM work (issue 21, part 4).
}
