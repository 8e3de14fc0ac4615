import { describe, expect, it } from 'vitest'
import { customerUpdateFromBooking } from './link'
import { ERASED_NAME, erasedEmail, Redactor, scrubChange, scrubPayload } from './scrub'

const redactor = new Redactor(['Anna', 'Muster', 'Lea', 'Muster AG'], ['anna.muster@example.ch'], ['+41 79 900 00 00'])

describe('Redactor', () => {
  it('strikes names as whole words in any case, e-mails and phone numbers however typed', () => {
    expect(redactor.text('Liebe Anna, Ihre Buchung (MUSTER AG) ist bestätigt. Annabelle bleibt.')).toBe(`Liebe ${ERASED_NAME}, Ihre Buchung (${ERASED_NAME}) ist bestätigt. Annabelle bleibt.`)
    expect(redactor.text('Schreiben Sie an anna.muster@example.ch oder rufen Sie 079 900 00 00 an.')).toBe(`Schreiben Sie an ${ERASED_NAME} oder rufen Sie ${ERASED_NAME} an.`)
    expect(redactor.text('Treffpunkt 09:00, Preis 120.00, CHF 1 000 000, am 2026-03-10')).toBe('Treffpunkt 09:00, Preis 120.00, CHF 1 000 000, am 2026-03-10')
    expect(new Redactor(['A', '']).text('A bis Z')).toBe('A bis Z')
  })
})

describe('scrubPayload', () => {
  it('replaces the visitor’s recipient, person, address, participants and message, drops links, keeps kinds, codes, dates and amounts', () => {
    const payload = {
      to: 'Anna.Muster@example.ch',
      locale: 'de',
      paymentUrl: 'https://alpin.example/de/pay/abc',
      paymentLinkExpiresAt: '2026-03-02T08:00:00.000Z',
      reply: 'Hallo Anna, gerne!',
      booking: {
        code: 'K7Q2-X9PM',
        email: 'anna.muster@example.ch',
        total: { amount: 12000, currency: 'CHF' },
        items: [{ offer: 'canyon', offerTitle: 'Canyoning', start: '2026-03-10T09:00:00.000Z', participants: [{ firstname: 'Lea', surname: 'Muster', extras: ['helmet'] }] }],
      },
    }
    const placeholder = erasedEmail('c1')
    const out = scrubPayload(payload, redactor, placeholder) as typeof payload
    expect(out.to).toBe(placeholder)
    expect(out.booking.email).toBe(placeholder)
    expect(out).not.toHaveProperty('paymentUrl')
    expect(out.reply).toBe(`Hallo ${ERASED_NAME}, gerne!`)
    expect(out.booking.items[0]!.participants[0]).toEqual({ firstname: ERASED_NAME, surname: ERASED_NAME, extras: ['helmet'] })
    expect(out.booking).toMatchObject({ code: 'K7Q2-X9PM', total: { amount: 12000, currency: 'CHF' } })
    expect(out.booking.items[0]).toMatchObject({ offer: 'canyon', offerTitle: 'Canyoning', start: '2026-03-10T09:00:00.000Z' })
    expect(out.locale).toBe('de')
  })

  it('keeps a staff member’s notice addressed to them, without the visitor’s details', () => {
    const notice = { to: 'anna@alpin.example', name: 'Anna Keller', path: '/de/admin/sales/bookings/K7Q2-X9PM', booking: { code: 'K7Q2-X9PM', person: { firstname: 'Anna', surname: 'Muster', email: 'anna.muster@example.ch', phone: '+41799000000' }, company: 'Muster AG', message: 'Hi', items: [{ participants: 2 }] } }
    const out = scrubPayload(notice, redactor, 'erased-c1@invalid') as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(out).toMatchObject({ to: 'anna@alpin.example', name: 'Anna Keller', path: notice.path })
    expect(out.booking.person).toEqual({ firstname: ERASED_NAME, surname: ERASED_NAME, email: 'erased-c1@invalid', phone: '' })
    expect(out.booking.company).toBe(ERASED_NAME)
    expect(out.booking.message).toBeNull()
    expect(out.booking.items).toEqual([{ participants: 2 }])
  })
})

describe('scrubChange', () => {
  it('keeps what changed without personal values', () => {
    expect(scrubChange({ field: 'phone', before: '+41799000000', after: '+41791112233' }, redactor)).toEqual({ field: 'phone' })
    expect(scrubChange({ field: 'person.firstname', before: 'Anna', after: 'Anne' }, redactor)).toEqual({ field: 'person.firstname' })
    expect(scrubChange({ field: 'status', before: 'CONFIRMED', after: 'CANCELLED' }, redactor)).toEqual({ field: 'status', before: 'CONFIRMED', after: 'CANCELLED' })
    expect(scrubChange({ field: 'reason', after: 'Anna asked' }, redactor)).toEqual({ field: 'reason' })
  })
})

describe('customerUpdateFromBooking', () => {
  const current = { type: 'COMPANY' as const, company: 'Muster AG', person: { firstname: 'Anna', surname: 'Muster' }, phone: '+41799000000', address: null }
  const booking = (type: 'PRIVATE' | 'COMPANY', company?: string) => ({
    customer: { type, ...(company ? { company } : {}) },
    person: { firstname: ' Anna ', surname: 'Keller', email: 'a@b.ch', phone: '079 111 22 33' },
    address: { street: 'Seestrasse', streetNumber: '9', postalCode: '3600', city: 'Thun', country: 'CH' },
  })
  it('takes name, phone (E.164) and address of the latest booking and keeps a company on a private booking', () => {
    expect(customerUpdateFromBooking(current, booking('PRIVATE'))).toEqual({
      person: { firstname: 'Anna', surname: 'Keller' },
      phone: '+41791112233',
      address: booking('PRIVATE').address,
      type: 'COMPANY',
      company: 'Muster AG',
    })
  })
  it('makes a private customer a company when booked for one', () => {
    expect(customerUpdateFromBooking({ ...current, type: 'PRIVATE', company: null }, booking('COMPANY', 'Keller GmbH'))).toMatchObject({ type: 'COMPANY', company: 'Keller GmbH' })
  })
})
