import { describe, expect, it } from 'vitest'
import {
  availableDatesInMonth,
  openingRangesOf,
  startTimesForDate,
  type Busy,
  type ServiceSchedule,
  type Slot,
  type WeeklyHours,
} from './slots'

const ZH = 'Europe/Zurich'
const times = (slots: Slot[]) => slots.map((s) => s.startTime)
const starts = (slots: Slot[]) => slots.map((s) => s.start.toISOString())
const at = (iso: string) => new Date(iso)
const busy = (start: string, end: string): Busy => ({ start: at(start), end: at(end) })

const weekdays = (start: string, end: string): WeeklyHours[] =>
  ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, start, end }))

function schedule(overrides: Partial<ServiceSchedule> = {}): ServiceSchedule {
  return {
    timeZone: ZH,
    weeklyHours: [...weekdays('09:00', '12:00'), ...weekdays('13:00', '17:00')],
    exceptions: [],
    durationMinutes: 60,
    bufferMinutes: 0,
    stepMinutes: 30,
    ...overrides,
  }
}

// 2026-11-23 is a Monday in winter time (UTC+1).
const MONDAY = '2026-11-23'
const EARLY = at('2026-11-01T00:00:00Z')

describe('startTimesForDate on a normal weekday', () => {
  it('offers the step grid of every range, ending within the range', () => {
    const slots = startTimesForDate(schedule(), MONDAY, [], EARLY)
    expect(times(slots)).toEqual([
      '09:00', '09:30', '10:00', '10:30', '11:00',
      '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00',
    ])
    expect(slots[0]).toEqual({ start: at('2026-11-23T08:00:00Z'), end: at('2026-11-23T09:00:00Z'), startTime: '09:00' })
    expect(slots.at(-1)?.start.toISOString()).toBe('2026-11-23T15:00:00.000Z')
    expect(slots.at(-1)?.end.toISOString()).toBe('2026-11-23T16:00:00.000Z')
  })

  it('uses wall time in summer (UTC+2)', () => {
    const slots = startTimesForDate(schedule(), '2026-07-06', [], at('2026-07-01T00:00:00Z'))
    expect(slots[0]?.start.toISOString()).toBe('2026-07-06T07:00:00.000Z')
    expect(slots[0]?.startTime).toBe('09:00')
  })

  it('defaults the step to 15 minutes', () => {
    const slots = startTimesForDate(schedule({ stepMinutes: undefined }), MONDAY, [], EARLY)
    expect(slots).toHaveLength(9 + 13)
    expect(times(slots).slice(0, 3)).toEqual(['09:00', '09:15', '09:30'])
    expect(times(slots).at(-1)).toBe('16:00')
  })

  it('counts the grid from the start of each range', () => {
    const s = schedule({ weeklyHours: [{ weekday: 1, start: '09:10', end: '11:00' }], durationMinutes: 30 })
    expect(times(startTimesForDate(s, MONDAY, [], EARLY))).toEqual(['09:10', '09:40', '10:10'])
  })

  it('needs the whole duration inside the range', () => {
    const s = schedule({ weeklyHours: [{ weekday: 1, start: '09:00', end: '10:00' }], durationMinutes: 61 })
    expect(startTimesForDate(s, MONDAY, [], EARLY)).toEqual([])
    const exact = schedule({ weeklyHours: [{ weekday: 1, start: '09:00', end: '10:00' }], durationMinutes: 60 })
    expect(times(startTimesForDate(exact, MONDAY, [], EARLY))).toEqual(['09:00'])
  })

  it('is closed on a weekday without hours', () => {
    expect(startTimesForDate(schedule(), '2026-11-22', [], EARLY)).toEqual([]) // Sunday
    expect(startTimesForDate(schedule(), '2026-11-28', [], EARLY)).toEqual([]) // Saturday
  })

  it('matches weekdays with Sunday = 0', () => {
    const s = schedule({ weeklyHours: [{ weekday: 0, start: '10:00', end: '11:00' }] })
    expect(times(startTimesForDate(s, '2026-11-22', [], EARLY))).toEqual(['10:00'])
    expect(startTimesForDate(s, MONDAY, [], EARLY)).toEqual([])
  })

  it('merges overlapping or unordered ranges in order without duplicates', () => {
    const s = schedule({
      weeklyHours: [
        { weekday: 1, start: '14:00', end: '15:00' },
        { weekday: 1, start: '10:00', end: '12:00' },
        { weekday: 1, start: '09:00', end: '11:00' },
      ],
    })
    expect(times(startTimesForDate(s, MONDAY, [], EARLY))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '14:00'])
  })

  it('accepts 24:00 as the end of the day', () => {
    const s = schedule({ weeklyHours: [{ weekday: 1, start: '22:00', end: '24:00' }], stepMinutes: 60 })
    const slots = startTimesForDate(s, MONDAY, [], EARLY)
    expect(times(slots)).toEqual(['22:00', '23:00'])
    expect(slots[1]?.end.toISOString()).toBe('2026-11-23T23:00:00.000Z')
  })
})

describe('exceptions', () => {
  it('closes a date', () => {
    const s = schedule({ exceptions: [{ date: MONDAY, closed: true }] })
    expect(startTimesForDate(s, MONDAY, [], EARLY)).toEqual([])
    expect(startTimesForDate(s, '2026-11-24', [], EARLY)).not.toEqual([]) // other dates unaffected
  })

  it('replaces the weekly hours of a date', () => {
    const s = schedule({ exceptions: [{ date: MONDAY, hours: [{ start: '10:00', end: '12:00' }] }] })
    expect(times(startTimesForDate(s, MONDAY, [], EARLY))).toEqual(['10:00', '10:30', '11:00'])
    expect(times(startTimesForDate(s, '2026-11-30', [], EARLY))[0]).toBe('09:00')
  })

  it('opens a date that is normally closed', () => {
    const s = schedule({ exceptions: [{ date: '2026-11-22', closed: false, hours: [{ start: '11:00', end: '12:30' }] }] })
    expect(times(startTimesForDate(s, '2026-11-22', [], EARLY))).toEqual(['11:00', '11:30'])
  })

  it('treats empty replacement hours as closed, and the last exception of a date wins', () => {
    expect(startTimesForDate(schedule({ exceptions: [{ date: MONDAY, hours: [] }] }), MONDAY, [], EARLY)).toEqual([])
    const s = schedule({
      exceptions: [
        { date: MONDAY, closed: true },
        { date: MONDAY, hours: [{ start: '08:00', end: '09:00' }] },
      ],
    })
    expect(times(startTimesForDate(s, MONDAY, [], EARLY))).toEqual(['08:00'])
    expect(openingRangesOf(s, MONDAY)).toEqual([{ start: '08:00', end: '09:00' }])
  })
})

describe('busy intervals and buffer', () => {
  const morning = schedule({ weeklyHours: [{ weekday: 1, start: '08:00', end: '13:00' }], stepMinutes: 15 })
  // 10:00–11:00 wall time on the Monday.
  const booked = [busy('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z')]

  it('skips starts overlapping a busy interval; touching ends are fine', () => {
    expect(times(startTimesForDate(morning, MONDAY, booked, EARLY))).toEqual([
      '08:00', '08:15', '08:30', '08:45', '09:00',
      '11:00', '11:15', '11:30', '11:45', '12:00',
    ])
  })

  it('keeps the buffer free before and after other bookings', () => {
    const s = { ...morning, bufferMinutes: 15 }
    expect(times(startTimesForDate(s, MONDAY, booked, EARLY))).toEqual([
      '08:00', '08:15', '08:30', '08:45',
      '11:15', '11:30', '11:45', '12:00',
    ])
  })

  it('blocks a start when a short busy interval lies inside the service', () => {
    const short = [busy('2026-11-23T08:40:00Z', '2026-11-23T08:45:00Z')] // 09:40–09:45
    expect(times(startTimesForDate({ ...morning, stepMinutes: 60 }, MONDAY, short, EARLY))).toEqual([
      '08:00', '10:00', '11:00', '12:00',
    ])
  })

  it('ignores empty busy intervals and busy intervals on other days', () => {
    const other = [
      busy('2026-11-23T09:00:00Z', '2026-11-23T09:00:00Z'),
      busy('2026-11-24T07:00:00Z', '2026-11-24T12:00:00Z'),
    ]
    expect(startTimesForDate(morning, MONDAY, other, EARLY)).toHaveLength(17)
  })
})

describe('lead time', () => {
  it('defaults to 60 minutes from now', () => {
    const now = at('2026-11-23T08:20:00Z') // 09:20 in Zurich
    expect(times(startTimesForDate(schedule(), MONDAY, [], now))[0]).toBe('10:30')
  })

  it('allows a start exactly at now + lead time', () => {
    const now = at('2026-11-23T08:00:00Z') // 09:00 in Zurich
    expect(times(startTimesForDate(schedule(), MONDAY, [], now))[0]).toBe('10:00')
  })

  it('uses the configured lead time', () => {
    const now = at('2026-11-23T08:20:00Z')
    expect(times(startTimesForDate(schedule({ leadTimeMinutes: 0 }), MONDAY, [], now))[0]).toBe('09:30')
    expect(times(startTimesForDate(schedule({ leadTimeMinutes: 24 * 60 }), MONDAY, [], now))).toEqual([])
    expect(times(startTimesForDate(schedule({ leadTimeMinutes: 24 * 60 }), '2026-11-24', [], now))[0]).toBe('09:30')
  })

  it('offers nothing on past dates', () => {
    expect(startTimesForDate(schedule(), '2026-11-16', [], at('2026-11-20T00:00:00Z'))).toEqual([])
  })
})

describe('horizon', () => {
  const now = at('2026-11-01T12:00:00Z')

  it('is counted in calendar days after today', () => {
    expect(startTimesForDate(schedule({ horizonDays: 22 }), MONDAY, [], now)).not.toEqual([])
    expect(startTimesForDate(schedule({ horizonDays: 21 }), MONDAY, [], now)).toEqual([])
  })

  it('defaults to 180 days', () => {
    const daily = schedule({ weeklyHours: ([0, 1, 2, 3, 4, 5, 6] as const).map((weekday) => ({ weekday, start: '09:00', end: '17:00' })) })
    expect(startTimesForDate(daily, '2027-04-30', [], now)).not.toEqual([]) // 180 days after 2026-11-01
    expect(startTimesForDate(daily, '2027-05-01', [], now)).toEqual([])
  })

  it('uses today in the schedule time zone', () => {
    const lateEvening = at('2026-11-22T23:30:00Z') // already Monday 00:30 in Zurich
    const s = schedule({ horizonDays: 0 })
    expect(startTimesForDate(s, MONDAY, [], lateEvening)).not.toEqual([])
    expect(startTimesForDate(s, '2026-11-24', [], lateEvening)).toEqual([])
  })
})

describe('daylight saving days in Europe/Zurich', () => {
  // Sunday 01:00–05:00, one hour, every 30 minutes.
  const sunday = (start = '01:00', end = '05:00', durationMinutes = 60): ServiceSchedule =>
    schedule({
      weeklyHours: [{ weekday: 0, start, end }],
      durationMinutes,
      leadTimeMinutes: 0,
      horizonDays: 365,
    })
  const NEW_YEAR = at('2026-01-01T00:00:00Z')

  it('normal winter Sunday (2026-11-22, UTC+1)', () => {
    const slots = startTimesForDate(sunday(), '2026-11-22', [], NEW_YEAR)
    expect(times(slots)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00'])
    expect(starts(slots)).toEqual([
      '2026-11-22T00:00:00.000Z',
      '2026-11-22T00:30:00.000Z',
      '2026-11-22T01:00:00.000Z',
      '2026-11-22T01:30:00.000Z',
      '2026-11-22T02:00:00.000Z',
      '2026-11-22T02:30:00.000Z',
      '2026-11-22T03:00:00.000Z',
    ])
  })

  it('normal summer Sunday (2026-07-05, UTC+2)', () => {
    const slots = startTimesForDate(sunday(), '2026-07-05', [], NEW_YEAR)
    expect(times(slots)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00'])
    expect(slots[0]?.start.toISOString()).toBe('2026-07-04T23:00:00.000Z')
  })

  it('spring forward (2026-03-29): 02:00–02:59 does not exist and is skipped', () => {
    const slots = startTimesForDate(sunday(), '2026-03-29', [], NEW_YEAR)
    expect(times(slots)).toEqual(['01:00', '01:30', '03:00', '03:30', '04:00'])
    expect(starts(slots)).toEqual([
      '2026-03-29T00:00:00.000Z', // 01:00 CET
      '2026-03-29T00:30:00.000Z', // 01:30 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST
      '2026-03-29T01:30:00.000Z', // 03:30 CEST
      '2026-03-29T02:00:00.000Z', // 04:00 CEST, ends 05:00 CEST = 03:00Z
    ])
    // Real elapsed duration: 01:30 CET + 60 min = 03:30 CEST.
    expect(slots[1]?.end.toISOString()).toBe('2026-03-29T01:30:00.000Z')
  })

  it('fall back (2026-10-25): 02:00–02:59 happens twice, offered once at the first occurrence', () => {
    const slots = startTimesForDate(sunday(), '2026-10-25', [], NEW_YEAR)
    expect(times(slots)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00'])
    expect(starts(slots)).toEqual([
      '2026-10-24T23:00:00.000Z', // 01:00 CEST
      '2026-10-24T23:30:00.000Z', // 01:30 CEST
      '2026-10-25T00:00:00.000Z', // 02:00 CEST (first occurrence)
      '2026-10-25T00:30:00.000Z', // 02:30 CEST (first occurrence)
      '2026-10-25T02:00:00.000Z', // 03:00 CET
      '2026-10-25T02:30:00.000Z', // 03:30 CET
      '2026-10-25T03:00:00.000Z', // 04:00 CET
    ])
    expect(new Set(starts(slots)).size).toBe(slots.length)
  })

  it('measures ranges in real time: 01:00–04:00 is 2 h in spring, 3 h normally, 4 h in autumn', () => {
    const twoHours = sunday('01:00', '04:00', 120)
    expect(times(startTimesForDate(twoHours, '2026-03-29', [], NEW_YEAR))).toEqual(['01:00'])
    expect(times(startTimesForDate(twoHours, '2026-11-22', [], NEW_YEAR))).toEqual(['01:00', '01:30', '02:00'])

    const threeAndAHalf = sunday('01:00', '04:00', 210)
    expect(startTimesForDate(threeAndAHalf, '2026-11-22', [], NEW_YEAR)).toEqual([])
    expect(startTimesForDate(threeAndAHalf, '2026-03-29', [], NEW_YEAR)).toEqual([])
    const autumn = startTimesForDate(threeAndAHalf, '2026-10-25', [], NEW_YEAR)
    expect(times(autumn)).toEqual(['01:00', '01:30'])
    expect(autumn[1]?.end.toISOString()).toBe('2026-10-25T03:00:00.000Z') // 04:00 CET
  })

  it('lets a service run across the repeated hour in autumn', () => {
    // 01:00–03:00 lasts 3 h on 2026-10-25: 02:30 CEST + 60 min = 02:30 CET, still before 03:00.
    const slots = startTimesForDate(sunday('01:00', '03:00'), '2026-10-25', [], NEW_YEAR)
    expect(times(slots)).toEqual(['01:00', '01:30', '02:00', '02:30'])
    expect(slots[3]?.end.toISOString()).toBe('2026-10-25T01:30:00.000Z')
    expect(times(startTimesForDate(sunday('01:00', '03:00'), '2026-11-22', [], NEW_YEAR))).toEqual(['01:00', '01:30', '02:00'])
  })

  it('ends a range at the clock change when its end wall time is skipped', () => {
    // "until 02:30" on 2026-03-29 ends when the clock jumps from 02:00 to 03:00 (01:00Z).
    const slots = startTimesForDate(sunday('00:00', '02:30'), '2026-03-29', [], NEW_YEAR)
    expect(times(slots)).toEqual(['00:00', '00:30', '01:00'])
    expect(slots[2]?.end.toISOString()).toBe('2026-03-29T01:00:00.000Z')
  })

  it('starts a range whose start wall time is skipped at the first existing grid time', () => {
    const slots = startTimesForDate(sunday('02:00', '05:00'), '2026-03-29', [], NEW_YEAR)
    expect(times(slots)).toEqual(['03:00', '03:30', '04:00'])
  })

  it('checks busy intervals in real time on the spring-forward day', () => {
    // Busy 03:00–03:30 CEST. 01:30 CET + 60 min ends at 03:30 CEST, so it collides.
    const taken = [busy('2026-03-29T01:00:00Z', '2026-03-29T01:30:00Z')]
    expect(times(startTimesForDate(sunday(), '2026-03-29', taken, NEW_YEAR))).toEqual(['01:00', '03:30', '04:00'])
  })

  it('applies the lead time in real time across the change', () => {
    const now = at('2026-03-29T00:10:00Z') // 01:10 CET; + 50 min = 01:00Z = 03:00 CEST
    expect(times(startTimesForDate(sunday(), '2026-03-29', [], now))[0]).toBe('01:30') // lead time 0
    expect(
      times(startTimesForDate({ ...sunday(), leadTimeMinutes: 50 }, '2026-03-29', [], now)),
    ).toEqual(['03:00', '03:30', '04:00'])
  })
})

describe('input validation', () => {
  const withHours = (start: string, end: string) => schedule({ weeklyHours: [{ weekday: 1, start, end }] })

  it('rejects malformed times', () => {
    for (const [start, end] of [['9:00', '12:00'], ['09:00', '25:00'], ['09:60', '12:00'], ['nine', '12:00'], ['24:00', '24:00']]) {
      expect(() => startTimesForDate(withHours(start ?? '', end ?? ''), MONDAY, [], EARLY)).toThrow(/Invalid time/)
    }
  })

  it('rejects ranges with end <= start, even on other weekdays', () => {
    expect(() => startTimesForDate(withHours('10:00', '10:00'), MONDAY, [], EARLY)).toThrow(/must be after start/)
    expect(() => startTimesForDate(withHours('11:00', '10:00'), MONDAY, [], EARLY)).toThrow(/must be after start/)
    const s = schedule({ weeklyHours: [{ weekday: 3, start: '11:00', end: '10:00' }] })
    expect(() => startTimesForDate(s, MONDAY, [], EARLY)).toThrow(/must be after start/)
  })

  it('rejects bad exception hours and dates', () => {
    const badHours = schedule({ exceptions: [{ date: '2026-12-24', hours: [{ start: '12:00', end: '11:00' }] }] })
    expect(() => startTimesForDate(badHours, MONDAY, [], EARLY)).toThrow(/2026-12-24/)
    const badDate = schedule({ exceptions: [{ date: '2026-02-30', closed: true }] })
    expect(() => startTimesForDate(badDate, MONDAY, [], EARLY)).toThrow(/exception date/)
  })

  it('rejects non-positive durations and invalid settings', () => {
    expect(() => startTimesForDate(schedule({ durationMinutes: 0 }), MONDAY, [], EARLY)).toThrow(/durationMinutes/)
    expect(() => startTimesForDate(schedule({ durationMinutes: -30 }), MONDAY, [], EARLY)).toThrow(/durationMinutes/)
    expect(() => startTimesForDate(schedule({ stepMinutes: 0 }), MONDAY, [], EARLY)).toThrow(/stepMinutes/)
    expect(() => startTimesForDate(schedule({ bufferMinutes: -5 }), MONDAY, [], EARLY)).toThrow(/bufferMinutes/)
    expect(() => startTimesForDate(schedule({ leadTimeMinutes: -1 }), MONDAY, [], EARLY)).toThrow(/leadTimeMinutes/)
    expect(() => startTimesForDate(schedule({ horizonDays: 1.5 }), MONDAY, [], EARLY)).toThrow(/horizonDays/)
    expect(() => startTimesForDate(schedule({ timeZone: 'Europe/Nowhere' }), MONDAY, [], EARLY)).toThrow(/time zone/)
    const badWeekday = schedule({ weeklyHours: [{ weekday: 7 as 0, start: '09:00', end: '10:00' }] })
    expect(() => startTimesForDate(badWeekday, MONDAY, [], EARLY)).toThrow(/Weekday/)
  })

  it('rejects malformed dates and months', () => {
    expect(() => startTimesForDate(schedule(), '2026-11-31', [], EARLY)).toThrow(/Invalid date/)
    expect(() => availableDatesInMonth(schedule(), '2026-13', [], EARLY)).toThrow(/Invalid month/)
  })
})

describe('availableDatesInMonth', () => {
  const workdays = schedule({ weeklyHours: weekdays('09:00', '17:00') })

  it('lists the dates with a free start from today on', () => {
    const now = at('2026-11-10T12:00:00Z') // Tuesday 13:00 in Zurich: 14:00–16:00 still free
    expect(availableDatesInMonth(workdays, '2026-11', [], now)).toEqual([
      '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13',
      '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20',
      '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27',
      '2026-11-30',
    ])
  })

  it('drops today once its last start is within the lead time', () => {
    const now = at('2026-11-10T15:30:00Z') // 16:30 in Zurich
    expect(availableDatesInMonth(workdays, '2026-11', [], now)[0]).toBe('2026-11-11')
  })

  it('applies exceptions, fully booked days and the horizon', () => {
    const now = at('2026-11-10T12:00:00Z')
    const s = {
      ...workdays,
      horizonDays: 14, // up to 2026-11-24
      exceptions: [
        { date: '2026-11-18', closed: true as const },
        { date: '2026-11-21', hours: [{ start: '10:00', end: '12:00' }] }, // a Saturday
      ],
    }
    const fullyBooked = [busy('2026-11-19T08:00:00Z', '2026-11-19T16:00:00Z')]
    expect(availableDatesInMonth(s, '2026-11', fullyBooked, now)).toEqual([
      '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13',
      '2026-11-16', '2026-11-17', '2026-11-20', '2026-11-21',
      '2026-11-23', '2026-11-24',
    ])
  })

  it('is empty for a past month or one beyond the horizon', () => {
    const now = at('2026-11-10T12:00:00Z')
    expect(availableDatesInMonth(workdays, '2026-10', [], now)).toEqual([])
    expect(availableDatesInMonth(workdays, '2027-06', [], now)).toEqual([])
  })

  it('includes the DST Sundays', () => {
    const sundays = schedule({ weeklyHours: [{ weekday: 0, start: '01:00', end: '05:00' }], horizonDays: 365 })
    const now = at('2026-03-01T00:00:00Z') // Sunday 01:00 in Zurich: 02:00 onwards still bookable
    expect(availableDatesInMonth(sundays, '2026-03', [], now)).toEqual([
      '2026-03-01', '2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29',
    ])
    expect(availableDatesInMonth(sundays, '2026-10', [], now)).toEqual([
      '2026-10-04', '2026-10-11', '2026-10-18', '2026-10-25',
    ])
  })
})
