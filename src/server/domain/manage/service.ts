/**
 * Visitors manage their own booking through the link they were sent (issue 21, point 8): see it
 * with what the shop's cancellation policy allows now, cancel it (places back on sale, what was
 * paid online refunded through the provider less the late fee) or move an item to another date
 * of the same offer (places taken on the new session under its row lock, released on the old
 * one; the code stays; a price difference raises the open amount or is refunded).
 *
 * Every step is recorded in the booking's history (actor: none, the visitor) and e-mailed to the
 * visitor in the booking's language and to the shop's contact address in the shop's language.
 */
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm'
import type { components } from '~/api/schema.gen'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings, changeLog, payments, refunds, sessions } from '~/server/db/schema'
import { enqueueMail } from '~/server/mail/outbox'
import type { PaymentProviders } from '~/server/payments/provider'
import { bookingLocale, paymentStateOf, toBookingView, type BookingRow } from '../bookings'
import { reservePlaces } from '../checkout'
import { conflict, notFound } from '../errors'
import { bookedLines, extrasLinesOfItem, linesAmount, type ExtraLine } from '../extras-amount'
import { recordChange } from '../history/change-log'
import { bookingSettings, loadOffers, loadSessions, type CatalogueContext } from '../offers/catalogue'
import { utcToZonedDate, utcToZonedTime } from '../offers/zoned-time'
import { createPaymentLink, paymentLinkUrl } from '../payments'
import { createRefundsInTransaction, sendPendingRefunds } from '../refunds'
import { cancelBooking } from '../unpaid'
import { bookingOfManageToken } from './links'
import { notifyShopOfVisitorChange } from './notify'
import { cancelDecision, moveDecision, policyOf, type CancelDecision, type ManageRefusal } from './policy'

type S = components['schemas']
export type ManagedBooking = S['ManagedBooking']
export type ManageDate = S['ManageDate']

export type ManageDeps = {
  /** The shop's canonical origin (links in e-mails, provider webhooks). */
  origin: string
  providers: PaymentProviders
}

/** How far ahead the other dates of an offer are offered. */
export const MOVE_HORIZON_DAYS = 90

type ItemRow = typeof bookingItems.$inferSelect

const notAllowed = (reason: ManageRefusal | undefined, what: 'cancel' | 'move') =>
  conflict(
    'manage.not_allowed',
    what === 'cancel' ? 'This booking cannot be cancelled online (any more).' : 'This booking cannot be moved online (any more).',
    { reason: reason ?? 'policy_none' },
  )

async function itemsOf(db: Db, bookingId: string) {
  return db.select().from(bookingItems).where(eq(bookingItems.bookingId, bookingId)).orderBy(asc(bookingItems.position))
}

/** What the visitor has paid so far: succeeded payments less their refunds that did not fail. */
export async function paidSoFar(db: Db, bookingId: string): Promise<number> {
  const [paid] = await db
    .select({ sum: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')))
  const [back] = await db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.bookingId, bookingId), ne(refunds.status, 'failed')))
  return Math.max(0, Number(paid?.sum ?? 0) - Number(back?.sum ?? 0))
}

function decideCancel(ctx: CatalogueContext, row: BookingRow, items: ItemRow[], paid: number): CancelDecision {
  const policy = policyOf(ctx.shop.config.booking?.cancellationPolicy)
  const firstStart = items.reduce((min, i) => (i.startsAt < min ? i.startsAt : min), items[0]?.startsAt ?? ctx.now)
  return cancelDecision(policy, { status: row.status, total: row.totalAmount, paid, firstStart }, ctx.now)
}

function decideMove(ctx: CatalogueContext, row: BookingRow, item: ItemRow) {
  const policy = policyOf(ctx.shop.config.booking?.cancellationPolicy)
  return moveDecision(policy, { status: row.status }, { start: item.startsAt, dated: !!item.sessionId }, ctx.now)
}

/** The booking with what the visitor may do now, read with `db` (the caller's transaction, if any). */
export async function managedView(ctx: CatalogueContext, db: Db, row: BookingRow): Promise<ManagedBooking> {
  const items = await itemsOf(db, row.id)
  const paid = await paidSoFar(db, row.id)
  const cancel = decideCancel(ctx, row, items, paid)
  const moves = items.map((item) => ({ item, decision: decideMove(ctx, row, item) }))
  const movable = moves.filter((m) => m.decision.allowed)
  const money = (amount: number) => ({ amount, currency: row.currency })
  const { contact } = ctx.shop.config
  return {
    booking: await toBookingView(ctx, db, row),
    items: moves.map(({ item, decision }) => ({
      itemId: item.id,
      movable: decision.allowed,
      ...(decision.reason ? { reason: decision.reason } : {}),
      ...(decision.allowed && decision.until ? { moveUntil: decision.until.toISOString() } : {}),
    })),
    cancel: {
      allowed: cancel.allowed,
      ...(cancel.reason ? { reason: cancel.reason } : {}),
      ...(cancel.freeUntil ? { freeUntil: cancel.freeUntil.toISOString() } : {}),
      late: cancel.late,
      feePercent: cancel.feePercent,
      fee: money(cancel.fee),
      paid: money(paid),
      refund: money(cancel.refund),
    },
    move: movable.length
      ? { allowed: true, until: new Date(Math.min(...movable.map((m) => m.decision.until!.getTime()))).toISOString() }
      : { allowed: false, reason: moves[0]?.decision.reason ?? 'not_movable', ...(moves[0]?.decision.until ? { until: moves[0].decision.until.toISOString() } : {}) },
    policy: policyOf(ctx.shop.config.booking?.cancellationPolicy),
    contact: { name: contact.name.slice(0, 200), email: contact.email.slice(0, 254), phone: contact.phone.slice(0, 40) },
  }
}

export async function getManagedBooking(ctx: CatalogueContext, token: string): Promise<ManagedBooking> {
  const row = await bookingOfManageToken(ctx.db, ctx.shop, token)
  return managedView(ctx, ctx.db, row)
}

/**
 * The visitor cancels within the policy. A booking already cancelled answers as it is (no second
 * e-mail). The staff's cancellation does the work (places, payment links, pending attempts at the
 * provider, refunds through the provider, the visitor's e-mail); this adds the policy, the fee,
 * the history entry and the shop's e-mail.
 */
export async function cancelManagedBooking(ctx: CatalogueContext, token: string, deps: ManageDeps): Promise<ManagedBooking> {
  const row = await bookingOfManageToken(ctx.db, ctx.shop, token)
  if (row.status === 'CANCELLED') return managedView(ctx, ctx.db, row)
  const items = await itemsOf(ctx.db, row.id)
  const paid = await paidSoFar(ctx.db, row.id)
  const decision = decideCancel(ctx, row, items, paid)
  if (!decision.allowed) throw notAllowed(decision.reason, 'cancel')
  // The staff's cancellation does the work in one transaction (places, links, refunds capped at
  // what was paid less the fee, the history entry, the visitor's e-mail); refunds go to the
  // provider after commit.
  await cancelBooking({ ...ctx, origin: deps.origin }, row.code, {
    providers: deps.providers,
    refundPaid: paid > 0,
    refundReason: 'visitor_cancel',
    refundAmount: decision.refund,
    cancelReason: 'visitor',
    actorId: null,
  })
  const [after] = await ctx.db.select().from(bookings).where(eq(bookings.id, row.id))
  if (after!.status === 'CANCELLED' && after!.cancelReason === 'visitor') {
    // The shop's e-mail, once: written with a marker in the history, so a repeated call (or a
    // race of two) never tells the shop twice.
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(bookings).where(eq(bookings.id, row.id)).for('update')
      const told = await tx
        .select({ id: changeLog.id })
        .from(changeLog)
        .where(and(eq(changeLog.shopId, ctx.shop.id), eq(changeLog.subject, 'booking'), eq(changeLog.subjectId, row.id), eq(changeLog.action, 'visitor_cancelled')))
        .limit(1)
      if (told.length) return
      // What the cancellation really refunds (its refund rows), not this call's decision: of two
      // calls at once, the one whose cancel came second saw the money as already going back.
      const [{ refunded }] = (await tx
        .select({ refunded: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
        .from(refunds)
        .where(and(eq(refunds.bookingId, row.id), eq(refunds.reason, 'visitor_cancel')))) as [{ refunded: number }]
      await recordChange(tx, {
        shopId: ctx.shop.id,
        subject: 'booking',
        subjectId: row.id,
        actorId: null,
        action: 'visitor_cancelled',
        changes: [
          { field: 'fee', after: decision.fee },
          { field: 'refund', after: refunded },
        ],
        at: ctx.now,
      })
      await notifyShopOfVisitorChange(tx, ctx, locked!, { kind: 'booking.visitor_cancelled', fee: decision.fee, refund: refunded })
    })
  }
  return managedView(ctx, ctx.db, after!)
}

type MoveInput = S['ManageMoveInput']

/** The other dates an item can move to: same offer, scheduled, open, in the next 90 days, enough free places. */
export async function listManagedBookingDates(ctx: CatalogueContext, token: string, itemId: string): Promise<ManageDate[]> {
  const row = await bookingOfManageToken(ctx.db, ctx.shop, token)
  const [item] = await ctx.db.select().from(bookingItems).where(and(eq(bookingItems.id, itemId), eq(bookingItems.bookingId, row.id)))
  if (!item) throw notFound('manage.item_not_found', 'This booking has no such item.')
  const decision = decideMove(ctx, row, item)
  if (!decision.allowed) return []
  const [entry] = await loadOffers(ctx.db, ctx.shop.id, { ids: [item.offerId] })
  const sku = entry?.skus.find((s) => s.id === item.skuId)
  if (!entry || !sku) return []
  const { timeZone } = bookingSettings(ctx.shop)
  const until = new Date(ctx.now.getTime() + MOVE_HORIZON_DAYS * 86_400_000)
  const rows = await loadSessions(ctx.db, ctx.shop.id, [item.offerId], ctx.now, until, ctx.now)
  const price = priceOn(sku, item, extrasLinesOfItem(entry.offer.extras, item.participants, await chosenBefore(ctx.db, item)))
  return rows
    .filter((s) => s.id !== item.sessionId && !s.closed)
    .map((s) => ({ s, left: Math.max(0, s.capacity - s.placesTaken - s.held) }))
    .filter(({ left }) => left >= item.places)
    .slice(0, 500)
    .map(({ s, left }) => ({
      sessionId: s.id,
      start: s.startsAt.toISOString(),
      end: s.endsAt.toISOString(),
      date: utcToZonedDate(s.startsAt, timeZone),
      startTime: utcToZonedTime(s.startsAt, timeZone),
      placesLeft: left,
      total: { amount: price, currency: item.currency },
      difference: { amount: price - item.totalAmount, currency: item.currency },
    }))
}

/**
 * The item's price if booked now: the variant's price and `extras`, its extras as sold today (a
 * per-booking extra an earlier item of its offer carries is not among them: `chosenBefore`).
 */
function priceOn(sku: { priceAmount: number; type: string }, item: ItemRow, extras: readonly ExtraLine[]) {
  const base = sku.type === 'private-service-slot' ? sku.priceAmount : sku.priceAmount * item.quantity
  return base + linesAmount(extras)
}

/** The extras chosen in the booking's earlier items of the item's offer (a per-booking extra among them is charged there). */
async function chosenBefore(db: Pick<Db, 'select'>, item: ItemRow): Promise<Set<string>> {
  const earlier = await db
    .select({ participants: bookingItems.participants })
    .from(bookingItems)
    .where(and(eq(bookingItems.bookingId, item.bookingId), eq(bookingItems.offerId, item.offerId), lt(bookingItems.position, item.position)))
  return new Set(earlier.flatMap((e) => e.participants.flatMap((p) => p.extras)))
}

/**
 * Moves one item to another session of the same offer, in one transaction: the booking (after
 * its payments, the lock order of the payment events) and then the sessions are locked, so two
 * moves — or a move and a checkout — for the last place never both get it.
 */
export async function moveManagedBooking(ctx: CatalogueContext, token: string, input: MoveInput, deps: ManageDeps): Promise<ManagedBooking> {
  const first = await bookingOfManageToken(ctx.db, ctx.shop, token)
  const result = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, first.id)).for('update')
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, first.id)).for('update')
    const [item] = await tx.select().from(bookingItems).where(and(eq(bookingItems.id, input.itemId), eq(bookingItems.bookingId, row!.id)))
    if (!item) throw notFound('manage.item_not_found', 'This booking has no such item.')
    const decision = decideMove(ctx, row!, item)
    if (!decision.allowed) throw notAllowed(decision.reason, 'move')
    const [target] = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, input.sessionId), eq(sessions.shopId, ctx.shop.id), eq(sessions.offerId, item.offerId)))
    if (!target || target.id === item.sessionId) throw notFound('session.not_found', 'This offer has no such other date.')
    if (target.status !== 'scheduled' || target.closed || target.startsAt.getTime() > ctx.now.getTime() + MOVE_HORIZON_DAYS * 86_400_000) {
      throw conflict('session.unavailable', 'This date cannot be booked.')
    }
    const [entry] = await loadOffers(tx, ctx.shop.id, { ids: [item.offerId] })
    const sku = entry!.skus.find((s) => s.id === item.skuId)!
    const unavailable = await reservePlaces(
      tx,
      ctx,
      [{ key: 'move', offerId: item.offerId, sessionId: target.id, startsAt: target.startsAt, places: item.places, entry: entry! }],
      row!.cartId,
    )
    if (unavailable.move) {
      throw conflict(unavailable.move, unavailable.move === 'session.past' ? 'This date has already begun.' : 'This date has not enough free places left.')
    }
    await tx
      .update(sessions)
      .set({ placesTaken: sql`greatest(0, ${sessions.placesTaken} - ${item.places})` })
      .where(eq(sessions.id, item.sessionId!))

    const extras = extrasLinesOfItem(entry!.offer.extras, item.participants, await chosenBefore(tx, item))
    const price = priceOn(sku, item, extras)
    const difference = price - item.totalAmount
    await tx
      .update(bookingItems)
      .set({
        sessionId: target.id,
        startsAt: target.startsAt,
        endsAt: target.endsAt,
        unitAmount: sku.priceAmount,
        extrasAmount: linesAmount(extras),
        extrasLines: bookedLines(extras),
        totalAmount: price,
      })
      .where(eq(bookingItems.id, item.id))
    // Less to pay: first off what is still open, the rest is paid back.
    const open = Math.max(0, row!.openAmount + difference)
    const back = difference < 0 ? Math.max(0, -difference - row!.openAmount) : 0
    const status = open === 0 && (row!.status === 'CONFIRMED' || row!.status === 'ACCEPTED') ? 'PAID' : open > 0 && row!.status === 'PAID' ? 'CONFIRMED' : row!.status
    const [moved] = await tx
      .update(bookings)
      .set({ totalAmount: row!.totalAmount + difference, openAmount: open, status, version: sql`${bookings.version} + 1` })
      .where(eq(bookings.id, row!.id))
      .returning()
    const refunded = back > 0 ? await createRefundsInTransaction(tx, { shopId: ctx.shop.id, bookingId: moved!.id, reason: 'move', actorId: null, now: ctx.now, limit: back }) : []
    const refundIds = refunded.map((r) => r.id)
    const refundedAmount = refunded.reduce((sum, r) => sum + r.amount, 0)

    await recordChange(tx, {
      shopId: ctx.shop.id,
      subject: 'booking',
      subjectId: row!.id,
      actorId: null,
      action: 'moved',
      changes: [
        { field: 'start', before: item.startsAt.toISOString(), after: target.startsAt.toISOString() },
        ...(difference !== 0
          ? [
              { field: 'total', before: row!.totalAmount, after: moved!.totalAmount },
              { field: 'openAmount', before: row!.openAmount, after: moved!.openAmount },
            ]
          : []),
        ...(refundedAmount > 0 ? [{ field: 'refund', after: { amount: refundedAmount, currency: moved!.currency, refunds: refundIds } }] : []),
      ],
      at: ctx.now,
    })

    const locale = bookingLocale(moved!)
    const link = difference > 0 && paymentStateOf(ctx.shop, moved!) === 'payable' ? await createPaymentLink(tx, ctx.shop, moved!.id, ctx.now) : null
    const view = await toBookingView({ ...ctx, db: tx, locale }, tx, moved!)
    await enqueueMail(tx, ctx.shop.id, 'booking.moved', {
      booking: view,
      locale,
      to: moved!.person.email,
      from: { start: item.startsAt.toISOString(), end: item.endsAt.toISOString() },
      ...(difference !== 0 ? { difference: { amount: difference, currency: moved!.currency } } : {}),
      ...(refundedAmount > 0 ? { refund: { amount: refundedAmount, currency: moved!.currency } } : {}),
      ...(link ? { paymentUrl: paymentLinkUrl(deps.origin, locale, link.token), paymentLinkExpiresAt: link.expiresAt.toISOString() } : {}),
    })
    await notifyShopOfVisitorChange(tx, ctx, moved!, {
      kind: 'booking.visitor_moved',
      from: { start: item.startsAt.toISOString(), end: item.endsAt.toISOString() },
      difference,
      refund: refundedAmount,
    })
    return { moved: moved!, refundIds }
  })
  if (result.refundIds.length) {
    await sendPendingRefunds({ db: ctx.db, providers: deps.providers, origin: deps.origin, now: () => ctx.now }, { refundIds: result.refundIds })
  }
  return managedView(ctx, ctx.db, result.moved)
}
