/** WCAG 2.x colour contrast of rgb triples, and the `#rrggbb` notation of colour inputs. */
import { isRgb, type Rgb } from './theme'

/** WCAG AA minimum ratios: normal text, and large text (24 px, or 18.66 px bold). */
export const AA_NORMAL = 4.5
export const AA_LARGE = 3

/**
 * Relative luminance (0 black … 1 white) as WCAG 2.x defines it. WCAG 2.0 wrote 0.03928 for the
 * linear segment's limit, 2.2 corrects it to sRGB's 0.04045; no 8-bit channel lies between the two.
 */
export function relativeLuminance(rgb: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
}

/** (lighter + 0.05) / (darker + 0.05): from 1 (same colour) to 21 (black on white); order does not matter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)]
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

/** Whether a ratio passes WCAG AA (success criterion 1.4.3), unrounded: 4.49 fails. */
export function meetsAA(ratio: number, { largeText = false }: { largeText?: boolean } = {}): boolean {
  return ratio >= (largeText ? AA_LARGE : AA_NORMAL)
}

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i

/** `#0e547a` (either case) → [14, 84, 122]; anything else (short form, no `#`, spaces, names) → null. */
export function hexToRgb(hex: string): Rgb | null {
  const match = HEX.exec(hex)
  if (!match) return null
  const [, r = '', g = '', b = ''] = match
  return [parseInt(r, 16), parseInt(g, 16), parseInt(b, 16)]
}

/** [14, 84, 122] → `#0e547a`, lower case as `<input type="color">` writes it; null if not a triple. */
export function rgbToHex(rgb: Rgb): string | null {
  if (!isRgb(rgb)) return null
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`
}
