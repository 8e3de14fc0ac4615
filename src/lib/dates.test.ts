import { describe, expect, it } from 'vitest'
import { formatDate, formatMoney } from './dates'

describe('dates and prices follow the locale (Swiss conventions)', () => {
  const instant = new Date('2026-03-29T00:30:00Z') // 01:30 in Zurich, the night summer time starts

  it('formats dates in the shop time zone per locale', () => {
    expect(formatDate(instant, 'de', 'Europe/Zurich', 'dddd, D. MMMM YYYY HH:mm')).toBe('Sonntag, 29. März 2026 01:30')
    expect(formatDate(instant, 'fr', 'Europe/Zurich', 'dddd D MMMM YYYY HH:mm')).toBe('dimanche 29 mars 2026 01:30')
    expect(formatDate(instant, 'en', 'Europe/Zurich', 'dddd, D MMMM YYYY HH:mm')).toBe('Sunday, 29 March 2026 01:30')
    expect(formatDate(new Date('2026-03-29T01:30:00Z'), 'de', 'Europe/Zurich', 'HH:mm')).toBe('03:30')
  })

  it('formats prices in minor units per locale', () => {
    expect(formatMoney(12950, 'CHF', 'de').replace(/\s/g, ' ')).toBe('CHF 129.50')
    expect(formatMoney(12950, 'CHF', 'fr').replace(/\s/g, ' ')).toBe('129.50 CHF') // fr-CH writes francs with a decimal point (CLDR)
    expect(formatMoney(12950, 'CHF', 'en').replace(/\s/g, ' ')).toBe('CHF 129.50')
    expect(formatMoney(125000, 'CHF', 'de').replace(/\s/g, ' ')).toBe('CHF 1’250.00')
    expect(formatMoney(125000, 'CHF', 'fr')).toBe('1\u202f250.00\u00a0CHF')
    expect(formatMoney(-5, 'EUR', 'en').replace(/\s/g, ' ')).toBe('EUR -0.05')
  })
})
