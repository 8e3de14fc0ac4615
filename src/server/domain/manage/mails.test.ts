import { describe, expect, it } from 'vitest'
import { renderMail, type MailShop } from '~/server/mail/templates'
import { bookingFixture, PRIMARY } from '../../../../tests/support/mail'

const shop: MailShop = {
  title: 'Bergschule Alpin',
  contact: { name: 'Bergschule Alpin', email: 'info@alpin.example', phone: '+41 33 000 00 00', address: { street: 'Weg', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' } } as MailShop['contact'],
  colorPalette: { primary: PRIMARY },
  timeZone: 'Europe/Zurich',
}
const MANAGE = 'https://alpin.example/en/aftersales/booking/' + 'a'.repeat(43)

describe('manage-booking e-mails', () => {
  it('puts the "manage my booking" link into the confirmation (text and HTML), escaped', () => {
    const mail = renderMail('booking.confirmation', { booking: bookingFixture(), shop, locale: 'en', manageUrl: MANAGE })
    expect(mail.text).toContain(MANAGE)
    expect(mail.html).toContain(`href="${MANAGE}"`)
    expect(renderMail('booking.confirmation', { booking: bookingFixture(), shop, locale: 'en', manageUrl: 'javascript:alert(1)' }).html).not.toContain('javascript:')
    // Not on a cancellation.
    expect(renderMail('booking.cancelled', { booking: bookingFixture({ status: 'CANCELLED' }), shop, locale: 'en', manageUrl: MANAGE }).text).not.toContain(MANAGE)
  })

  it('words a visitor’s own cancellation, and tells the visitor of a move with the former date and the difference', () => {
    const cancelled = renderMail('booking.cancelled', { booking: bookingFixture({ status: 'CANCELLED' }), shop, locale: 'en', reason: 'visitor', refund: { amount: 6000, currency: 'CHF' } })
    expect(cancelled.text).toContain('As you requested, we have cancelled your booking with Bergschule Alpin.')
    const moved = renderMail('booking.moved', {
      booking: bookingFixture(),
      shop,
      locale: 'en',
      from: { start: '2026-07-01T08:00:00Z', end: '2026-07-01T10:00:00Z' },
      difference: { amount: 3000, currency: 'CHF' },
    })
    expect(moved.subject).toBe('Your booking K7Q2-X9PM has been moved – Bergschule Alpin')
    expect(moved.text).toContain('Previous date: Wednesday, 1 July 2026, 10:00–12:00')
    expect(moved.text).toContain('more; the amount due has been increased accordingly.')
  })

  it('tells the shop who cancelled, the fee and the refund', () => {
    const mail = renderMail('booking.visitor_cancelled', {
      booking: bookingFixture({ status: 'CANCELLED' }),
      shop,
      locale: 'en',
      person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '+41 79 900 00 00' },
      fee: { amount: 6000, currency: 'CHF' },
      refund: { amount: 6000, currency: 'CHF' },
    })
    expect(mail.subject).toBe('Booking K7Q2-X9PM cancelled by the visitor – Bergschule Alpin')
    expect(mail.text).toContain('Booked by: Anna Muster, anna@example.ch, +41 79 900 00 00')
    expect(mail.text).toContain('Cancellation fee: CHF')
    expect(mail.text).toContain('Refunded to the visitor: CHF')
  })
})
