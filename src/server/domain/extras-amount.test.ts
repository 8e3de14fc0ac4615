import { describe, expect, it } from 'vitest'
import { extrasAmount, extrasLinesOfItems, linesAmount } from './extras-amount'

const extrasLines = (list: typeof extras, participants: { extras: string[] }[]) => extrasLinesOfItems([{ offerId: 'o', extras: list, participants }])[0]!

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

describe('a per-booking extra across the items of a booking', () => {
  const item = (offerId: string, ...chosen: string[][]) => ({ offerId, extras, participants: chosen.map((e) => ({ extras: e })) })

  it('two variants of one offer (adults, youths) that both chose the transfer pay it once, on the first item', () => {
    const lines = extrasLinesOfItems([item('canyoning', ['transfer', 'wetsuit'], ['wetsuit']), item('canyoning', ['transfer'], ['transfer', 'wetsuit'])])
    expect(lines.map((l) => l.map((x) => [x.extra.key, x.quantity]))).toEqual([
      [['wetsuit', 2], ['transfer', 1]],
      [['wetsuit', 1]],
    ])
    expect(lines.map(linesAmount)).toEqual([3000 + 8000, 1500])
  })

  it('the second item carries it when only the second chose it', () => {
    const lines = extrasLinesOfItems([item('canyoning', ['wetsuit']), item('canyoning', ['transfer'])])
    expect(lines.map(linesAmount)).toEqual([1500, 8000])
  })

  it('another offer in the same booking has a transfer of its own', () => {
    const lines = extrasLinesOfItems([item('canyoning', ['transfer']), item('rafting', ['transfer'])])
    expect(lines.map(linesAmount)).toEqual([8000, 8000])
  })

  it('an item whose earlier sibling carries the extra is not charged it again (a moved item)', () => {
    expect(extrasAmount(extras, [{ extras: ['transfer', 'wetsuit'] }], new Set(['transfer']))).toBe(1500)
    expect(extrasAmount(extras, [{ extras: ['wetsuit'] }], new Set(['wetsuit']))).toBe(1500) // per participant: unaffected
  })
})
