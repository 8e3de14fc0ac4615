import { describe, expect, it } from 'vitest'
import { bookingToIcs, escapeIcsText, foldIcsLine, icsUtc } from './ics'
import { bookingFixture } from '../../../tests/support/mail'
import { formatMoney } from '../../lib/money'

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
    // the first date's meeting point; the second has none: the shop's address stands in
    expect(lines.filter((l) => l.startsWith('LOCATION:'))).toEqual(['LOCATION:Bahnhof Wilderswil\\, 3812 Wilderswil', 'LOCATION:Höheweg 7\\, 3800 Interlaken'])
    expect(lines).toContain(
      'DESCRIPTION:Buchungscode: K7Q2-X9PM\\nErwachsene: 2 × CHF\u00a0120.00 = CHF\u00a0240.00\\nTeilnehmende: Anna Muster\\, Beat Keller\\nTotal: CHF\u00a0240.00',
    )
  })

  it('makes one event of two variants of one session: participants per variant, extras and amounts in its description', () => {
    const booking = bookingFixture()
    const adults = booking.items[0]!
    const chf = (amount: number) => ({ amount, currency: 'CHF' })
    booking.items = [
      {
        ...adults,
        participants: [
          { firstname: 'Anna', surname: 'Muster', extras: ['photos'] },
          { firstname: 'Beat', surname: 'Keller', extras: [] },
        ],
        unitPrice: chf(14900),
        variantTotal: chf(29800),
        extras: [{ id: 'photos', title: 'Fotopaket', quantity: 1, unitPrice: chf(2500), total: chf(2500) }],
        total: chf(32300),
      },
      {
        ...adults,
        skuTitle: 'Jugendliche',
        quantity: 1,
        participants: [{ firstname: 'Carla', surname: 'Muster', extras: ['photos'] }],
        unitPrice: chf(12900),
        variantTotal: chf(12900),
        extras: [{ id: 'photos', title: 'Fotopaket', quantity: 1, unitPrice: chf(2500), total: chf(2500) }],
        total: chf(15400),
      },
      booking.items[1]!,
    ]
    const lines = unfold(bookingToIcs(booking, shop, { now, locale: 'de' }))
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2)
    // the UIDs stay those of each date's first item
    expect(lines.filter((l) => l.startsWith('UID:'))).toEqual(['UID:K7Q2-X9PM-0@alpin', 'UID:K7Q2-X9PM-2@alpin'])
    expect(lines).toContain('SUMMARY:Canyoning im Saxetbach')
    expect(lines).toContain('LOCATION:Bahnhof Wilderswil\\, 3812 Wilderswil')
    const description = lines.find((l) => l.startsWith('DESCRIPTION:Buchungscode: K7Q2-X9PM\\nErwachsene'))!
    expect(description.replace(/\u00a0/g, ' ').split('\\n')).toEqual([
      'DESCRIPTION:Buchungscode: K7Q2-X9PM',
      'Erwachsene: 2 × CHF 149.00 = CHF 298.00',
      'Teilnehmende: Anna Muster\\, Beat Keller',
      'Jugendliche: 1 × CHF 129.00 = CHF 129.00',
      'Teilnehmende: Carla Muster',
      'Extras: Fotopaket 2 × CHF 25.00 = CHF 50.00',
      'Total: CHF 477.00',
    ])
  })

  it('writes the labels and amounts in the given language', () => {
    const booking = bookingFixture()
    booking.items[0] = { ...booking.items[0]!, extras: [{ id: 'shoes', title: 'Chaussures', quantity: 2, unitPrice: { amount: 1000, currency: 'CHF' }, total: { amount: 2000, currency: 'CHF' } }] }
    // amounts as the pages and e-mails write them (src/lib/money.ts)
    const chf = (amount: number, locale: 'en' | 'fr') => escapeIcsText(formatMoney({ amount, currency: 'CHF' }, locale))
    const fr = unfold(bookingToIcs(booking, shop, { now, locale: 'fr' })).find((l) => l.startsWith('DESCRIPTION:Code de réservation'))!
    expect(fr).toContain(`\\nSuppléments: Chaussures 2 × ${chf(1000, 'fr')} = ${chf(2000, 'fr')}\\n`)
    const en = unfold(bookingToIcs(booking, shop, { now, locale: 'en' })).find((l) => l.startsWith('DESCRIPTION:Booking code'))!
    expect(en).toContain(`\\nParticipants: Anna Muster\\, Beat Keller\\nExtras: Chaussures 2 × ${chf(1000, 'en')} = ${chf(2000, 'en')}\\n`)
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
