import { describe, expect, it } from 'vitest'
import { contrastRatio, hexToRgb, meetsAA, relativeLuminance, rgbToHex } from './contrast'
import type { Rgb } from './theme'

const BLACK: Rgb = [0, 0, 0]
const WHITE: Rgb = [255, 255, 255]

describe('WCAG contrast', () => {
  it('gives black and white 21:1 in either order, and a colour with itself 1:1', () => {
    expect(relativeLuminance(BLACK)).toBe(0)
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 10)
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 10)
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 10)
    expect(contrastRatio([14, 84, 122], [14, 84, 122])).toBe(1)
  })

  it('matches published values either side of 4.5:1 (#767676 and #777777 on white)', () => {
    // WebAIM's checker: #767676 4.54:1 (the lightest grey that passes), #777777 4.48:1
    const pass = contrastRatio([0x76, 0x76, 0x76], WHITE)
    const fail = contrastRatio([0x77, 0x77, 0x77], WHITE)
    expect(pass).toBeCloseTo(4.54, 2)
    expect(fail).toBeCloseTo(4.48, 2)
    expect(meetsAA(pass)).toBe(true)
    expect(meetsAA(fail)).toBe(false)
  })

  it('weights green over red over blue (pure red on white 4.0:1, pure blue 8.6:1)', () => {
    expect(contrastRatio([255, 0, 0], WHITE)).toBeCloseTo(4.0, 1)
    expect(contrastRatio([0, 0, 255], WHITE)).toBeCloseTo(8.59, 2)
    expect(contrastRatio([0, 128, 0], WHITE)).toBeCloseTo(5.14, 2)
  })

  it('asks 3:1 of large text and 4.5:1 of normal text, without rounding up', () => {
    expect(meetsAA(4.49)).toBe(false)
    expect(meetsAA(4.5)).toBe(true)
    expect(meetsAA(3, { largeText: true })).toBe(true)
    expect(meetsAA(2.99, { largeText: true })).toBe(false)
    expect(meetsAA(4, { largeText: true })).toBe(true)
    expect(meetsAA(4, { largeText: false })).toBe(false)
  })
})

describe('hex notation', () => {
  it('reads #rrggbb in either case and writes it in lower case', () => {
    expect(hexToRgb('#0e547a')).toEqual([14, 84, 122])
    expect(hexToRgb('#0E547A')).toEqual([14, 84, 122])
    expect(hexToRgb('#ffffff')).toEqual(WHITE)
    expect(rgbToHex([14, 84, 122])).toBe('#0e547a')
    expect(rgbToHex(BLACK)).toBe('#000000')
  })

  it('round-trips every channel value', () => {
    for (let c = 0; c < 256; c++) {
      const rgb: Rgb = [c, 255 - c, (c * 7) % 256]
      expect(hexToRgb(rgbToHex(rgb)!)).toEqual(rgb)
    }
  })

  it.each(['', '#', '0e547a', '#0e547', '#0e547a0', '#0e547az', '#fff', '#0e547g', ' #0e547a', '#0e547a ', 'red', 'rgb(14 84 122)', '#0e547a;color:red', '##0e547a', '#0x547a', '#0e 547a'])(
    'rejects %j',
    (text) => expect(hexToRgb(text)).toBeNull(),
  )

  it('writes nothing for what is not an rgb triple', () => {
    expect(rgbToHex([256, 0, 0] as Rgb)).toBeNull()
    expect(rgbToHex([1.5, 0, 0] as Rgb)).toBeNull()
    expect(rgbToHex([1, 2] as unknown as Rgb)).toBeNull()
  })
})
