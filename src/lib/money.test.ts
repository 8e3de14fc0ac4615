import { describe, expect, it } from 'vitest'
import { formatMoney, minorUnitDigits } from './money'

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('money, one format for pages and e-mails', () => {
  it('writes francs Swiss style', () => {
    expect(plain(formatMoney(123456, 'CHF', 'de'))).toBe('CHF 1’234.56')
    expect(plain(formatMoney(123456, 'CHF', 'en'))).toBe('CHF 1’234.56')
    expect(plain(formatMoney(123456, 'CHF', 'fr'))).toBe('1 234.56 CHF')
    expect(plain(formatMoney(-5, 'EUR', 'en'))).toBe('EUR -0.05')
  })

  it('knows the minor units of the currency: yen have none, dinars three', () => {
    expect(minorUnitDigits('JPY')).toBe(0)
    expect(minorUnitDigits('KWD')).toBe(3)
    expect(minorUnitDigits('CHF')).toBe(2)
    expect(plain(formatMoney(1000, 'JPY', 'en'))).toBe('JPY 1’000')
    expect(plain(formatMoney(123456, 'JPY', 'fr'))).toBe('123 456 JPY')
    expect(plain(formatMoney(1500, 'KWD', 'de'))).toBe('KWD 1.500')
  })
})
