import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { RichTextEditor } from '../../rich-text/rich-text-editor'
import { useAdminFieldErrorText } from '../../field-errors'
import { LANGUAGE_NAMES } from '../../labels'
import { Section } from '../../profile/section'
import { fieldId, type SectionProps } from './form-state'

type LegalKey = keyof SectionProps['settings']['legal']

const TEXTS: { key: LegalKey; label: MessageDescriptor }[] = [
  { key: 'imprint', label: msg`Imprint` },
  { key: 'privacyPolicy', label: msg`Privacy policy` },
  { key: 'terms', label: msg`Terms and conditions` },
]

/** The imprint, privacy policy and terms in each of the shop's languages, as rich text (sanitised when saved). */
export function LegalSection({ settings, change, error }: SectionProps) {
  const { t, i18n } = useLingui()
  const errorText = useAdminFieldErrorText()
  return (
    <Section id="settings-legal" title={t`Legal texts`}>
      <p className="text-sm">
        <Trans>Headings, lists, links and emphasis are kept; anything else (scripts, styles, images) is removed when you save.</Trans>
      </p>
      <div className="mt-4 space-y-6">
        {TEXTS.map(({ key, label }) => (
          <fieldset key={key} className="space-y-4">
            <legend className="text-lg font-semibold">{i18n._(label)}</legend>
            {settings.languages.map((lang) => {
              const path = `legal.${key}.${lang}`
              const message = errorText(error(path))
              const name = `${i18n._(label)} (${LANGUAGE_NAMES[lang]})`
              return (
                <div key={lang}>
                  <RichTextEditor
                    id={fieldId(path)}
                    label={name}
                    lang={lang}
                    value={settings.legal[key][lang] ?? ''}
                    invalid={!!message}
                    describedBy={message ? `${fieldId(path)}-error` : undefined}
                    onChange={(html) => change((d) => void (d.legal[key][lang] = html))}
                  />
                  {message ? (
                    <p id={`${fieldId(path)}-error`} className="mt-1 text-sm font-medium text-error">
                      {message}
                    </p>
                  ) : null}
                </div>
              )
            })}
          </fieldset>
        ))}
      </div>
    </Section>
  )
}
