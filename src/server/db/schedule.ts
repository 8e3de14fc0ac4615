/**
 * The shapes of a private service's opening hours as the database stores them (inside
 * `offers.schedule`) and the slot rules read them (src/server/domain/offers/slots.ts). Types only.
 */

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6

/** Opening hours on a weekday (Sunday = 0); wall times 'HH:mm', end may be '24:00'. */
export type WeeklyHours = { weekday: Weekday; start: string; end: string }

/** Replaces the weekly hours of one date: closed, or the given ranges. */
export type AvailabilityException =
  | { date: string; closed: true }
  | { date: string; closed?: false; hours: { start: string; end: string }[] }
