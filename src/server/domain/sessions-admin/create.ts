import { and, eq, inArray, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db } from '~/server/db/client'
import { sessions } from '~/server/db/schema'
import { newOpaqueId } from '~/server/domain/carts'
import { invalidFields } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { groupOffer } from './offer'
import { expandDates, placeDates, type PlacedDate, type WallStart } from './series'
import { sessionForHistory, toAdminSessions } from './view'

export type NewSessionsInput = components['schemas']['SessionsCreateInput']
export type NewSessionsAnswer = components['schemas']['SessionsCreatedAnswer']['data']
type Skipped = NewSessionsAnswer['skipped'][number]

const wall = (s: WallStart) => ({ date: s.date, time: s.time })

/**
 * Adds the dates of a request (one, or a weekly series) to a group activity in one transaction,
 * or only answers them (`dryRun`). Left out, and listed: starts the clock skips, starts already
 * past, and starts at which the offer already has a (not cancelled) session — so sending a series
 * twice makes its dates once. Concurrent requests for one offer are serialised by a lock on it.
 */
export async function createSessions(db: Db, actor: StaffPrincipal, scope: { timeZone: string; now: Date }, offerId: string, input: NewSessionsInput): Promise<NewSessionsAnswer> {
  const expanded = expandDates(input)
  if ('errors' in expanded) throw invalidFields(expanded.errors)
  const { placed, missing } = placeDates(expanded.starts, scope.timeZone, input.durationMinutes)
  return db.transaction(async (tx) => {
    const { offer } = await groupOffer(tx, actor.shopId, offerId)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`offer-sessions|${offer.id}`}))`)
    const skipped: Skipped[] = missing.map((s) => ({ ...wall(s), reason: 'no_such_time' as const }))
    const existing = placed.length
      ? await tx
          .select({ startsAt: sessions.startsAt })
          .from(sessions)
          .where(and(eq(sessions.offerId, offer.id), eq(sessions.status, 'scheduled'), inArray(sessions.startsAt, placed.map((p) => p.startsAt))))
      : []
    const taken = new Set(existing.map((e) => e.startsAt.getTime()))
    const made: PlacedDate[] = []
    for (const p of placed) {
      if (p.startsAt <= scope.now) skipped.push({ ...wall(p), reason: 'past' })
      else if (taken.has(p.startsAt.getTime())) skipped.push({ ...wall(p), reason: 'exists' })
      else made.push(p)
    }
    const dates = made.map((p) => ({ ...wall(p), startsAt: p.startsAt.toISOString(), endsAt: p.endsAt.toISOString() }))
    if (input.dryRun || made.length === 0) return { dates, skipped, created: [] }
    const rows = await tx
      .insert(sessions)
      .values(made.map((p) => ({ id: newOpaqueId(), shopId: actor.shopId, offerId: offer.id, startsAt: p.startsAt, endsAt: p.endsAt, capacity: input.capacity, updatedAt: scope.now })))
      .returning()
    for (const row of rows) {
      const after = sessionForHistory(row, scope.timeZone)
      const changes = Object.entries(after).map(([field, value]) => ({ field, after: value }))
      await recordChange(tx, { shopId: actor.shopId, subject: 'session', subjectId: row.id, actorId: actor.staffId, action: 'created', changes, at: scope.now })
    }
    return { dates, skipped, created: await toAdminSessions(tx, rows, scope.timeZone, scope.now) }
  })
}
