import { useLingui } from '@lingui/react/macro'
import { pickLabel, type Locale } from '~/lib/locale'
import type { Palette } from '~/lib/theme'
import { useAdminFieldErrorText } from '../../field-errors'
import { Section } from '../../profile/section'
import { ThemeEditor } from '../theme/theme-editor'
import { ThemePreview } from '../theme/theme-preview'
import { fieldId, type SectionProps } from './form-state'

/** The palette with a colour picker per colour, its contrast check, and a live preview of the shop. */
export function ThemeSection({ settings, change, error, lang }: SectionProps & { lang: Locale }) {
  const { t } = useLingui()
  const errorText = useAdminFieldErrorText()
  const palette = settings.theme.colorPalette as Palette
  const errors: Record<string, string> = {}
  for (const name of Object.keys(palette)) {
    for (const part of ['background', 'foreground'] as const) {
      const path = `theme.colorPalette.${name}.${part}`
      // An error of one channel (`….background.0`) is the colour's.
      const message = errorText(error(path) ?? error(`${path}.0`) ?? error(`${path}.1`) ?? error(`${path}.2`))
      if (message) errors[`${name}.${part}`] = message
    }
  }
  return (
    <Section id="settings-theme" title={t`Colours`}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ThemeEditor value={palette} errors={errors} idOf={(name, part) => fieldId(`theme.colorPalette.${name}.${part}`)} onChange={(p) => change((d) => void (d.theme.colorPalette = p))} />
        <div className="lg:sticky lg:top-4 lg:self-start">
          <ThemePreview palette={palette} shopTitle={pickLabel(settings.labels.title, lang)} />
        </div>
      </div>
    </Section>
  )
}
