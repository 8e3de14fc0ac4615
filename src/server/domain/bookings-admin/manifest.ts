/**
 * The manifest of one session: who comes (one row per participant of its confirmed, accepted
 * and paid bookings), with their extras, the booking, the person who booked and how to reach
 * them, and what is still to be paid. Guides get it only for a session they are assigned to (any
 * other is not found for them), and without money figures (`withMoney: false`). The participants'
 * rows (`participantsOfSessions`, several sessions in one query) are shared with the guides' own
 * dates (src/server/domain/my-sessions), which read a private booking's the same way
 * (`participantsOfItems`).
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
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

/** A booking row of the manifest's query. */
type BookingRow = typeof bookings.$inferSelect
/** An offer's extras and place, as the participants' list shows them. */
type OfferForList = Pick<typeof offers.$inferSelect, 'extras' | 'location' | 'meetingPoint'>

/** One participant row of a session (money figures not yet added) with the booking it belongs to. */
export type ParticipantEntry = { booking: BookingRow; row: ManifestRow }
/**
 * The participants of one session: rows in the manifest's order, how many participants (places
 * of bookings without names count too) and the places of each booking (by booking id).
 */
export type SessionParticipants = { entries: ParticipantEntry[]; participants: number; places: Map<string, number> }

/**
 * The participants of some sessions of `shopId` (confirmed, accepted and paid bookings), per
 * session id, each list ordered by the person who booked (surname, first name), then booking and
 * position; extras by their title in `locale` (`extrasOf` gives each session's offer extras).
 * One query for all of them. Shared by the manifest and the guides' own dates (my-sessions).
 */
export async function participantsOfSessions(
  db: Db,
  shopId: string,
  sessionIds: string[],
  locale: Locale,
  extrasOf: (sessionId: string) => OfferForList['extras'],
): Promise<Map<string, SessionParticipants>> {
  if (!sessionIds.length) return new Map()
  const where = and(inArray(bookingItems.sessionId, sessionIds), eq(bookings.shopId, shopId), inArray(bookings.status, [...STANDING]))!
  return participantsBy(await itemsWhere(db, where), sessionIds, (item) => item.sessionId!, locale, extrasOf)
}

/**
 * The participants of some booked private-service starts (booking items) of `shopId`, per item
 * id, as `participantsOfSessions` lists a session's (`extrasOf` gives each item's offer extras);
 * whatever their booking's status: the caller chose the items (the guides' planned private
 * bookings). One query for all of them.
 */
export async function participantsOfItems(
  db: Db,
  shopId: string,
  itemIds: string[],
  locale: Locale,
  extrasOf: (itemId: string) => OfferForList['extras'],
): Promise<Map<string, SessionParticipants>> {
  if (!itemIds.length) return new Map()
  const where = and(inArray(bookingItems.id, itemIds), eq(bookingItems.shopId, shopId), eq(bookings.shopId, shopId))!
  return participantsBy(await itemsWhere(db, where), itemIds, (item) => item.id, locale, extrasOf)
}

/** The booking items matching `where` with their booking and variant, by the booking's creation, code and position. */
function itemsWhere(db: Db, where: SQL) {
  return db
    .select({ item: bookingItems, booking: bookings, skuTitle: skus.title })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .leftJoin(skus, eq(skus.id, bookingItems.skuId))
    .where(where)
    .orderBy(asc(bookings.createdAt), asc(bookings.code), asc(bookingItems.position))
}

/**
 * The participants' rows of `items`, grouped by `keyOf(item)` (a list for each of `keys`, empty
 * ones too), each ordered by the person who booked (surname, first name), then booking and
 * position; extras by their title in `locale`.
 */
function participantsBy(
  items: Awaited<ReturnType<typeof itemsWhere>>,
  keys: string[],
  keyOf: (item: (typeof items)[number]['item']) => string,
  locale: Locale,
  extrasOf: (key: string) => OfferForList['extras'],
): Map<string, SessionParticipants> {
  const result = new Map<string, SessionParticipants>(keys.map((id) => [id, { entries: [], participants: 0, places: new Map() }]))
  // Grouped by the person who booked (surname, first name), then by booking.
  items.sort(
    (a, b) =>
      a.booking.person.surname.localeCompare(b.booking.person.surname, locale) ||
      a.booking.person.firstname.localeCompare(b.booking.person.firstname, locale) ||
      a.booking.createdAt.getTime() - b.booking.createdAt.getTime() ||
      a.booking.code.localeCompare(b.booking.code) ||
      a.item.position - b.item.position,
  )
  const titles = new Map<string, Map<string, string>>()
  const titlesOf = (key: string) => {
    let map = titles.get(key)
    if (!map) titles.set(key, (map = new Map(extrasOf(key).map((e) => [e.key, pickText(e.title, locale)]))))
    return map
  }
  const rowsOf = new Map<string, number>()
  for (const { item, booking, skuTitle } of items) {
    const key = keyOf(item)
    const list = result.get(key)
    if (!list) continue
    const places = Math.max(item.places, item.participants.length)
    list.participants += places
    list.places.set(booking.id, (list.places.get(booking.id) ?? 0) + places)
    const extras = titlesOf(key)
    const people = item.participants.length ? item.participants : [{ firstname: '', surname: '', extras: [] as string[] }]
    for (const p of people) {
      const rowKey = `${key}|${booking.id}`
      const position = (rowsOf.get(rowKey) ?? 0) + 1
      rowsOf.set(rowKey, position)
      list.entries.push({
        booking,
        row: {
          bookingCode: booking.code,
          position,
          firstname: p.firstname,
          surname: p.surname,
          ...(skuTitle ? { skuTitle: pickText(skuTitle, locale) } : {}),
          extras: p.extras.map((extra) => extras.get(extra) ?? extra),
          booker: {
            firstname: booking.person.firstname,
            surname: booking.person.surname,
            ...(booking.customer.type === 'COMPANY' && booking.customer.company ? { company: booking.customer.company } : {}),
            phone: booking.person.phone,
          },
          status: booking.status,
        },
      })
    }
  }
  return result
}

/** An offer's place in one line (`Test place Weg 1, 3800 Interlaken`) and its meeting point in `locale`; each left out when empty. */
export function placeOfOffer(offer: Pick<OfferForList, 'location' | 'meetingPoint'>, locale: Locale): { location?: string; meetingPoint?: string } {
  const location = offer.location
  const place = join(location.name, location.street && join(location.street, location.streetNumber) + ',', join(location.postalCode, location.city))
  const meetingPoint = offer.meetingPoint ? pickText(offer.meetingPoint, locale).trim() : ''
  return { ...(place ? { location: place.replace(/,$/, '') } : {}), ...(meetingPoint ? { meetingPoint } : {}) }
}

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
  const { entries, participants } = (await participantsOfSessions(db, shop.id, [session.id], locale, () => offer.extras)).get(session.id)!
  const seen = new Map(entries.map((e) => [e.booking.id, e.booking]))
  const money = scope.withMoney ? await paidByBooking(db, [...seen.keys()]) : new Map()
  const rows: ManifestRow[] = entries.map(({ booking, row }) => {
    const paid = money.get(booking.id)
    if (!scope.withMoney || !paid) return row
    return {
      ...row,
      paymentState: staffPaymentState(booking, paid.paid, paid.refunded),
      ...(row.position === 1 ? { open: openOf(booking) } : {}),
    }
  })
  const [adminSession] = await toAdminSessions(db, [session], timeZone, scope.now)
  return {
    offerSlug: offer.slug,
    session: adminSession!,
    offerId: offer.id,
    offerTitle: pickText(offer.title, locale),
    endTime: utcToZonedTime(session.endsAt, timeZone),
    ...placeOfOffer(offer, locale),
    currency: bookingSettings(shop).currency,
    participants,
    bookings: seen.size,
    ...(scope.withMoney ? { openTotal: [...seen.values()].reduce((sum, b) => sum + openOf(b), 0) } : {}),
    rows,
  }
}
