import { describe, expect, it } from 'vitest'
import { bookingToIcs, escapeIcsText, foldIcsLine, icsUtc } from './ics'
import { bookingFixture } from '../../../tests/support/mail'

const shop = { id: 'alpin', name: 'Alpin Abenteuer', timeZone: 'Europe/Zurich', address: 'Höheweg 7, 3800 Interlaken' }
const now = new Date('2025-06-01T08:09:10.123Z')

/** Undoes RFC 5545 folding: a CRLF followed by one space or tab joins the lines. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n')
}

describe('bookingToIcs', () => {
  it('builds a VCALENDAR with one VEVENT per item, times in UTC', () => {
    const ics = bookingToIcs(bookingFixture(), shop, { now, locale: 'de' })
    const lines = unfold(ics)
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines).toContain('VERSION:2.0')
    expect(lines).toContain('METHOD:PUBLISH')
    expect(lines).toContain('CALSCALE:GREGORIAN')
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true)
    expect(lines.at(-2)).toBe('END:VCALENDAR')
    expect(lines.at(-1)).toBe('') // ends with CRLF
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2)
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(2)
    expect(lines).toContain('UID:K7Q2-X9PM-0@alpin')
    expect(lines).toContain('UID:K7Q2-X9PM-1@alpin')
    expect(lines.filter((l) => l === 'DTSTAMP:20250601T080910Z')).toHaveLength(2)
    expect(lines).toContain('DTSTART:20250614T070000Z')
    expect(lines).toContain('DTEND:20250614T100000Z')
    expect(lines).toContain('DTSTART:20251205T173000Z')
    expect(lines).toContain('SUMMARY:Canyoning im Saxetbach – Erwachsene')
    expect(lines).toContain('LOCATION:Höheweg 7\\, 3800 Interlaken')
    expect(lines).toContain(
      'DESCRIPTION:Buchungscode: K7Q2-X9PM\\nAnzahl: 2\\nTeilnehmende: Anna Muster\\, Beat Keller',
    )
  })

  it('uses CRLF line endings only', () => {
    const ics = bookingToIcs(bookingFixture(), shop, { now })
    expect(ics.endsWith('\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })

  it('converts times with an offset to UTC', () => {
    expect(icsUtc('2025-12-01T10:00:00+01:00')).toBe('20251201T090000Z')
    expect(icsUtc(new Date(Date.UTC(2026, 2, 29, 0, 59, 5)))).toBe('20260329T005905Z')
    const booking = bookingFixture()
    booking.items = [{ ...booking.items[0]!, start: '2025-03-30T03:30:00+02:00', end: '2025-03-30T05:00:00+02:00' }]
    const lines = unfold(bookingToIcs(booking, shop, { now }))
    expect(lines).toContain('DTSTART:20250330T013000Z')
    expect(lines).toContain('DTEND:20250330T030000Z')
    expect(() => icsUtc('not a date')).toThrow(RangeError)
  })

  it('escapes backslash, semicolon, comma and newlines in text values', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
    const booking = bookingFixture()
    booking.items = [{ ...booking.items[0]!, offerTitle: 'Kurs; Teil 1, "A\\B"\nneu', skuTitle: '' }]
    const lines = unfold(bookingToIcs(booking, shop, { now }))
    expect(lines).toContain('SUMMARY:Kurs\\; Teil 1\\, "A\\\\B"\\nneu')
  })

  it('folds lines longer than 75 octets without splitting UTF-8 characters', () => {
    const booking = bookingFixture()
    const long = 'Überschreitung der Jungfrau-Region mit Übernachtung in der Hütte – äöü ÄÖÜ éèà '.repeat(3)
    booking.items = [{ ...booking.items[0]!, offerTitle: long, skuTitle: 'Zwei Tage' }]
    const ics = bookingToIcs(booking, shop, { now })
    const physical = ics.split('\r\n')
    for (const line of physical) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
      // a split inside a multi-byte character would not survive a UTF-8 round trip
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line)
    }
    expect(physical.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(2)
    expect(unfold(ics)).toContain(`SUMMARY:${escapeIcsText(`${long.trim()} – Zwei Tage`)}`)
  })

  it('folds at exactly 75 octets', () => {
    const line = 'X'.repeat(160)
    const folded = foldIcsLine(line).split('\r\n')
    expect(folded.map((l) => l.length)).toEqual([75, 75, 12])
    expect(folded.slice(1).every((l) => l.startsWith(' '))).toBe(true)
    expect(foldIcsLine('short')).toBe('short')
    // 3-byte characters: 25 fit on the first line, 24 (+ the space) on the next
    const euro = foldIcsLine('€'.repeat(50)).split('\r\n')
    expect(euro.map((l) => Buffer.byteLength(l))).toEqual([75, 73, 4])
  })
})
