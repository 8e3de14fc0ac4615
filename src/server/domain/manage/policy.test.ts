import { describe, expect, it } from 'vitest'
import { zonedDateTimeToUtc } from '../offers/zoned-time'
import { cancelDecision, deadlineBefore, moveDecision, policyOf } from './policy'

const TZ = 'Europe/Zurich'
const zurich = (date: string, time: string) => zonedDateTimeToUtc(date, time, TZ)!
const policy = policyOf({ cancellation: 'free_until', hoursBefore: 48, late: 'fee', lateFeePercent: 25 })
const booking = (firstStart: Date, over: Partial<{ status: 'CONFIRMED' | 'PAID' | 'CANCELLED' | 'REQUESTED' | 'DECLINED' | 'ACCEPTED'; total: number; paid: number }> = {}) => ({
  status: 'CONFIRMED' as const,
  total: 10000,
  paid: 10000,
  firstStart,
  ...over,
})

describe('the cancellation policy', () => {
  it('fills in its defaults; none at all means nothing is allowed', () => {
    expect(policyOf(undefined)).toEqual({ cancellation: 'none', hoursBefore: 48, late: 'refused', lateFeePercent: 100, moves: true })
    const start = new Date('2026-06-10T08:00:00Z')
    expect(cancelDecision(policyOf(undefined), booking(start), new Date('2026-06-01T00:00:00Z'))).toMatchObject({ allowed: false, reason: 'policy_none' })
    expect(moveDecision(policyOf(undefined), { status: 'CONFIRMED' }, { start, dated: true }, new Date('2026-06-01T00:00:00Z'))).toMatchObject({ allowed: false, reason: 'policy_none' })
  })

  it('is free until exactly N hours before the start, then costs the fee (rounded) and refunds the rest', () => {
    const start = new Date('2026-06-10T08:00:00Z')
    const deadline = new Date('2026-06-08T08:00:00Z')
    expect(cancelDecision(policy, booking(start), new Date(deadline.getTime() - 1))).toMatchObject({ allowed: true, late: false, fee: 0, refund: 10000, freeUntil: deadline })
    expect(cancelDecision(policy, booking(start), deadline)).toMatchObject({ allowed: true, late: true, feePercent: 25, fee: 2500, refund: 7500 })
    expect(cancelDecision(policy, booking(start, { total: 3333, paid: 3333 }), deadline)).toMatchObject({ fee: 833, refund: 2500 })
    // Paid less than the fee (or nothing, pay on site): nothing back, nothing more to pay.
    expect(cancelDecision(policy, booking(start, { paid: 1000 }), deadline)).toMatchObject({ fee: 2500, refund: 0 })
    expect(cancelDecision(policy, booking(start, { paid: 0 }), new Date(0))).toMatchObject({ allowed: true, refund: 0 })
    // 100 % keeps everything; `refused` refuses.
    expect(cancelDecision(policyOf({ ...policy, lateFeePercent: 100 }), booking(start), deadline)).toMatchObject({ allowed: true, fee: 10000, refund: 0 })
    expect(cancelDecision(policyOf({ ...policy, late: 'refused' }), booking(start), deadline)).toMatchObject({ allowed: false, reason: 'too_late' })
  })

  it('counts hours as elapsed time in UTC across a DST change (Zurich, spring and autumn)', () => {
    // Spring forward: 29 March 2026, 02:00 → 03:00. A Monday 10:00 start, 48 h before is Saturday 09:00 local.
    const spring = zurich('2026-03-30', '10:00')
    expect(deadlineBefore(spring, 48).toISOString()).toBe(zurich('2026-03-28', '09:00').toISOString())
    // Fall back: 25 October 2026, 03:00 → 02:00. 48 h before a Monday 10:00 start is Saturday 11:00 local.
    const autumn = zurich('2026-10-26', '10:00')
    expect(deadlineBefore(autumn, 48).toISOString()).toBe(zurich('2026-10-24', '11:00').toISOString())
    expect(cancelDecision(policy, booking(autumn), zurich('2026-10-24', '10:59'))).toMatchObject({ late: false })
    expect(cancelDecision(policy, booking(autumn), zurich('2026-10-24', '11:00'))).toMatchObject({ late: true })
    // 24 h before 03:30 on the spring day is 02:30 the day before (the missing hour is not counted twice).
    expect(deadlineBefore(zurich('2026-03-29', '03:30'), 24).getTime()).toBe(zurich('2026-03-29', '03:30').getTime() - 24 * 3_600_000)
  })

  it('refuses whatever the policy for cancelled, open, declined and started bookings', () => {
    const start = new Date('2026-06-10T08:00:00Z')
    const early = new Date('2026-06-01T00:00:00Z')
    expect(cancelDecision(policy, booking(start, { status: 'CANCELLED' }), early).reason).toBe('cancelled')
    expect(cancelDecision(policy, booking(start, { status: 'REQUESTED' }), early).reason).toBe('request_open')
    expect(cancelDecision(policy, booking(start, { status: 'DECLINED' }), early).reason).toBe('declined')
    expect(cancelDecision(policy, booking(start), start).reason).toBe('started')
    expect(cancelDecision(policy, booking(start, { status: 'PAID' }), early).allowed).toBe(true)
    expect(cancelDecision(policy, booking(start, { status: 'ACCEPTED' }), early).allowed).toBe(true)
  })

  it('allows moves of dated items until the same deadline, if the shop allows moves', () => {
    const start = new Date('2026-06-10T08:00:00Z')
    const item = { start, dated: true }
    expect(moveDecision(policy, { status: 'PAID' }, item, new Date('2026-06-08T07:59:59Z'))).toMatchObject({ allowed: true, until: new Date('2026-06-08T08:00:00Z') })
    expect(moveDecision(policy, { status: 'PAID' }, item, new Date('2026-06-08T08:00:00Z'))).toMatchObject({ allowed: false, reason: 'too_late' })
    expect(moveDecision(policy, { status: 'CONFIRMED' }, { start, dated: false }, new Date(0))).toMatchObject({ allowed: false, reason: 'not_movable' })
    expect(moveDecision(policyOf({ ...policy, moves: false }), { status: 'CONFIRMED' }, item, new Date(0))).toMatchObject({ allowed: false, reason: 'policy_none' })
    expect(moveDecision(policy, { status: 'CANCELLED' }, item, new Date(0))).toMatchObject({ allowed: false, reason: 'cancelled' })
  })
})
