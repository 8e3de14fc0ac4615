import { and, asc, eq } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db } from '~/server/db/client'
import { refunds } from '~/server/db/schema'
import type { RefundRow } from './create'

export type RefundView = components['schemas']['Refund']

/** The refunds of one booking of the shop, oldest first, as plain rows (booking detail, Finance). */
export async function refundsOfBooking(db: Db, shopId: string, bookingId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.shopId, shopId), eq(refunds.bookingId, bookingId)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
}

/** A refund as the admin contract's `Refund`. */
export function toRefundView(row: RefundRow, bookingCode: string): RefundView {
  return {
    id: row.id,
    bookingCode,
    paymentId: row.paymentId,
    provider: row.provider,
    providerRef: row.providerRef,
    amount: { amount: row.amount, currency: row.currency },
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
