import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm'
import type { components } from '~/api/schema.gen'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings, cartItems, offers, sessions, skus, type ServiceScheduleBody } from '~/server/db/schema'
import type { Shop } from '~/server/domain/shops'
import { offerStatus, placesLeft, sessionStatus, timeStatus, type AvailabilityStatus } from './availability'
import { startTimesForDate, type Busy, type ServiceSchedule, type Slot } from './slots'
import { addDays, daysOfMonth, utcToZonedDate, utcToZonedTime } from './zoned-time'
import { ownMeetingPoint } from './meeting-point'
import { pickText, type Locale } from '~/lib/locale-text'
import { paymentOptionsOf, shopCurrency, shopTimeZone } from '~/lib/shop-settings'

type S = components['schemas']
export type OfferSummary = S['OfferSummary']
export type OfferDetail = S['OfferDetail']
export type DayStatus = S['DayStatus']
export type SessionSlot = S['SessionSlot']

export type CatalogueContext = { db: Db; shop: Shop; locale: Locale; now: Date }

/** How far ahead offers are shown and counted. */
export const HORIZON_DAYS = 180

export type OfferRow = typeof offers.$inferSelect
export type SkuRow = typeof skus.$inferSelect
type Loaded = { offer: OfferRow; skus: SkuRow[] }
type SessionRow = { id: string; offerId: string; startsAt: Date; endsAt: Date; capacity: number; placesTaken: number; held: number; closed: boolean }

export function bookingSettings(shop: Shop) {
  return {
    holdMinutes: shop.config.booking?.holdMinutes ?? 15,
    maxPlacesPerCart: shop.config.booking?.maxPlacesPerCart ?? 20,
    maxHeldPlacesPerClient: shop.config.booking?.maxHeldPlacesPerClient ?? 40,
    stockLowThreshold: shop.config.booking?.stockLowThreshold ?? 3,
    timeZone: shopTimeZone(shop.config),
    currency: shopCurrency(shop.config),
    paymentOptions: paymentOptionsOf(shop.config),
  }
}

export function kindOf(offerSkus: SkuRow[]): 'activity' | 'private' {
  return offerSkus.some((s) => s.type !== 'activity') ? 'private' : 'activity'
}

/** The smallest number of places one unit of any variant takes. */
function smallestBlock(offerSkus: SkuRow[]) {
  return Math.max(1, Math.min(...offerSkus.map((s) => s.blockCount), Number.POSITIVE_INFINITY) || 1)
}

export function scheduleOf(offer: OfferRow, offerSkus: SkuRow[], timeZone: string): ServiceSchedule | null {
  const stored: ServiceScheduleBody | null = offer.schedule
  if (!stored) return null
  return {
    timeZone,
    weeklyHours: stored.weeklyHours,
    exceptions: stored.exceptions,
    durationMinutes: stored.durationMinutes || offerSkus[0]?.durationMinutes || 60,
    bufferMinutes: stored.bufferMinutes,
    stepMinutes: stored.stepMinutes,
    horizonDays: HORIZON_DAYS,
  }
}

/**
 * The shop's offers with their variants. Looked up by slug or listed, only published ones (a
 * draft or an archived offer does not exist for visitors) unless `preview` (a staff member of the
 * shop looking at a draft); looked up by id, any (the offer of an item already in a cart or a
 * booking stays readable whatever its status).
 */
export async function loadOffers(db: Db, shopId: string, filter: { slug?: string; ids?: string[]; preview?: boolean } = {}) {
  const conditions = [eq(offers.shopId, shopId)]
  if (!filter.ids && !filter.preview) conditions.push(eq(offers.status, 'published'))
  if (filter.slug) conditions.push(eq(offers.slug, filter.slug))
  if (filter.ids) conditions.push(inArray(offers.id, filter.ids.length ? filter.ids : ['']))
  const rows = await db.select().from(offers).where(and(...conditions)).orderBy(asc(offers.position), asc(offers.slug))
  if (rows.length === 0) return []
  const skuRows = await db
    .select()
    .from(skus)
    .where(inArray(skus.offerId, rows.map((r) => r.id)))
    .orderBy(asc(skus.position))
  return rows.map((offer) => ({ offer, skus: skuRows.filter((s) => s.offerId === offer.id) }))
}

/** Upcoming sessions with the places held by carts right now (one query for many offers). */
export async function loadSessions(db: Db, shopId: string, offerIds: string[], from: Date, until: Date, now: Date = from): Promise<SessionRow[]> {
  if (offerIds.length === 0) return []
  const held = db
    .select({ sessionId: cartItems.sessionId, held: sql<number>`sum(${cartItems.places})::int`.as('held') })
    .from(cartItems)
    .where(and(eq(cartItems.shopId, shopId), gt(cartItems.heldUntil, now)))
    .groupBy(cartItems.sessionId)
    .as('held')
  const rows = await db
    .select({
      id: sessions.id,
      offerId: sessions.offerId,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
      capacity: sessions.capacity,
      placesTaken: sessions.placesTaken,
      held: sql<number>`coalesce(${held.held}, 0)::int`,
      closed: sessions.closed,
    })
    .from(sessions)
    .leftJoin(held, eq(held.sessionId, sessions.id))
    .where(
      and(
        eq(sessions.shopId, shopId),
        inArray(sessions.offerId, offerIds),
        eq(sessions.status, 'scheduled'),
        gt(sessions.startsAt, from),
        lt(sessions.startsAt, until),
      ),
    )
    .orderBy(asc(sessions.startsAt))
  return rows.map((r) => ({ ...r, held: Number(r.held) }))
}

/**
 * Intervals of a private service that are taken between `from` and `until`: live holds of carts
 * (but `except.item`, the item being changed, and the holds of `except.cart`, the cart being
 * booked) and bookings that hold their places.
 */
export async function loadBusy(db: Db, offerId: string, from: Date, until: Date, now: Date, except: { item?: string; cart?: string } = {}): Promise<Busy[]> {
  const rows = await db
    .select({ id: cartItems.id, start: cartItems.startsAt, end: cartItems.endsAt })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.offerId, offerId),
        gt(cartItems.heldUntil, now),
        lt(cartItems.startsAt, until),
        gte(cartItems.endsAt, from),
        except.cart ? ne(cartItems.cartId, except.cart) : undefined,
      ),
    )
  const booked = await db
    .select({ start: bookingItems.startsAt, end: bookingItems.endsAt })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .where(and(eq(bookingItems.offerId, offerId), inArray(bookings.status, ['CONFIRMED', 'ACCEPTED', 'PAID']), lt(bookingItems.startsAt, until), gte(bookingItems.endsAt, from)))
  return [...rows.filter((r) => r.id !== except.item).map((r) => ({ start: r.start, end: r.end })), ...booked]
}

/**
 * The start time `start` of a private service if it is still free, else undefined. Locks the
 * offer for the rest of the transaction first: one private service is one resource, so two
 * carts or checkouts cannot take one start time.
 */
export async function lockFreeSlot(tx: Db, ctx: CatalogueContext, item: Loaded, start: Date, except: { item?: string; cart?: string } = {}): Promise<Slot | undefined> {
  await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, item.offer.id)).for('update')
  const { timeZone } = bookingSettings(ctx.shop)
  const schedule = scheduleOf(item.offer, item.skus, timeZone)
  if (!schedule) return undefined
  const busy = await loadBusy(tx, item.offer.id, ctx.now, new Date(start.getTime() + 2 * 86_400_000), ctx.now, except)
  return startTimesForDate(schedule, utcToZonedDate(start, timeZone), busy, ctx.now).find((s) => s.start.getTime() === start.getTime())
}

/** Day statuses of private services, by everything they depend on (see dayStatuses). */
const privateDays = new Map<string, DayStatus[]>()

const RANK: Record<AvailabilityStatus, number> = { AVAILABLE: 3, STOCK_LOW: 2, UPON_REQUEST: 1, SOLD_OUT: 0 }

function sessionSlot(row: SessionRow, offer: OfferRow, blockCount: number, threshold: number, timeZone: string, now: Date): SessionSlot {
  const state = sessionStatus({ capacity: row.capacity, taken: row.placesTaken, held: row.held, closed: row.closed }, {
    uponRequest: offer.uponRequest,
    stockLowThreshold: threshold,
    blockCount,
  })
  // the same count as booking goes by: a date closed for booking has no place left
  const left = placesLeft({ capacity: row.capacity, taken: row.placesTaken, held: row.held, closed: row.closed })
  return {
    sessionId: row.id,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    startTime: utcToZonedTime(row.startsAt, timeZone),
    status: state.status,
    placesLeft: left,
    ...(state.amountLeft !== undefined ? { amountLeft: state.amountLeft } : {}),
    timeStatus: timeStatus(row.startsAt, row.endsAt, now),
  }
}

/** Statuses of the days that have sessions or start times, from the day's best slot. */
function daysFromSlots(slots: { date: string; slot: SessionSlot }[]): DayStatus[] {
  const byDay = new Map<string, DayStatus>()
  for (const { date, slot } of slots) {
    const current = byDay.get(date)
    if (!current || RANK[slot.status] > RANK[current.status]) {
      byDay.set(date, { date, status: slot.status, ...(slot.amountLeft !== undefined ? { amountLeft: slot.amountLeft } : {}) })
    } else if (current.status === 'STOCK_LOW' && slot.status === 'STOCK_LOW') {
      current.amountLeft = Math.max(current.amountLeft ?? 0, slot.amountLeft ?? 0)
    }
  }
  return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date))
}


/** Day statuses of an offer between two calendar dates (inclusive), in the shop's time zone. */
export async function dayStatuses(ctx: CatalogueContext, item: Loaded, fromDate: string, toDate: string, sessionRows?: SessionRow[]): Promise<DayStatus[]> {
  const { timeZone, stockLowThreshold } = bookingSettings(ctx.shop)
  const schedule = scheduleOf(item.offer, item.skus, timeZone)
  if (kindOf(item.skus) === 'private' && schedule) {
    const busy = await loadBusy(ctx.db, item.offer.id, ctx.now, new Date(ctx.now.getTime() + (HORIZON_DAYS + 2) * 86_400_000), ctx.now)
    // Start times depend on the schedule, the holds and the clock (to the lead time's grid):
    // the same question within a minute gets the same answer from memory.
    const key = JSON.stringify([item.offer.id, item.offer.schedule, item.offer.uponRequest, fromDate, toDate, Math.floor(ctx.now.getTime() / 60_000), busy.map((b) => [b.start.getTime(), b.end.getTime()])])
    const cached = privateDays.get(key)
    if (cached) return cached
    const today = utcToZonedDate(ctx.now, timeZone)
    const result: DayStatus[] = []
    for (let date = fromDate < today ? today : fromDate; date <= toDate; date = addDays(date, 1)) {
      const free = startTimesForDate(schedule, date, busy, ctx.now)
      if (free.length > 0) result.push({ date, status: item.offer.uponRequest ? 'UPON_REQUEST' : 'AVAILABLE' })
      else if (busy.length > 0 && startTimesForDate(schedule, date, [], ctx.now).length > 0) result.push({ date, status: 'SOLD_OUT' })
    }
    if (privateDays.size > 500) privateDays.clear()
    privateDays.set(key, result)
    return result
  }
  const rows =
    sessionRows ??
    (await loadSessions(ctx.db, ctx.shop.id, [item.offer.id], ctx.now, new Date(Date.parse(`${addDays(toDate, 2)}T00:00:00Z`)), ctx.now))
  const block = smallestBlock(item.skus)
  const slots = rows
    .filter((r) => r.offerId === item.offer.id)
    .map((r) => ({ date: utcToZonedDate(r.startsAt, timeZone), slot: sessionSlot(r, item.offer, block, stockLowThreshold, timeZone, ctx.now) }))
    .filter(({ date }) => date >= fromDate && date <= toDate)
  return daysFromSlots(slots)
}

export async function monthAvailability(ctx: CatalogueContext, item: Loaded, month: string) {
  const days = daysOfMonth(month)
  return { month, dates: await dayStatuses(ctx, item, days[0]!, days[days.length - 1]!) }
}

/** The sessions (group activities) or free start times (private services) of one day. */
export async function daySlots(ctx: CatalogueContext, item: Loaded, date: string): Promise<SessionSlot[]> {
  const { timeZone, stockLowThreshold } = bookingSettings(ctx.shop)
  const schedule = scheduleOf(item.offer, item.skus, timeZone)
  if (kindOf(item.skus) === 'private' && schedule) {
    const busy = await loadBusy(ctx.db, item.offer.id, ctx.now, new Date(ctx.now.getTime() + (HORIZON_DAYS + 2) * 86_400_000), ctx.now)
    const places = Math.max(1, ...item.skus.map((s) => s.maxParticipants ?? 1))
    return startTimesForDate(schedule, date, busy, ctx.now).map((slot) => ({
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      startTime: slot.startTime,
      status: item.offer.uponRequest ? 'UPON_REQUEST' : 'AVAILABLE',
      placesLeft: places,
      timeStatus: timeStatus(slot.start, slot.end, ctx.now),
    }))
  }
  const from = new Date(Date.parse(`${addDays(date, -1)}T00:00:00Z`))
  const until = new Date(Date.parse(`${addDays(date, 2)}T00:00:00Z`))
  const rows = await loadSessions(ctx.db, ctx.shop.id, [item.offer.id], from < ctx.now ? ctx.now : from, until, ctx.now)
  const block = smallestBlock(item.skus)
  return rows
    .filter((r) => utcToZonedDate(r.startsAt, timeZone) === date)
    .map((r) => sessionSlot(r, item.offer, block, stockLowThreshold, timeZone, ctx.now))
}

function summaryAvailability(item: Loaded, days: DayStatus[]): S['OfferAvailability'] {
  const statuses = days.map((d) => d.status)
  const summary = offerStatus(statuses, item.offer.uponRequest)
  const free = days.filter((d) => d.status === 'AVAILABLE' || d.status === 'STOCK_LOW' || d.status === 'UPON_REQUEST')
  const lowDays = days.filter((d) => d.status === 'STOCK_LOW')
  return {
    status: summary.status,
    datesAvailable: item.offer.uponRequest ? free.length : summary.datesAvailable,
    ...(summary.status === 'STOCK_LOW' && lowDays.length ? { amountLeft: Math.max(...lowDays.map((d) => d.amountLeft ?? 0)) } : {}),
    ...(free[0] ? { nextDate: free[0].date } : {}),
  }
}

function priceFrom(item: Loaded, currency: string) {
  const amounts = item.skus.map((s) => s.priceAmount)
  return { amount: amounts.length ? Math.min(...amounts) : 0, currency: item.skus[0]?.currency ?? currency }
}

export function toSummary(ctx: CatalogueContext, item: Loaded, days: DayStatus[]): OfferSummary {
  const { currency } = bookingSettings(ctx.shop)
  return {
    slug: item.offer.slug,
    title: pickText(item.offer.title, ctx.locale),
    intro: pickText(item.offer.intro, ctx.locale),
    kind: kindOf(item.skus),
    ...(item.offer.images[0] ? { coverImage: item.offer.images[0] } : {}),
    tags: item.offer.tags,
    priceFrom: priceFrom(item, currency),
    ...(item.skus[0] ? { durationMinutes: Math.min(...item.skus.map((s) => s.durationMinutes)) } : {}),
    location: item.offer.location.name,
    availability: summaryAvailability(item, days),
  }
}

/** Upcoming day statuses of many offers at once (one sessions query). */
export async function upcomingDays(ctx: CatalogueContext, items: Loaded[]) {
  const { timeZone } = bookingSettings(ctx.shop)
  const today = utcToZonedDate(ctx.now, timeZone)
  const last = addDays(today, HORIZON_DAYS)
  const activityIds = items.filter((i) => kindOf(i.skus) === 'activity').map((i) => i.offer.id)
  const rows = await loadSessions(ctx.db, ctx.shop.id, activityIds, ctx.now, new Date(ctx.now.getTime() + (HORIZON_DAYS + 1) * 86_400_000))
  const result = new Map<string, DayStatus[]>()
  for (const item of items) {
    result.set(item.offer.id, await dayStatuses(ctx, item, today, last, kindOf(item.skus) === 'activity' ? rows : undefined))
  }
  return result
}

export function toDetail(ctx: CatalogueContext, item: Loaded, days: DayStatus[]): OfferDetail {
  const summary = toSummary(ctx, item, days)
  const { timeZone } = bookingSettings(ctx.shop)
  const location = item.offer.location
  const meetingPoint = ownMeetingPoint(item.offer.meetingPoint, ctx.locale)
  return {
    slug: summary.slug,
    title: summary.title,
    intro: summary.intro,
    description: pickText(item.offer.description, ctx.locale),
    kind: summary.kind,
    mode: item.offer.uponRequest ? 'request' : 'order',
    coverImages: item.offer.images,
    tags: item.offer.tags,
    skus: item.skus.map((s) => ({
      id: s.id,
      key: s.key,
      type: s.type,
      title: pickText(s.title, ctx.locale),
      price: { amount: s.priceAmount, currency: s.currency },
      durationMinutes: s.durationMinutes,
      blockCount: s.blockCount,
      ...(s.maxParticipants ? { maxParticipants: s.maxParticipants } : {}),
      minQuantity: s.minQuantity,
      maxQuantity: s.maxQuantity,
    })),
    location: {
      name: location.name,
      address: {
        street: location.street,
        streetNumber: location.streetNumber,
        postalCode: location.postalCode,
        city: location.city,
        country: location.country,
      },
      latitude: location.latitude,
      longitude: location.longitude,
    },
    ...(meetingPoint ? { meetingPoint } : {}),
    availability: summary.availability,
    related: item.offer.related,
    extras: item.offer.extras.map((e) => ({ id: e.key, title: pickText(e.title, ctx.locale), price: { amount: e.price, currency: item.skus[0]?.currency ?? bookingSettings(ctx.shop).currency }, ...(e.per === 'booking' ? { per: 'booking' as const } : {}) })),
    timeZone,
  }
}
