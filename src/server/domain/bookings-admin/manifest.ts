/**
 * The manifest of one session: who comes (one row per participant of its confirmed, accepted
 * and paid bookings), with their extras, the booking, the person who booked and how to reach
 * them, and what is still to be paid. Guides get it only for a session they are assigned to (any
 * other is not found for them), and without money figures (`withMoney: false`).
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings, offers, sessions, skus } from '~/server/db/schema'
import { bookingSettings } from '~/server/domain/offers/catalogue'
import { utcToZonedTime } from '~/server/domain/offers/zoned-time'
import { isAssignedGuide } from '~/server/domain/sessions-admin/guides'
import { sessionNotFound, toAdminSessions } from '~/server/domain/sessions-admin/view'
import type { Shop } from '~/server/domain/shops'
import { openOf, paidByBooking, STANDING, staffPaymentState } from './detail'

export type SessionManifest = components['schemas']['SessionManifest']
export type ManifestRow = components['schemas']['ManifestRow']
export type ManifestScope = {
  db: Db
  shop: Shop
  locale: Locale
  now: Date
  withMoney: boolean
  /** A guide: only the sessions assigned to them. */
  guideId?: string
}

const join = (...parts: (string | undefined | null)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ')

export async function getSessionManifest(scope: ManifestScope, sessionId: string): Promise<SessionManifest & { offerSlug: string }> {
  const { db, shop, locale } = scope
  const { timeZone } = bookingSettings(shop)
  const [found] = sessionId
    ? await db
        .select({ session: sessions, offer: offers })
        .from(sessions)
        .innerJoin(offers, eq(offers.id, sessions.offerId))
        .where(and(eq(sessions.id, sessionId), eq(sessions.shopId, shop.id)))
    : []
  if (!found) throw sessionNotFound()
  if (scope.guideId && !(await isAssignedGuide(db, shop.id, found.session.id, scope.guideId))) throw sessionNotFound()
  const { session, offer } = found
  const items = await db
    .select({ item: bookingItems, booking: bookings, skuTitle: skus.title })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .leftJoin(skus, eq(skus.id, bookingItems.skuId))
    .where(and(eq(bookingItems.sessionId, session.id), eq(bookings.shopId, shop.id), inArray(bookings.status, [...STANDING])))
    .orderBy(asc(bookings.createdAt), asc(bookings.code), asc(bookingItems.position))
  // Grouped by the person who booked (surname, first name), then by booking.
  items.sort(
    (a, b) =>
      a.booking.person.surname.localeCompare(b.booking.person.surname, locale) ||
      a.booking.person.firstname.localeCompare(b.booking.person.firstname, locale) ||
      a.booking.createdAt.getTime() - b.booking.createdAt.getTime() ||
      a.booking.code.localeCompare(b.booking.code) ||
      a.item.position - b.item.position,
  )
  const money = scope.withMoney ? await paidByBooking(db, [...new Set(items.map((i) => i.booking.id))]) : new Map()
  const extras = new Map(offer.extras.map((e) => [e.key, pickText(e.title, locale)]))
  const rows: ManifestRow[] = []
  const rowsOf = new Map<string, number>()
  let participants = 0
  for (const { item, booking, skuTitle } of items) {
    participants += Math.max(item.places, item.participants.length)
    const paid = money.get(booking.id)
    const moneyFields = (first: boolean) =>
      scope.withMoney && paid
        ? {
            paymentState: staffPaymentState(booking, paid.paid, paid.refunded),
            ...(first ? { open: openOf(booking) } : {}),
          }
        : {}
    const people = item.participants.length ? item.participants : [{ firstname: '', surname: '', extras: [] as string[] }]
    for (const p of people) {
      const position = (rowsOf.get(booking.id) ?? 0) + 1
      rowsOf.set(booking.id, position)
      rows.push({
        bookingCode: booking.code,
        position,
        firstname: p.firstname,
        surname: p.surname,
        ...(skuTitle ? { skuTitle: pickText(skuTitle, locale) } : {}),
        extras: p.extras.map((key) => extras.get(key) ?? key),
        booker: {
          firstname: booking.person.firstname,
          surname: booking.person.surname,
          ...(booking.customer.type === 'COMPANY' && booking.customer.company ? { company: booking.customer.company } : {}),
          phone: booking.person.phone,
        },
        status: booking.status,
        ...moneyFields(position === 1),
      })
    }
  }
  const location = offer.location
  const place = join(location.name, location.street && join(location.street, location.streetNumber) + ',', join(location.postalCode, location.city))
  const meetingPoint = offer.meetingPoint ? pickText(offer.meetingPoint, locale).trim() : ''
  const [adminSession] = await toAdminSessions(db, [session], timeZone, scope.now)
  const seen = new Map(items.map((i) => [i.booking.id, i.booking]))
  return {
    offerSlug: offer.slug,
    session: adminSession!,
    offerId: offer.id,
    offerTitle: pickText(offer.title, locale),
    endTime: utcToZonedTime(session.endsAt, timeZone),
    ...(place ? { location: place.replace(/,$/, '') } : {}),
    ...(meetingPoint ? { meetingPoint } : {}),
    currency: bookingSettings(shop).currency,
    participants,
    bookings: seen.size,
    ...(scope.withMoney ? { openTotal: [...seen.values()].reduce((sum, b) => sum + openOf(b), 0) } : {}),
    rows,
  }
}
