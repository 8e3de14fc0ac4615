import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings, cartItems, sessions } from '~/server/db/schema'
import { DomainError } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import type { CatalogueContext } from '~/server/domain/offers/catalogue'
import { answerRequest } from '~/server/domain/operator'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { cancelBooking } from '~/server/domain/unpaid'
import type { PaymentProviders } from '~/server/payments/provider'
import { lockSession, sessionForHistory, toAdminSessions, versionConflict, type AdminSession } from './view'

export type SessionCancellation = { session: AdminSession; cancelledBookings: number; notCancelled: string[] }

/** The bookings of a session in the given states (their codes). */
async function bookingsOf(db: Db, sessionId: string, states: (typeof bookings.$inferSelect)['status'][]) {
  const rows = await db
    .selectDistinct({ id: bookings.id, code: bookings.code })
    .from(bookings)
    .innerJoin(bookingItems, eq(bookingItems.bookingId, bookings.id))
    .where(and(eq(bookingItems.sessionId, sessionId), inArray(bookings.status, states)))
  return rows
}

/**
 * Cancels a session, then each of its bookings as the staff cancel one (places released, payment
 * links closed, the visitor e-mailed in the language they booked in, with the staff's message);
 * open requests are declined (also e-mailed). A paid booking is cancelled too: each payment gets
 * a refund (reason `session_cancelled`, ADR 029) sent to its provider after the booking's
 * cancellation commits, and the visitor's e-mail says the money goes back. The session is cancelled first, under its row lock: from then
 * on no hold or checkout can take a place in it, and the places held in carts are released.
 * Idempotent: a cancelled session is answered as it is, any booking still open cancelled then.
 */
export async function cancelSession(
  ctx: CatalogueContext & { origin: string; payments?: PaymentProviders },
  actor: StaffPrincipal,
  timeZone: string,
  sessionId: string,
  input: { version: number; message?: string },
): Promise<SessionCancellation> {
  const { db, now } = ctx
  await db.transaction(async (tx) => {
    const row = await lockSession(tx, actor.shopId, sessionId)
    if (row.status === 'cancelled') return
    if (row.version !== input.version) throw versionConflict(row.version)
    await tx.update(cartItems).set({ heldUntil: now }).where(and(eq(cartItems.sessionId, row.id), gt(cartItems.heldUntil, now)))
    const [saved] = await tx.update(sessions).set({ status: 'cancelled', version: sql`${sessions.version} + 1`, updatedAt: now }).where(eq(sessions.id, row.id)).returning()
    await recordChange(tx, {
      shopId: actor.shopId, subject: 'session', subjectId: row.id, actorId: actor.staffId, action: 'cancelled',
      before: sessionForHistory(row, timeZone), after: sessionForHistory(saved!, timeZone), at: now,
    })
  })
  const message = input.message?.trim() || undefined
  let cancelledBookings = 0
  const notCancelled: string[] = []
  for (const booking of await bookingsOf(db, sessionId, ['CONFIRMED', 'ACCEPTED', 'PAID', 'REQUESTED'])) {
    try {
      const [current] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id))
      if (current?.status === 'REQUESTED') await answerRequest(ctx, booking.code, { decision: 'decline', ...(message ? { reply: message } : {}) }, { origin: ctx.origin })
      else await cancelBooking(ctx, booking.code, { ...(message ? { message } : {}), providers: ctx.payments, refundPaid: true, refundReason: 'session_cancelled', actorId: actor.staffId })
      cancelledBookings++
    } catch (error) {
      // A payment went through meanwhile, or the request was answered by someone else: left to the staff.
      if (!(error instanceof DomainError)) throw error
      notCancelled.push(booking.code)
    }
  }
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId))
  return { session: (await toAdminSessions(db, [row!], timeZone, now))[0]!, cancelledBookings, notCancelled }
}
