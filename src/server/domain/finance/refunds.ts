/**
 * The shop's refunds as the owner's finance view lists them: money paid back through the
 * provider when a booking was cancelled or moved, with the booking, the payment's method and
 * the staff member who caused it.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookings, payments, refunds, staff } from '~/server/db/schema'
import type { IsoDate } from '~/server/domain/offers/zoned-time'
import { optionalRange } from './periods'
import { countAll, personName, withinDays, type FinanceScope, type Paging } from './scope'

export type RefundStatus = (typeof refunds.$inferSelect)['status']
export type RefundReason = (typeof refunds.$inferSelect)['reason']

export type RefundFilter = { from?: IsoDate; to?: IsoDate; status?: RefundStatus; reason?: RefundReason; provider?: string }

function conditions(scope: FinanceScope, filter: RefundFilter): SQL {
  return and(
    eq(refunds.shopId, scope.shopId),
    withinDays(refunds.createdAt, optionalRange(filter.from, filter.to), scope.timeZone),
    filter.status ? eq(refunds.status, filter.status) : undefined,
    filter.reason ? eq(refunds.reason, filter.reason) : undefined,
    filter.provider ? eq(refunds.provider, filter.provider) : undefined,
  )!
}

/** One page of the shop's refunds, newest first, with how many match. */
export async function listRefunds(db: Db, scope: FinanceScope, filter: RefundFilter, paging: Paging) {
  const where = conditions(scope, filter)
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        refund: refunds,
        booking: { id: bookings.id, code: bookings.code, person: bookings.person },
        paymentMethod: payments.method,
        actor: { id: staff.id, name: staff.name },
      })
      .from(refunds)
      .innerJoin(bookings, and(eq(bookings.id, refunds.bookingId), eq(bookings.shopId, refunds.shopId)))
      .leftJoin(payments, and(eq(payments.id, refunds.paymentId), eq(payments.shopId, refunds.shopId)))
      .leftJoin(staff, and(eq(staff.id, refunds.actorId), eq(staff.shopId, refunds.shopId)))
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db
      .select({ total: countAll() })
      .from(refunds)
      .innerJoin(bookings, and(eq(bookings.id, refunds.bookingId), eq(bookings.shopId, refunds.shopId)))
      .where(where),
  ])
  return {
    data: rows.map(({ refund: r, booking, paymentMethod, actor }) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      provider: r.provider.slice(0, 40),
      providerRef: r.providerRef?.slice(0, 200) ?? null,
      amount: { amount: r.amount, currency: r.currency },
      status: r.status,
      reason: r.reason,
      booking: { id: booking.id, code: booking.code, name: personName(booking.person) },
      paymentId: r.paymentId,
      paymentMethod: paymentMethod?.slice(0, 40) ?? null,
      actor: actor ? { id: actor.id, name: actor.name.slice(0, 200) } : null,
    })),
    meta: { page: paging.page, perPage: paging.perPage, total: counted?.total ?? 0 },
  }
}
