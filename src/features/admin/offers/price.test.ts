import { describe, expect, it } from 'vitest'
import { parsePrice, priceInput } from './price'

describe('parsePrice', () => {
  it('reads decimals with a point or a comma, Swiss grouping and "120.-" as minor units', () => {
    expect(parsePrice('120.50', 'CHF')).toBe(12050)
    expect(parsePrice('120,5', 'EUR')).toBe(12050)
    expect(parsePrice("1'200.05", 'CHF')).toBe(120005)
    expect(parsePrice('1 200', 'CHF')).toBe(120000)
    expect(parsePrice('120.-', 'CHF')).toBe(12000)
    expect(parsePrice(' 0 ', 'CHF')).toBe(0)
  })

  it('refuses what is not a price in the currency', () => {
    expect(parsePrice('', 'CHF')).toBeNull()
    expect(parsePrice('-5', 'CHF')).toBeNull()
    expect(parsePrice('12.345', 'CHF')).toBeNull()
    expect(parsePrice('12.5', 'JPY')).toBeNull()
    expect(parsePrice('abc', 'CHF')).toBeNull()
    expect(parsePrice('1e5', 'CHF')).toBeNull()
  })

  it('writes minor units back as the input shows them, so a price survives a round trip', () => {
    expect(priceInput(12050, 'CHF')).toBe('120.50')
    expect(priceInput(500, 'JPY')).toBe('500')
    for (const minor of [0, 5, 12050, 999999]) expect(parsePrice(priceInput(minor, 'CHF'), 'CHF')).toBe(minor)
  })
})
