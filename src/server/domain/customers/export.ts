import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import { pickText } from '~/lib/locale-text'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings, offers, outbox, payments, refunds } from '~/server/db/schema'
import { listChanges } from '~/server/domain/history/change-log'
import { customerRow, type CustomerScope } from './view'

export type CustomerExport = components['schemas']['CustomerExportAnswer']['data']

/** The name of the file a customer's data are downloaded as. */
export const exportFileName = (customerId: string) => `customer-${customerId}.json`

/**
 * Everything kept about one customer (a data-protection access request), in the documented shape
 * `flowin.customer-export.v1` (openapi/admin.yaml, CustomerExportAnswer): the customer, their
 * bookings as stored (with items, participants, payments and refunds), the e-mails sent about
 * them (kind, status and dates, not their text) and the customer's history.
 */
export async function exportCustomerData(db: Db, scope: CustomerScope & { shopName: string }, customerId: string): Promise<CustomerExport> {
  const row = await customerRow(db, scope.shopId, customerId)
  const theirs = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.shopId, scope.shopId), eq(bookings.customerId, row.id)))
    .orderBy(desc(bookings.createdAt), asc(bookings.id))
    .limit(5000)
  const ids = theirs.map((b) => b.id)
  const codes = theirs.map((b) => b.code)
  const items = ids.length
    ? await db
        .select({ item: bookingItems, slug: offers.slug, title: offers.title })
        .from(bookingItems)
        .leftJoin(offers, eq(offers.id, bookingItems.offerId))
        .where(inArray(bookingItems.bookingId, ids))
        .orderBy(asc(bookingItems.position))
    : []
  const paid = ids.length ? await db.select().from(payments).where(inArray(payments.bookingId, ids)).orderBy(asc(payments.createdAt)) : []
  const refunded = ids.length ? await db.select().from(refunds).where(inArray(refunds.bookingId, ids)).orderBy(asc(refunds.createdAt)) : []
  const mails = await db
    .select({ kind: outbox.kind, bookingCode: outbox.bookingCode, status: outbox.status, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
    .from(outbox)
    .where(and(eq(outbox.shopId, scope.shopId), or(...[...(codes.length ? [inArray(outbox.bookingCode, codes)] : []), sql`lower(${outbox.payload}->>'to') = ${row.email}`])))
    .orderBy(asc(outbox.createdAt))
    .limit(50000)
  const money = (amount: number, currency: string) => ({ amount, currency })
  return {
    format: 'flowin.customer-export.v1',
    exportedAt: scope.now.toISOString(),
    shop: { id: scope.shopId, name: scope.shopName },
    customer: {
      id: row.id,
      type: row.type,
      company: row.company ?? null,
      person: { firstname: row.person.firstname, surname: row.person.surname },
      email: row.email,
      phone: row.phone ?? null,
      address: row.address ?? null,
      note: row.note ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      erasedAt: row.erasedAt?.toISOString() ?? null,
    },
    bookings: theirs.map((b) => ({
      code: b.code,
      status: b.status,
      mode: b.mode,
      locale: b.locale,
      createdAt: b.createdAt.toISOString(),
      customer: { type: b.customer.type, company: b.customer.company ?? null },
      person: { firstname: b.person.firstname, surname: b.person.surname, email: b.person.email, phone: b.person.phone ?? '' },
      address: {
        street: b.address.street ?? '',
        streetNumber: b.address.streetNumber ?? '',
        postalCode: b.address.postalCode ?? '',
        city: b.address.city ?? '',
        country: b.address.country ?? '',
      },
      message: b.message ?? null,
      reply: b.reply ?? null,
      repliedAt: b.repliedAt?.toISOString() ?? null,
      paymentMethod: b.paymentMethod,
      total: money(b.totalAmount, b.currency),
      open: money(b.openAmount, b.currency),
      cancelledAt: b.cancelledAt?.toISOString() ?? null,
      items: items
        .filter((i) => i.item.bookingId === b.id)
        .map(({ item, slug, title }) => ({
          offer: slug ?? '',
          offerTitle: title ? pickText(title, scope.locale) : '',
          start: item.startsAt.toISOString(),
          end: item.endsAt.toISOString(),
          quantity: item.quantity,
          total: money(item.totalAmount, item.currency),
          participants: item.participants.map((p) => ({ firstname: p.firstname, surname: p.surname, extras: p.extras ?? [] })),
        })),
      payments: paid
        .filter((p) => p.bookingId === b.id)
        .map((p) => ({ createdAt: p.createdAt.toISOString(), provider: p.provider, method: p.method ?? null, source: p.source, amount: money(p.amount, p.currency), status: p.status })),
      refunds: refunded
        .filter((r) => r.bookingId === b.id)
        .map((r) => ({ createdAt: r.createdAt.toISOString(), amount: money(r.amount, r.currency), status: r.status, reason: r.reason })),
    })),
    emails: mails.map((m) => ({ kind: m.kind, bookingCode: m.bookingCode ?? null, status: m.status, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null })),
    history: await listChanges(db, scope.shopId, 'customer', row.id),
  }
}
