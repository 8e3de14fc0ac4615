import { describe, expect, it } from 'vitest'
import { startTimesForDate } from '~/server/domain/offers/slots'
import { fromStored, scheduleForHistory, scheduleProblems, toStored, type ScheduleInput } from './rules'

const base: ScheduleInput = { weeklyHours: [], exceptions: [], durationMinutes: 60, bufferMinutes: 0, stepMinutes: 30 }
const problems = (change: Partial<ScheduleInput>) => scheduleProblems({ ...base, ...change })

describe('scheduleProblems', () => {
  it('accepts touching ranges, several a day, and a range until midnight', () => {
    expect(problems({ weeklyHours: [{ weekday: 1, start: '13:00', end: '24:00' }, { weekday: 1, start: '09:00', end: '13:00' }, { weekday: 2, start: '09:00', end: '13:00' }] })).toEqual({})
  })

  it('puts an end before its start on the end, an overlap on the later range (in time order, whatever the list order)', () => {
    expect(problems({ weeklyHours: [{ weekday: 3, start: '10:00', end: '10:00' }] })).toEqual({ 'schedule.weeklyHours.0.end': { code: 'hours.end_before_start' } })
    expect(problems({ weeklyHours: [{ weekday: 3, start: '11:00', end: '14:00' }, { weekday: 4, start: '09:00', end: '12:00' }, { weekday: 3, start: '09:00', end: '12:00' }] })).toEqual({
      'schedule.weeklyHours.0.start': { code: 'hours.overlap' },
    })
    // A range inside a longer one overlaps it too.
    expect(Object.keys(problems({ weeklyHours: [{ weekday: 0, start: '08:00', end: '18:00' }, { weekday: 0, start: '12:00', end: '13:00' }] }))).toEqual(['schedule.weeklyHours.1.start'])
  })

  it('refuses more than twelve ranges on one day, malformed times and dates, a date twice, special hours without a range', () => {
    const many = Array.from({ length: 13 }, (_, i) => ({ weekday: 5 as const, start: `${String(i + 8).padStart(2, '0')}:00`, end: `${String(i + 8).padStart(2, '0')}:15` }))
    expect(problems({ weeklyHours: many })).toEqual({ 'schedule.weeklyHours.12': { code: 'hours.too_many', params: { maximum: 12 } } })
    expect(problems({ weeklyHours: [{ weekday: 1, start: '24:00', end: '24:00' }, { weekday: 2, start: '09:00', end: '9:30' }] })).toEqual({
      'schedule.weeklyHours.0.start': { code: 'time' },
      'schedule.weeklyHours.1.end': { code: 'time' },
    })
    expect(
      problems({
        exceptions: [
          { date: '2026-02-29', closed: true, hours: [] },
          { date: '2026-12-24', closed: false, hours: [] },
          { date: '2026-12-24', closed: false, hours: [{ start: '10:00', end: '12:00' }, { start: '11:00', end: '13:00' }] },
        ],
      }),
    ).toEqual({
      'schedule.exceptions.0.date': { code: 'date' },
      'schedule.exceptions.1.hours': { code: 'required' },
      'schedule.exceptions.2.date': { code: 'exception.duplicate' },
      'schedule.exceptions.2.hours.1.start': { code: 'hours.overlap' },
    })
  })
})

describe('stored shape', () => {
  const input: ScheduleInput = {
    ...base,
    weeklyHours: [{ weekday: 6, start: '14:00', end: '16:00' }, { weekday: 6, start: '09:00', end: '11:00' }],
    exceptions: [{ date: '2026-12-26', closed: false, hours: [{ start: '10:00', end: '11:00' }] }, { date: '2026-12-25', closed: true, hours: [] }],
  }

  it('is what the visitor\'s slot rules read: closed dates, special hours, ranges in order', () => {
    const stored = toStored(input)
    const schedule = { ...stored, timeZone: 'Europe/Zurich', leadTimeMinutes: 0 }
    const now = new Date('2026-12-01T00:00:00Z')
    expect(startTimesForDate(schedule, '2026-12-19', [], now).map((s) => s.startTime)).toEqual(['09:00', '09:30', '10:00', '14:00', '14:30', '15:00'])
    expect(startTimesForDate(schedule, '2026-12-25', [], now)).toEqual([])
    expect(startTimesForDate(schedule, '2026-12-26', [], now).map((s) => s.startTime)).toEqual(['10:00'])
  })

  it('comes back as the contract\'s shape; a service without hours gets an empty week with its duration', () => {
    expect(fromStored(toStored(input), 90)).toEqual({ ...toStored(input), exceptions: [{ date: '2026-12-25', closed: true, hours: [] }, { date: '2026-12-26', closed: false, hours: [{ start: '10:00', end: '11:00' }] }] })
    expect(fromStored(null, 90)).toEqual({ weeklyHours: [], exceptions: [], durationMinutes: 90, bufferMinutes: 0, stepMinutes: 15 })
  })

  it('is recorded in the history by day name and date', () => {
    const history = scheduleForHistory(toStored(input))
    expect(history.weeklyHours).toMatchObject({ saturday: '09:00–11:00, 14:00–16:00', sunday: 'closed' })
    expect(history.exceptions).toEqual({ '2026-12-25': 'closed', '2026-12-26': '10:00–11:00' })
  })
})
