import { describe, expect, it, vi } from 'vitest'
import { paletteToCss, sanitisePalette } from './theme'

describe('theme palette', () => {
  it('writes --color-{name} and --color-on-{name} from rgb triples', () => {
    expect(paletteToCss({ primary: { background: [14, 116, 144], foreground: [255, 255, 255] } })).toBe(
      '--color-primary:rgb(14 116 144);--color-on-primary:rgb(255 255 255);',
    )
  })

  it('drops and reports anything that is not a valid triple or name', () => {
    const dropped = vi.fn()
    const palette = sanitisePalette(
      {
        primary: { background: [1, 2, 3], foreground: [4, 5, 6] },
        evil: { background: ['red;}body{x:y', 0, 0], foreground: [0, 0, 0] },
        big: { background: [256, 0, 0], foreground: [0, 0, 0] },
        frac: { background: [1.5, 0, 0], foreground: [0, 0, 0] },
        short: { background: [1, 2], foreground: [0, 0, 0] },
        'x}{': { background: [1, 2, 3], foreground: [1, 2, 3] },
        missing: { background: [1, 2, 3] },
      },
      dropped,
    )
    expect(Object.keys(palette)).toEqual(['primary'])
    expect(dropped).toHaveBeenCalledTimes(6)
    expect(sanitisePalette('nope')).toEqual({})
    expect(sanitisePalette(null)).toEqual({})
  })
})
