/**
 * Each staff member's schedule feed (issue 18): a secret address of an iCalendar file of the
 * sessions and the planned private bookings they are assigned to, which calendar apps subscribe
 * to.
 *
 * - The address is `/api/admin/v1/calendar/{staffId}/{key}.ics` on the shop's configured origin
 *   (never the request's host), `key` = base64url(HMAC-SHA256(secret `calendar-feed`,
 *   `calendar-feed|{shopId}|{staffId}|{generation}`)). `staff.calendarFeedGeneration` 0 means
 *   no feed yet; renewing increases it, so the old address stops working at once.
 * - The feed answers only for a member of the host's shop who is active, has a feed and whose
 *   key matches (compared in constant time); anything else is the same 404.
 * - Bounded work: at most FEED_MAX_EVENTS sessions and private bookings together from
 *   FEED_PAST_DAYS ago to FEED_FUTURE_DAYS ahead (the coming ones first when there are more).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { and, asc, desc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import type { Db } from '~/server/db/client'
import { bookingItemGuides, bookingItems, offers, sessionGuides, sessions, staff, type OfferLocation } from '~/server/db/schema'
import { guidedPrivateItems, plannedGuidedItem, privateItemTitle, type GuidedPrivateItem } from '~/server/domain/bookings-admin/private-items'
import { notFound } from '~/server/domain/errors'
import { bookingSettings } from '~/server/domain/offers/catalogue'
import { getOrCreateSecret } from '~/server/domain/secrets'
import type { Shop } from '~/server/domain/shops'
import { recordStaffEvent } from '~/server/domain/staff/accounts'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { calendarFeedTexts } from '~/server/exports/calendar-feed'
import { buildScheduleFeed, type BookingFeedEvent, type FeedEvent } from './ics'

export type CalendarFeed = components['schemas']['CalendarFeed']

export const FEED_PAST_DAYS = 60
export const FEED_FUTURE_DAYS = 400
export const FEED_MAX_EVENTS = 1000
/** The name of the feeds' signing secret (app_secrets). */
export const FEED_SECRET = 'calendar-feed'
/** A key as the addresses carry it: 32 bytes in base64url. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/
const DAY_MS = 86_400_000

/** The key of a member's feed of one generation. */
export function feedKey(secret: string, shopId: string, staffId: string, generation: number): string {
  return createHmac('sha256', secret).update(`calendar-feed|${shopId}|${staffId}|${generation}`).digest('base64url')
}

/** The path of a feed (below the shop's origin). */
export const feedPath = (staffId: string, key: string) => `/api/admin/v1/calendar/${encodeURIComponent(staffId)}/${encodeURIComponent(key)}.ics`

/** The feed's addresses on the shop's origin: `https://…` and the same as `webcal://…` (which calendar apps open as a subscription). */
export function feedAddresses(origin: string, staffId: string, key: string | null): CalendarFeed {
  if (key === null) return { active: false, url: null, webcalUrl: null }
  const url = `${origin}${feedPath(staffId, key)}`
  return { active: true, url, webcalUrl: url.replace(/^https?:/, 'webcal:') }
}

/** The secret of every feed, read once per database (created on first use). */
const secrets = new WeakMap<Db, Promise<string>>()
function feedSecret(db: Db): Promise<string> {
  let secret = secrets.get(db)
  if (!secret) {
    secret = getOrCreateSecret(db, FEED_SECRET).catch((error: unknown) => {
      secrets.delete(db)
      throw error
    })
    secrets.set(db, secret)
  }
  return secret
}

const memberNotFound = () => notFound('staff.not_found', 'This staff member does not exist.')

/** The signed-in member's feed: its addresses, or none yet. */
export async function getCalendarFeed(db: Db, principal: StaffPrincipal, origin: string): Promise<CalendarFeed> {
  const [member] = await db
    .select({ generation: staff.calendarFeedGeneration })
    .from(staff)
    .where(and(eq(staff.shopId, principal.shopId), eq(staff.id, principal.staffId)))
  if (!member) throw memberNotFound()
  if (member.generation <= 0) return feedAddresses(origin, principal.staffId, null)
  return feedAddresses(origin, principal.staffId, feedKey(await feedSecret(db), principal.shopId, principal.staffId, member.generation))
}

/**
 * A new address for the signed-in member's feed (the first one too): the generation goes up by
 * one, so the previous address answers 404 from now on. Recorded in the member's history.
 */
export async function renewCalendarFeed(db: Db, principal: StaffPrincipal, origin: string, now: Date): Promise<CalendarFeed> {
  const secret = await feedSecret(db)
  const [member] = await db
    .update(staff)
    .set({ calendarFeedGeneration: sql`${staff.calendarFeedGeneration} + 1` })
    .where(and(eq(staff.shopId, principal.shopId), eq(staff.id, principal.staffId)))
    .returning({ generation: staff.calendarFeedGeneration })
  if (!member) throw memberNotFound()
  await recordStaffEvent(db, {
    shopId: principal.shopId,
    staffId: principal.staffId,
    actorId: principal.staffId,
    action: member.generation === 1 ? 'calendar_feed_created' : 'calendar_feed_renewed',
    details: { generation: member.generation },
    at: now,
  })
  return feedAddresses(origin, principal.staffId, feedKey(secret, principal.shopId, principal.staffId, member.generation))
}

/** The one answer for every address that names no feed: which part was wrong is not told. */
export const feedNotFound = () => notFound('calendar_feed.not_found', 'There is no calendar at this address.')

const join = (...parts: (string | undefined | null)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ')

/** An offer's location in one line: `Test place Weg 1, 3800 Interlaken`. */
function placeOf(location: OfferLocation): string {
  return join(location.name, location.street && join(location.street, location.streetNumber) + ',', join(location.postalCode, location.city)).replace(/,$/, '')
}

function sameKey(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  // Both are 43 characters when the key is well-formed; a malformed one is compared with itself (same time).
  return timingSafeEqual(a, a.length === b.length ? b : a) && a.length === b.length
}

/** The feed whole, with its validator (`ETag`: a hash of the text). */
export type ScheduleFeedFile = { text: string; etag: string }

/** The earlier first (by start, then id). */
const byStart = (a: { startsAt: Date; id: string }, b: { startsAt: Date; id: string }) => a.startsAt.getTime() - b.startsAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * The feed of `staffId` on `shop`'s host if `key` is its current key: the member's assigned
 * sessions (cancelled ones marked) and planned private bookings from FEED_PAST_DAYS ago to
 * FEED_FUTURE_DAYS ahead, at most FEED_MAX_EVENTS together, in the member's language. Anything
 * else: 404 `calendar_feed.not_found`.
 */
export async function loadScheduleFeed(db: Db, shop: Shop, origin: string, staffId: string, key: string, now: Date): Promise<ScheduleFeedFile> {
  const [member] = staffId
    ? await db
        .select({ id: staff.id, name: staff.name, locale: staff.locale, active: staff.active, generation: staff.calendarFeedGeneration })
        .from(staff)
        .where(and(eq(staff.shopId, shop.id), eq(staff.id, staffId)))
    : []
  // The key is computed and compared whatever is missing, so that the time taken tells nothing either.
  const expected = feedKey(await feedSecret(db), shop.id, staffId, member?.generation ?? 0)
  const matches = sameKey(expected, KEY_PATTERN.test(key) ? key : '')
  if (!member || !member.active || member.generation <= 0 || !matches) throw feedNotFound()

  const locale = member.locale as Locale
  const from = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS)
  const until = new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS)
  const assigned = and(
    eq(sessionGuides.shopId, shop.id),
    eq(sessionGuides.staffId, member.id),
    eq(sessions.shopId, shop.id),
    eq(offers.shopId, shop.id),
    lt(sessions.startsAt, until),
  )
  const columns = { session: sessions, offer: { title: offers.title, meetingPoint: offers.meetingPoint, location: offers.location, updatedAt: offers.updatedAt }, assignedAt: sessionGuides.assignedAt }
  const query = () =>
    db
      .select(columns)
      .from(sessionGuides)
      .innerJoin(sessions, eq(sessions.id, sessionGuides.sessionId))
      .innerJoin(offers, eq(offers.id, sessions.offerId))
  const guided = and(plannedGuidedItem(shop.id), eq(bookingItemGuides.staffId, member.id), lt(bookingItems.startsAt, until))
  type DateRow = Awaited<ReturnType<typeof query>>[number]
  type Entry = { startsAt: Date; id: string } & ({ session: DateRow } | { item: GuidedPrivateItem })
  /** The dates and private bookings together (sorted by the caller). */
  const entries = (dates: DateRow[], items: GuidedPrivateItem[]): Entry[] => [
    ...dates.map((session) => ({ startsAt: session.session.startsAt, id: session.session.id, session })),
    ...items.map((item) => ({ startsAt: item.startsAt, id: item.itemId, item })),
  ]
  // The coming ones first; the past ones fill what is left of the bound, the latest first.
  const [coming, comingItems] = await Promise.all([
    query().where(and(assigned, gte(sessions.endsAt, now))).orderBy(asc(sessions.startsAt), asc(sessions.id)).limit(FEED_MAX_EVENTS),
    guidedPrivateItems(db).where(and(guided, gte(bookingItems.endsAt, now))).orderBy(asc(bookingItems.startsAt), asc(bookingItems.id)).limit(FEED_MAX_EVENTS),
  ])
  const next = entries(coming, comingItems).sort(byStart).slice(0, FEED_MAX_EVENTS)
  const room = FEED_MAX_EVENTS - next.length
  const [past, pastItems] =
    room > 0
      ? await Promise.all([
          query().where(and(assigned, lt(sessions.endsAt, now), gt(sessions.endsAt, from))).orderBy(desc(sessions.startsAt), desc(sessions.id)).limit(room),
          guidedPrivateItems(db).where(and(guided, lt(bookingItems.endsAt, now), gt(bookingItems.endsAt, from))).orderBy(desc(bookingItems.startsAt), desc(bookingItems.id)).limit(room),
        ])
      : [[], []]
  const earlier = entries(past, pastItems).sort((a, b) => byStart(b, a)).slice(0, room)
  const shown = [...earlier.reverse(), ...next]
  const rows = shown.flatMap((e) => ('session' in e ? [e.session] : []))

  const others = new Map<string, string[]>()
  const ids = rows.map((r) => r.session.id)
  for (let i = 0; i < ids.length; i += 500) {
    const names = await db
      .select({ sessionId: sessionGuides.sessionId, name: staff.name })
      .from(sessionGuides)
      .innerJoin(staff, and(eq(staff.id, sessionGuides.staffId), eq(staff.shopId, shop.id)))
      .where(and(eq(sessionGuides.shopId, shop.id), inArray(sessionGuides.sessionId, ids.slice(i, i + 500)), ne(sessionGuides.staffId, member.id)))
      .orderBy(asc(staff.name))
    for (const { sessionId, name } of names) others.set(sessionId, [...(others.get(sessionId) ?? []), name])
  }

  const events = shown.map((entry): FeedEvent | BookingFeedEvent => {
    if ('item' in entry) return bookingEvent(entry.item, locale, `${origin}/${locale}/admin/my-sessions`)
    const { session, offer, assignedAt } = entry.session
    const place = placeOf(offer.location)
    const meetingPoint = offer.meetingPoint ? pickText(offer.meetingPoint, locale).trim() : ''
    return {
      sessionId: session.id,
      version: session.version,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      lastModified: new Date(Math.max(session.updatedAt.getTime(), offer.updatedAt.getTime(), assignedAt.getTime())),
      cancelled: session.status === 'cancelled',
      title: pickText(offer.title, locale),
      meetingPoint: meetingPoint || place,
      place,
      placesTaken: session.placesTaken,
      capacity: session.capacity,
      otherGuides: others.get(session.id) ?? [],
      manifestUrl: `${origin}/${locale}/admin/sales/sessions/${encodeURIComponent(session.id)}/manifest`,
    }
  })
  const text = buildScheduleFeed({
    shopId: shop.id,
    shopName: pickText(shop.config.labels.title, locale) || shop.id,
    memberName: member.name,
    timeZone: bookingSettings(shop).timeZone,
    events,
    texts: calendarFeedTexts(locale),
    now,
  })
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"` }
}

/** A planned private booking as the feed shows it (a request waiting for an answer: tentative). */
function bookingEvent(item: GuidedPrivateItem, locale: Locale, url: string): BookingFeedEvent {
  const place = placeOf(item.location)
  const meetingPoint = item.meetingPoint ? pickText(item.meetingPoint, locale).trim() : ''
  return {
    itemId: item.itemId,
    bookingCode: item.code,
    version: item.version,
    startsAt: item.startsAt,
    endsAt: item.endsAt,
    lastModified: new Date(Math.max(item.createdAt.getTime(), item.offerUpdatedAt.getTime(), item.assignedAt.getTime())),
    tentative: item.status === 'REQUESTED',
    title: privateItemTitle(item.title, item.variant, locale),
    meetingPoint: meetingPoint || place,
    place,
    participants: Number(item.participants),
    bookerName: [item.person.firstname, item.person.surname].map((p) => p.trim()).filter(Boolean).join(' '),
    bookerPhone: item.person.phone,
    url,
  }
}
