/**
 * Requests as the staff app shows them: the items in the staff member's language, their days and
 * start times in the shop's time zone, the visitor's contact, the answer and its history.
 */
import { asc, inArray } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db } from '~/server/db/client'
import { bookingItems } from '~/server/db/schema'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import { bookingLocale, type BookingRow } from '~/server/domain/bookings'
import { listChanges } from '~/server/domain/history/change-log'
import { bookingSettings, loadOffers } from '~/server/domain/offers/catalogue'
import { utcToZonedDate, utcToZonedTime } from '~/server/domain/offers/zoned-time'
import type { Shop } from '~/server/domain/shops'

type S = components['schemas']
export type StaffRequestListItem = S['StaffRequestListItem']
export type StaffRequest = S['StaffRequest']
export type RequestCounts = S['RequestCounts']

/** What the views need of the request: the shop (its time zone), the staff member's language, one clock. */
export type RequestScope = { db: Db; shop: Shop; locale: Locale; now: Date }

type ItemRow = typeof bookingItems.$inferSelect

/** The items of the given bookings, each booking's in its order, with their offers' and variants' titles in `locale`. */
export async function itemsOf(scope: RequestScope, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, (StaffRequest['items'][number] & { row: ItemRow })[]>()
  const { timeZone } = bookingSettings(scope.shop)
  const rows = await scope.db.select().from(bookingItems).where(inArray(bookingItems.bookingId, bookingIds)).orderBy(asc(bookingItems.position), asc(bookingItems.id))
  const loaded = await loadOffers(scope.db, scope.shop.id, { ids: [...new Set(rows.map((r) => r.offerId))] })
  const byBooking = new Map<string, (StaffRequest['items'][number] & { row: ItemRow })[]>()
  for (const row of rows) {
    const entry = loaded.find((l) => l.offer.id === row.offerId)
    const sku = entry?.skus.find((k) => k.id === row.skuId)
    const item = {
      id: row.id,
      offerTitle: entry ? pickText(entry.offer.title, scope.locale) || entry.offer.slug : '',
      skuTitle: sku ? pickText(sku.title, scope.locale) : '',
      start: row.startsAt.toISOString(),
      end: row.endsAt.toISOString(),
      day: utcToZonedDate(row.startsAt, timeZone),
      startTime: utcToZonedTime(row.startsAt, timeZone),
      quantity: row.quantity,
      participants: row.participants.map((p) => ({ firstname: p.firstname, surname: p.surname })),
      total: { amount: row.totalAmount, currency: row.currency },
      row,
    }
    byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), item])
  }
  return byBooking
}

/** A request is never `CONFIRMED` (that is an order's state); should one be, it reads as accepted. */
const statusOf = (row: BookingRow): StaffRequest['status'] => (row.status === 'CONFIRMED' ? 'ACCEPTED' : row.status)

const money = (amount: number, currency: string) => ({ amount, currency })

/** A line of the inbox. */
export function toListItem(row: BookingRow, items: StaffRequest['items']): StaffRequestListItem {
  return {
    code: row.code,
    status: statusOf(row),
    seen: row.seen,
    createdAt: row.createdAt.toISOString(),
    person: { firstname: row.person.firstname, surname: row.person.surname, email: row.person.email, phone: row.person.phone },
    items: items.slice(0, 50).map(({ id, offerTitle, skuTitle, start, end, day, startTime, quantity }) => ({ id, offerTitle, skuTitle, start, end, day, startTime, quantity })),
    total: money(row.totalAmount, row.currency),
    ...(row.repliedAt ? { repliedAt: row.repliedAt.toISOString() } : {}),
  }
}

/**
 * One request with everything the page shows. `unavailable` (open requests only): the items that
 * accepting now would not get, by item id.
 */
export async function toStaffRequest(scope: RequestScope, row: BookingRow, unavailable?: Record<string, string>): Promise<StaffRequest> {
  const items = ((await itemsOf(scope, [row.id])).get(row.id) ?? []).map(({ row: _row, ...item }) => item)
  const history = await listChanges(scope.db, row.shopId, 'booking', row.id)
  return {
    code: row.code,
    status: statusOf(row),
    seen: row.seen,
    createdAt: row.createdAt.toISOString(),
    locale: bookingLocale(row),
    customer: { type: row.customer.type, ...(row.customer.type === 'COMPANY' && row.customer.company ? { company: row.customer.company } : {}) },
    person: { firstname: row.person.firstname, surname: row.person.surname, email: row.person.email, phone: row.person.phone },
    address: {
      street: row.address.street,
      streetNumber: row.address.streetNumber,
      postalCode: row.address.postalCode,
      city: row.address.city,
      country: row.address.country,
    },
    ...(row.message ? { message: row.message } : {}),
    items,
    total: money(row.totalAmount, row.currency),
    openAmount: money(row.openAmount, row.currency),
    paymentMethod: row.paymentMethod,
    ...(row.reply ? { reply: row.reply } : {}),
    ...(row.repliedAt ? { repliedAt: row.repliedAt.toISOString() } : {}),
    ...(unavailable
      ? { availability: { available: Object.keys(unavailable).length === 0, unavailable: unavailable as NonNullable<StaffRequest['availability']>['unavailable'] } }
      : {}),
    history,
  }
}
