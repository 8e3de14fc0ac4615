/**
 * What the booking widget tells the host page when a visitor has booked (`checkout-completed`) or
 * sent a request (`request-sent`), as the `detail` of the `flowin:<name>` event (ADR 013):
 *
 * - `bookingCode` (`K7Q2-X9PM`), `total` (in major units, `323` for CHF 323.00), `currency`
 *   (`CHF`), `paymentMethod` (`PAY_ON_SITE` …) — the booking as a whole;
 * - `offer` (slug), `offerTitle` and `start` (ISO date-time) of its first date;
 * - `dates`: every date as the confirmation page lists it (two variants of one session are one
 *   date): `offer`, `offerTitle`, `start`, `end`, `quantity` (units of all its variants) and
 *   `total` (major units, extras included).
 *
 * No names, e-mail addresses or other personal data: the host page and its analytics get none.
 */
import type { components } from '~/api/schema.gen'
import { bookedDates } from '~/lib/booking-summary'
import { minorUnitDigits, type Money } from '~/lib/money'

type Booking = components['schemas']['Booking']

/** An amount in major units (`32300` rappen → `323`; yen have no minor units). */
const major = (money: Money) => money.amount / 10 ** minorUnitDigits(money.currency)

export function bookingEventDetail(booking: Booking) {
  const dates = bookedDates(booking.items).map((date) => ({
    offer: date.offer,
    offerTitle: date.offerTitle,
    start: date.start,
    end: date.end,
    quantity: date.lines.reduce((sum, line) => sum + line.quantity, 0),
    total: major(date.total),
  }))
  const first = dates[0]
  return {
    bookingCode: booking.code,
    total: major(booking.total),
    currency: booking.total.currency,
    paymentMethod: booking.paymentMethod,
    ...(first ? { offer: first.offer, offerTitle: first.offerTitle, start: first.start } : {}),
    dates,
  }
}
