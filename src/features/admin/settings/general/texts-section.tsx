import { Trans, useLingui } from '@lingui/react/macro'
import { pickLabel, type Locale } from '~/lib/locale'
import { FormField } from '../../form-field'
import { LANGUAGE_NAMES } from '../../labels'
import { Section } from '../../profile/section'
import { fieldId, type SectionProps } from './form-state'

/** The shop's title and slogan in each of its languages, with what visitors see (the spec's label rule). */
export function TextsSection({ settings, change, error }: SectionProps) {
  const { t } = useLingui()
  return (
    <Section id="settings-texts" title={t`Title and slogan`}>
      <div className="grid gap-4 md:grid-cols-2">
        {settings.languages.map((lang) => (
          <fieldset key={lang} className="space-y-3">
            <legend className="font-semibold" lang={lang}>
              {LANGUAGE_NAMES[lang]}
            </legend>
            <FormField id={fieldId(`labels.title.${lang}`)} label={t`Title`} value={settings.labels.title[lang] ?? ''} error={error(`labels.title.${lang}`)} onChange={(v) => change((d) => void (d.labels.title[lang] = v))} />
            <FormField id={fieldId(`labels.slogan.${lang}`)} label={t`Slogan`} value={settings.labels.slogan[lang] ?? ''} error={error(`labels.slogan.${lang}`)} onChange={(v) => change((d) => void (d.labels.slogan[lang] = v))} />
          </fieldset>
        ))}
      </div>
      <LabelPreview settings={settings} />
    </Section>
  )
}

/** Per language: the title and slogan shown, and where a missing text is taken from instead. */
function LabelPreview({ settings }: Pick<SectionProps, 'settings'>) {
  const source = (texts: Partial<Record<Locale, string>>, lang: Locale) => {
    const shown = pickLabel(texts, lang)
    if (!shown || texts[lang]?.trim()) return null
    const from = settings.languages.find((l) => texts[l]?.trim() === shown) ?? (['de', 'en', 'fr'] as const).find((l) => texts[l]?.trim() === shown)
    return from ? LANGUAGE_NAMES[from] : null
  }
  return (
    <div className="mt-6">
      <h3 className="font-semibold">
        <Trans>What visitors see</Trans>
      </h3>
      <p className="text-sm">
        <Trans>A text left empty is taken from the first language that has one. The home page's title is the slogan followed by the title.</Trans>
      </p>
      <ul className="mt-2 space-y-2" data-testid="label-preview">
        {settings.languages.map((lang) => {
          const title = pickLabel(settings.labels.title, lang)
          const slogan = pickLabel(settings.labels.slogan, lang)
          const titleFrom = source(settings.labels.title, lang)
          const sloganFrom = source(settings.labels.slogan, lang)
          return (
            <li key={lang} className="rounded-md bg-gray-100 p-3">
              <span className="font-medium">{LANGUAGE_NAMES[lang]}: </span>
              <span lang={lang}>{[slogan, title].filter(Boolean).join(' – ') || '—'}</span>
              {titleFrom ? (
                <span className="block text-sm">
                  <Trans>Title taken from: {titleFrom}</Trans>
                </span>
              ) : null}
              {sloganFrom ? (
                <span className="block text-sm">
                  <Trans>Slogan taken from: {sloganFrom}</Trans>
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
