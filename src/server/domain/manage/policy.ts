/**
 * The shop's cancellation policy for visitors (General settings → booking rules) and what it
 * allows for one booking at one moment. Pure: no database, no clock of its own; every instant is
 * an absolute UTC time, so "N hours before the start" is N × 3 600 000 ms whatever the time zone
 * and whatever DST does between now and the start.
 */
import type { components } from '~/api/schema.gen'

export type CancellationPolicy = components['schemas']['CancellationPolicy']
export type ManageRefusal = components['schemas']['ManageRefusal']
export type FullPolicy = Required<CancellationPolicy>

export const DEFAULT_HOURS_BEFORE = 48

/** The policy with its defaults (absent: visitors can neither cancel nor move). */
export function policyOf(stored: CancellationPolicy | undefined | null): FullPolicy {
  return {
    cancellation: stored?.cancellation ?? 'none',
    hoursBefore: stored?.hoursBefore ?? DEFAULT_HOURS_BEFORE,
    late: stored?.late ?? 'refused',
    lateFeePercent: stored?.lateFeePercent ?? 100,
    moves: stored?.moves ?? true,
  }
}

/** The moment until which a visitor may cancel free of charge, or move an item starting at `start`. */
export function deadlineBefore(start: Date, hoursBefore: number): Date {
  return new Date(start.getTime() - hoursBefore * 3_600_000)
}

type BookingState = { status: 'CONFIRMED' | 'REQUESTED' | 'ACCEPTED' | 'DECLINED' | 'PAID' | 'CANCELLED' }

/** Why nothing can be changed whatever the policy says (status), or null. */
export function statusRefusal(booking: BookingState): ManageRefusal | null {
  if (booking.status === 'CANCELLED') return 'cancelled'
  if (booking.status === 'REQUESTED') return 'request_open'
  if (booking.status === 'DECLINED') return 'declined'
  return null
}

export type CancelDecision = {
  allowed: boolean
  reason?: ManageRefusal
  freeUntil?: Date
  late: boolean
  feePercent: number
  /** Minor units: kept by the shop. */
  fee: number
  /** Minor units: paid back (paid minus the fee, never below zero). */
  refund: number
}

/**
 * Whether the booking may be cancelled at `now`: `total` and `paid` in minor units, `firstStart`
 * the earliest start of its items. The late fee is a percentage of the total, rounded to the
 * minor unit; a visitor never gets back more than they paid nor pays anything more.
 */
export function cancelDecision(policy: FullPolicy, booking: BookingState & { total: number; paid: number; firstStart: Date }, now: Date): CancelDecision {
  const none = { late: false, feePercent: 0, fee: 0, refund: 0 }
  const refusal = statusRefusal(booking)
  if (refusal) return { allowed: false, reason: refusal, ...none }
  if (policy.cancellation === 'none') return { allowed: false, reason: 'policy_none', ...none }
  if (booking.firstStart.getTime() <= now.getTime()) return { allowed: false, reason: 'started', ...none }
  const freeUntil = deadlineBefore(booking.firstStart, policy.hoursBefore)
  const paid = Math.max(0, booking.paid)
  if (now.getTime() < freeUntil.getTime()) return { allowed: true, freeUntil, late: false, feePercent: 0, fee: 0, refund: paid }
  if (policy.late === 'refused') return { allowed: false, reason: 'too_late', freeUntil, ...none }
  const fee = Math.round((Math.max(0, booking.total) * policy.lateFeePercent) / 100)
  return { allowed: true, freeUntil, late: true, feePercent: policy.lateFeePercent, fee, refund: Math.max(0, paid - fee) }
}

export type MoveDecision = { allowed: boolean; reason?: ManageRefusal; until?: Date }

/** Whether an item starting at `start` may be moved at `now` (`dated`: it is a session of a group activity). */
export function moveDecision(policy: FullPolicy, booking: BookingState, item: { start: Date; dated: boolean }, now: Date): MoveDecision {
  const refusal = statusRefusal(booking)
  if (refusal) return { allowed: false, reason: refusal }
  if (policy.cancellation === 'none' || !policy.moves) return { allowed: false, reason: 'policy_none' }
  if (!item.dated) return { allowed: false, reason: 'not_movable' }
  if (item.start.getTime() <= now.getTime()) return { allowed: false, reason: 'started' }
  const until = deadlineBefore(item.start, policy.hoursBefore)
  if (now.getTime() >= until.getTime()) return { allowed: false, reason: 'too_late', until }
  return { allowed: true, until }
}
