import { describe, expect, it } from 'vitest'
import { bookedDates, quantityAndPrice } from './booking-summary'
import { bookingFixture } from '../../tests/support/mail'

const chf = (amount: number) => ({ amount, currency: 'CHF' })

describe('bookedDates', () => {
  it('makes one date of the variants of one session, in the order of their first item', () => {
    const { items } = bookingFixture()
    const [adults, fondue] = items
    const photos = { id: 'photos', title: 'Fotopaket', quantity: 1, unitPrice: chf(2500), total: chf(2500) }
    const dates = bookedDates([
      { ...adults!, extras: [photos], total: chf(26500) },
      fondue!,
      // the same session written with another offset: the same instant
      { ...adults!, skuTitle: 'Jugendliche', quantity: 1, start: '2025-06-14T09:00:00+02:00', participants: [{ firstname: ' Carla', surname: 'Muster ', extras: [] }], extras: [{ ...photos, quantity: 2, total: chf(5000) }], total: chf(17000) },
    ])
    expect(dates.map((d) => [d.index, d.offerTitle, d.lines.length, d.total.amount])).toEqual([
      [0, 'Canyoning im Saxetbach', 2, 26500 + 17000],
      [1, 'Fondue-Abend', 1, 500],
    ])
    expect(dates[0]!.meetingPoint).toBe('Bahnhof Wilderswil, 3812 Wilderswil')
    expect(dates[1]!.meetingPoint).toBeUndefined()
    expect(dates[0]!.lines).toEqual([
      { variant: 'Erwachsene', quantity: 2, unitPrice: chf(12000), amount: chf(24000), participants: ['Anna Muster', 'Beat Keller'] },
      { variant: 'Jugendliche', quantity: 1, unitPrice: chf(12000), amount: chf(24000), participants: ['Carla Muster'] },
    ])
    // the photo package of both variants: one line, quantities and amounts added
    expect(dates[0]!.extras).toEqual([{ id: 'photos', title: 'Fotopaket', quantity: 3, unitPrice: chf(2500), amount: chf(7500) }])
  })

  it('keeps different times of one offer apart', () => {
    const [adults] = bookingFixture().items
    const later = { ...adults!, start: '2025-06-14T12:00:00.000Z', end: '2025-06-14T15:00:00.000Z' }
    expect(bookedDates([adults!, later]).map((d) => d.index)).toEqual([0, 1])
  })
})

describe('quantityAndPrice', () => {
  it('writes the quantity, the price of one and of all', () => {
    expect(quantityAndPrice(2, 'CHF 149.00', 'CHF 298.00')).toBe('2 × CHF 149.00 = CHF 298.00')
    expect(quantityAndPrice(2, 'CHF 149.00')).toBe('2 × CHF 149.00')
    expect(quantityAndPrice(2)).toBe('2')
  })
})
