/**
 * Assigning guides to dates (issue 18, point 2) and taking them off again. Each change is one
 * transaction that first locks the member's row (`SELECT … FOR UPDATE`, scoped to the shop), so
 * every assignment of one member is serialised: the overlap check below sees every assignment
 * committed before it, and two managers assigning the same member at once can never double-book
 * them, on PostgreSQL as on PGlite. The member's e-mail is queued in the same transaction (the
 * outbox sends it only if the change commits) and the change is recorded in the date's history.
 */
import { and, eq } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import type { Db, Tx } from '~/server/db/client'
import { offers, sessionGuides, sessions, staff } from '~/server/db/schema'
import { conflict, invalidFields, notFound } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import { sessionNotFound } from '~/server/domain/sessions-admin/view'
import { isPlainText } from '~/server/domain/settings/rules'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { unstorableText } from '~/server/domain/text'
import { tooBig } from '~/lib/field-errors'
import { pickText } from '~/lib/locale-text'
import type { Locale } from '~/lib/locale'
import { enqueueStaffMessage } from '~/server/mail/outbox'
import type { StaffAssignmentNotice } from '~/server/mail/staff-templates'
import { boardSessionColumns, toPlanningSessions, type BoardSessionRow, type PlanningScope, type PlanningSession } from './board'
import { availabilityForAssignment, doubleBooked, overlappingEngagement } from './members'

export type GuideAssignInput = components['schemas']['GuideAssignInput']
export type GuideAssignment = { session: PlanningSession; warnings: 'guide.maybe'[] }

export const MAX_OVERRIDE_REASON = 500

export type AssignScope = PlanningScope & { now: Date }

const staffNotFound = () => notFound('staff.not_found', 'This staff member does not exist.')

/** The override reason trimmed, or the field error refusing it (blank, markup or control characters). */
export function checkOverrideReason(reason: string | undefined): string | undefined {
  if (reason === undefined) return undefined
  const text = reason.trim()
  if (!text) throw invalidFields({ overrideReason: { code: 'required' } })
  if (text.length > MAX_OVERRIDE_REASON) throw invalidFields({ overrideReason: tooBig('string', MAX_OVERRIDE_REASON) })
  if (!isPlainText(text) || unstorableText(text)) throw invalidFields({ overrideReason: { code: 'plain_text' } })
  return text
}

/** The staff app's page of a date's participant list, in the member's language. */
export const manifestPath = (locale: Locale, sessionId: string) => `/${locale}/admin/sales/sessions/${encodeURIComponent(sessionId)}/manifest`

/** A session of the shop with its offer's title, guides setting and meeting point; `share` keeps it from being cancelled or moved meanwhile. */
async function sessionWithOffer(tx: Tx, shopId: string, sessionId: string, share: boolean) {
  const query = tx
    .select({ ...boardSessionColumns, meetingPoint: offers.meetingPoint, location: offers.location })
    .from(sessions)
    .innerJoin(offers, eq(offers.id, sessions.offerId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.shopId, shopId), eq(offers.shopId, shopId)))
  const [row] = share ? await query.for('share', { of: sessions }) : await query
  if (!row) throw sessionNotFound()
  return row
}

type SessionWithOffer = Awaited<ReturnType<typeof sessionWithOffer>>

/** "Test place, Weg 1, 3800 Interlaken" (the parts there are). */
function placeOf(location: SessionWithOffer['location']): string {
  const street = [location.street, location.streetNumber].filter(Boolean).join(' ')
  const city = [location.postalCode, location.city].filter(Boolean).join(' ')
  return [location.name, street, city].filter(Boolean).join(', ')
}

/** What the member's e-mail tells of a date or a private booking (`offer`: its title, already in the member's language). */
export function assignmentNotice(
  row: { id: string; offer: string; startsAt: Date; endsAt: Date; location: SessionWithOffer['location']; meetingPoint: SessionWithOffer['meetingPoint'] },
  locale: Locale,
  by: string,
): StaffAssignmentNotice {
  const place = placeOf(row.location)
  const meetingPoint = (row.meetingPoint ? pickText(row.meetingPoint, locale).trim() : '') || place
  return {
    sessionId: row.id,
    offer: row.offer.slice(0, 300),
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    ...(meetingPoint ? { meetingPoint: meetingPoint.slice(0, 500) } : {}),
    ...(place && place !== meetingPoint ? { place: place.slice(0, 500) } : {}),
    by: by.slice(0, 200),
  }
}

/** What the member's e-mail tells of the date, in their language. */
const noticeOf = (row: SessionWithOffer, locale: Locale, by: string) => assignmentNotice({ ...row, offer: pickText(row.offerTitle, locale) }, locale, by)

/** The member's row of the shop, locked for the transaction (every change of a member's assignments takes this lock first), or undefined. */
export async function lockedMember(tx: Tx, shopId: string, staffId: string) {
  const [member] = await tx
    .select({ id: staff.id, name: staff.name, email: staff.email, locale: staff.locale, active: staff.active })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.shopId, shopId)))
    .for('update')
  return member
}

async function actorName(tx: Tx, actor: StaffPrincipal): Promise<string> {
  const [row] = await tx.select({ name: staff.name }).from(staff).where(and(eq(staff.id, actor.staffId), eq(staff.shopId, actor.shopId)))
  return row?.name ?? ''
}

const answerOf = async (tx: Tx, scope: AssignScope, row: BoardSessionRow) => (await toPlanningSessions(tx, scope, [row]))[0]!

/** Assigns a member of the shop as a guide of a date (see the contract's `assignGuide`). */
export async function assignGuide(db: Db, actor: StaffPrincipal, scope: AssignScope, sessionId: string, input: GuideAssignInput): Promise<GuideAssignment> {
  const reason = checkOverrideReason(input.overrideReason)
  return db.transaction(async (tx) => {
    // The member first: every assignment of this member waits here until the one before commits.
    const member = await lockedMember(tx, actor.shopId, input.staffId)
    const session = await sessionWithOffer(tx, actor.shopId, sessionId, true)
    if (session.status === 'cancelled') throw conflict('session.cancelled', 'This date is cancelled: no guide can be assigned to it.')
    if (!member || !member.active) throw staffNotFound()

    const [already] = await tx
      .select({ staffId: sessionGuides.staffId })
      .from(sessionGuides)
      .where(and(eq(sessionGuides.sessionId, session.id), eq(sessionGuides.staffId, member.id), eq(sessionGuides.shopId, actor.shopId)))
    if (already) return { session: await answerOf(tx, scope, session), warnings: [] }

    // Another engagement of the member that overlaps this one (a date or a private booking).
    const clash = await overlappingEngagement(tx, actor.shopId, member.id, { sessionId: session.id }, session.startsAt, session.endsAt)
    if (clash) throw doubleBooked(member.name, clash, scope.locale)

    // The member's availability for the date: the worst of the half-days it touches.
    const { availability, overrideReason, changes } = await availabilityForAssignment(tx, actor.shopId, member, { startsAt: session.startsAt, endsAt: session.endsAt, timeZone: scope.timeZone }, reason)

    await tx
      .insert(sessionGuides)
      .values({ sessionId: session.id, staffId: member.id, shopId: actor.shopId, assignedBy: actor.staffId, assignedAt: scope.now, overrideReason })
      .onConflictDoNothing()
    await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'session',
      subjectId: session.id,
      actorId: actor.staffId,
      action: 'guide_assigned',
      changes,
      at: scope.now,
    })
    // A date that is over needs no e-mail.
    if (session.endsAt > scope.now) {
      await enqueueStaffMessage(tx, actor.shopId, 'staff.assigned', {
        to: member.email,
        locale: member.locale,
        name: member.name,
        path: manifestPath(member.locale, session.id),
        assignment: noticeOf(session, member.locale, await actorName(tx, actor)),
      })
    }
    return { session: await answerOf(tx, scope, session), warnings: availability === 'MAYBE' ? ['guide.maybe'] : [] }
  })
}

/** Takes a guide off a date (see the contract's `unassignGuide`). */
export async function unassignGuide(db: Db, actor: StaffPrincipal, scope: AssignScope, sessionId: string, staffId: string): Promise<GuideAssignment> {
  return db.transaction(async (tx) => {
    // The same lock as an assignment: a member's assignments change one at a time.
    const member = await lockedMember(tx, actor.shopId, staffId)
    const session = await sessionWithOffer(tx, actor.shopId, sessionId, true)
    const removed = member
      ? await tx
          .delete(sessionGuides)
          .where(and(eq(sessionGuides.sessionId, session.id), eq(sessionGuides.staffId, member.id), eq(sessionGuides.shopId, actor.shopId)))
          .returning({ staffId: sessionGuides.staffId })
      : []
    if (!member || removed.length === 0) throw notFound('guide.not_assigned', 'This staff member is not a guide of this date.')
    await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'session',
      subjectId: session.id,
      actorId: actor.staffId,
      action: 'guide_unassigned',
      changes: [{ field: 'guides', before: member.name.slice(0, 120) }],
      at: scope.now,
    })
    // Nobody to tell about a cancelled date, a date that is over, or a deactivated member.
    if (session.status === 'scheduled' && session.endsAt > scope.now && member.active) {
      await enqueueStaffMessage(tx, actor.shopId, 'staff.unassigned', {
        to: member.email,
        locale: member.locale,
        name: member.name,
        path: manifestPath(member.locale, session.id),
        assignment: noticeOf(session, member.locale, await actorName(tx, actor)),
      })
    }
    return { session: await answerOf(tx, scope, session), warnings: [] }
  })
}
