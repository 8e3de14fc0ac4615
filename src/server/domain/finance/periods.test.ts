import { describe, expect, it } from 'vitest'
import { DomainError } from '~/server/domain/errors'
import { checkRange, isoWeekKey, MAX_PERIODS, periodOf, periodsOf } from './periods'

const fieldErrors = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof DomainError) return (error.data as { errors: unknown }).errors
    throw error
  }
  throw new Error('no error')
}

describe('finance periods', () => {
  it('numbers ISO weeks across the turn of the year', () => {
    expect(isoWeekKey('2026-01-01')).toBe('2026-W01') // a Thursday
    expect(isoWeekKey('2027-01-01')).toBe('2026-W53') // a Friday: the last week of 2026
    expect(isoWeekKey('2024-12-30')).toBe('2025-W01') // a Monday of the first week of 2025
    expect(isoWeekKey('2026-03-29')).toBe('2026-W13') // a Sunday
    expect(isoWeekKey('2026-03-30')).toBe('2026-W14')
  })

  it('gives each day its day, ISO week (Monday to Sunday) and month', () => {
    expect(periodOf('2026-03-31', 'day')).toEqual({ key: '2026-03-31', start: '2026-03-31', end: '2026-03-31' })
    expect(periodOf('2026-03-31', 'week')).toEqual({ key: '2026-W14', start: '2026-03-30', end: '2026-04-05' })
    expect(periodOf('2026-02-14', 'month')).toEqual({ key: '2026-02', start: '2026-02-01', end: '2026-02-28' })
    expect(periodOf('2028-02-14', 'month').end).toBe('2028-02-29')
    expect(periodOf('2026-12-05', 'month').end).toBe('2026-12-31')
  })

  it('lists every period of a range, the partial first and last ones too', () => {
    expect(periodsOf({ from: '2026-01-30', to: '2026-03-02' }, 'month').map((p) => p.key)).toEqual(['2026-01', '2026-02', '2026-03'])
    expect(periodsOf({ from: '2026-03-28', to: '2026-04-06' }, 'week').map((p) => p.key)).toEqual(['2026-W13', '2026-W14', '2026-W15'])
    expect(periodsOf({ from: '2026-03-01', to: '2026-03-01' }, 'day')).toHaveLength(1)
  })

  it('bounds the range and the number of periods', () => {
    expect(checkRange('2026-01-01', '2027-02-04')).toEqual({ from: '2026-01-01', to: '2027-02-04' }) // 400 days
    expect(fieldErrors(() => checkRange('2026-01-01', '2027-02-05'))).toEqual({ to: { code: 'range.too_long', params: { maximum: 400 } } })
    expect(fieldErrors(() => checkRange('2026-03-02', '2026-03-01'))).toEqual({ to: { code: 'range.reversed' } })
    expect(fieldErrors(() => checkRange('2026-02-30', '2026-03-01'))).toEqual({ from: { code: 'invalid_date' } })
    expect(periodsOf({ from: '2026-01-01', to: '2026-04-30' }, 'day')).toHaveLength(MAX_PERIODS)
    expect(fieldErrors(() => periodsOf({ from: '2026-01-01', to: '2026-05-01' }, 'day'))).toEqual({
      granularity: { code: 'range.too_many_periods', params: { maximum: MAX_PERIODS } },
    })
  })
})
