/**
 * One formatter per time zone: making an Intl.DateTimeFormat costs far more than using it, and
 * a page renders months of many instants (a bounded set: the zones Intl knows; an unknown one throws
 * and is not kept).
 */
const monthFormats = new Map<string, Intl.DateTimeFormat>()
export function monthFormat(timeZone: string): Intl.DateTimeFormat {
  let format = monthFormats.get(timeZone)
  if (!format) monthFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })))
  return format
}

/** The calendar month ('YYYY-MM') of an instant in a time zone. */
export function utcToZonedMonth(instant: Date, timeZone: string): string {
  const parts = monthFormat(timeZone).formatToParts(instant)
  const year = parts.find((p) => p.type === 'year')?.value
  const month = parts.find((p) => p.type === 'month')?.value
  return `${year}-${month}`
}

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const index = y * 12 + (m - 1) + n
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}
