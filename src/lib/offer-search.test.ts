import { describe, expect, it } from 'vitest'
import { parseOfferListSearch } from './offer-search'

describe('offer list search params', () => {
  it('keeps what is well-formed', () => {
    expect(parseOfferListSearch({ tag: 'water', from: '2026-12-01', to: '2026-12-31', type: 'activity', q: ' rafting ', page: '2' })).toEqual({ tag: ['water'], from: '2026-12-01', to: '2026-12-31', type: 'activity', q: 'rafting', page: 2 })
    expect(parseOfferListSearch({ tag: ['a', 'b-c'], page: 3 })).toEqual({ tag: ['a', 'b-c'], page: 3 })
    expect(parseOfferListSearch({ tag: 'water,winter,water' })).toEqual({ tag: ['water', 'winter'] })
    expect(parseOfferListSearch({ tag: 2024 })).toEqual({ tag: ['2024'] })
  })

  it('drops the malformed instead of failing', () => {
    expect(parseOfferListSearch({ tag: ['Bad!'], from: '1.12.2026', type: 'boat', q: 'x'.repeat(101), page: '0' })).toEqual({})
    expect(parseOfferListSearch({ tag: Array(11).fill('a'), page: 1001, q: '   ' })).toEqual({})
    expect(parseOfferListSearch({ page: '2.5', to: ['2026-12-01'] })).toEqual({})
    expect(parseOfferListSearch({ tag: 'water,Bad!' })).toEqual({})
    expect(parseOfferListSearch({ tag: Array(11).fill(0).map((_, i) => `t${i}`).join(',') })).toEqual({})
  })
})
