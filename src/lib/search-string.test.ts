import { describe, expect, it } from 'vitest'
import { parseOfferListSearch } from './offer-search'
import { listOf, someOf } from './search-params'
import { parseSearch, stringifySearch } from './search-string'

describe('lists in addresses are comma-separated', () => {
  it('writes the tag filter as ?tag=water,winter, not as JSON', () => {
    expect(stringifySearch({ tag: ['water', 'winter'], page: 2 })).toBe('?tag=water,winter&page=2')
    expect(stringifySearch({ tag: ['water'] })).toBe('?tag=water')
    expect(stringifySearch({ status: ['CONFIRMED', 'PAID'], q: 'Muster, Anna' })).toBe('?status=CONFIRMED,PAID&q=Muster,+Anna')
  })

  it('reads the new addresses and the JSON lists of older ones (bookmarks) alike', () => {
    const wanted = { tag: ['water', 'winter'] }
    expect(parseOfferListSearch(parseSearch('?tag=water,winter'))).toEqual(wanted)
    expect(parseOfferListSearch(parseSearch('?tag=water%2Cwinter'))).toEqual(wanted)
    expect(parseOfferListSearch(parseSearch('?tag=["water","winter"]'))).toEqual(wanted)
    expect(parseOfferListSearch(parseSearch('?tag=%5B%22water%22%2C%22winter%22%5D'))).toEqual(wanted)
    expect(parseOfferListSearch(parseSearch('?tag=water'))).toEqual({ tag: ['water'] })
    expect(parseOfferListSearch(parseSearch('?tag=2024'))).toEqual({ tag: ['2024'] })
    // the staff's lists (the bookings list's status) alike
    const statuses = ['CONFIRMED', 'PAID', 'CANCELLED'] as const
    expect(someOf(statuses, parseSearch('?status=CONFIRMED,PAID').status)).toEqual(['CONFIRMED', 'PAID'])
    expect(someOf(statuses, parseSearch('?status=["CONFIRMED","PAID"]').status)).toEqual(['CONFIRMED', 'PAID'])
  })

  it('reads back what it writes, falling back to JSON where a comma list would not', () => {
    const lists = [['water', 'winter'], ['water'], ['2024'], ['true'], ['a,b', 'c'], ['', 'x'], ['[1', '2]'], ['null'], [' 5'], ['-1'], ['{"a":1}'], ['"q"'], ['false', 'x'], ['nah', 'x']]
    for (const list of lists) expect(listOf(parseSearch(stringifySearch({ tag: list })).tag), list.join('|')).toEqual(list)
    expect(stringifySearch({ tag: ['2024'] })).toBe('?tag=%5B%222024%22%5D') // alone it would come back as a number
    const others: Record<string, unknown>[] = [{ tag: [] }, { ids: [1, 2] }, { q: 'Muster, Anna & Co = 100%', page: 3 }, { filter: { a: 1 } }]
    for (const search of others) expect(parseSearch(stringifySearch(search)), JSON.stringify(search)).toEqual(search)
  })
})
