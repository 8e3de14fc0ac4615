/**
 * The signed-in member's own coming dates (issue 18, point 5: the guides' phone view): the
 * sessions they are assigned to (`session_guides`) and their planned private bookings
 * (`booking_item_guides`) that have not ended and started at most MY_SESSIONS_PAST_HOURS ago, up
 * to `days` days ahead, together by start, at most MY_SESSIONS_MAX (`truncated` beyond).
 * Cancelled dates are listed too, marked, so that a guide learns of it. Each with its
 * participants as the manifest lists them (participantsOfSessions, participantsOfItems: the same
 * bookings, order and extras), grouped by booking, without money figures.
 */
import { and, asc, eq, gt, gte, inArray, lt, ne } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import type { Db } from '~/server/db/client'
import { bookingItemGuides, bookingItems, offers, sessionGuides, sessions, staff } from '~/server/db/schema'
import { participantsOfItems, participantsOfSessions, placeOfOffer, type SessionParticipants } from '~/server/domain/bookings-admin/manifest'
import { guidedPrivateItems, plannedGuidedItem, privateItemTitle, type GuidedPrivateItem } from '~/server/domain/bookings-admin/private-items'
import { bookingSettings } from '~/server/domain/offers/catalogue'
import type { Shop } from '~/server/domain/shops'

export type MySessions = components['schemas']['MySessions']
export type MySession = components['schemas']['MySession']
type MySessionBooking = components['schemas']['MySessionBooking']
type MySessionExtra = components['schemas']['MySessionExtra']

/** A date that started this long ago and has not ended is still listed (a guide on the day). */
export const MY_SESSIONS_PAST_HOURS = 12
/** At most this many dates and private bookings per answer (the rest: `truncated`). */
export const MY_SESSIONS_MAX = 50
export const MY_SESSIONS_DEFAULT_DAYS = 14
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

export type MySessionsScope = { db: Db; shop: Shop; locale: Locale; now: Date; staffId: string }

/** Titles with how many of each, in the order they first appear. */
function counted(titles: string[]): MySessionExtra[] {
  const counts = new Map<string, number>()
  for (const title of titles) counts.set(title, (counts.get(title) ?? 0) + 1)
  return [...counts].map(([title, quantity]) => ({ title, quantity }))
}

/** The manifest's rows of one date grouped by booking (in the manifest's order), with the extras of the whole date added up. */
function bookingsOf(list: SessionParticipants): { bookings: MySessionBooking[]; extras: MySessionExtra[] } {
  const byBooking = new Map<string, MySessionBooking>()
  const all: string[] = []
  for (const { booking, row } of list.entries) {
    let entry = byBooking.get(booking.id)
    if (!entry) byBooking.set(booking.id, (entry = { code: row.bookingCode, booker: row.booker, places: list.places.get(booking.id) ?? 0, participants: [] }))
    all.push(...row.extras)
    entry.participants.push({
      firstname: row.firstname,
      surname: row.surname,
      ...(row.skuTitle ? { skuTitle: row.skuTitle } : {}),
      extras: counted(row.extras),
    })
  }
  return { bookings: [...byBooking.values()], extras: counted(all).slice(0, 200) }
}

type DateRow = { session: typeof sessions.$inferSelect; offer: Pick<typeof offers.$inferSelect, 'id' | 'title' | 'meetingPoint' | 'location' | 'extras'> }

/** The member's dates and private bookings from MY_SESSIONS_PAST_HOURS ago to `days` days ahead (1–31), with their participants. */
export async function loadMySessions(scope: MySessionsScope, days = MY_SESSIONS_DEFAULT_DAYS): Promise<MySessions> {
  const { db, shop, locale, now, staffId } = scope
  const span = Math.min(31, Math.max(1, Math.trunc(days) || MY_SESSIONS_DEFAULT_DAYS))
  const from = new Date(now.getTime() - MY_SESSIONS_PAST_HOURS * HOUR_MS)
  const until = new Date(now.getTime() + span * DAY_MS)
  const [dates, items] = await Promise.all([
    db
      .select({
        session: sessions,
        offer: { id: offers.id, title: offers.title, meetingPoint: offers.meetingPoint, location: offers.location, extras: offers.extras },
      })
      .from(sessionGuides)
      .innerJoin(sessions, eq(sessions.id, sessionGuides.sessionId))
      .innerJoin(offers, eq(offers.id, sessions.offerId))
      .where(
        and(
          eq(sessionGuides.shopId, shop.id),
          eq(sessionGuides.staffId, staffId),
          eq(sessions.shopId, shop.id),
          eq(offers.shopId, shop.id),
          gte(sessions.startsAt, from),
          lt(sessions.startsAt, until),
          gt(sessions.endsAt, now),
        ),
      )
      .orderBy(asc(sessions.startsAt), asc(sessions.id))
      .limit(MY_SESSIONS_MAX + 1),
    guidedPrivateItems(db)
      .where(and(plannedGuidedItem(shop.id), eq(bookingItemGuides.staffId, staffId), gte(bookingItems.startsAt, from), lt(bookingItems.startsAt, until), gt(bookingItems.endsAt, now)))
      .orderBy(asc(bookingItems.startsAt), asc(bookingItems.id))
      .limit(MY_SESSIONS_MAX + 1),
  ])
  type Entry = { startsAt: Date; id: string } & ({ date: DateRow } | { item: GuidedPrivateItem })
  const all: Entry[] = [...dates.map((date) => ({ startsAt: date.session.startsAt, id: date.session.id, date })), ...items.map((item) => ({ startsAt: item.startsAt, id: item.itemId, item }))]
  all.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const shown = all.slice(0, MY_SESSIONS_MAX)
  const shownDates = shown.flatMap((e) => ('date' in e ? [e.date] : []))
  const shownItems = shown.flatMap((e) => ('item' in e ? [e.item] : []))
  const sessionIds = shownDates.map((r) => r.session.id)
  const itemIds = shownItems.map((r) => r.itemId)
  const offerOf = new Map(shownDates.map((r) => [r.session.id, r.offer]))
  const itemOffer = new Map(shownItems.map((r) => [r.itemId, r.offerId]))
  const [participants, others, itemExtras] = await Promise.all([
    participantsOfSessions(db, shop.id, sessionIds, locale, (id) => offerOf.get(id)?.extras ?? []),
    otherGuides(db, shop.id, sessionIds, staffId),
    extrasOfOffers(db, shop.id, [...new Set(itemOffer.values())]),
  ])
  const [itemParticipants, itemOthers] = await Promise.all([
    participantsOfItems(db, shop.id, itemIds, locale, (id) => itemExtras.get(itemOffer.get(id) ?? '') ?? []),
    otherItemGuides(db, shop.id, itemIds, staffId),
  ])
  return {
    timeZone: bookingSettings(shop).timeZone,
    from: from.toISOString(),
    until: until.toISOString(),
    truncated: all.length > MY_SESSIONS_MAX,
    sessions: shown.map((entry): MySession => {
      if ('item' in entry) {
        const { item } = entry
        const list = itemParticipants.get(item.itemId)!
        const places = Math.max(list.participants, Number(item.participants))
        return {
          kind: 'booking',
          id: item.itemId,
          offerId: item.offerId,
          offerTitle: privateItemTitle(item.title, item.variant, locale),
          bookingCode: item.code,
          bookingStatus: item.status as NonNullable<MySession['bookingStatus']>,
          startsAt: item.startsAt.toISOString(),
          endsAt: item.endsAt.toISOString(),
          status: 'scheduled',
          ...placeOfOffer(item, locale),
          capacity: places,
          placesTaken: places,
          participants: list.participants,
          otherGuides: (itemOthers.get(item.itemId) ?? []).slice(0, 100),
          ...bookingsOf(list),
        }
      }
      const { session, offer } = entry.date
      const list = participants.get(session.id)!
      return {
        kind: 'session',
        id: session.id,
        offerId: offer.id,
        offerTitle: pickText(offer.title, locale),
        startsAt: session.startsAt.toISOString(),
        endsAt: session.endsAt.toISOString(),
        status: session.status,
        ...placeOfOffer(offer, locale),
        capacity: session.capacity,
        placesTaken: session.placesTaken,
        participants: list.participants,
        otherGuides: (others.get(session.id) ?? []).slice(0, 100),
        ...bookingsOf(list),
      }
    }),
  }
}

/** The extras of some offers of the shop (by offer id). */
async function extrasOfOffers(db: Db, shopId: string, offerIds: string[]) {
  if (!offerIds.length) return new Map<string, (typeof offers.$inferSelect)['extras']>()
  const rows = await db.select({ id: offers.id, extras: offers.extras }).from(offers).where(and(eq(offers.shopId, shopId), inArray(offers.id, offerIds)))
  return new Map(rows.map((r) => [r.id, r.extras]))
}

/** The names of the other active guides of each date (by name). */
async function otherGuides(db: Db, shopId: string, sessionIds: string[], staffId: string): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>()
  if (!sessionIds.length) return result
  const rows = await db
    .select({ sessionId: sessionGuides.sessionId, name: staff.name })
    .from(sessionGuides)
    .innerJoin(staff, and(eq(staff.id, sessionGuides.staffId), eq(staff.shopId, shopId)))
    .where(and(eq(sessionGuides.shopId, shopId), inArray(sessionGuides.sessionId, sessionIds), ne(sessionGuides.staffId, staffId), eq(staff.active, true)))
    .orderBy(asc(staff.name))
  for (const { sessionId, name } of rows) result.set(sessionId, [...(result.get(sessionId) ?? []), name])
  return result
}

/** The names of the other active guides of each private booking (by item id, by name). */
async function otherItemGuides(db: Db, shopId: string, itemIds: string[], staffId: string): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>()
  if (!itemIds.length) return result
  const rows = await db
    .select({ itemId: bookingItemGuides.itemId, name: staff.name })
    .from(bookingItemGuides)
    .innerJoin(staff, and(eq(staff.id, bookingItemGuides.staffId), eq(staff.shopId, shopId)))
    .where(and(eq(bookingItemGuides.shopId, shopId), inArray(bookingItemGuides.itemId, itemIds), ne(bookingItemGuides.staffId, staffId), eq(staff.active, true)))
    .orderBy(asc(staff.name))
  for (const { itemId, name } of rows) result.set(itemId, [...(result.get(itemId) ?? []), name])
  return result
}
