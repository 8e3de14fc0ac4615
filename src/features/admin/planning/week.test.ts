import { describe, expect, it } from 'vitest'
import { candidatesFor, sessionAvailability } from './availability'
import { planningSearch } from './search'
import { ANNA, BEN, canyon, CHRIS, glacier, sunset, WEEK } from './test-support'
import { shownDays, stepDay, weekDays, weekStart } from './week'

describe('the board’s days', () => {
  it('shows a week from Monday to Sunday (across a month and a year) or one day, and steps by a week or a day', () => {
    expect(weekStart('2026-03-15')).toBe('2026-03-09')
    expect(weekStart('2026-03-09')).toBe('2026-03-09')
    expect(weekDays('2026-01-01')).toEqual(['2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'])
    expect(shownDays('day', '2026-03-11')).toEqual(['2026-03-11'])
    expect(stepDay('week', '2026-03-11', -1)).toBe('2026-03-04')
    expect(stepDay('day', '2026-02-28', 1)).toBe('2026-03-01')
  })

  it('reads its address with the plain checks: unknown views and impossible days are dropped', () => {
    expect(planningSearch({ view: 'day', day: '2026-03-10' })).toEqual({ view: 'day', day: '2026-03-10' })
    expect(planningSearch({ view: 'month', day: '2026-02-30' })).toEqual({})
    expect(planningSearch({ day: 20260310 })).toEqual({})
  })
})

describe('a member’s answer for a date', () => {
  it('is the worst of the half-days the date touches, with the notes of that answer', () => {
    const [anna, ben, chris] = WEEK.staff
    expect(sessionAvailability(ben!, glacier)).toEqual({ availability: 'MAYBE', notes: ['dentist at 11'] })
    expect(sessionAvailability(ben!, canyon)).toEqual({ availability: 'UNAVAILABLE', notes: ['away'] })
    expect(sessionAvailability(ben!, sunset)).toEqual({ availability: 'UNAVAILABLE', notes: [] })
    expect(sessionAvailability(anna!, canyon)).toEqual({ availability: 'AVAILABLE', notes: [] })
    expect(sessionAvailability(chris!, canyon)).toEqual({ availability: null, notes: [] })
    // A half-day beyond the board's days is not stated.
    expect(sessionAvailability(anna!, { halfDays: [{ date: '2026-03-16', part: 'AM' }] }).availability).toBeNull()
  })

  it('orders the candidates: free before busy, then available, not stated, maybe, unavailable', () => {
    expect(candidatesFor(WEEK, canyon).map((c) => [c.member.id, c.availability, c.busy?.id])).toEqual([
      [CHRIS, null, undefined],
      [BEN, 'UNAVAILABLE', undefined],
      [ANNA, 'AVAILABLE', glacier.id],
    ])
    // A member guiding a private booking at that time is busy for an overlapping date, and the other way round.
    const teaTime = { ...glacier, id: 'session-teatime-000001', date: '2026-03-11', time: '14:30', startsAt: '2026-03-11T13:30:00.000Z', endsAt: '2026-03-11T15:00:00.000Z', guides: [] }
    const board = { ...WEEK, sessions: [...WEEK.sessions, teaTime] }
    expect(candidatesFor(board, teaTime).find((c) => c.member.id === CHRIS)?.busy).toMatchObject({ kind: 'booking', id: 'item-massage-000001', bookingCode: 'ABC123' })
    // The assigned are not candidates.
    expect(candidatesFor(WEEK, glacier).map((c) => c.member.id)).toEqual([CHRIS, BEN])
  })
})
