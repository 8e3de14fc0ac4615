/**
 * iCalendar (RFC 5545) export of a booking: one VEVENT per date (an offer's session or start
 * time; two variants of one session are one event), times in UTC. LOCATION is where the
 * participants meet (the item's meeting point), the shop's address only when it has none; the
 * DESCRIPTION lists the variants with their participants, the extras and the amounts, as the
 * confirmation page and e-mail do (src/lib/booking-summary.ts).
 *
 * Pure: the DTSTAMP comes from `options.now` (default: the current time).
 */
import type { components } from '~/api/schema.gen'
import { bookedDates, quantityAndPrice } from '~/lib/booking-summary'
import { DEFAULT_LOCALE, type Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'
import { mailI18n } from './i18n'

type Booking = components['schemas']['Booking']

/** `address`: the shop's, the LOCATION of a date without a meeting point. */
export type IcsShop = { id: string; name: string; timeZone: string; address?: string }

const CRLF = '\r\n'
const MAX_OCTETS = 75

/**
 * The DESCRIPTION's labels, in the visitor's words of the pages (fr: « Suppléments »), from the
 * server's run-time catalogue (src/locales/{locale}/mail.po, src/server/mail/i18n.ts).
 */
const LABELS = {
  code: /*i18n*/ { id: 'ics.label.code', message: 'Booking code' },
  participants: /*i18n*/ { id: 'ics.label.participants', message: 'Participants' },
  quantity: /*i18n*/ { id: 'ics.label.quantity', message: 'Quantity' },
  extras: /*i18n*/ { id: 'ics.label.extras', message: 'Extras' },
  total: /*i18n*/ { id: 'ics.label.total', message: 'Total' },
}

function labelsIn(locale: Locale): Record<keyof typeof LABELS, string> {
  const i18n = mailI18n(locale)
  const label = (key: keyof typeof LABELS) => i18n._(LABELS[key].id)
  return { code: label('code'), participants: label('participants'), quantity: label('quantity'), extras: label('extras'), total: label('total') }
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
  const locale = options.locale ?? DEFAULT_LOCALE
  const labels = labelsIn(locale)
  const money = (m: { amount: number; currency: string } | undefined) => (m ? formatMoney(m, locale) : undefined)
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
  for (const date of bookedDates(booking.items)) {
    // One variant: "Offer – Variant", as before; several: the offer (the variants are in the description).
    const only = date.lines.length === 1 ? date.lines[0]!.variant : ''
    const summary = [date.offerTitle, only]
      .map((s) => s.trim())
      .filter((s, i, all) => s !== '' && all.indexOf(s) === i)
      .join(' – ')
    const description = [
      `${labels.code}: ${booking.code}`,
      ...date.lines.flatMap((line) => [
        `${line.variant.trim() || labels.quantity}: ${quantityAndPrice(line.quantity, money(line.unitPrice), money(line.amount))}`,
        ...(line.participants.length ? [`${labels.participants}: ${line.participants.join(', ')}`] : []),
      ]),
      ...date.extras.map((extra) => `${labels.extras}: ${extra.title} ${quantityAndPrice(extra.quantity, money(extra.unitPrice), money(extra.amount))}`),
      `${labels.total}: ${money(date.total)}`,
    ].join('\n')
    const location = date.meetingPoint ?? shop.address
    lines.push(
      'BEGIN:VEVENT',
      // The position of the date's first item: a booking whose dates each have one item keeps the UIDs it always had.
      `UID:${escapeIcsText(`${booking.code}-${date.index}@${shop.id}`)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsUtc(date.start)}`,
      `DTEND:${icsUtc(date.end)}`,
      `SUMMARY:${escapeIcsText(summary || booking.code)}`,
      ...(location ? [`LOCATION:${escapeIcsText(location)}`] : []),
      `DESCRIPTION:${escapeIcsText(description)}`,
      `STATUS:${statusOf(booking)}`,
      'SEQUENCE:0',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldIcsLine).join(CRLF) + CRLF
}
