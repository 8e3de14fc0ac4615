import { describe, expect, it } from 'vitest'
import { DomainError } from '~/server/domain/errors'
import { addYears } from '~/server/domain/offers/zoned-time'
import { checkAvailabilityRange } from './availability'

const fieldErrors = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof DomainError) return error.data.errors
    throw error
  }
  return undefined
}

describe('availability bounds', () => {
  it('moves a date by whole years, 29 February to 28 February in a common year', () => {
    expect(addYears('2026-03-20', 2)).toBe('2028-03-20')
    expect(addYears('2026-03-20', -2)).toBe('2024-03-20')
    expect(addYears('2028-02-29', 2)).toBe('2030-02-28')
    expect(addYears('2028-02-29', -4)).toBe('2024-02-29')
  })

  it('takes a range of at most 62 days, both ends included', () => {
    expect(checkAvailabilityRange('2026-04-01', '2026-06-01')).toEqual({ from: '2026-04-01', to: '2026-06-01' })
    expect(fieldErrors(() => checkAvailabilityRange('2026-04-01', '2026-06-02'))).toEqual({ to: { code: 'range.too_long', params: { maximum: 62 } } })
    expect(fieldErrors(() => checkAvailabilityRange('2026-04-02', '2026-04-01'))).toEqual({ to: { code: 'range.reversed' } })
    expect(fieldErrors(() => checkAvailabilityRange('2026-02-29', '2026-03-01'))).toEqual({ from: { code: 'invalid_date' } })
    expect(fieldErrors(() => checkAvailabilityRange('2026-03-01', '9999-12-31'))).toEqual({ to: { code: 'invalid_date' } })
  })
})
