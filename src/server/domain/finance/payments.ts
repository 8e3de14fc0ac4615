/**
 * The shop's payments as the owner's finance view lists and exports them: online payments
 * (checkout, payment links) and money the staff recorded on site, each with its booking and,
 * for on-site ones, who recorded it. Every query is bound to the staff member's shop.
 */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookings, payments, staff } from '~/server/db/schema'
import { invalidFields } from '~/server/domain/errors'
import type { IsoDate } from '~/server/domain/offers/zoned-time'
import { checkRange, optionalRange } from './periods'
import { countAll, personName, withinDays, type FinanceScope, type Paging } from './scope'

export type PaymentStatus = (typeof payments.$inferSelect)['status']
export type PaymentSource = (typeof payments.$inferSelect)['source']

export type PaymentFilter = {
  from?: IsoDate
  to?: IsoDate
  provider?: string
  method?: string
  status?: PaymentStatus
  source?: PaymentSource
  /** A booking code. */
  booking?: string
}

export type FinancePayment = {
  id: string
  createdAt: string
  updatedAt: string
  provider: string
  providerRef: string | null
  method: string | null
  source: PaymentSource
  amount: { amount: number; currency: string }
  status: PaymentStatus
  refundDue: boolean
  booking: { id: string; code: string; name: string }
  recordedBy: { id: string; name: string } | null
  note: string | null
}

/** An export holds at most this many payments (a longer one asks for a shorter period). */
export const MAX_EXPORT_ROWS = 20_000
/** The filters offer at most this many providers and methods. */
const MAX_FACETS = 50

function conditions(scope: FinanceScope, filter: PaymentFilter): SQL {
  const range = optionalRange(filter.from, filter.to)
  return and(
    eq(payments.shopId, scope.shopId),
    withinDays(payments.createdAt, range, scope.timeZone),
    filter.provider ? eq(payments.provider, filter.provider) : undefined,
    filter.method ? eq(payments.method, filter.method) : undefined,
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.source ? eq(payments.source, filter.source) : undefined,
    filter.booking ? eq(bookings.code, filter.booking.trim().toUpperCase()) : undefined,
  )!
}

const columns = {
  payment: payments,
  booking: { id: bookings.id, code: bookings.code, person: bookings.person },
  recorder: { id: staff.id, name: staff.name },
}

type Row = { payment: typeof payments.$inferSelect; booking: { id: string; code: string; person: { firstname: string; surname: string } }; recorder: { id: string; name: string } | null }

/** The payments joined to their booking (of the same shop) and their recorder (a member of the same shop). */
function joined(db: Db) {
  return db
    .select(columns)
    .from(payments)
    .innerJoin(bookings, and(eq(bookings.id, payments.bookingId), eq(bookings.shopId, payments.shopId)))
    .leftJoin(staff, and(eq(staff.id, payments.recordedBy), eq(staff.shopId, payments.shopId)))
}

function view(row: Row): FinancePayment {
  const p = row.payment
  return {
    id: p.id,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    provider: p.provider.slice(0, 40),
    providerRef: p.providerRef?.slice(0, 200) ?? null,
    method: p.method?.slice(0, 40) ?? null,
    source: p.source,
    amount: { amount: p.amount, currency: p.currency },
    status: p.status,
    refundDue: p.refundDue,
    booking: { id: row.booking.id, code: row.booking.code, name: personName(row.booking.person) },
    recordedBy: row.recorder ? { id: row.recorder.id, name: row.recorder.name.slice(0, 200) } : null,
    note: p.note?.slice(0, 1000) ?? null,
  }
}

/** One page of the shop's payments, newest first, with how many match and the providers and methods the shop has. */
export async function listPayments(db: Db, scope: FinanceScope, filter: PaymentFilter, paging: Paging) {
  const where = conditions(scope, filter)
  const [rows, [counted], facets] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db
      .select({ total: countAll() })
      .from(payments)
      .innerJoin(bookings, and(eq(bookings.id, payments.bookingId), eq(bookings.shopId, payments.shopId)))
      .where(where),
    db
      .selectDistinct({ provider: payments.provider, method: payments.method })
      .from(payments)
      .where(eq(payments.shopId, scope.shopId))
      .orderBy(asc(payments.provider), asc(payments.method))
      .limit(MAX_FACETS * 4),
  ])
  const providers = [...new Set(facets.map((f) => f.provider))].slice(0, MAX_FACETS)
  const methods = [...new Set(facets.flatMap((f) => (f.method ? [f.method] : [])))].sort().slice(0, MAX_FACETS)
  return {
    data: (rows as Row[]).map(view),
    meta: { page: paging.page, perPage: paging.perPage, total: counted?.total ?? 0, providers, methods },
  }
}

/** The payments of a period for the CSV export, oldest first (a range is required, at most MAX_EXPORT_ROWS payments). */
export async function paymentsForExport(db: Db, scope: FinanceScope, filter: PaymentFilter & { from: IsoDate; to: IsoDate }): Promise<FinancePayment[]> {
  checkRange(filter.from, filter.to)
  const rows = await joined(db)
    .where(conditions(scope, filter))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(MAX_EXPORT_ROWS + 1)
  if (rows.length > MAX_EXPORT_ROWS) {
    throw invalidFields({ to: { code: 'export.too_many_rows', params: { maximum: MAX_EXPORT_ROWS } } }, `The period has more than ${MAX_EXPORT_ROWS} payments: please export a shorter one.`)
  }
  return (rows as Row[]).map(view)
}

