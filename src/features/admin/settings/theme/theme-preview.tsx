import { useId } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { Palette } from '~/lib/theme'
import { paletteStyle } from './palette-style'

const fakeButton = 'inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium'

/**
 * A miniature of the shop in the palette being edited: header (primary), an offer card (surface,
 * with a muted strip) and the primary and accent buttons. The palette is set as custom properties
 * on this container only, so the staff app around it keeps the saved colours. The miniature is
 * inert (no focus, out of the accessibility tree, and axe skips the contrast of colours the
 * editor is still trying out); a caption and a description stand in for it.
 */
export function ThemePreview({ palette, shopTitle }: { palette: Palette; shopTitle: string }) {
  const { t } = useLingui()
  const id = useId()
  return (
    // named by its caption explicitly too: not every accessibility API reads figcaption yet
    <figure className="min-w-0" aria-labelledby={`${id}-caption`} aria-describedby={`${id}-description`}>
      <figcaption id={`${id}-caption`} className="font-medium">
        {t`Preview`}
      </figcaption>
      <p id={`${id}-description`} className="sr-only">
        {t`The shop's header, an offer card and two buttons in these colours. This is a picture only; nothing in it can be used.`}
      </p>
      <div inert data-testid="theme-preview" style={paletteStyle(palette)} className="mt-2 overflow-hidden rounded-lg border border-gray-300 bg-background text-on-background">
        <div className="flex items-center gap-3 bg-primary px-3 py-2 text-on-primary">
          <span className="h-8 w-8 shrink-0 rounded-full bg-on-primary/30" />
          <span className="truncate font-semibold">{shopTitle}</span>
        </div>
        <div className="space-y-3 p-3">
          <div className="overflow-hidden rounded-lg bg-surface text-on-surface shadow-sm ring-1 ring-black/10">
            <div className="bg-(--color-muted) px-3 py-2 text-sm text-(--color-on-muted)">{t`Half a day · Meeting point at the station`}</div>
            <div className="space-y-1 p-3">
              <p className="font-semibold">{t`Sample offer`}</p>
              <p className="text-sm">{t`A short introduction to the offer, as on the home page.`}</p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <span className={`${fakeButton} bg-primary text-on-primary`}>{t`Book now`}</span>
            <span className={`${fakeButton} bg-accent text-on-accent`}>{t`Find a date`}</span>
          </div>
        </div>
      </div>
    </figure>
  )
}
