/**
 * What the board's cards and the assign dialog act on: a date of a group activity or a booked
 * private-service start, in one shape (the date's), so that both are assigned, removed and
 * dragged onto the same way. A private booking needs one guide; its "places" are its participants.
 */
import type { PlanningBoard, PlanningPrivateBooking, PlanningSession, PlanningStaff } from '~/api/admin-planning.queries'

export type PlanningTarget = PlanningSession & {
  kind: 'session' | 'booking'
  /** The booking of a private booking (`null` for a date). */
  bookingCode: string | null
  bookingStatus: PlanningPrivateBooking['status'] | null
}

export const sessionTarget = (session: PlanningSession): PlanningTarget => ({ ...session, kind: 'session', bookingCode: null, bookingStatus: null })

export function bookingTarget(booking: PlanningPrivateBooking): PlanningTarget {
  return {
    id: booking.itemId,
    offerId: booking.offerId,
    offerTitle: booking.offerTitle,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    date: booking.date,
    time: booking.time,
    halfDays: booking.halfDays,
    capacity: booking.participants,
    placesTaken: booking.participants,
    status: 'scheduled',
    closed: false,
    participantsPerGuide: null,
    guidesNeeded: booking.guidesNeeded,
    understaffed: booking.understaffed,
    guides: booking.guides,
    kind: 'booking',
    bookingCode: booking.bookingCode,
    bookingStatus: booking.status,
  }
}

/** Every date and private booking of a board, by start. */
export function targetsOf(board: Pick<PlanningBoard, 'sessions' | 'privateBookings'>): PlanningTarget[] {
  return [...board.sessions.map(sessionTarget), ...board.privateBookings.map(bookingTarget)].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
}

/** The board's current version of a target (it changes as guides are assigned). */
export const currentTarget = (board: Pick<PlanningBoard, 'sessions' | 'privateBookings'>, target: PlanningTarget) =>
  target.kind === 'session'
    ? (board.sessions.filter((s) => s.id === target.id).map(sessionTarget)[0] ?? target)
    : (board.privateBookings.filter((b) => b.itemId === target.id).map(bookingTarget)[0] ?? target)

/** Whether the board lists the member as a guide of the target. */
export const guides = (member: PlanningStaff, target: PlanningTarget) => (target.kind === 'session' ? member.sessionIds : member.itemIds).includes(target.id)
