/**
 * iCalendar (RFC 5545) export of a booking: one VEVENT per booking item, times in UTC.
 *
 * Pure: the DTSTAMP comes from `options.now` (default: the current time).
 */
import type { components } from '~/api/schema.gen'
import { DEFAULT_LOCALE, type Locale } from '~/lib/locale'

type Booking = components['schemas']['Booking']

export type IcsShop = { id: string; name: string; timeZone: string; address?: string }

const CRLF = '\r\n'
const MAX_OCTETS = 75

const LABELS: Record<Locale, { code: string; participants: string; quantity: string }> = {
  de: { code: 'Buchungscode', participants: 'Teilnehmende', quantity: 'Anzahl' },
  en: { code: 'Booking code', participants: 'Participants', quantity: 'Quantity' },
  fr: { code: 'Code de réservation', participants: 'Participants', quantity: 'Quantité' },
}

/** Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/**
 * Folds a content line into lines of at most 75 octets (RFC 5545 §3.1); every continuation line
 * starts with one space. Multi-byte UTF-8 characters are never split.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8')
    if (octets + size > MAX_OCTETS) {
      parts.push(current)
      current = ' '
      octets = 1
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join(CRLF)
}

/** `YYYYMMDDTHHMMSSZ` (UTC date-time form of RFC 5545 §3.3.5). */
export function icsUtc(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(date) : date
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid date for iCalendar: ${String(date)}`)
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')
}

function statusOf(booking: Booking): 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED' {
  switch (booking.status) {
    case 'REQUESTED':
      return 'TENTATIVE'
    case 'DECLINED':
    case 'CANCELLED':
      return 'CANCELLED'
    default:
      return 'CONFIRMED'
  }
}

/** The booking as a VCALENDAR text with CRLF line endings (ending in CRLF). */
export function bookingToIcs(
  booking: Booking,
  shop: IcsShop,
  options: { now?: Date; locale?: Locale } = {},
): string {
  const labels = LABELS[options.locale ?? DEFAULT_LOCALE]
  const stamp = icsUtc(options.now ?? new Date())
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    `PRODID:-//${escapeIcsText(shop.name)}//Booking webshop//EN`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(shop.name)}`,
    `X-WR-TIMEZONE:${escapeIcsText(shop.timeZone)}`,
  ]
  booking.items.forEach((item, index) => {
    const summary = [item.offerTitle, item.skuTitle]
      .map((s) => s.trim())
      .filter((s, i, all) => s !== '' && all.indexOf(s) === i)
      .join(' – ')
    const names = item.participants
      .map((p) => `${p.firstname} ${p.surname}`.trim())
      .filter((n) => n !== '')
    const description = [
      `${labels.code}: ${booking.code}`,
      `${labels.quantity}: ${item.quantity}`,
      ...(names.length ? [`${labels.participants}: ${names.join(', ')}`] : []),
    ].join('\n')
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeIcsText(`${booking.code}-${index}@${shop.id}`)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsUtc(item.start)}`,
      `DTEND:${icsUtc(item.end)}`,
      `SUMMARY:${escapeIcsText(summary || booking.code)}`,
      ...(shop.address ? [`LOCATION:${escapeIcsText(shop.address)}`] : []),
      `DESCRIPTION:${escapeIcsText(description)}`,
      `STATUS:${statusOf(booking)}`,
      'SEQUENCE:0',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    )
  })
  lines.push('END:VCALENDAR')
  return lines.map(foldIcsLine).join(CRLF) + CRLF
}
