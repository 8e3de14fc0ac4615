import { describe, expect, it } from 'vitest'
import {
  guidesNeeded,
  halfDaysOf,
  partsReplacedBy,
  resolveDays,
  resolveHalfDay,
  sessionAvailability,
  worstAvailability,
  type AvailabilityByMember,
  type DateEntry,
  type WeeklyEntry,
} from './rules'

const ZH = 'Europe/Zurich'
const at = (iso: string) => new Date(iso)

describe('halfDaysOf', () => {
  it('puts the morning before 12:00 and the afternoon from 12:00, local time', () => {
    // Winter: Zurich is UTC+1, noon is 11:00Z.
    expect(halfDaysOf(at('2026-01-15T08:00:00Z'), at('2026-01-15T10:00:00Z'), ZH)).toEqual([{ date: '2026-01-15', half: 'AM' }])
    expect(halfDaysOf(at('2026-01-15T10:30:00Z'), at('2026-01-15T11:30:00Z'), ZH)).toEqual([
      { date: '2026-01-15', half: 'AM' },
      { date: '2026-01-15', half: 'PM' },
    ])
    // Ending at 12:00 touches only the morning, starting at 12:00 only the afternoon.
    expect(halfDaysOf(at('2026-01-15T09:00:00Z'), at('2026-01-15T11:00:00Z'), ZH)).toEqual([{ date: '2026-01-15', half: 'AM' }])
    expect(halfDaysOf(at('2026-01-15T11:00:00Z'), at('2026-01-15T13:00:00Z'), ZH)).toEqual([{ date: '2026-01-15', half: 'PM' }])
  })

  it('uses the wall clock on the spring-forward day (2026-03-29, noon at 10:00Z)', () => {
    // 12:30–13:00 local in summer time: afternoon, although 10:30Z would be before noon in UTC or winter time.
    expect(halfDaysOf(at('2026-03-29T10:30:00Z'), at('2026-03-29T11:00:00Z'), ZH)).toEqual([{ date: '2026-03-29', half: 'PM' }])
    // 01:30–03:30 local across the skipped hour: the morning only.
    expect(halfDaysOf(at('2026-03-29T00:30:00Z'), at('2026-03-29T01:30:00Z'), ZH)).toEqual([{ date: '2026-03-29', half: 'AM' }])
    // 11:00–12:00 local ends at noon: the morning only.
    expect(halfDaysOf(at('2026-03-29T09:00:00Z'), at('2026-03-29T10:00:00Z'), ZH)).toEqual([{ date: '2026-03-29', half: 'AM' }])
  })

  it('uses the wall clock on the fall-back day (2026-10-25, noon at 11:00Z)', () => {
    // 11:30–11:45 local in winter time again: the morning, although 10:30Z is noon-ish in summer time.
    expect(halfDaysOf(at('2026-10-25T10:30:00Z'), at('2026-10-25T10:45:00Z'), ZH)).toEqual([{ date: '2026-10-25', half: 'AM' }])
    expect(halfDaysOf(at('2026-10-25T10:30:00Z'), at('2026-10-25T11:30:00Z'), ZH)).toEqual([
      { date: '2026-10-25', half: 'AM' },
      { date: '2026-10-25', half: 'PM' },
    ])
    // The day before is still summer time: 10:30Z is 12:30 local.
    expect(halfDaysOf(at('2026-10-24T10:30:00Z'), at('2026-10-24T10:45:00Z'), ZH)).toEqual([{ date: '2026-10-24', half: 'PM' }])
  })

  it('spans several local dates, skipping a date it only touches at midnight', () => {
    // 2026-03-28 20:00 local (CET) to 2026-03-29 10:00 local (CEST).
    expect(halfDaysOf(at('2026-03-28T19:00:00Z'), at('2026-03-29T08:00:00Z'), ZH)).toEqual([
      { date: '2026-03-28', half: 'PM' },
      { date: '2026-03-29', half: 'AM' },
    ])
    // 14:00 until midnight local: the next date is not touched.
    expect(halfDaysOf(at('2026-03-28T13:00:00Z'), at('2026-03-28T23:00:00Z'), ZH)).toEqual([{ date: '2026-03-28', half: 'PM' }])
    // A three-day tour touches both halves of the middle date.
    expect(halfDaysOf(at('2026-07-01T14:00:00Z'), at('2026-07-03T08:00:00Z'), ZH)).toEqual([
      { date: '2026-07-01', half: 'PM' },
      { date: '2026-07-02', half: 'AM' },
      { date: '2026-07-02', half: 'PM' },
      { date: '2026-07-03', half: 'AM' },
    ])
  })

  it('gives a session without duration the half-day of its start', () => {
    expect(halfDaysOf(at('2026-01-15T10:59:00Z'), at('2026-01-15T10:59:00Z'), ZH)).toEqual([{ date: '2026-01-15', half: 'AM' }])
    expect(halfDaysOf(at('2026-01-15T11:00:00Z'), at('2026-01-15T10:00:00Z'), ZH)).toEqual([{ date: '2026-01-15', half: 'PM' }])
  })

  it('follows the given time zone', () => {
    // 10:30Z is 06:30 in New York (EDT) and 19:30 in Tokyo.
    expect(halfDaysOf(at('2026-07-01T10:30:00Z'), at('2026-07-01T11:00:00Z'), 'America/New_York')).toEqual([{ date: '2026-07-01', half: 'AM' }])
    expect(halfDaysOf(at('2026-07-01T10:30:00Z'), at('2026-07-01T11:00:00Z'), 'Asia/Tokyo')).toEqual([{ date: '2026-07-01', half: 'PM' }])
  })
})

describe('resolveHalfDay', () => {
  // 2026-06-01 is a Monday (weekday 1).
  const date = '2026-06-01'
  const weekly: WeeklyEntry[] = [
    { weekday: 1, part: 'DAY', availability: 'AVAILABLE', note: 'weekly day' },
    { weekday: 1, part: 'PM', availability: 'MAYBE', note: 'weekly pm' },
    { weekday: 2, part: 'AM', availability: 'UNAVAILABLE', note: null },
  ]

  it('falls back from the weekly half to the weekly DAY entry, then to not stated', () => {
    expect(resolveHalfDay([], weekly, date, 'AM')).toEqual({ availability: 'AVAILABLE', note: 'weekly day', source: 'weekly' })
    expect(resolveHalfDay([], weekly, date, 'PM')).toEqual({ availability: 'MAYBE', note: 'weekly pm', source: 'weekly' })
    expect(resolveHalfDay([], weekly, '2026-06-02', 'PM')).toEqual({ availability: null, note: null, source: null })
    expect(resolveHalfDay([], weekly, '2026-06-02', 'AM')).toEqual({ availability: 'UNAVAILABLE', note: null, source: 'weekly' })
  })

  it('lets the date override the weekly pattern: its half entry, then its DAY entry', () => {
    const entries: DateEntry[] = [
      { day: date, part: 'DAY', availability: 'UNAVAILABLE', note: 'holiday' },
      { day: date, part: 'PM', availability: 'AVAILABLE', note: null },
      { day: '2026-06-02', part: 'AM', availability: 'MAYBE', note: 'other date' },
    ]
    expect(resolveHalfDay(entries, weekly, date, 'AM')).toEqual({ availability: 'UNAVAILABLE', note: 'holiday', source: 'date' })
    expect(resolveHalfDay(entries, weekly, date, 'PM')).toEqual({ availability: 'AVAILABLE', note: null, source: 'date' })
    // A date's AM entry leaves its PM to the weekly pattern.
    expect(resolveHalfDay([{ day: date, part: 'AM', availability: 'MAYBE', note: null }], weekly, date, 'PM')).toEqual({
      availability: 'MAYBE',
      note: 'weekly pm',
      source: 'weekly',
    })
  })
})

describe('worstAvailability', () => {
  it('orders UNAVAILABLE > MAYBE > not stated > AVAILABLE', () => {
    expect(worstAvailability(['AVAILABLE', 'AVAILABLE'])).toBe('AVAILABLE')
    expect(worstAvailability(['AVAILABLE', null])).toBeNull()
    expect(worstAvailability([null, 'MAYBE', 'AVAILABLE'])).toBe('MAYBE')
    expect(worstAvailability(['MAYBE', 'UNAVAILABLE', null])).toBe('UNAVAILABLE')
    expect(worstAvailability([])).toBeNull()
  })
})

describe('guidesNeeded', () => {
  it('needs one guide per started group, at least one, and one without a group size', () => {
    expect(guidesNeeded(0, 8)).toBe(1)
    expect(guidesNeeded(8, 8)).toBe(1)
    expect(guidesNeeded(9, 8)).toBe(2)
    expect(guidesNeeded(24, 8)).toBe(3)
    expect(guidesNeeded(100, null)).toBe(1)
    expect(guidesNeeded(5, 0)).toBe(1)
  })
})

describe('partsReplacedBy', () => {
  it('lets DAY replace all three parts and a half only itself', () => {
    expect(partsReplacedBy('DAY')).toEqual(['DAY', 'AM', 'PM'])
    expect(partsReplacedBy('AM')).toEqual(['AM'])
    expect(partsReplacedBy('PM')).toEqual(['PM'])
  })
})

describe('resolveDays and sessionAvailability', () => {
  const entries: DateEntry[] = [{ day: '2026-03-29', part: 'PM', availability: 'UNAVAILABLE', note: 'family' }]
  const weekly: WeeklyEntry[] = [{ weekday: 0, part: 'DAY', availability: 'AVAILABLE', note: null }]

  it('resolves both halves of every date of the range, inclusive', () => {
    const days = resolveDays(entries, weekly, '2026-03-28', '2026-03-30')
    expect(days.map((d) => [d.date, d.weekday, d.am.availability, d.pm.availability])).toEqual([
      ['2026-03-28', 6, null, null],
      ['2026-03-29', 0, 'AVAILABLE', 'UNAVAILABLE'],
      ['2026-03-30', 1, null, null],
    ])
    expect(days[1]?.pm).toEqual({ availability: 'UNAVAILABLE', note: 'family', source: 'date' })
  })

  it('gives a session the worst of the half-days it touches', () => {
    const loaded: AvailabilityByMember = new Map([['m1', new Map(resolveDays(entries, weekly, '2026-03-28', '2026-03-30').map((d) => [d.date, d]))]])
    // 09:00–11:00 local on Sunday 2026-03-29 (CEST): available in the morning.
    expect(sessionAvailability(loaded, 'm1', at('2026-03-29T07:00:00Z'), at('2026-03-29T09:00:00Z'), ZH)).toBe('AVAILABLE')
    // 11:00–13:00 local touches the unavailable afternoon.
    expect(sessionAvailability(loaded, 'm1', at('2026-03-29T09:00:00Z'), at('2026-03-29T11:00:00Z'), ZH)).toBe('UNAVAILABLE')
    // Saturday is not stated; unknown members and dates outside the loaded range too.
    expect(sessionAvailability(loaded, 'm1', at('2026-03-28T08:00:00Z'), at('2026-03-28T09:00:00Z'), ZH)).toBeNull()
    expect(sessionAvailability(loaded, 'other', at('2026-03-29T07:00:00Z'), at('2026-03-29T09:00:00Z'), ZH)).toBeNull()
  })
})
