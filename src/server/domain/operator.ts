/**
 * The shop's staff answering requests: a per-shop bearer token, the list of
 * requests (reading one marks it seen), and accept / decline with a reply that the visitor gets
 * by e-mail in the language they booked in.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { components } from '~/api/schema.gen'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings, operatorTokens } from '~/server/db/schema'
import { enqueueMail } from '~/server/mail/outbox'
import { loadOffers, type CatalogueContext } from './offers/catalogue'
import { bookingLocale, isBookingCode, paymentDeadlineFor, paymentFieldsOf, toBookingView, wantsPaymentLink, type BookingRow } from './bookings'
import { reservePlaces, type Reservation } from './checkout'
import { conflict, DomainError, notFound } from './errors'
import { recordChange } from './history/change-log'
import { manageLinkFor, manageLinkUrl } from './manage/links'
import { createPaymentLink, paymentLinkUrl } from './payments'
import type { Shop } from './shops'

export type OperatorRequest = components['schemas']['OperatorRequest']

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/** A new operator token for a shop; only its hash is stored, so show it now or never. */
export async function createOperatorToken(db: Db, shopId: string, label: string) {
  const token = `op_${randomBytes(32).toString('base64url')}`
  await db.insert(operatorTokens).values({ id: randomUUID(), shopId, tokenHash: hash(token), label })
  return token
}

export async function hasOperatorToken(db: Db, shopId: string) {
  const [row] = await db.select({ id: operatorTokens.id }).from(operatorTokens).where(eq(operatorTokens.shopId, shopId)).limit(1)
  return !!row
}

const unauthorised = () => new DomainError('unauthorised', 'operator.unauthorised', 'An operator token of this shop is required.')

/** Checks `Authorization: Bearer …` against the shop's tokens (constant-time on the hash). */
export async function authenticateOperator(db: Db, shop: Shop, authorization: string | null, now: Date) {
  const match = /^Bearer ([A-Za-z0-9_-]{16,200})$/.exec(authorization?.trim() ?? '')
  if (!match) throw unauthorised()
  const wanted = hash(match[1]!)
  const [row] = await db.select().from(operatorTokens).where(eq(operatorTokens.tokenHash, wanted))
  if (!row || row.shopId !== shop.id || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(wanted))) throw unauthorised()
  await db.update(operatorTokens).set({ lastUsedAt: now }).where(eq(operatorTokens.id, row.id))
}

async function toOperatorRequest(ctx: CatalogueContext, db: Db, row: BookingRow): Promise<OperatorRequest> {
  const view = await toBookingView({ ...ctx, locale: bookingLocale(row) }, db, row)
  const { paymentLink } = await paymentFieldsOf(db, ctx.shop, row, ctx.now)
  return {
    code: row.code,
    status: row.status,
    seen: row.seen,
    ...(row.reply ? { reply: row.reply } : {}),
    ...(row.repliedAt ? { repliedAt: row.repliedAt.toISOString() } : {}),
    total: view.total,
    openAmount: view.openAmount,
    person: { firstname: row.person.firstname, surname: row.person.surname, email: row.person.email, phone: row.person.phone },
    ...(row.message ? { message: row.message } : {}),
    locale: bookingLocale(row),
    items: view.items,
    ...(paymentLink ? { paymentLink } : {}),
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listRequests(ctx: CatalogueContext, status?: BookingRow['status']) {
  const rows = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.shopId, ctx.shop.id), eq(bookings.mode, 'request'), status ? eq(bookings.status, status) : undefined))
    .orderBy(desc(bookings.createdAt))
    .limit(200)
  return Promise.all(rows.map((row) => toOperatorRequest(ctx, ctx.db, row)))
}

const requestNotFound = () => notFound('request.not_found', 'There is no request with this code.')

export async function requestRow(db: Db, shopId: string, code: string) {
  const [row] = isBookingCode(code)
    ? await db.select().from(bookings).where(and(eq(bookings.shopId, shopId), eq(bookings.code, code), eq(bookings.mode, 'request')))
    : []
  if (!row) throw requestNotFound()
  return row
}

/** One request; reading it marks it seen. */
export async function getRequest(ctx: CatalogueContext, code: string) {
  const row = await requestRow(ctx.db, ctx.shop.id, code)
  const [seen] = row.seen ? [row] : await ctx.db.update(bookings).set({ seen: true }).where(eq(bookings.id, row.id)).returning()
  return toOperatorRequest(ctx, ctx.db, seen!)
}

type ItemRow = typeof bookingItems.$inferSelect

/** The places a request's items take when it is accepted (a request held none until then). */
function reservationsOf(items: ItemRow[], loaded: Awaited<ReturnType<typeof loadOffers>>): Reservation[] {
  return items.map((i) => {
    const entry = loaded.find((l) => l.offer.id === i.offerId)!
    const sku = entry.skus.find((k) => k.id === i.skuId)
    const places = i.sessionId ? i.quantity * (sku?.blockCount ?? 1) : i.places
    return { key: i.id, offerId: i.offerId, sessionId: i.sessionId, startsAt: i.startsAt, places, entry }
  })
}

async function itemsAndOffers(db: Db, shopId: string, bookingId: string) {
  const items = await db.select().from(bookingItems).where(eq(bookingItems.bookingId, bookingId)).orderBy(asc(bookingItems.position))
  const loaded = await loadOffers(db, shopId, { ids: [...new Set(items.map((i) => i.offerId))] })
  return { items, loaded }
}

/** Thrown to roll back the dry run of `requestAvailability`. */
class DryRun extends Error {
  constructor(readonly unavailable: Record<string, string>) {
    super('dry run')
  }
}

/**
 * Whether accepting an open request now would find its places free: the places are taken as
 * accepting does (same locks, same counting), then the transaction is rolled back. Answers the
 * items that would fail, by item id, with the reason (empty: all free).
 */
export async function requestAvailability(ctx: CatalogueContext, row: BookingRow): Promise<Record<string, string>> {
  const { items, loaded } = await itemsAndOffers(ctx.db, ctx.shop.id, row.id)
  try {
    await ctx.db.transaction(async (tx) => {
      throw new DryRun(await reservePlaces(tx, ctx, reservationsOf(items, loaded), row.cartId))
    })
  } catch (error) {
    if (error instanceof DryRun) return error.unavailable
    throw error
  }
  return {}
}

/**
 * Accepts (takes the places, creates a payment link when there is something to pay online) or
 * declines a request, in one transaction with the visitor's e-mail.
 */
export async function answerRequest(
  ctx: CatalogueContext,
  code: string,
  answer: { decision: 'accept' | 'decline'; reply?: string },
  options: { origin: string; actorId?: string | null },
) {
  const found = await requestRow(ctx.db, ctx.shop.id, code)
  const { items, loaded } = await itemsAndOffers(ctx.db, ctx.shop.id, found.id)
  const reply = answer.reply?.trim() || null

  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, found.id)).for('update')
    if (row!.status !== 'REQUESTED') {
      throw conflict('request.already_answered', 'This request has already been answered.', { status: row!.status })
    }
    const locale = bookingLocale(row!)
    if (answer.decision === 'accept') {
      // A request held no places (its availability is checked when it is accepted); now it takes them.
      const reservations = reservationsOf(items, loaded)
      const unavailable = await reservePlaces(tx, ctx, reservations, row!.cartId)
      const first = Object.values(unavailable)[0]
      if (first) {
        throw conflict(first, 'The places of this request are no longer available.', { items: unavailable })
      }
      for (const r of reservations) await tx.update(bookingItems).set({ places: r.places }).where(eq(bookingItems.id, r.key))
    }
    const [next] = await tx
      .update(bookings)
      .set({
        status: answer.decision === 'accept' ? 'ACCEPTED' : 'DECLINED',
        reply,
        repliedAt: ctx.now,
        seen: true,
        version: sql`${bookings.version} + 1`,
        // To be paid now: the places are held only until then (see ./unpaid.ts).
        ...(answer.decision === 'accept' && row!.openAmount > 0 ? { paymentDeadline: paymentDeadlineFor(ctx.shop, row!.paymentMethod, ctx.now) } : {}),
      })
      .where(eq(bookings.id, row!.id))
      .returning()
    // In the booking's history: who answered (null: the operator API, a script), and how.
    await recordChange(tx, {
      shopId: ctx.shop.id,
      subject: 'booking',
      subjectId: row!.id,
      actorId: options.actorId ?? null,
      action: answer.decision === 'accept' ? 'accepted' : 'declined',
      before: { status: row!.status, reply: row!.reply, seen: row!.seen },
      after: { status: next!.status, reply: next!.reply, seen: next!.seen },
      at: ctx.now,
      force: true,
    })
    const link =
      answer.decision === 'accept' && wantsPaymentLink(ctx.shop, next!) ? await createPaymentLink(tx, ctx.shop, next!.id, ctx.now, next!.paymentDeadline) : null
    const view = await toBookingView({ ...ctx, locale }, tx, next!)
    const mail = { booking: view, locale, to: next!.person.email, ...(reply ? { reply } : {}) }
    if (answer.decision === 'decline') await enqueueMail(tx, ctx.shop.id, 'request.declined', mail)
    else {
      // Accepted, the request is a booking like an order: its "manage my booking" link comes with the answer.
      const manageToken = await manageLinkFor(tx, ctx.shop, next!.id)
      await enqueueMail(tx, ctx.shop.id, 'request.accepted', {
        ...mail,
        ...(link ? { paymentUrl: paymentLinkUrl(options.origin, locale, link.token), paymentLinkExpiresAt: link.expiresAt.toISOString() } : {}),
        manageUrl: manageLinkUrl(options.origin, locale, manageToken),
      })
    }
    return next!
  })
  return toOperatorRequest(ctx, ctx.db, updated)
}
