import { describe, expect, it } from 'vitest'
import { attachment, csvCell, csvDecimal, csvLine } from './csv'

describe('CSV for spreadsheets', () => {
  it('quotes as RFC 4180 says and ends lines with CRLF', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', null, 3])).toBe('a,"b,c","say ""hi""","two\nlines",,3\r\n')
  })

  it('neutralises cells a spreadsheet would run as a formula, but not the numbers it writes', () => {
    for (const text of ['=1+1', '+41 79', '-2', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/)
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(csvCell(csvDecimal(-1250, 2))).toBe('-12.50')
    expect(csvCell(-3)).toBe('-3')
    expect(() => csvCell({ decimal: '=1' })).toThrow()
  })

  it('writes amounts in minor units as plain decimals', () => {
    expect(csvDecimal(12350, 2)).toEqual({ decimal: '123.50' })
    expect(csvDecimal(5, 2)).toEqual({ decimal: '0.05' })
    expect(csvDecimal(0, 2)).toEqual({ decimal: '0.00' })
    expect(csvDecimal(1000, 0)).toEqual({ decimal: '1000' })
    expect(csvDecimal(1234, 3)).toEqual({ decimal: '1.234' })
  })

  it('names the download with an ASCII file name', () => {
    expect(attachment('bookings-2026-03-01.csv')).toBe('attachment; filename="bookings-2026-03-01.csv"')
    expect(attachment('a"b;c.csv')).toBe('attachment; filename="a_b_c.csv"')
  })
})
