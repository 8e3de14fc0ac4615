import { randomBytes, randomUUID } from 'node:crypto'
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { components } from '../../api/schema.gen'
import type { Db } from '../db/client'
import { bookingItems, bookings, cartItems, carts, offers, outbox, sessions } from '../db/schema'
import { HttpError } from '../http/problem'
import { pickText } from '../../lib/locale-text'
import { expectedParticipants, validateCheckout } from '../../lib/checkout-validation'
import { bookingSettings, loadOffers, scheduleOf, type CatalogueContext } from './offers/catalogue'
import { startTimesForDate, type Busy } from './offers/slots'
import { utcToZonedDate, utcToZonedTime } from './offers/zoned-time'
import { newOpaqueId } from './carts'
import { createPaymentLink, paymentFieldsOf, paymentLinkUrl, wantsPaymentLink } from './payments'
import { paymentDeadlineFor } from './unpaid'

type S = components['schemas']
export type Booking = S['Booking']
export type CheckoutInput = S['CheckoutInput']
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

// Crockford's base32 without I, L, O, U: easy to read out on the phone.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A short human-readable booking code like `K7Q2-X9PM` (40 random bits; unique per shop). */
export function newBookingCode() {
  const bytes = randomBytes(8)
  let code = ''
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[bytes[i]! % 32]
  return `${code.slice(0, 4)}-${code.slice(4)}`
}

const invalid = (errors: Record<string, { code: string; params?: Record<string, unknown> }>) =>
  new HttpError(400, 'Invalid enquiry', 'Please check your entries and try again.', { code: 'validation', errors })

/** The booking made from a cart, as the visitor sees it. */
export async function findBookingOfCart(ctx: CatalogueContext, cartId: string): Promise<Booking | null> {
  const [row] = await ctx.db.select().from(bookings).where(and(eq(bookings.cartId, cartId), eq(bookings.shopId, ctx.shop.id))).limit(1)
  return row ? toBookingView(ctx, ctx.db, row) : null
}

export async function toBookingView(ctx: CatalogueContext, db: Db, row: typeof bookings.$inferSelect): Promise<Booking> {
  const { timeZone } = bookingSettings(ctx.shop)
  const items = await db.select().from(bookingItems).where(eq(bookingItems.bookingId, row.id)).orderBy(asc(bookingItems.position))
  const loaded = await loadOffers(db, ctx.shop.id, { ids: [...new Set(items.map((i) => i.offerId))] })
  return {
    code: row.code,
    status: row.status,
    mode: row.mode,
    total: { amount: row.totalAmount, currency: row.currency },
    openAmount: { amount: row.openAmount, currency: row.currency },
    paymentMethod: row.paymentMethod,
    ...(await paymentFieldsOf(db, ctx.shop, row, ctx.now)),
    ...(row.paymentDeadline && (row.status === 'CONFIRMED' || row.status === 'ACCEPTED') && row.openAmount > 0
      ? { paymentDeadline: row.paymentDeadline.toISOString() }
      : {}),
    email: row.person.email,
    createdAt: row.createdAt.toISOString(),
    items: items.map((item) => {
      const entry = loaded.find((l) => l.offer.id === item.offerId)
      const sku = entry?.skus.find((s) => s.id === item.skuId)
      return {
        offer: entry?.offer.slug ?? '',
        offerTitle: entry ? pickText(entry.offer.title, ctx.locale) : '',
        skuTitle: sku ? pickText(sku.title, ctx.locale) : '',
        start: item.startsAt.toISOString(),
        end: item.endsAt.toISOString(),
        startTime: utcToZonedTime(item.startsAt, timeZone),
        quantity: item.quantity,
        participants: item.participants.map((p) => ({ firstname: p.firstname, surname: p.surname, extras: p.extras })),
        total: { amount: item.totalAmount, currency: item.currency },
      }
    }),
  }
}

/** Busy intervals of a private service for a checkout: others' live holds and all bookings. */
async function privateBusy(tx: Tx, offerId: string, cartId: string, now: Date): Promise<Busy[]> {
  const held = await tx
    .select({ start: cartItems.startsAt, end: cartItems.endsAt })
    .from(cartItems)
    .where(and(eq(cartItems.offerId, offerId), gt(cartItems.heldUntil, now), ne(cartItems.cartId, cartId)))
  const booked = await tx
    .select({ start: bookingItems.startsAt, end: bookingItems.endsAt })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .where(and(eq(bookingItems.offerId, offerId), inArray(bookings.status, ['CONFIRMED', 'ACCEPTED', 'PAID'])))
  return [...held, ...booked]
}

export type Reservation = {
  key: string
  offerId: string
  sessionId: string | null
  startsAt: Date
  places: number
  entry: Awaited<ReturnType<typeof loadOffers>>[number]
}

/**
 * Takes the places of every reservation in the caller's transaction: each session is locked and
 * its places counted (live holds of other carts count against it; `ownCartId`'s do not); a
 * private service's start time must still be free. Answers the keys that could not be taken
 * (`session.past`, `places.insufficient`, `slot.unavailable`); the caller rolls back then.
 */
export async function reservePlaces(tx: Tx, ctx: CatalogueContext, list: Reservation[], ownCartId: string): Promise<Record<string, string>> {
  const settings = bookingSettings(ctx.shop)
  const unavailable: Record<string, string> = {}
  // Lock sessions in a fixed order so two checkouts never wait on each other in a circle.
  const ordered = [...list].sort((a, b) => (a.sessionId ?? a.offerId).localeCompare(b.sessionId ?? b.offerId))
  for (const r of ordered) {
    if (r.sessionId) {
      const locked = await tx.execute(sql`select capacity, places_taken, starts_at from ${sessions} where id = ${r.sessionId} and status = 'scheduled' for update`)
      const session = (locked as unknown as { rows: { capacity: number; places_taken: number; starts_at: string | Date }[] }).rows[0]
      if (!session || new Date(session.starts_at) <= ctx.now) {
        unavailable[r.key] = 'session.past'
        continue
      }
      const [others] = await tx
        .select({ held: sql<number>`coalesce(sum(${cartItems.places}), 0)::int` })
        .from(cartItems)
        .where(and(eq(cartItems.sessionId, r.sessionId), gt(cartItems.heldUntil, ctx.now), ne(cartItems.cartId, ownCartId)))
      const left = Number(session.capacity) - Number(session.places_taken) - Number(others?.held ?? 0)
      if (r.places > left) {
        unavailable[r.key] = 'places.insufficient'
        continue
      }
      await tx.update(sessions).set({ placesTaken: sql`${sessions.placesTaken} + ${r.places}` }).where(eq(sessions.id, r.sessionId))
    } else {
      await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, r.offerId)).for('update')
      const schedule = scheduleOf(r.entry.offer, r.entry.skus, settings.timeZone)
      const busy = await privateBusy(tx, r.offerId, ownCartId, ctx.now)
      const free = schedule ? startTimesForDate(schedule, utcToZonedDate(r.startsAt, settings.timeZone), busy, ctx.now) : []
      if (!free.some((s) => s.start.getTime() === r.startsAt.getTime())) unavailable[r.key] = 'slot.unavailable'
    }
  }
  return unavailable
}

/**
 * Turns a cart into a booking or request in one transaction (issue 5 §6): everything is
 * validated again; every session is locked and its places counted (the cart's own holds are
 * its own), so no place is sold twice whatever arrives in parallel; a cart is booked once.
 */
export async function checkoutCart(
  ctx: CatalogueContext,
  cartId: string,
  input: CheckoutInput,
  options: { origin?: string } = {},
): Promise<Booking> {
  const existing = await findBookingOfCart(ctx, cartId)
  if (existing) return existing
  const [cart] = await ctx.db.select().from(carts).where(and(eq(carts.id, cartId), eq(carts.shopId, ctx.shop.id)))
  if (!cart) throw new HttpError(404, 'Page not found', 'This cart does not exist.', { code: 'cart.not_found' })
  const items = await ctx.db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id))
  if (items.length === 0) throw new HttpError(400, 'Invalid enquiry', 'The cart is empty.', { code: 'cart.empty' })
  const loaded = await loadOffers(ctx.db, ctx.shop.id, { ids: [...new Set(items.map((i) => i.offerId))] })
  const settings = bookingSettings(ctx.shop)
  const view = items.map((item) => {
    const entry = loaded.find((l) => l.offer.id === item.offerId)!
    const sku = entry.skus.find((s) => s.id === item.skuId)!
    return { item, entry, sku, skuType: sku.type, expected: expectedParticipants({ skuType: sku.type, places: item.places, quantity: item.quantity }) }
  })
  const mode = view.some((v) => v.entry.offer.uponRequest) ? 'request' : 'order'
  const allowedPayments = mode === 'request' ? (['PAY_LATER'] as const) : settings.paymentOptions

  const errors = validateCheckout(input, {
    items: view.map((v) => ({ itemId: v.item.id, expected: v.expected, extras: v.entry.offer.extras.map((e) => e.key) })),
    paymentMethods: [...allowedPayments],
  })
  if (input.mode !== mode) errors.mode = { code: 'invalid', params: { expected: mode } }
  if (Object.keys(errors).length) throw invalid(errors)

  const bookingId = randomUUID()
  const created = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update')
    const [again] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.cartId, cartId))
    if (again) return null // booked meanwhile by a parallel submit: answer that booking
    const unavailable =
      mode === 'request' // availability is checked afterwards (spec §4)
        ? {}
        : await reservePlaces(
            tx,
            ctx,
            view.map((v) => ({ key: v.item.id, offerId: v.item.offerId, sessionId: v.item.sessionId, startsAt: v.item.startsAt, places: v.item.places, entry: v.entry })),
            cartId,
          )
    if (Object.keys(unavailable).length) {
      throw new HttpError(409, 'Conflict', 'Some dates are no longer available. Please choose another date for them.', {
        code: 'items.unavailable',
        items: unavailable,
      })
    }

    let total = 0
    const rows = view.map((v, position) => {
      const participants = input.items.find((i) => i.itemId === v.item.id)!.participants
      const extrasAmount = participants.reduce(
        (sum, p) => sum + p.extras.reduce((s, key) => s + (v.entry.offer.extras.find((e) => e.key === key)?.price ?? 0), 0),
        0,
      )
      const base = v.skuType === 'private-service-slot' ? v.item.unitAmount : v.item.unitAmount * v.item.quantity
      total += base + extrasAmount
      return {
        id: newOpaqueId(),
        bookingId,
        shopId: ctx.shop.id,
        offerId: v.item.offerId,
        skuId: v.item.skuId,
        sessionId: v.item.sessionId,
        startsAt: v.item.startsAt,
        endsAt: v.item.endsAt,
        quantity: v.item.quantity,
        places: v.item.places,
        unitAmount: v.item.unitAmount,
        extrasAmount,
        totalAmount: base + extrasAmount,
        currency: v.item.currency,
        participants: participants.map((p) => ({ firstname: p.firstname.trim(), surname: p.surname.trim(), forSelf: p.forSelf ?? false, extras: p.extras })),
        position,
      }
    })

    let code = newBookingCode()
    for (let i = 0; i < 5; i++) {
      const [taken] = await tx.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.shopId, ctx.shop.id), eq(bookings.code, code)))
      if (!taken) break
      code = newBookingCode()
    }
    const [booking] = await tx
      .insert(bookings)
      .values({
        id: bookingId,
        shopId: ctx.shop.id,
        code,
        cartId,
        mode,
        status: mode === 'request' ? 'REQUESTED' : 'CONFIRMED',
        locale: ctx.locale,
        customer: input.customer.type === 'COMPANY' ? { type: 'COMPANY', company: input.customer.company?.trim() } : { type: 'PRIVATE' },
        person: { ...input.person, firstname: input.person.firstname.trim(), surname: input.person.surname.trim(), email: input.person.email.trim() },
        address: input.address,
        paymentMethod: input.paymentMethod,
        totalAmount: total,
        openAmount: total,
        currency: view[0]!.item.currency,
        message: input.message?.trim() || null,
        // Pay now: the places are held only until then (see ./unpaid.ts).
        paymentDeadline: mode === 'order' && total > 0 ? paymentDeadlineFor(ctx.shop, input.paymentMethod, ctx.now) : null,
      })
      .returning()
    await tx.insert(bookingItems).values(rows)
    // The places are taken now: the holds are done.
    await tx.delete(cartItems).where(eq(cartItems.cartId, cartId))
    // Pay later (and pay now, should the payment not go through): a link to pay the open amount.
    const link = wantsPaymentLink(ctx.shop, booking!) ? await createPaymentLink(tx, ctx.shop, bookingId, ctx.now, booking!.paymentDeadline) : null
    const result = await toBookingView(ctx, tx as unknown as Db, booking!)
    // In the same transaction: a booking is never without its e-mail, nor an e-mail without it.
    await tx.insert(outbox).values({
      id: randomUUID(),
      shopId: ctx.shop.id,
      kind: mode === 'request' ? 'request.received' : 'booking.confirmation',
      payload: {
        booking: result,
        locale: ctx.locale,
        to: booking!.person.email,
        ...(link && options.origin
          ? { paymentUrl: paymentLinkUrl(options.origin, ctx.locale, link.token), paymentLinkExpiresAt: link.expiresAt.toISOString() }
          : {}),
      },
    })
    return result
  })

  return created ?? (await findBookingOfCart(ctx, cartId))!
}
