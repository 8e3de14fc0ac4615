import { describe, expect, it } from 'vitest'
import { openSearch, paymentsSearch, totalsSearch } from './search'
import { periodCount, presetRange, rangeProblem, thisMonth } from './ranges'

describe('finance search parameters', () => {
  it('keeps only values the API takes', () => {
    expect(totalsSearch({ from: '2026-03-01', to: '2026-02-30', granularity: 'year' })).toEqual({ from: '2026-03-01' })
    expect(paymentsSearch({ status: 'succeeded', source: 'nowhere', provider: 'on_site', method: 'a b', booking: 'K7Q2-X9PM', page: '3' })).toEqual({ status: 'succeeded', provider: 'on_site', booking: 'K7Q2-X9PM', page: 3 })
    expect(paymentsSearch({ page: 1 })).toEqual({})
    expect(openSearch({ bucket: 'days31plus', paymentMethod: 'PAY_LATER', page: 0 })).toEqual({ bucket: 'days31plus', paymentMethod: 'PAY_LATER' })
  })

  it('names this month, last month, the last 30 days and the years from the shop’s today', () => {
    expect(thisMonth('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(presetRange('lastMonth', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28', granularity: 'day' })
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31', granularity: 'day' })
    expect(presetRange('last30Days', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01', granularity: 'day' })
    expect(presetRange('thisYear', '2026-03-01')).toEqual({ from: '2026-01-01', to: '2026-12-31', granularity: 'month' })
    expect(presetRange('lastYear', '2026-03-01')).toEqual({ from: '2025-01-01', to: '2025-12-31', granularity: 'month' })
  })

  it('counts periods and explains a range the API would refuse, at its field', () => {
    expect(periodCount('2026-03-01', '2026-04-01', 'week')).toBe(6)
    expect(periodCount('2025-11-15', '2026-02-01', 'month')).toBe(4)
    expect(periodCount('2026-01-01', '2026-04-30', 'day')).toBe(120)
    expect(rangeProblem('2026-01-01', '2026-04-30', 'day')).toBeNull()
    expect(rangeProblem('2026-01-01', '2026-05-01', 'day')).toEqual({ field: 'granularity', code: 'range.too_many_periods' })
    expect(rangeProblem('2026-03-02', '2026-03-01')).toEqual({ field: 'to', code: 'range.reversed' })
    expect(rangeProblem('2025-01-01', '2026-02-05')).toEqual({ field: 'to', code: 'range.too_long' })
    expect(rangeProblem('', '2026-02-05')).toEqual({ field: 'from', code: 'required' })
  })
})
