/**
 * Guides of booked private-service starts (issue 18, point 2): the same rules and the same lock as
 * `assignGuide` for dates — the member's row first, then the booking item shared (a visitor's move
 * waits) — so one member's engagements, dates and private bookings alike, change one at a time
 * and never overlap. The member is e-mailed through the outbox in the same transaction; the
 * change is recorded in the booking's history.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '~/server/db/client'
import { bookingItemGuides, bookingItems, bookings, offers, skus } from '~/server/db/schema'
import { participantsOfItem, privateItemTitle } from '~/server/domain/bookings-admin/private-items'
import { conflict, notFound } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import type { Locale } from '~/lib/locale'
import { enqueueStaffMessage } from '~/server/mail/outbox'
import { assignmentNotice, checkOverrideReason, lockedMember, type AssignScope, type GuideAssignInput } from './assign'
import { toPlanningPrivateBookings, type PlanningPrivateBooking, type PrivateItemRow } from './board'
import { availabilityForAssignment, doubleBooked, overlappingEngagement, PLANNED_BOOKING_STATUSES } from './members'

export type BookingGuideAssignment = { booking: PlanningPrivateBooking; warnings: 'guide.maybe'[] }

const itemNotFound = () => notFound('booking_item.not_found', 'This private booking does not exist.')
const staffNotFound = () => notFound('staff.not_found', 'This staff member does not exist.')

/** "My sessions" of the member, where their private bookings are listed with the booker's phone. */
const mySessionsPath = (locale: Locale) => `/${locale}/admin/my-sessions`

/** A private-service item of the shop (no session) with what the board and the e-mail need; `share` keeps it from moving meanwhile. */
async function privateItem(tx: Tx, shopId: string, itemId: string) {
  const [row] = await tx
    .select({
      code: bookings.code,
      mode: bookings.mode,
      status: bookings.status,
      person: bookings.person,
      bookingId: bookings.id,
      itemId: bookingItems.id,
      offerId: bookingItems.offerId,
      title: offers.title,
      variant: skus.title,
      startsAt: bookingItems.startsAt,
      endsAt: bookingItems.endsAt,
      participants: participantsOfItem,
      meetingPoint: offers.meetingPoint,
      location: offers.location,
    })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .innerJoin(offers, eq(offers.id, bookingItems.offerId))
    .innerJoin(skus, eq(skus.id, bookingItems.skuId))
    .where(and(eq(bookingItems.id, itemId), eq(bookingItems.shopId, shopId), eq(bookings.shopId, shopId), isNull(bookingItems.sessionId)))
    .for('share', { of: bookingItems })
  if (!row) throw itemNotFound()
  return row
}

type ItemRow = Awaited<ReturnType<typeof privateItem>>

const isPlanned = (status: string) => (PLANNED_BOOKING_STATUSES as string[]).includes(status)

/** The e-mail's account of the booking, in the member's language (its code after the title). */
const noticeOf = (row: ItemRow, locale: Locale, by: string) =>
  assignmentNotice({ ...row, id: row.itemId, offer: `${privateItemTitle(row.title, row.variant, locale)} (${row.code})` }, locale, by)

async function answerOf(tx: Tx, scope: AssignScope, row: ItemRow): Promise<PlanningPrivateBooking> {
  const boardRow: PrivateItemRow = row
  return (await toPlanningPrivateBookings(tx, scope, [boardRow]))[0]!
}

/** Assigns a member of the shop as the guide of a private booking (see the contract's `assignBookingGuide`). */
export async function assignBookingGuide(db: Db, actor: StaffPrincipal, scope: AssignScope, itemId: string, input: GuideAssignInput): Promise<BookingGuideAssignment> {
  const reason = checkOverrideReason(input.overrideReason)
  return db.transaction(async (tx) => {
    // The member first, as for dates: their engagements change one at a time.
    const member = await lockedMember(tx, actor.shopId, input.staffId)
    const item = await privateItem(tx, actor.shopId, itemId)
    if (!isPlanned(item.status)) throw conflict('booking.not_planned', 'This booking is cancelled, declined or expired: no guide can be assigned to it.')
    if (!member || !member.active) throw staffNotFound()
    const [already] = await tx
      .select({ staffId: bookingItemGuides.staffId })
      .from(bookingItemGuides)
      .where(and(eq(bookingItemGuides.itemId, item.itemId), eq(bookingItemGuides.staffId, member.id), eq(bookingItemGuides.shopId, actor.shopId)))
    if (already) return { booking: await answerOf(tx, scope, item), warnings: [] }

    const clash = await overlappingEngagement(tx, actor.shopId, member.id, { itemId: item.itemId }, item.startsAt, item.endsAt)
    if (clash) throw doubleBooked(member.name, clash, scope.locale)

    const { availability, overrideReason, changes } = await availabilityForAssignment(tx, actor.shopId, member, { startsAt: item.startsAt, endsAt: item.endsAt, timeZone: scope.timeZone }, reason)
    await tx
      .insert(bookingItemGuides)
      .values({ itemId: item.itemId, staffId: member.id, shopId: actor.shopId, assignedBy: actor.staffId, assignedAt: scope.now, overrideReason })
      .onConflictDoNothing()
    await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'booking',
      subjectId: item.bookingId,
      actorId: actor.staffId,
      action: 'guide_assigned',
      changes,
      at: scope.now,
    })
    if (item.endsAt > scope.now) {
      await enqueueStaffMessage(tx, actor.shopId, 'staff.assigned', {
        to: member.email,
        locale: member.locale,
        name: member.name,
        path: mySessionsPath(member.locale),
        assignment: noticeOf(item, member.locale, actor.name),
      })
    }
    return { booking: await answerOf(tx, scope, item), warnings: availability === 'MAYBE' ? ['guide.maybe'] : [] }
  })
}

/** Takes the guide off a private booking (see the contract's `unassignBookingGuide`). */
export async function unassignBookingGuide(db: Db, actor: StaffPrincipal, scope: AssignScope, itemId: string, staffId: string): Promise<BookingGuideAssignment> {
  return db.transaction(async (tx) => {
    const member = await lockedMember(tx, actor.shopId, staffId)
    const item = await privateItem(tx, actor.shopId, itemId)
    const removed = member
      ? await tx
          .delete(bookingItemGuides)
          .where(and(eq(bookingItemGuides.itemId, item.itemId), eq(bookingItemGuides.staffId, member.id), eq(bookingItemGuides.shopId, actor.shopId)))
          .returning({ staffId: bookingItemGuides.staffId })
      : []
    if (!member || removed.length === 0) throw notFound('guide.not_assigned', 'This staff member is not a guide of this booking.')
    await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'booking',
      subjectId: item.bookingId,
      actorId: actor.staffId,
      action: 'guide_unassigned',
      changes: [{ field: 'guides', before: member.name.slice(0, 120) }],
      at: scope.now,
    })
    if (isPlanned(item.status) && item.endsAt > scope.now && member.active) {
      await enqueueStaffMessage(tx, actor.shopId, 'staff.unassigned', {
        to: member.email,
        locale: member.locale,
        name: member.name,
        path: mySessionsPath(member.locale),
        assignment: noticeOf(item, member.locale, actor.name),
      })
    }
    return { booking: await answerOf(tx, scope, item), warnings: [] }
  })
}
