import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { components } from '~/api/schema.gen'
import { PATTERNS } from '~/api/contract-rules.gen'
import type { Tx } from '~/server/db/client'
import { bookings, cartItems, carts, offers, sessions, skus } from '~/server/db/schema'
import { pickText } from '~/lib/locale-text'
import { conflict, invalidField, notFound } from './errors'
import { bookingSettings, kindOf, loadOffers, lockFreeSlot, scheduleOf, type CatalogueContext } from './offers/catalogue'
import { utcToZonedTime } from './offers/zoned-time'

export type Cart = components['schemas']['Cart']
export type CartItemInput = components['schemas']['CartItemInput']

/** 144 random bits, URL-safe (24 characters). */
export function newOpaqueId() {
  return randomBytes(18).toString('base64url')
}

export const OPAQUE_ID = new RegExp(PATTERNS.opaqueId)

const invalid = invalidField
const cartNotFound = () => notFound('cart.not_found', 'This cart does not exist.')
const itemNotFound = () => notFound('cart_item.not_found', 'This cart item does not exist.')
const cartBooked = () => conflict('cart.booked', 'This cart has been booked already and cannot be changed any more. Please start a new booking.')

/**
 * The holder of a hold: a hash of the client address (as the rate limiter sees it) within the
 * shop. The address itself is never stored; live holds per holder are limited.
 */
export function holderOf(shopId: string, clientAddress: string) {
  return createHash('sha256').update(`${shopId}\u0000${clientAddress}`).digest('base64url').slice(0, 32)
}

/** Who changes a cart: the client address of the request, when known (passed in by the route). */
export type CartWriter = { clientAddress?: string }

/** A new empty cart of the shop, in the shop's currency. */
export async function createCart(ctx: CatalogueContext): Promise<Cart> {
  const [row] = await ctx.db.insert(carts).values({ id: newOpaqueId(), shopId: ctx.shop.id, locale: ctx.locale }).returning()
  if (!row) throw new Error('cart not created')
  return { id: row.id, items: [], total: { amount: 0, currency: bookingSettings(ctx.shop).currency }, createdAt: row.createdAt.toISOString() }
}

/** A cart of this shop with its items and, once booked, its booking's code; another shop's cart is as unknown as a missing one. */
export async function findCart(ctx: CatalogueContext, id: string): Promise<Cart | null> {
  if (!OPAQUE_ID.test(id)) return null
  const [row] = await ctx.db.select().from(carts).where(and(eq(carts.id, id), eq(carts.shopId, ctx.shop.id))).limit(1)
  if (!row) return null
  const { currency, timeZone } = bookingSettings(ctx.shop)
  const [booking] = await ctx.db.select({ code: bookings.code }).from(bookings).where(and(eq(bookings.cartId, id), eq(bookings.shopId, ctx.shop.id))).limit(1)
  const items = await ctx.db.select().from(cartItems).where(eq(cartItems.cartId, id)).orderBy(asc(cartItems.createdAt), asc(cartItems.id))
  const loaded = await loadOffers(ctx.db, ctx.shop.id, { ids: [...new Set(items.map((i) => i.offerId))] })
  const view = items.map((item) => {
    const entry = loaded.find((l) => l.offer.id === item.offerId)
    const sku = entry?.skus.find((s) => s.id === item.skuId)
    const unitTotal = sku?.type === 'private-service-slot' ? item.unitAmount : item.unitAmount * item.quantity
    return {
      id: item.id,
      offer: entry?.offer.slug ?? '',
      offerTitle: entry ? pickText(entry.offer.title, ctx.locale) : '',
      ...(entry?.offer.images[0] ? { coverImage: entry.offer.images[0] } : {}),
      sku: item.skuId,
      skuTitle: sku ? pickText(sku.title, ctx.locale) : '',
      skuType: sku?.type ?? 'activity',
      ...(item.sessionId ? { sessionId: item.sessionId } : {}),
      start: item.startsAt.toISOString(),
      end: item.endsAt.toISOString(),
      startTime: utcToZonedTime(item.startsAt, timeZone),
      quantity: item.quantity,
      places: item.places,
      unitPrice: { amount: item.unitAmount, currency: item.currency },
      total: { amount: unitTotal, currency: item.currency },
      mode: entry?.offer.uponRequest ? ('request' as const) : ('order' as const),
      heldUntil: item.heldUntil.toISOString(),
      held: item.heldUntil > ctx.now,
    }
  })
  const held = view.filter((i) => i.held).map((i) => i.heldUntil).sort()
  return {
    id: row.id,
    items: view,
    total: { amount: view.reduce((sum, i) => sum + i.total.amount, 0), currency: view[0]?.total.currency ?? currency },
    ...(held[0] ? { heldUntil: held[0] } : {}),
    // Booked: the checkout page and the "continue your booking" notice go to the booking instead.
    ...(booking ? { bookingCode: booking.code } : {}),
    createdAt: row.createdAt.toISOString(),
  }
}


/**
 * Locks the cart for the rest of the transaction and refuses a booked one: the checkout books
 * under the same lock, so no item can be added to or changed in a cart once it is booked.
 */
async function lockOpenCart(tx: Tx, ctx: CatalogueContext, cartId: string) {
  const [cart] = await tx.select({ id: carts.id }).from(carts).where(and(eq(carts.id, cartId), eq(carts.shopId, ctx.shop.id))).for('update')
  if (!cart) throw cartNotFound()
  const [booking] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.cartId, cartId)).limit(1)
  if (booking) throw cartBooked()
}

/**
 * The limits of holding, checked in the transaction that takes the places:
 * - a cart has at most `maxPlacesPerCart` places, expired items included, since they can still
 *   be booked; an item on request holds no places and does not count (the shop checks the
 *   request itself, and group requests may be larger than any cart of held places);
 * - a client address holds at most `maxHeldPlacesPerClient` live places of the shop, across
 *   carts. Counted in the database, so the limit holds across processes; concurrent writes of one
 *   holder are serialised by a transaction-scoped advisory lock on the holder.
 * `exceptItem` is the item being changed (its current places do not count).
 */
async function checkHoldLimits(tx: Tx, ctx: CatalogueContext, cartId: string, change: { places: number; holder: string | null; exceptItem?: string }) {
  const { maxPlacesPerCart, maxHeldPlacesPerClient } = bookingSettings(ctx.shop)
  if (change.places === 0) return
  const except = change.exceptItem ? sql`${cartItems.id} <> ${change.exceptItem}` : sql`true`
  const [inCart] = await tx
    .select({ places: sql<number>`coalesce(sum(${cartItems.places}), 0)::int` })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), except))
  if (Number(inCart?.places ?? 0) + change.places > maxPlacesPerCart) {
    throw invalid('quantity', 'cart_limit', `A cart can hold at most ${maxPlacesPerCart} places.`, { maximum: maxPlacesPerCart })
  }
  if (!change.holder) return
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart-holder|${ctx.shop.id}|${change.holder}`}))`)
  const [held] = await tx
    .select({ held: sql<number>`coalesce(sum(${cartItems.places}), 0)::int` })
    .from(cartItems)
    .where(and(eq(cartItems.shopId, ctx.shop.id), eq(cartItems.holder, change.holder), gt(cartItems.heldUntil, ctx.now), except))
  if (Number(held?.held ?? 0) + change.places > maxHeldPlacesPerClient) {
    throw conflict('holds.too_many', `You are already holding the most places one visitor can hold at once (${maxHeldPlacesPerClient}). Please book or remove some first.`, {
      maximum: maxHeldPlacesPerClient,
    })
  }
}

/**
 * Checks that `places` fit into a session and locks it for the rest of the transaction: the
 * row lock serialises concurrent holds of one session on PostgreSQL (PGlite runs one
 * transaction at a time), so N parallel requests for the last k places give exactly k holds.
 */
async function reserveSessionPlaces(tx: Tx, ctx: CatalogueContext, sessionId: string, offerId: string, places: number, item?: { id: string; places: number }) {
  const locked = await tx.execute(
    sql`select id, capacity, places_taken, starts_at, closed from ${sessions} where id = ${sessionId} and offer_id = ${offerId} and shop_id = ${ctx.shop.id} and status = 'scheduled' for update`,
  )
  const session = (locked as unknown as { rows: SessionRow[] }).rows[0]
  if (!session) throw invalid('sessionId', 'not_found', 'This date does not exist (any more).')
  const startsAt = new Date(session.starts_at)
  if (startsAt <= ctx.now) throw conflict('session.past', 'This date has already started.')
  // Closed by the staff: nothing new (requests neither); a hold taken before may still shrink.
  if (session.closed && (!item || places > item.places)) throw conflict('session.closed', 'This date can no longer be booked.')
  refuseBeyond(places, Number(session.capacity) - Number(session.places_taken) - (await heldOn(tx, ctx, sessionId, item?.id)))
  return startsAt
}

type SessionRow = { capacity: number; places_taken: number; starts_at: string | Date; closed: boolean }

/** Places held on a session by live holds (but `exceptItem`'s). */
async function heldOn(db: Tx | CatalogueContext['db'], ctx: CatalogueContext, sessionId: string, exceptItem?: string) {
  const [heldRow] = await db
    .select({ held: sql<number>`coalesce(sum(${cartItems.places}), 0)::int` })
    .from(cartItems)
    .where(and(eq(cartItems.sessionId, sessionId), gt(cartItems.heldUntil, ctx.now), exceptItem ? sql`${cartItems.id} <> ${exceptItem}` : sql`true`))
  return Number(heldRow?.held ?? 0)
}

function refuseBeyond(places: number, left: number) {
  if (places > left) {
    throw conflict('places.insufficient', left > 0 ? `Only ${left} places are left on this date.` : 'There are no places left on this date.', {
      placesLeft: Math.max(0, left),
    })
  }
}

/**
 * The refusal of an add that the date cannot take, decided by one read and before anything is
 * written: the API answers it before it claims the call's Idempotency-Key
 * (src/server/api/handler.ts), and `addCartItem` asks again first, so that the many who race for a
 * date's last places are refused without waiting for the transaction and its locks (on PGlite,
 * which runs one transaction at a time, nor behind each other's transactions). It refuses only
 * what the transaction would refuse for the same reason (a published group activity, not on
 * request, a valid quantity of one of its variants, a date still open and ahead, fewer places
 * left than asked for); anything else, including an unknown offer or variant, a past or closed
 * date, is left to `addCartItem`, which decides it with its own reads and, for a hold, under the
 * session's lock, so this can never oversell.
 */
export async function refuseAddWhenFull(ctx: CatalogueContext, input: CartItemInput) {
  if (!input.sessionId || !Number.isInteger(input.quantity) || input.quantity < 1) return
  const found = await ctx.db.execute(
    sql`select s.capacity, s.places_taken, s.starts_at, s.closed, k.block_count, k.min_quantity, k.max_quantity,
          (select coalesce(sum(c.places), 0)::int from ${cartItems} c where c.session_id = s.id and c.held_until > ${ctx.now}) as held
        from ${offers} o
        join ${skus} k on k.offer_id = o.id and k.id = ${input.sku} and k.type = 'activity'
        join ${sessions} s on s.offer_id = o.id and s.id = ${input.sessionId} and s.shop_id = ${ctx.shop.id} and s.status = 'scheduled'
        where o.shop_id = ${ctx.shop.id} and o.slug = ${input.offer} and o.status = 'published' and not o.upon_request
          and not exists (select 1 from ${skus} p where p.offer_id = o.id and p.type <> 'activity')`,
  )
  type Row = SessionRow & { held: number; block_count: number; min_quantity: number; max_quantity: number }
  const row = (found as unknown as { rows: Row[] }).rows[0]
  if (!row || row.closed || new Date(row.starts_at) <= ctx.now) return
  if (input.quantity < Math.max(1, Number(row.min_quantity)) || input.quantity > Number(row.max_quantity)) return
  refuseBeyond(input.quantity * Number(row.block_count), Number(row.capacity) - Number(row.places_taken) - Number(row.held))
}

async function loadItemTarget(ctx: CatalogueContext, offerSlug: string, skuId: string) {
  const [entry] = await loadOffers(ctx.db, ctx.shop.id, { slug: offerSlug })
  if (!entry) throw invalid('offer', 'not_found', 'This offer does not exist.')
  const sku = entry.skus.find((s) => s.id === skuId)
  if (!sku) throw invalid('sku', 'not_found', 'This variant does not belong to the offer.')
  return { entry, sku }
}

function checkQuantity(sku: typeof skus.$inferSelect, quantity: number) {
  const max = sku.type === 'private-service-slot' ? 1 : sku.type === 'private-service-participant' ? (sku.maxParticipants ?? sku.maxQuantity) : sku.maxQuantity
  const min = Math.max(1, sku.minQuantity)
  if (!Number.isInteger(quantity) || quantity < min) throw invalid('quantity', 'too_small', `The quantity must be at least ${min}.`, { type: 'number', minimum: min })
  if (quantity > max) throw invalid('quantity', 'too_big', `The quantity must be at most ${max}.`, { type: 'number', maximum: max })
}

/**
 * Adds an item and holds its places for the shop's hold time (default 15 minutes), within the
 * limits per cart and per client address (checkHoldLimits).
 */
export async function addCartItem(ctx: CatalogueContext, cartId: string, input: CartItemInput, writer: CartWriter = {}): Promise<Cart> {
  const { holdMinutes, timeZone } = bookingSettings(ctx.shop)
  const heldUntil = new Date(ctx.now.getTime() + holdMinutes * 60_000)
  await refuseAddWhenFull(ctx, input)
  const { entry, sku } = await loadItemTarget(ctx, input.offer, input.sku)
  checkQuantity(sku, input.quantity)
  const itemId = newOpaqueId()
  const holder = writer.clientAddress ? holderOf(ctx.shop.id, writer.clientAddress) : null

  await ctx.db.transaction(async (tx) => {
    await lockOpenCart(tx, ctx, cartId)
    if (kindOf(entry.skus) === 'activity') {
      if (!input.sessionId) throw invalid('sessionId', 'required', 'Choose a date.')
      // On request, availability is checked afterwards: nothing is held.
      const places = entry.offer.uponRequest ? 0 : input.quantity * sku.blockCount
      await checkHoldLimits(tx, ctx, cartId, { places, holder })
      const startsAt = await reserveSessionPlaces(tx, ctx, input.sessionId, entry.offer.id, places)
      const [session] = await tx.select({ endsAt: sessions.endsAt }).from(sessions).where(eq(sessions.id, input.sessionId))
      await tx.insert(cartItems).values({
        id: itemId, cartId, shopId: ctx.shop.id, offerId: entry.offer.id, skuId: sku.id, sessionId: input.sessionId,
        startsAt, endsAt: session!.endsAt, quantity: input.quantity, places, unitAmount: sku.priceAmount, currency: sku.currency, heldUntil, holder,
      })
      return
    }
    if (!input.start) throw invalid('start', 'required', 'Choose a start time.')
    const start = new Date(input.start)
    if (Number.isNaN(start.getTime())) throw invalid('start', 'invalid_date', 'The start time is not valid.')
    const places = sku.type === 'private-service-slot' ? 1 : input.quantity
    await checkHoldLimits(tx, ctx, cartId, { places, holder })
    if (!scheduleOf(entry.offer, entry.skus, timeZone)) throw invalid('start', 'not_found', 'This offer has no start times.')
    const slot = await lockFreeSlot(tx, ctx, entry, start)
    if (!slot) throw conflict('slot.unavailable', 'This start time is no longer available.')
    await tx.insert(cartItems).values({
      id: itemId, cartId, shopId: ctx.shop.id, offerId: entry.offer.id, skuId: sku.id, sessionId: null,
      startsAt: slot.start, endsAt: slot.end, quantity: input.quantity,
      places,
      unitAmount: sku.priceAmount, currency: sku.currency, heldUntil, holder,
    })
  })
  return (await findCart(ctx, cartId))!
}

/**
 * Changes the quantity of an item; the new quantity must fit again, within the limits of adding.
 * The hold keeps the expiry it got when the item was added, whatever the change: otherwise
 * re-sending a quantity would renew a hold for ever, and one client could keep a session sold out.
 * Places added by raising the quantity therefore expire with the item. An expired item cannot be
 * revived (409 `hold.expired`): it is removed and added again, which counts against the limits.
 */
export async function updateCartItem(ctx: CatalogueContext, cartId: string, itemId: string, quantity: number, writer: CartWriter = {}): Promise<Cart> {
  await ctx.db.transaction(async (tx) => {
    await lockOpenCart(tx, ctx, cartId)
    const [item] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId), eq(cartItems.shopId, ctx.shop.id)))
      .for('update')
    if (!item) throw itemNotFound()
    const [entry] = await loadOffers(tx, ctx.shop.id, { ids: [item.offerId] })
    const sku = entry?.skus.find((s) => s.id === item.skuId)
    if (!entry || !sku) throw notFound('offer.not_found', 'This offer does not exist any more.')
    checkQuantity(sku, quantity)
    if (item.heldUntil <= ctx.now) {
      throw conflict('hold.expired', 'The places of this item are no longer held. Please remove it and add it again.')
    }
    const places = item.sessionId ? (entry.offer.uponRequest ? 0 : quantity * sku.blockCount) : sku.type === 'private-service-slot' ? 1 : quantity
    // The places are now held by whoever set the quantity (when known).
    const holder = writer.clientAddress ? holderOf(ctx.shop.id, writer.clientAddress) : item.holder
    // Fewer places (or as many) never go beyond a limit, even one the shop has lowered since.
    if (places > item.places) await checkHoldLimits(tx, ctx, cartId, { places, holder, exceptItem: item.id })
    if (item.sessionId) {
      await reserveSessionPlaces(tx, ctx, item.sessionId, entry.offer.id, places, { id: item.id, places: item.places })
    } else {
      if (!(await lockFreeSlot(tx, ctx, entry, item.startsAt, { item: item.id }))) throw conflict('slot.unavailable', 'This start time is no longer available.')
    }
    await tx
      .update(cartItems)
      .set({ quantity, places, holder })
      .where(eq(cartItems.id, item.id))
  })
  return (await findCart(ctx, cartId))!
}

export async function removeCartItem(ctx: CatalogueContext, cartId: string, itemId: string): Promise<Cart> {
  const cart = await findCart(ctx, cartId)
  if (!cart) throw cartNotFound()
  const [booking] = await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.cartId, cartId)).limit(1)
  if (booking) throw cartBooked()
  const deleted = await ctx.db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId), eq(cartItems.shopId, ctx.shop.id)))
    .returning({ id: cartItems.id })
  if (deleted.length === 0) throw itemNotFound()
  return (await findCart(ctx, cartId))!
}
