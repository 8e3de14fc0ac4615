/**
 * What the board tells of a member for a date, from the board's answer alone (the server decides
 * again when assigning): their availability for the half-days the date touches (the worst of
 * them: UNAVAILABLE, MAYBE, not stated, AVAILABLE — the planning rules' order) with the notes,
 * and the other date or private booking they already guide at that time, if any.
 */
import type { PlanningAvailability, PlanningBoard, PlanningHalfDay, PlanningSession, PlanningStaff } from '~/api/admin-planning.queries'
import { guides, targetsOf, type PlanningTarget } from './targets'

export type Availability = PlanningAvailability | null

/** Worst first: a higher rank wins. */
const RANK: Record<PlanningAvailability | 'null', number> = { UNAVAILABLE: 3, MAYBE: 2, null: 1, AVAILABLE: 0 }
export const availabilityRank = (value: Availability) => RANK[value ?? 'null']

/** A member's half-day on a date (not stated when the board does not list the date). */
export function halfDayOf(member: PlanningStaff, date: string, part: 'AM' | 'PM'): PlanningHalfDay {
  const day = member.days.find((d) => d.date === date)
  return (part === 'AM' ? day?.am : day?.pm) ?? { availability: null, note: null }
}

/** A member's availability for a date: the worst of its half-days, with the notes given for the half-days of that answer. */
export function sessionAvailability(member: PlanningStaff, session: Pick<PlanningSession, 'halfDays'>): { availability: Availability; notes: string[] } {
  const halves = session.halfDays.map((h) => halfDayOf(member, h.date, h.part))
  if (halves.length === 0) return { availability: null, notes: [] }
  const worst = halves.reduce((a, b) => (availabilityRank(b.availability) > availabilityRank(a.availability) ? b : a)).availability
  const notes = [...new Set(halves.filter((h) => h.availability === worst && h.note).map((h) => h.note!))]
  return { availability: worst, notes }
}

const overlaps = (a: Pick<PlanningSession, 'startsAt' | 'endsAt'>, b: Pick<PlanningSession, 'startsAt' | 'endsAt'>) =>
  Date.parse(a.startsAt) < Date.parse(b.endsAt) && Date.parse(b.startsAt) < Date.parse(a.endsAt)

/** Another date or private booking on the board that the member guides and that overlaps this one (the server refuses double-booking). */
export function busyWith(board: Pick<PlanningBoard, 'sessions' | 'privateBookings'>, member: PlanningStaff, target: PlanningTarget): PlanningTarget | undefined {
  return targetsOf(board).find(
    (other) => !(other.kind === target.kind && other.id === target.id) && (guides(member, other) || other.guides.some((g) => g.staffId === member.id)) && overlaps(other, target),
  )
}

export type Candidate = { member: PlanningStaff; availability: Availability; notes: string[]; busy: PlanningTarget | undefined }

/**
 * The members who could guide a date (not assigned to it yet), the likeliest first: free ones
 * before busy ones, then available, not stated, maybe, unavailable; by name within each (the
 * board's order).
 */
export function candidatesFor(board: Pick<PlanningBoard, 'sessions' | 'privateBookings' | 'staff'>, session: PlanningTarget): Candidate[] {
  const assigned = new Set(session.guides.map((g) => g.staffId))
  return board.staff
    .filter((member) => !assigned.has(member.id))
    .map((member) => ({ member, ...sessionAvailability(member, session), busy: busyWith(board, member, session) }))
    .sort((a, b) => Number(Boolean(a.busy)) - Number(Boolean(b.busy)) || availabilityRank(a.availability) - availabilityRank(b.availability))
}
