import { describe, expect, it } from 'vitest'
import { expandDates, MAX_DATES_PER_REQUEST, placeDates } from './series'

const series = (over: Partial<Parameters<typeof expandDates>[0]['series'] & object> = {}) => ({
  series: { weekdays: [6], times: ['09:00'], from: '2026-03-01', to: '2026-03-31', ...over },
})

describe('expandDates', () => {
  it('gives one date for a single session', () => {
    expect(expandDates({ single: { date: '2026-12-05', time: '09:30' } })).toEqual({ starts: [{ date: '2026-12-05', time: '09:30' }] })
  })

  it('wants exactly one of single and series', () => {
    expect(expandDates({})).toEqual({ errors: { single: { code: 'single_or_series' } } })
    expect(expandDates({ single: { date: '2026-12-05', time: '09:30' }, ...series() })).toHaveProperty('errors')
  })

  it('gives every chosen weekday × time from the first to the last day, both included, earliest first, minus exceptions', () => {
    const answer = expandDates(series({ weekdays: [0, 6], times: ['14:00', '09:00'], from: '2026-03-07', to: '2026-03-15', exceptions: ['2026-03-08'] }))
    expect(answer).toEqual({
      starts: [
        { date: '2026-03-07', time: '09:00' },
        { date: '2026-03-07', time: '14:00' },
        { date: '2026-03-14', time: '09:00' },
        { date: '2026-03-14', time: '14:00' },
        { date: '2026-03-15', time: '09:00' },
        { date: '2026-03-15', time: '14:00' },
      ],
    })
  })

  it('refuses a series of more dates than the limit whole, saying how many it would make', () => {
    const answer = expandDates(series({ weekdays: [0, 1, 2, 3, 4, 5, 6], times: ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00'], from: '2026-01-01', to: '2027-12-31' }))
    expect(answer).toEqual({ errors: { series: { code: 'series.too_many', params: { count: 730 * 14, maximum: MAX_DATES_PER_REQUEST } } } })
  })

  it('refuses reversed, overlong, empty and impossible ranges', () => {
    expect(expandDates(series({ from: '2026-03-31', to: '2026-03-01' }))).toEqual({ errors: { 'series.to': { code: 'range.reversed' } } })
    expect(expandDates(series({ from: '2026-01-01', to: '2028-01-02' }))).toMatchObject({ errors: { 'series.to': { code: 'range.too_long' } } })
    expect(expandDates(series({ from: '2026-03-02', to: '2026-03-06' }))).toEqual({ errors: { series: { code: 'series.empty' } } })
    expect(expandDates(series({ from: '2026-02-30' }))).toEqual({ errors: { 'series.from': { code: 'invalid_date' } } })
    expect(expandDates(series({ exceptions: ['2026-03-07', '2026-13-01'] }))).toEqual({ errors: { 'series.exceptions.1': { code: 'invalid_date' } } })
  })
})

describe('placeDates', () => {
  it('keeps the wall-clock time across the change to summer time and skips a start the clock jumps over', () => {
    const starts = expandDates(series({ weekdays: [0, 6], times: ['02:30', '09:00'], from: '2026-03-28', to: '2026-03-29' }))
    if (!('starts' in starts)) throw new Error('expected starts')
    const { placed, missing } = placeDates(starts.starts, 'Europe/Zurich', 90)
    expect(missing).toEqual([{ date: '2026-03-29', time: '02:30' }])
    expect(placed.map((p) => p.startsAt.toISOString())).toEqual(['2026-03-28T01:30:00.000Z', '2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z'])
    expect(placed[2]!.endsAt.toISOString()).toBe('2026-03-29T08:30:00.000Z')
  })

  it('places an ambiguous autumn time at its first occurrence', () => {
    const { placed } = placeDates([{ date: '2026-10-25', time: '02:30' }], 'Europe/Zurich', 60)
    expect(placed[0]!.startsAt.toISOString()).toBe('2026-10-25T00:30:00.000Z')
  })
})
