import { useId } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { Palette, PaletteColor, Rgb } from '~/lib/theme'
import { ColourPicker } from './colour-picker'
import { colourKeys, colourName } from './colour-names'
import { ContrastCheck } from './contrast-check'
import { rgbCss } from './palette-style'

type Part = keyof PaletteColor

/**
 * The shop's palette: per named colour a fieldset with its background and foreground pickers,
 * a sample of the text and its contrast check. `errors` (already in the member's language) are
 * keyed `{name}.background`, `{name}.foreground`, or `{name}` for the colour as a whole.
 */
export function ThemeEditor(props: { value: Palette; onChange: (palette: Palette) => void; errors?: Record<string, string>; idOf?: (name: string, part: Part) => string }) {
  const { value, onChange, errors = {} } = props
  const { t, i18n } = useLingui()
  const base = useId()
  const change = (name: string, part: Part, rgb: Rgb) => {
    const colour = value[name]
    if (colour) onChange({ ...value, [name]: { ...colour, [part]: rgb } })
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {colourKeys(value).map((name, index) => {
        const colour = value[name]
        if (!colour) return null
        const id = `${base}-${index}`
        const whole = errors[name]
        return (
          <fieldset key={name} className="min-w-0 rounded-lg border border-gray-300 p-4" aria-describedby={whole ? `${id}-error` : undefined}>
            <legend className="px-1 text-lg font-semibold">{colourName(i18n, name)}</legend>
            {whole ? (
              <p id={`${id}-error`} className="mb-2 text-sm font-medium text-error">
                {whole}
              </p>
            ) : null}
            <div className="space-y-3">
              <ColourPicker id={props.idOf?.(name, 'background') ?? `${id}-bg`} label={t`Background`} value={colour.background} error={errors[`${name}.background`]} onChange={(rgb) => change(name, 'background', rgb)} />
              <ColourPicker id={props.idOf?.(name, 'foreground') ?? `${id}-fg`} label={t`Foreground`} value={colour.foreground} error={errors[`${name}.foreground`]} onChange={(rgb) => change(name, 'foreground', rgb)} />
              {/* a picture of the text only: the ratio below says it in words (inert: axe and readers skip it) */}
              <div inert className="rounded-md border border-gray-300 px-3 py-2" style={{ backgroundColor: rgbCss(colour.background), color: rgbCss(colour.foreground) }} data-testid="contrast-sample">
                <span className="font-medium">{t`Sample text`}</span> <span className="text-xl font-semibold">Aa</span>
              </div>
              <ContrastCheck colour={colour} />
            </div>
          </fieldset>
        )
      })}
    </div>
  )
}
