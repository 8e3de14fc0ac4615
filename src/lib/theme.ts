/** Theme tokens: named colours as validated rgb triples. */
export type Rgb = [number, number, number]
export type PaletteColor = { background: Rgb; foreground: Rgb }
export type Palette = Record<string, PaletteColor>

const NAME = /^[a-z][a-z0-9-]{0,31}$/

export function isRgb(value: unknown): value is Rgb {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    value.every((c) => typeof c === 'number' && Number.isInteger(c) && c >= 0 && c <= 255)
  )
}

/** Keeps only well-named colours whose background and foreground are rgb triples. */
export function sanitisePalette(
  palette: unknown,
  onDrop: (name: string, value: unknown) => void = () => {},
): Palette {
  const result: Palette = {}
  if (!palette || typeof palette !== 'object' || Array.isArray(palette)) return result
  for (const [name, value] of Object.entries(palette as Record<string, unknown>)) {
    const color = value as Partial<PaletteColor> | null
    if (NAME.test(name) && color && isRgb(color.background) && isRgb(color.foreground)) {
      result[name] = {
        background: [...color.background] as Rgb,
        foreground: [...color.foreground] as Rgb,
      }
    } else {
      onDrop(name, value)
    }
  }
  return result
}

/** `--color-{name}` and `--color-on-{name}` declarations, e.g. `--color-primary:rgb(14 116 144)`. */
export function paletteToCss(palette: Palette): string {
  return Object.entries(sanitisePalette(palette))
    .map(
      ([name, c]) =>
        `--color-${name}:rgb(${c.background.join(' ')});--color-on-${name}:rgb(${c.foreground.join(' ')});`,
    )
    .join('')
}
