import { describe, expect, it } from 'vitest'
import { extrasAmount, extrasLines } from './extras-amount'

const extras = [
  { key: 'wetsuit', title: { en: 'Wetsuit' }, price: 1500 },
  { key: 'transfer', title: { en: 'Transfer' }, price: 8000, per: 'booking' as const },
]

describe('extrasAmount', () => {
  it('charges an extra per participant for each participant who chose it', () => {
    expect(extrasAmount(extras, [{ extras: ['wetsuit'] }, { extras: ['wetsuit'] }, { extras: [] }])).toBe(3000)
  })

  it('charges an extra per booking once, however many participants chose it', () => {
    expect(extrasAmount(extras, [{ extras: ['transfer', 'wetsuit'] }, { extras: ['transfer'] }])).toBe(9500)
  })

  it('charges nothing for unknown keys and a key twice in one participant only once', () => {
    expect(extrasAmount(extras, [{ extras: ['nope', 'wetsuit', 'wetsuit'] }])).toBe(1500)
  })
})

describe('extrasLines', () => {
  it('lists each chosen extra once, in the offer’s order, with its quantity and amount', () => {
    const lines = extrasLines(extras, [{ extras: ['transfer', 'wetsuit'] }, { extras: ['wetsuit', 'transfer', 'nope'] }, { extras: [] }])
    expect(lines.map((l) => [l.extra.key, l.quantity, l.amount])).toEqual([
      ['wetsuit', 2, 3000],
      ['transfer', 1, 8000],
    ])
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(extrasAmount(extras, [{ extras: ['transfer', 'wetsuit'] }, { extras: ['wetsuit', 'transfer'] }]))
  })

  it('leaves out the extras nobody chose', () => {
    expect(extrasLines(extras, [{ extras: [] }, { extras: ['nope'] }])).toEqual([])
  })
})
