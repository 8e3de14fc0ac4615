/**
 * The bookings list as a CSV file (`exportBookingsCsv`): the list's filters and order, every
 * matching booking up to EXPORT_LIMIT, in the staff member's language. Dates are ISO 8601 in the
 * shop's time zone and amounts plain decimals with the currency in a column of its own: every
 * spreadsheet, whatever its language, reads them as dates and numbers (a `12.03.2026` or a
 * `123,50` would be text or a wrong date in half of them).
 *
 * The file is streamed: the rows are read in slices of EXPORT_SLICE as the client takes them
 * (memory stays bounded, no transaction is held open while a slow client downloads; the rows
 * made after the export started are left out so that the slices never shift).
 */
import type { Db } from '~/server/db/client'
import { invalidRequest } from '~/server/domain/errors'
import { utcToZonedDate, utcToZonedTime } from '~/server/domain/offers/zoned-time'
import { bookingsCsvTexts } from '~/server/exports/bookings-list'
import { BOM, csvDecimal, csvLine, type CsvCell } from '~/server/exports/csv'
import { minorUnitDigits } from '~/lib/money'
import { EXPORT_LIMIT, selectBookings, type BookingListFilters, type BookingListItem, type BookingListScope } from './list'

/** Rows read from the database per slice. */
export const EXPORT_SLICE = 1000

export type BookingsCsv = {
  filename: string
  total: number
  stream: ReadableStream<Uint8Array>
}

/** The header line and one line per booking, as the staff member reads them. */
export function bookingCsvLines(scope: BookingListScope) {
  const t = bookingsCsvTexts(scope.locale)
  const c = t.columns
  const header = csvLine([
    c.code,
    c.status,
    c.mode,
    c.channel,
    c.createdAt,
    c.firstDate,
    c.firstTime,
    c.offers,
    c.firstname,
    c.surname,
    c.company,
    c.email,
    c.phone,
    c.participants,
    c.total,
    c.openAmount,
    c.currency,
    c.paymentState,
    c.paymentMethod,
    c.locale,
  ])
  const line = (b: BookingListItem) => {
    const created = new Date(b.createdAt)
    const digits = minorUnitDigits(b.total.currency)
    const cells: CsvCell[] = [
      b.code,
      t.status[b.status],
      t.mode[b.mode],
      t.channel[b.channel],
      `${utcToZonedDate(created, scope.timeZone)} ${utcToZonedTime(created, scope.timeZone)}`,
      b.firstStart?.date ?? null,
      b.firstStart?.time ?? null,
      b.offers.join('; '),
      b.person.firstname,
      b.person.surname,
      b.company,
      b.email,
      b.phone,
      b.participants,
      csvDecimal(b.total.amount, digits),
      csvDecimal(b.openAmount.amount, digits),
      b.total.currency,
      t.paymentState[b.paymentState],
      t.paymentMethod[b.paymentMethod],
      t.locale[b.locale],
    ]
    return csvLine(cells)
  }
  return { header, line }
}

/**
 * The export of the bookings matching `filters` as of `now`: 400 `export.too_large` when more
 * than EXPORT_LIMIT match (narrow the filters), never a silently cut file.
 */
export async function exportBookingsCsv(db: Db, scope: BookingListScope, filters: BookingListFilters, now: Date, limit = EXPORT_LIMIT): Promise<BookingsCsv> {
  const selection = await selectBookings(db, scope, filters, now)
  const total = await selection.count()
  if (total > limit) {
    throw invalidRequest('export.too_large', `At most ${limit} bookings can be exported at once; narrow the filters.`, { maximum: limit, total })
  }
  const { header, line } = bookingCsvLines(scope)
  const encoder = new TextEncoder()
  let offset = 0
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + header))
    },
    async pull(controller) {
      try {
        const rows = offset < total ? await selection.slice(Math.min(EXPORT_SLICE, total - offset), offset) : []
        offset += rows.length
        if (rows.length) controller.enqueue(encoder.encode(rows.map(line).join('')))
        if (rows.length === 0 || offset >= total) controller.close()
      } catch (error) {
        console.error('[bookings export] reading the bookings failed', error)
        controller.error(error)
      }
    },
  })
  return {
    filename: `bookings-${utcToZonedDate(now, scope.timeZone)}.csv`,
    total,
    stream,
  }
}
