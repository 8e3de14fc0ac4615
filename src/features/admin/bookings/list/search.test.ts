import { describe, expect, it } from 'vitest'
import { validateCustomerSearch } from '../../customers/search'
import { parseBookingListSearch } from './search'

describe('the staff lists\' addresses', () => {
  it('cleans the bookings list address: what fits stays, the rest is dropped, a reversed range loses its end', () => {
    expect(
      parseBookingListSearch({
        q: ' Anna ',
        offerId: 'short',
        from: '2026-12-10',
        to: '2026-12-01',
        status: 'PAID,NOPE,PAID',
        payment: ['open'],
        mode: 'order',
        sort: 'name',
        order: 'sideways',
        page: '1',
        extra: 'x',
      }),
    ).toEqual({ q: 'Anna', from: '2026-12-10', status: ['PAID'], payment: ['open'], mode: 'order', sort: 'name' })
    expect(parseBookingListSearch({ offerId: 'A'.repeat(20), page: 4, order: 'desc' })).toEqual({ offerId: 'A'.repeat(20), page: 4, order: 'desc' })
  })

  it('cleans the customers list address; the default sort stays out of it', () => {
    expect(validateCustomerSearch({ q: 'x'.repeat(101), type: 'COMPANY', sort: 'name', page: '70000' })).toEqual({ type: 'COMPANY', page: 70000 })
    expect(validateCustomerSearch({ type: 'company', sort: '-paid', page: 'two' })).toEqual({ sort: '-paid' })
  })
})
