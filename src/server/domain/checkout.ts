import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm'
import type { components } from '~/api/schema.gen'
import type { Tx } from '~/server/db/client'
import { bookingItems, bookings, cartItems, carts, sessions } from '~/server/db/schema'
import { enqueueMail } from '~/server/mail/outbox'
import { linkCustomer } from './customers/link'
import { notifyStaffOfNewBooking } from './notifications/staff'
import { expectedParticipants, validateCheckout } from '~/lib/checkout-validation'
import { allowedPaymentMethods } from '~/lib/shop-settings'
import { bookingSettings, loadOffers, lockFreeSlot, type CatalogueContext } from './offers/catalogue'
import { bookedLines, extrasLinesOfItems, linesAmount } from './extras-amount'
import { newOpaqueId } from './carts'
import { findBookingOfCart, newBookingCode, paymentDeadlineFor, toBookingView, wantsPaymentLink, type Booking } from './bookings'
import { conflict, invalidFields, invalidRequest, notFound } from './errors'
import { createPaymentLink, paymentLinkUrl } from './payments'
import { manageLinkFor, manageLinkUrl } from './manage/links'

// Kept here for their callers: the booking read model lives in ./bookings.
export { findBookingOfCart, newBookingCode, toBookingView, type Booking } from './bookings'

export type CheckoutInput = components['schemas']['CheckoutInput']

/** A participant with a name, an extra or the person booking (a request's empty rows have none). */
const hasContent = (p: CheckoutInput['items'][number]['participants'][number]) =>
  p.firstname.trim() !== '' || p.surname.trim() !== '' || p.extras.length > 0 || p.forSelf === true

/**
 * Where the visitor booked, for the shop's reports only: the shop's pages unless a widget says
 * otherwise, and the page that embeds it — its host name and path (`www.hotel.ch/angebote`; `/`
 * left out) — when its origin is a URL (as the widget's loader reported it: nothing the server
 * can check, so it is kept as a name only, never as a link).
 */
/** A path as people read it (`/de/aktivitäten`), or as sent when it does not decode. */
function readablePath(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

export function channelOf(input: CheckoutInput['channel']): { channel: 'shop' | 'embed'; channelHost: string | null } {
  const channel = input?.kind ?? 'shop'
  if (channel !== 'embed' || !input?.hostOrigin) return { channel, channelHost: null }
  try {
    const host = new URL(input.hostOrigin).hostname.toLowerCase()
    const path = input.hostPath && input.hostPath !== '/' ? readablePath(input.hostPath).replace(/\/+$/, '') : ''
    return { channel, channelHost: host ? `${host}${path}`.slice(0, 200) : null }
  } catch {
    return { channel, channelHost: null }
  }
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
    } else if (!(await lockFreeSlot(tx, ctx, r.entry, r.startsAt, { cart: ownCartId }))) {
      unavailable[r.key] = 'slot.unavailable'
    }
  }
  return unavailable
}

/**
 * Turns a cart into a booking or request in one transaction: everything is
 * validated again; every session is locked and its places counted (the cart's own holds are
 * its own), so no place is sold twice whatever arrives in parallel; a cart is booked once.
 * `earlier`: the cart was booked before (another tab, another submit) — the booking answered is
 * that one, and nothing of this input was booked.
 */
export async function checkoutCart(
  ctx: CatalogueContext,
  cartId: string,
  input: CheckoutInput,
  options: { origin?: string } = {},
): Promise<{ booking: Booking; earlier: boolean }> {
  const existing = await findBookingOfCart(ctx, cartId)
  if (existing) return { booking: existing, earlier: true }
  const [cart] = await ctx.db.select().from(carts).where(and(eq(carts.id, cartId), eq(carts.shopId, ctx.shop.id)))
  if (!cart) throw notFound('cart.not_found', 'This cart does not exist.')
  const items = await ctx.db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id))
  if (items.length === 0) throw invalidRequest('cart.empty', 'The cart is empty.')
  const loaded = await loadOffers(ctx.db, ctx.shop.id, { ids: [...new Set(items.map((i) => i.offerId))] })
  const settings = bookingSettings(ctx.shop)
  const view = items.map((item) => {
    const entry = loaded.find((l) => l.offer.id === item.offerId)!
    const sku = entry.skus.find((s) => s.id === item.skuId)!
    return { item, entry, sku, skuType: sku.type, expected: expectedParticipants({ skuType: sku.type, places: item.places, quantity: item.quantity }) }
  })
  const mode = view.some((v) => v.entry.offer.uponRequest) ? 'request' : 'order'
  const allowedPayments = allowedPaymentMethods(mode, settings.paymentOptions)

  const errors = validateCheckout(input, {
    items: view.map((v) => ({ itemId: v.item.id, expected: v.expected, extras: v.entry.offer.extras.map((e) => e.key) })),
    paymentMethods: [...allowedPayments],
    mode,
  })
  if (input.mode !== mode) errors.mode = { code: 'invalid', params: { expected: mode } }
  if (Object.keys(errors).length) throw invalidFields(errors)

  const bookingId = randomUUID()
  const created = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update')
    const [again] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.cartId, cartId))
    if (again) return null // booked meanwhile by a parallel submit: answer that booking
    const unavailable =
      mode === 'request' // availability is checked afterwards
        ? {}
        : await reservePlaces(
            tx,
            ctx,
            view.map((v) => ({ key: v.item.id, offerId: v.item.offerId, sessionId: v.item.sessionId, startsAt: v.item.startsAt, places: v.item.places, entry: v.entry })),
            cartId,
          )
    if (Object.keys(unavailable).length) {
      throw conflict('items.unavailable', 'Some dates are no longer available. Please choose another date for them.', { items: unavailable })
    }

    let total = 0
    // A request may leave out participants or their names (they can follow): rows with nothing in them are not kept.
    const participantsOf = view.map((v) => (input.items.find((i) => i.itemId === v.item.id)?.participants ?? []).filter(hasContent))
    // A per-booking extra once in the booking (its offer's first item that chose it carries it).
    const extraLines = extrasLinesOfItems(view.map((v, index) => ({ offerId: v.item.offerId, extras: v.entry.offer.extras, participants: participantsOf[index]! })))
    const rows = view.map((v, position) => {
      const participants = participantsOf[position]!
      const extrasAmount = linesAmount(extraLines[position]!)
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
        extrasLines: bookedLines(extraLines[position]!),
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
        ...channelOf(input.channel),
        // Pay now: the places are held only until then (see ./unpaid.ts).
        paymentDeadline: mode === 'order' && total > 0 ? paymentDeadlineFor(ctx.shop, input.paymentMethod, ctx.now) : null,
      })
      .returning()
    await tx.insert(bookingItems).values(rows)
    // The CRM's customer (merged by e-mail) and the staff's notifications, in the same transaction.
    await linkCustomer(tx, booking!)
    await notifyStaffOfNewBooking(tx, ctx.shop, booking!)
    // The places are taken now: the holds are done.
    await tx.delete(cartItems).where(eq(cartItems.cartId, cartId))
    // Pay later (and pay now, should the payment not go through): a link to pay the open amount.
    const link = wantsPaymentLink(ctx.shop, booking!) ? await createPaymentLink(tx, ctx.shop, bookingId, ctx.now, booking!.paymentDeadline) : null
    // An order's "manage my booking" link (only its hash is stored): in the e-mail and this answer.
    const manageToken = mode === 'order' ? await manageLinkFor(tx, ctx.shop, bookingId) : null
    const result: Booking = { ...(await toBookingView(ctx, tx, booking!)), ...(manageToken ? { manageToken } : {}) }
    // In the same transaction: a booking is never without its e-mail, nor an e-mail without it.
    await enqueueMail(tx, ctx.shop.id, mode === 'request' ? 'request.received' : 'booking.confirmation', {
      booking: result,
      locale: ctx.locale,
      to: booking!.person.email,
      ...(link && options.origin
        ? { paymentUrl: paymentLinkUrl(options.origin, ctx.locale, link.token), paymentLinkExpiresAt: link.expiresAt.toISOString() }
        : {}),
      ...(manageToken && options.origin ? { manageUrl: manageLinkUrl(options.origin, ctx.locale, manageToken) } : {}),
    })
    return result
  })

  return created ? { booking: created, earlier: false } : { booking: (await findBookingOfCart(ctx, cartId))!, earlier: true }
}
