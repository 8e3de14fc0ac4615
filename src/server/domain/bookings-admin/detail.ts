/**
 * One booking as the staff see it (issue 21): items with their dates in the shop's time zone,
 * participants and extras, contact, payments, refunds, the e-mails sent about it and its
 * history. Shared helpers of the staff's actions on a booking (./actions.ts, ./on-site.ts,
 * ./participants.ts): finding and locking it in the staff member's shop, the version check.
 */
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db, Tx } from '~/server/db/client'
import { bookingItems, bookings, outbox, paymentLinks, payments, refunds, staff } from '~/server/db/schema'
import { unstorableText } from '~/server/domain/text'
import { pickText } from '~/lib/locale-text'
import { toLocale, type Locale } from '~/lib/locale'
import { bookingLocale, isBookingCode, paymentStateOf, type BookingRow } from '~/server/domain/bookings'
import { conflict, notFound } from '~/server/domain/errors'
import { listChanges } from '~/server/domain/history/change-log'
import { refundsOfBooking, toRefundView } from '~/server/domain/refunds'
import { bookingSettings, loadOffers } from '~/server/domain/offers/catalogue'
import { utcToZonedDate, utcToZonedTime } from '~/server/domain/offers/zoned-time'
import type { Shop } from '~/server/domain/shops'

export type StaffBooking = components['schemas']['StaffBooking']
export type StaffPaymentState = components['schemas']['StaffPaymentState']

/** What reading and changing a booking needs: the staff member's shop, locale and clock. */
export type BookingScope = { db: Db; shop: Shop; locale: Locale; now: Date }

export const bookingNotFound = () => notFound('booking.not_found', 'There is no booking with this code.')
export const bookingVersionConflict = (version: number) =>
  conflict('booking.version_conflict', 'This booking was changed in the meantime. Please reload it and try again.', { version })

/** The booking of the shop with this code (another shop's code, or none: not found). */
export async function findBooking(db: Db | Tx, shopId: string, code: string): Promise<BookingRow> {
  const [row] = isBookingCode(code)
    ? await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.shopId, shopId), eq(bookings.code, code)))
    : []
  if (!row) throw bookingNotFound()
  return row
}

/**
 * Locks a booking for the rest of the transaction, in the order the payments code locks (its
 * payments first, then the booking), so that a staff action and a provider event never deadlock.
 */
export async function lockBooking(tx: Tx, bookingId: string): Promise<BookingRow> {
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, bookingId)).for('update')
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update')
  if (!row) throw bookingNotFound()
  return row
}

/** Why a text of the staff cannot be stored (`control_characters` as the checkout words it), or null. */
export function textProblem(text: string, multiline = false): { code: string; params: { multiline: boolean } } | null {
  return unstorableText(text, multiline) ? { code: 'control_characters', params: { multiline } } : null
}

/** Staff statuses in which a booking stands (places taken, to be paid or paid). */
export const STANDING: readonly BookingRow['status'][] = ['CONFIRMED', 'ACCEPTED', 'PAID']
const closed = (status: BookingRow['status']) => status === 'CANCELLED' || status === 'DECLINED'

/** The amount still to be paid as the staff see it: nothing for a cancelled or declined booking. */
export const openOf = (row: Pick<BookingRow, 'status' | 'openAmount'>) => (closed(row.status) ? 0 : Math.max(0, row.openAmount))

/** What is paid of a booking (see the contract's StaffPaymentState). */
export function staffPaymentState(row: Pick<BookingRow, 'status' | 'openAmount' | 'totalAmount'>, paid: number, refunded: number): StaffPaymentState {
  if (closed(row.status)) return paid <= 0 ? 'none' : refunded >= paid ? 'refunded' : 'refund_due'
  const open = openOf(row)
  if (open <= 0) return 'paid'
  return open < row.totalAmount ? 'partially_paid' : 'unpaid'
}

/** Names of the extras of an offer, in a locale, by key. */
function extraTitles(offer: { extras: { key: string; title: Record<string, string> }[] } | undefined, locale: Locale) {
  return new Map((offer?.extras ?? []).map((e) => [e.key, pickText(e.title, locale)]))
}

type PaymentRow = typeof payments.$inferSelect
type RefundRow = typeof refunds.$inferSelect

/** Sums of a booking's money: succeeded payments, succeeded and pending refunds. */
export function moneyOf(paymentRows: Pick<PaymentRow, 'status' | 'amount'>[], refundRows: Pick<RefundRow, 'status' | 'amount'>[]) {
  const sum = (rows: { amount: number }[]) => rows.reduce((s, r) => s + r.amount, 0)
  return {
    paid: sum(paymentRows.filter((p) => p.status === 'succeeded')),
    refunded: sum(refundRows.filter((r) => r.status === 'succeeded')),
    refundPending: sum(refundRows.filter((r) => r.status === 'pending')),
  }
}

/** Runs the queries one after the other (`sequential`) or together. */
async function inTurn<T extends readonly (() => Promise<unknown>)[]>(sequential: boolean, queries: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!sequential) return (await Promise.all(queries.map((q) => q()))) as never
  const results: unknown[] = []
  for (const query of queries) results.push(await query())
  return results as never
}

/** The booking with this code as the staff see it, read with `db` (the caller's transaction, if any). */
export async function getStaffBooking(scope: BookingScope, code: string, db: Db | Tx = scope.db): Promise<StaffBooking> {
  return toStaffBooking(scope, await findBooking(db, scope.shop.id, code), db)
}

export async function toStaffBooking(scope: BookingScope, row: BookingRow, db: Db | Tx = scope.db): Promise<StaffBooking> {
  const { shop, locale, now } = scope
  const { timeZone } = bookingSettings(shop)
  // One connection in a transaction runs one query at a time; outside one, the pool runs them together.
  const [items, paymentRows, refundRows, emailRows, [link], history] = await inTurn(db !== scope.db, [
    () => db.select().from(bookingItems).where(eq(bookingItems.bookingId, row.id)).orderBy(asc(bookingItems.position), asc(bookingItems.id)),
    () => db
      .select({ payment: payments, staffId: staff.id, staffName: staff.name })
      .from(payments)
      .leftJoin(staff, and(eq(staff.id, payments.recordedBy), eq(staff.shopId, shop.id)))
      .where(eq(payments.bookingId, row.id))
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(200),
    () => refundsOfBooking(db as Db, shop.id, row.id),
    () => db
      .select({
        id: outbox.id,
        kind: outbox.kind,
        payload: outbox.payload,
        status: outbox.status,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(and(eq(outbox.shopId, shop.id), eq(outbox.bookingCode, row.code)))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(200),
    () => db
      .select({ expiresAt: paymentLinks.expiresAt })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.bookingId, row.id), gt(paymentLinks.expiresAt, now)))
      .orderBy(desc(paymentLinks.expiresAt))
      .limit(1),
    () => listChanges(db as Db, shop.id, 'booking', row.id),
  ] as const)
  const offerIds = [...new Set(items.map((i) => i.offerId))]
  const loaded = offerIds.length ? await loadOffers(db as Db, shop.id, { ids: offerIds }) : []
  const money = moneyOf(
    paymentRows.map((p) => p.payment),
    refundRows,
  )
  const onlinePayable = paymentStateOf(shop, row) === 'payable'
  const open = openOf(row)
  const hasParticipants = items.some((i) => i.participants.length > 0)
  return {
    code: row.code,
    status: row.status,
    mode: row.mode,
    locale: bookingLocale(row),
    createdAt: row.createdAt.toISOString(),
    channel: row.channel,
    ...(row.channelHost ? { channelHost: row.channelHost } : {}),
    currency: row.currency,
    paymentMethod: row.paymentMethod,
    paymentState: staffPaymentState(row, money.paid, money.refunded),
    onlinePayable,
    total: row.totalAmount,
    paid: money.paid,
    refunded: money.refunded,
    refundPending: money.refundPending,
    open,
    ...(row.paymentDeadline && !closed(row.status) && open > 0 ? { paymentDeadline: row.paymentDeadline.toISOString() } : {}),
    paymentLink: link && onlinePayable ? { expiresAt: link.expiresAt.toISOString() } : null,
    ...(row.cancelledAt ? { cancelledAt: row.cancelledAt.toISOString() } : {}),
    ...(row.cancelReason ? { cancelReason: row.cancelReason } : {}),
    ...(row.reply ? { reply: row.reply } : {}),
    contact: {
      customerType: row.customer.type,
      ...(row.customer.company ? { company: row.customer.company } : {}),
      ...(row.customerId ? { customerId: row.customerId } : {}),
      firstname: row.person.firstname,
      surname: row.person.surname,
      email: row.person.email,
      phone: row.person.phone,
      address: row.address,
      ...(row.message ? { message: row.message } : {}),
      locale: bookingLocale(row),
    },
    items: items.map((item) => {
      const entry = loaded.find((l) => l.offer.id === item.offerId)
      const sku = entry?.skus.find((s) => s.id === item.skuId)
      const extras = extraTitles(entry?.offer, locale)
      return {
        id: item.id,
        offerId: item.offerId,
        offerTitle: entry ? pickText(entry.offer.title, locale) : '',
        skuTitle: sku ? pickText(sku.title, locale) : '',
        sessionId: item.sessionId,
        date: utcToZonedDate(item.startsAt, timeZone),
        time: utcToZonedTime(item.startsAt, timeZone),
        endTime: utcToZonedTime(item.endsAt, timeZone),
        startsAt: item.startsAt.toISOString(),
        endsAt: item.endsAt.toISOString(),
        durationMinutes: Math.max(0, Math.round((item.endsAt.getTime() - item.startsAt.getTime()) / 60_000)),
        quantity: item.quantity,
        places: item.places,
        unitAmount: item.unitAmount,
        extrasAmount: item.extrasAmount,
        total: item.totalAmount,
        participants: item.participants.map((p) => ({
          firstname: p.firstname,
          surname: p.surname,
          extras: p.extras.map((key) => ({
            key,
            title: extras.get(key) ?? key,
          })),
        })),
      }
    }),
    payments: paymentRows.map(({ payment: p, staffId, staffName }) => ({
      id: p.id,
      provider: p.provider,
      method: p.method,
      amount: p.amount,
      status: p.status,
      source: p.source,
      refundDue: p.refundDue,
      ...(p.note ? { note: p.note } : {}),
      createdAt: p.createdAt.toISOString(),
      recordedBy: staffId ? { id: staffId, name: staffName ?? '' } : null,
    })),
    refunds: refundRows.slice(-200).map((r) => toRefundView(r, row.code)),
    emails: emailRows.map((e) => {
      const payload = e.payload as { to?: unknown; locale?: unknown }
      return {
        id: e.id,
        kind: e.kind,
        recipient: typeof payload.to === 'string' ? payload.to : '',
        ...(typeof payload.locale === 'string' ? { locale: toLocale(payload.locale) } : {}),
        status: e.status,
        createdAt: e.createdAt.toISOString(),
        sentAt: e.sentAt ? e.sentAt.toISOString() : null,
      }
    }),
    history,
    actions: {
      recordPayment: (row.status === 'CONFIRMED' || row.status === 'ACCEPTED') && open > 0,
      sendPaymentLink: onlinePayable,
      resendConfirmation: STANDING.includes(row.status),
      editParticipants: !closed(row.status) && hasParticipants,
      cancel: STANDING.includes(row.status),
    },
    version: row.version,
  }
}

/** The payments of bookings by id (for lists that show many bookings' payment states). */
export async function paidByBooking(db: Db | Tx, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, { paid: number; refunded: number }>()
  const [paymentRows, refundRows] = await Promise.all([
    db
      .select({
        bookingId: payments.bookingId,
        status: payments.status,
        amount: payments.amount,
      })
      .from(payments)
      .where(inArray(payments.bookingId, bookingIds)),
    db
      .select({
        bookingId: refunds.bookingId,
        status: refunds.status,
        amount: refunds.amount,
      })
      .from(refunds)
      .where(inArray(refunds.bookingId, bookingIds)),
  ])
  return new Map(
    bookingIds.map((id) => {
      const m = moneyOf(
        paymentRows.filter((p) => p.bookingId === id),
        refundRows.filter((r) => r.bookingId === id),
      )
      return [id, { paid: m.paid, refunded: m.refunded }]
    }),
  )
}
