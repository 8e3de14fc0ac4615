import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { normalisePhone } from '~/lib/checkout-validation'
import type { Tx } from '~/server/db/client'
import { bookings, customers } from '~/server/db/schema'
import type { BookingRow } from '~/server/domain/bookings'
import { recordChange } from '~/server/domain/history/change-log'
import { changedFields } from '~/server/domain/history/diff'

export type CustomerRow = typeof customers.$inferSelect

/** The key customers are merged by: the e-mail, trimmed and in lower case. */
export const customerEmailKey = (email: string) => email.trim().toLowerCase()

/** The contact details of a booking as its customer keeps them (phone in E.164 when valid). */
export function contactOfBooking(booking: Pick<BookingRow, 'customer' | 'person' | 'address'>) {
  const phone = booking.person.phone?.trim() ? (normalisePhone(booking.person.phone) ?? booking.person.phone.trim()) : null
  return {
    person: { firstname: booking.person.firstname.trim(), surname: booking.person.surname.trim() },
    phone,
    address: booking.address,
    company: booking.customer.type === 'COMPANY' ? booking.customer.company?.trim() || null : null,
    isCompany: booking.customer.type === 'COMPANY',
  }
}

/**
 * What a new booking changes of its customer. The rule: the latest booking wins for the name,
 * phone and address (what the visitor typed last is the freshest); the staff's `note` is never
 * touched; `type` and `company` change only when the booking was made for a company (a private
 * booking of a company's contact does not turn the company into a private customer, nor does it
 * remove a company the staff entered).
 */
export function customerUpdateFromBooking(current: Pick<CustomerRow, 'type' | 'company' | 'person' | 'phone' | 'address'>, booking: Pick<BookingRow, 'customer' | 'person' | 'address'>) {
  const contact = contactOfBooking(booking)
  return {
    person: contact.person,
    phone: contact.phone ?? current.phone,
    address: contact.address,
    type: contact.isCompany ? ('COMPANY' as const) : current.type,
    company: contact.isCompany ? (contact.company ?? current.company) : current.company,
  }
}

const forHistory = (c: Pick<CustomerRow, 'type' | 'company' | 'person' | 'phone' | 'address'>) => ({
  type: c.type,
  company: c.company,
  person: c.person,
  phone: c.phone,
  address: c.address,
})

/**
 * Links a new booking to its CRM customer (merged by e-mail, lower case), creating or updating
 * the customer, in the caller's transaction.
 *
 * Concurrency: the customer is created with `INSERT … ON CONFLICT (shop_id, email) DO NOTHING`;
 * when another transaction created (or is creating) it, that statement waits for it and does
 * nothing, and the row is then locked (`FOR UPDATE`) and updated. Two checkouts with the same new
 * e-mail at once therefore make one customer. An erased customer's e-mail is a placeholder, so a
 * new booking with the e-mail it had makes a fresh customer. Every change is recorded in the
 * customer's history (by the system, naming the booking).
 */
export async function linkCustomer(tx: Tx, booking: BookingRow): Promise<void> {
  const email = customerEmailKey(booking.person.email)
  const contact = contactOfBooking(booking)
  const at = booking.createdAt ?? new Date()
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = randomUUID()
    const inserted = await tx
      .insert(customers)
      .values({
        id,
        shopId: booking.shopId,
        email,
        type: contact.isCompany ? 'COMPANY' : 'PRIVATE',
        company: contact.company,
        person: contact.person,
        address: contact.address,
        phone: contact.phone,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: [customers.shopId, customers.email] })
      .returning({ id: customers.id })
    if (inserted.length) {
      await tx.update(bookings).set({ customerId: id }).where(eq(bookings.id, booking.id))
      await recordChange(tx, {
        shopId: booking.shopId,
        subject: 'customer',
        subjectId: id,
        actorId: null,
        action: 'created',
        changes: [{ field: 'booking', after: booking.code }],
        at,
      })
      return
    }
    const [current] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.shopId, booking.shopId), eq(customers.email, email)))
      .for('update')
    if (!current) continue // erased (its e-mail replaced) between the two statements: insert again
    const next = customerUpdateFromBooking(current, booking)
    const fieldChanges = changedFields(forHistory(current), forHistory({ ...current, ...next }))
    await recordChange(tx, {
      shopId: booking.shopId,
      subject: 'customer',
      subjectId: current.id,
      actorId: null,
      action: 'booked',
      changes: [{ field: 'booking', after: booking.code }, ...fieldChanges],
      at,
    })
    if (fieldChanges.length > 0) {
      await tx
        .update(customers)
        .set({ ...next, version: sql`${customers.version} + 1`, updatedAt: at })
        .where(eq(customers.id, current.id))
    }
    await tx.update(bookings).set({ customerId: current.id }).where(eq(bookings.id, booking.id))
    return
  }
  throw new Error(`linkCustomer: no customer for booking ${booking.code} after 3 attempts`)
}
