import type { CSSProperties } from 'react'
import { isRgb, sanitisePalette, type Palette, type Rgb } from '~/lib/theme'

/** `rgb(14 84 122)` for a valid triple, else undefined (never a string built from unchecked input). */
export function rgbCss(rgb: Rgb): string | undefined {
  return isRgb(rgb) ? `rgb(${rgb.join(' ')})` : undefined
}

/**
 * The palette as a React style of custom properties (`--color-primary`, `--color-on-primary`, …),
 * the same declarations `paletteToCss` writes on the shop's root: names and triples go through
 * `sanitisePalette` first, so a bad entry is dropped rather than written into a style.
 */
export function paletteStyle(palette: Palette): CSSProperties {
  const style: Record<string, string> = {}
  for (const [name, colour] of Object.entries(sanitisePalette(palette))) {
    style[`--color-${name}`] = `rgb(${colour.background.join(' ')})`
    style[`--color-on-${name}`] = `rgb(${colour.foreground.join(' ')})`
  }
  return style as CSSProperties
}
