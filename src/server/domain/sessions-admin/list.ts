import { and, asc, eq, gte, lt } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { sessions } from '~/server/db/schema'
import { invalidFields } from '~/server/domain/errors'
import { listChanges, type ChangeRecord } from '~/server/domain/history/change-log'
import { addDays, daysBetween, isValidDate, zonedBoundaryToUtc } from '~/server/domain/offers/zoned-time'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import { groupOffer } from './offer'
import { sessionNotFound, toAdminSessions, type AdminSession } from './view'

/** The calendar asks for at most this many days at once. */
export const MAX_LIST_DAYS = 400

export type SessionList = {
  offer: { id: string; title: string; timeZone: string; durationMinutes: number }
  sessions: AdminSession[]
}

/** The sessions (cancelled ones too) of a group activity whose start falls on `from`…`to` in the shop's time zone. */
export async function listSessions(
  db: Db,
  scope: { shopId: string; timeZone: string; locale: Locale; now: Date },
  offerId: string,
  range: { from: string; to: string },
): Promise<SessionList> {
  if (!isValidDate(range.from) || !isValidDate(range.to)) {
    throw invalidFields({ [isValidDate(range.from) ? 'to' : 'from']: { code: 'invalid_date' } })
  }
  const days = daysBetween(range.from, range.to)
  if (days < 0) throw invalidFields({ to: { code: 'range.reversed' } })
  if (days >= MAX_LIST_DAYS) throw invalidFields({ to: { code: 'range.too_long', params: { maximum: MAX_LIST_DAYS } } })
  const { offer, durationMinutes } = await groupOffer(db, scope.shopId, offerId)
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.offerId, offer.id),
        gte(sessions.startsAt, zonedBoundaryToUtc(range.from, 0, scope.timeZone)),
        lt(sessions.startsAt, zonedBoundaryToUtc(addDays(range.to, 1), 0, scope.timeZone)),
      ),
    )
    .orderBy(asc(sessions.startsAt), asc(sessions.id))
  return {
    offer: { id: offer.id, title: pickText(offer.title, scope.locale), timeZone: scope.timeZone, durationMinutes },
    sessions: await toAdminSessions(db, rows, scope.timeZone, scope.now),
  }
}

/** Who changed a session of the shop, when and what (newest first). */
export async function sessionHistory(db: Db, shopId: string, sessionId: string): Promise<ChangeRecord[]> {
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.shopId, shopId)))
  if (!row) throw sessionNotFound()
  return listChanges(db, shopId, 'session', sessionId)
}
