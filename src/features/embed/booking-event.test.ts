import { describe, expect, it } from 'vitest'
import { bookingEventDetail } from './booking-event'
import { bookingFixture } from '../../../tests/support/mail'

const chf = (amount: number) => ({ amount, currency: 'CHF' })

describe('the detail of the booking widget’s checkout-completed / request-sent event', () => {
  it('names the code, the total, the offer and date of the booking, and each date as the confirmation lists it', () => {
    const booking = bookingFixture({ total: chf(51700 + 500) })
    const adults = booking.items[0]!
    booking.items = [
      { ...adults, total: chf(32300) },
      { ...adults, skuTitle: 'Jugendliche', quantity: 1, total: chf(19400) },
      booking.items[1]!,
    ]
    expect(bookingEventDetail(booking)).toEqual({
      bookingCode: 'K7Q2-X9PM',
      total: 522,
      currency: 'CHF',
      paymentMethod: 'PAY_ON_SITE',
      offer: 'canyoning',
      offerTitle: 'Canyoning im Saxetbach',
      start: '2025-06-14T07:00:00.000Z',
      dates: [
        // two variants of one session: one date of three
        { offer: 'canyoning', offerTitle: 'Canyoning im Saxetbach', start: '2025-06-14T07:00:00.000Z', end: '2025-06-14T10:00:00.000Z', quantity: 3, total: 517 },
        { offer: 'fondue', offerTitle: 'Fondue-Abend', start: '2025-12-05T17:30:00.000Z', end: '2025-12-05T20:00:00.000Z', quantity: 1, total: 5 },
      ],
    })
  })

  it('gives amounts in major units of the currency, and no personal data', () => {
    const booking = bookingFixture({ total: { amount: 12000, currency: 'JPY' } })
    const detail = bookingEventDetail(booking)
    expect(detail.total).toBe(12000)
    expect(JSON.stringify(detail)).not.toMatch(/Anna|Muster|anna@example\.ch/)
  })
})
