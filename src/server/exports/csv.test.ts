import { describe, expect, it } from 'vitest'
import { BOM, csvCell, csvDecimal, csvLine, csvResponse, CsvNumber, toCsv } from './csv'

describe('CSV for spreadsheets', () => {
  it('quotes per RFC 4180 only where needed and doubles quotes', () => {
    expect(csvCell('Zürich')).toBe('Zürich')
    expect(csvCell('Keller, Anna')).toBe('"Keller, Anna"')
    expect(csvCell('Le "Chalet"')).toBe('"Le ""Chalet"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(42)).toBe('42')
    expect(csvCell(Number.NaN)).toBe('')
  })

  it('neutralises cells a spreadsheet would run as formulas, but not its own numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`)
    expect(csvCell('+41 79 900 00 00')).toBe("'+41 79 900 00 00")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\t=1')).toBe("'\t=1")
    expect(csvCell('a=1')).toBe('a=1')
    expect(csvCell(new CsvNumber('-12.50'))).toBe('-12.50')
    expect(() => new CsvNumber('=1')).toThrow()
  })

  it('writes the BOM and CRLF after every row', () => {
    expect(toCsv([['a', 'b'], ['ü', 'x,y']])).toBe(`${BOM}a,b\r\nü,"x,y"\r\n`)
    expect(toCsv([])).toBe(BOM)
  })

  it('writes amounts as plain decimals with the currency’s digits', () => {
    expect(csvDecimal(145000, 2).text).toBe('1450.00')
    expect(csvDecimal(5, 2).text).toBe('0.05')
    expect(csvDecimal(-1250, 2).text).toBe('-12.50')
    expect(csvDecimal(1000, 0).text).toBe('1000')
    expect(csvDecimal(1234, 3).text).toBe('1.234')
  })

  it('answers an attachment with a safe file name', async () => {
    const response = csvResponse('zahlungen 2026/03".csv', toCsv([['ä']]))
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="zahlungen_2026_03_.csv"')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('writes a streamed file line by line, each ended by CRLF', async () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', null, 3])).toBe('a,"b,c","say ""hi""","two\nlines",,3\r\n')
    const lines = [BOM + csvLine(['Code', 'Name']), csvLine(['K7Q2-X9PM', 'Zoé'])]
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const line of lines) controller.enqueue(new TextEncoder().encode(line))
        controller.close()
      },
    })
    const response = csvResponse('buchungen.csv', stream)
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="buchungen.csv"')
    // (read as bytes: text() would drop the byte order mark)
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())).toBe('\uFEFFCode,Name\r\nK7Q2-X9PM,Zoé\r\n')
  })
})
