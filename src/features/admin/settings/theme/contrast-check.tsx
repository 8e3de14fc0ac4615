import { useLingui } from '@lingui/react/macro'
import { contrastRatio, meetsAA } from '~/lib/contrast'
import type { PaletteColor } from '~/lib/theme'

/**
 * The contrast of a colour's foreground on its background, and a warning below WCAG AA. The
 * ratio is cut (not rounded) to one decimal, so a shown "4.5:1" always passes. The warning says
 * so in words behind an icon, and sits in a polite live region that is always present, so that
 * it is announced when it appears; its text does not carry the ratio, which would make every
 * step of a dragged picker speak again.
 */
export function ContrastCheck({ colour }: { colour: PaletteColor }) {
  const { t, i18n } = useLingui()
  const ratio = contrastRatio(colour.background, colour.foreground)
  const shown = i18n.number(Math.floor(ratio * 10) / 10, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const normal = meetsAA(ratio)
  const large = meetsAA(ratio, { largeText: true })
  return (
    <div className="text-sm">
      <p>{t`Contrast ${shown}:1`}</p>
      <div role="status" aria-live="polite">
        {normal ? null : (
          <p className="mt-1 flex items-start gap-2 rounded-md border-2 border-warning bg-white p-2 font-medium text-gray-900">
            <span aria-hidden="true" className="font-bold">
              ⚠
            </span>
            <span>
              {large
                ? t`Warning: too little contrast for normal text (WCAG AA needs 4.5:1); enough for large text only.`
                : t`Warning: too little contrast for any text (WCAG AA needs 4.5:1, large text 3:1).`}
            </span>
          </p>
        )}
      </div>
    </div>
  )
}
