import { describe, expect, it } from 'vitest'
import { offerStatus, placesLeft, sessionStatus, timeStatus, unitsLeft } from './availability'

const opts = { uponRequest: false, stockLowThreshold: 3 }

describe('placesLeft', () => {
  it('subtracts taken and held places', () => {
    expect(placesLeft({ capacity: 10, taken: 3, held: 2 })).toBe(5)
    expect(placesLeft({ capacity: 10, taken: 0, held: 0 })).toBe(10)
    expect(placesLeft({ capacity: 10, taken: 10, held: 0 })).toBe(0)
  })

  it('is never negative when overbooked', () => {
    expect(placesLeft({ capacity: 10, taken: 9, held: 4 })).toBe(0)
    expect(placesLeft({ capacity: 0, taken: 1, held: 0 })).toBe(0)
  })
})

describe('unitsLeft', () => {
  it('counts whole units of blockCount places', () => {
    expect(unitsLeft({ capacity: 10, taken: 1, held: 0 }, 4)).toBe(2)
    expect(unitsLeft({ capacity: 10, taken: 1, held: 0 })).toBe(9)
    expect(() => unitsLeft({ capacity: 10, taken: 0, held: 0 }, 0)).toThrow(/blockCount/)
    expect(() => unitsLeft({ capacity: 10, taken: 0, held: 0 }, 1.5)).toThrow(/blockCount/)
  })
})

describe('sessionStatus', () => {
  it('is AVAILABLE above the threshold', () => {
    expect(sessionStatus({ capacity: 10, taken: 2, held: 1 }, opts)).toEqual({ status: 'AVAILABLE' })
    expect(sessionStatus({ capacity: 10, taken: 6, held: 0 }, opts)).toEqual({ status: 'AVAILABLE' }) // 4 left
  })

  it('is STOCK_LOW with the units left when 0 < units <= threshold', () => {
    expect(sessionStatus({ capacity: 10, taken: 7, held: 0 }, opts)).toEqual({ status: 'STOCK_LOW', amountLeft: 3 })
    expect(sessionStatus({ capacity: 10, taken: 5, held: 4 }, opts)).toEqual({ status: 'STOCK_LOW', amountLeft: 1 })
  })

  it('counts held places as gone', () => {
    expect(sessionStatus({ capacity: 10, taken: 0, held: 10 }, opts)).toEqual({ status: 'SOLD_OUT' })
  })

  it('is SOLD_OUT when nothing is left or overbooked', () => {
    expect(sessionStatus({ capacity: 10, taken: 10, held: 0 }, opts)).toEqual({ status: 'SOLD_OUT' })
    expect(sessionStatus({ capacity: 10, taken: 12, held: 1 }, opts)).toEqual({ status: 'SOLD_OUT' })
    expect(sessionStatus({ capacity: 0, taken: 0, held: 0 }, opts)).toEqual({ status: 'SOLD_OUT' })
  })

  it('counts units of blockCount places', () => {
    const family = { ...opts, blockCount: 4 }
    expect(sessionStatus({ capacity: 20, taken: 0, held: 0 }, family)).toEqual({ status: 'AVAILABLE' }) // 5 units
    expect(sessionStatus({ capacity: 20, taken: 5, held: 0 }, family)).toEqual({ status: 'STOCK_LOW', amountLeft: 3 }) // 15 places
    expect(sessionStatus({ capacity: 20, taken: 13, held: 0 }, family)).toEqual({ status: 'STOCK_LOW', amountLeft: 1 }) // 7 places
    expect(sessionStatus({ capacity: 20, taken: 17, held: 0 }, family)).toEqual({ status: 'SOLD_OUT' }) // 3 places < 4
  })

  it('is UPON_REQUEST when the offer is on request, whatever the places', () => {
    const onRequest = { ...opts, uponRequest: true }
    expect(sessionStatus({ capacity: 10, taken: 0, held: 0 }, onRequest)).toEqual({ status: 'UPON_REQUEST' })
    expect(sessionStatus({ capacity: 10, taken: 9, held: 0 }, onRequest)).toEqual({ status: 'UPON_REQUEST' })
    expect(sessionStatus({ capacity: 10, taken: 10, held: 0 }, onRequest)).toEqual({ status: 'UPON_REQUEST' })
  })

  it('is SOLD_OUT with no place left when the staff closed it for booking, even with places and on request', () => {
    const closed = { capacity: 12, taken: 2, held: 0, closed: true }
    expect(placesLeft(closed)).toBe(0)
    expect(sessionStatus(closed, { uponRequest: false, stockLowThreshold: 3 })).toEqual({ status: 'SOLD_OUT' })
    expect(sessionStatus(closed, { uponRequest: true, stockLowThreshold: 3 })).toEqual({ status: 'SOLD_OUT' })
    expect(sessionStatus({ ...closed, closed: false }, { uponRequest: false, stockLowThreshold: 3 })).toEqual({ status: 'AVAILABLE' })
  })

  it('never reports STOCK_LOW with threshold 0', () => {
    expect(sessionStatus({ capacity: 10, taken: 9, held: 0 }, { ...opts, stockLowThreshold: 0 })).toEqual({ status: 'AVAILABLE' })
  })

  it('rejects invalid options', () => {
    expect(() => sessionStatus({ capacity: 1, taken: 0, held: 0 }, { ...opts, stockLowThreshold: -1 })).toThrow(/stockLowThreshold/)
    expect(() => sessionStatus({ capacity: 1, taken: 0, held: 0 }, { ...opts, blockCount: 0 })).toThrow(/blockCount/)
  })
})

describe('offerStatus', () => {
  it('is SOLD_OUT for no sessions or none bookable', () => {
    expect(offerStatus([], false)).toEqual({ status: 'SOLD_OUT', datesAvailable: 0 })
    expect(offerStatus(['SOLD_OUT', 'SOLD_OUT'], false)).toEqual({ status: 'SOLD_OUT', datesAvailable: 0 })
  })

  it('is STOCK_LOW when every bookable session is STOCK_LOW', () => {
    expect(offerStatus(['STOCK_LOW', 'SOLD_OUT', 'STOCK_LOW'], false)).toEqual({ status: 'STOCK_LOW', datesAvailable: 2 })
  })

  it('is AVAILABLE when at least one session is AVAILABLE', () => {
    expect(offerStatus(['STOCK_LOW', 'AVAILABLE', 'SOLD_OUT'], false)).toEqual({ status: 'AVAILABLE', datesAvailable: 2 })
    expect(offerStatus(['AVAILABLE'], false)).toEqual({ status: 'AVAILABLE', datesAvailable: 1 })
  })

  it('is UPON_REQUEST when the offer is on request', () => {
    expect(offerStatus(['UPON_REQUEST', 'UPON_REQUEST'], true)).toEqual({ status: 'UPON_REQUEST', datesAvailable: 0 })
    expect(offerStatus([], true)).toEqual({ status: 'UPON_REQUEST', datesAvailable: 0 })
    expect(offerStatus(['AVAILABLE', 'SOLD_OUT'], true)).toEqual({ status: 'UPON_REQUEST', datesAvailable: 1 })
  })

  it('does not count UPON_REQUEST entries of an offer that is not on request', () => {
    expect(offerStatus(['UPON_REQUEST'], false)).toEqual({ status: 'SOLD_OUT', datesAvailable: 0 })
  })
})

describe('timeStatus', () => {
  const start = new Date('2026-11-22T09:00:00Z')
  const end = new Date('2026-11-22T11:00:00Z')

  it('is inFuture before the start', () => {
    expect(timeStatus(start, end, new Date('2026-11-22T08:59:59.999Z'))).toBe('inFuture')
  })

  it('is ongoing from the start (inclusive) to the end (exclusive)', () => {
    expect(timeStatus(start, end, start)).toBe('ongoing')
    expect(timeStatus(start, end, new Date('2026-11-22T10:00:00Z'))).toBe('ongoing')
    expect(timeStatus(start, end, new Date('2026-11-22T10:59:59.999Z'))).toBe('ongoing')
  })

  it('is inPast from the end on', () => {
    expect(timeStatus(start, end, end)).toBe('inPast')
    expect(timeStatus(start, end, new Date('2027-01-01T00:00:00Z'))).toBe('inPast')
  })
})
