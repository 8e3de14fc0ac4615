/**
 * Availability of sessions (dated events with a number of places) and of
 * offers summarised over their upcoming sessions or dates.
 *
 * Rules (booking-shop specification, "availability"):
 * - Places left = capacity − taken − held, never negative.
 * - A unit of a variant may take several places (`blockCount`, e.g. a family
 *   ticket for 4); units left = floor(places left / blockCount).
 * - A session closed for booking by the staff is SOLD_OUT, even on request.
 * - UPON_REQUEST when the offer is booked on request, whatever the places;
 *   SOLD_OUT when no unit fits; STOCK_LOW when 0 < units left <= threshold
 *   (with the units left); otherwise AVAILABLE.
 *
 * Pure: `now` is always passed in.
 */

export type AvailabilityStatus = 'AVAILABLE' | 'STOCK_LOW' | 'SOLD_OUT' | 'UPON_REQUEST'

/**
 * Places of a session: total, taken by bookings and held by carts/checkouts; `closed` when the
 * staff closed it for booking (it still takes place, but has no place left for anyone).
 */
export type SessionAvailability = { capacity: number; taken: number; held: number; closed?: boolean }

export type SessionStatusOptions = {
  /** The offer is booked on request: always UPON_REQUEST. */
  uponRequest: boolean
  /** STOCK_LOW at or below this many units left, e.g. 3. */
  stockLowThreshold: number
  /** Places one unit of the variant takes; default 1. */
  blockCount?: number
}

export type SessionStatus = { status: AvailabilityStatus; amountLeft?: number }

export type OfferStatus = { status: AvailabilityStatus; datesAvailable: number }

export type TimeStatus = 'ongoing' | 'inFuture' | 'inPast'

/** Places not taken and not held; 0 when overbooked or closed for booking. */
export function placesLeft(s: SessionAvailability): number {
  if (s.closed) return 0
  return Math.max(0, s.capacity - s.taken - s.held)
}

function assertBlockCount(blockCount: number): number {
  if (!Number.isInteger(blockCount) || blockCount < 1) {
    throw new Error(`blockCount must be an integer >= 1, got ${blockCount}`)
  }
  return blockCount
}

/** Units of a variant that still fit: floor(places left / blockCount). */
export function unitsLeft(s: SessionAvailability, blockCount = 1): number {
  return Math.floor(placesLeft(s) / assertBlockCount(blockCount))
}

/**
 * Status of one session for one variant. UPON_REQUEST wins; SOLD_OUT when
 * no unit fits; STOCK_LOW (with `amountLeft` in units) when
 * 0 < units left <= `stockLowThreshold`; else AVAILABLE.
 */
export function sessionStatus(s: SessionAvailability, opts: SessionStatusOptions): SessionStatus {
  if (!Number.isInteger(opts.stockLowThreshold) || opts.stockLowThreshold < 0) {
    throw new Error(`stockLowThreshold must be an integer >= 0, got ${opts.stockLowThreshold}`)
  }
  const units = unitsLeft(s, opts.blockCount ?? 1)
  // Closed for booking: not even a request can be made for it.
  if (s.closed) return { status: 'SOLD_OUT' }
  if (opts.uponRequest) return { status: 'UPON_REQUEST' }
  if (units <= 0) return { status: 'SOLD_OUT' }
  if (units <= opts.stockLowThreshold) return { status: 'STOCK_LOW', amountLeft: units }
  return { status: 'AVAILABLE' }
}

/** A session or date that can still be booked directly. */
function isBookable(status: AvailabilityStatus): boolean {
  return status === 'AVAILABLE' || status === 'STOCK_LOW'
}

/**
 * Summary of an offer over its upcoming sessions/dates: UPON_REQUEST when on
 * request; SOLD_OUT when none is bookable (also for an empty list);
 * STOCK_LOW when every bookable one is STOCK_LOW; else AVAILABLE.
 * `datesAvailable` counts the AVAILABLE and STOCK_LOW entries (so it is
 * typically 0 for an offer on request, whose sessions are UPON_REQUEST).
 */
export function offerStatus(statuses: AvailabilityStatus[], uponRequest: boolean): OfferStatus {
  const bookable = statuses.filter(isBookable)
  const datesAvailable = bookable.length
  if (uponRequest) return { status: 'UPON_REQUEST', datesAvailable }
  if (datesAvailable === 0) return { status: 'SOLD_OUT', datesAvailable }
  if (bookable.every((s) => s === 'STOCK_LOW')) return { status: 'STOCK_LOW', datesAvailable }
  return { status: 'AVAILABLE', datesAvailable }
}

/** Where [start, end) lies relative to now: ongoing when start <= now < end. */
export function timeStatus(start: Date, end: Date, now: Date): TimeStatus {
  const t = now.getTime()
  if (t < start.getTime()) return 'inFuture'
  if (t < end.getTime()) return 'ongoing'
  return 'inPast'
}
