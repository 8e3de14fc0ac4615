import { Trans, useLingui } from '@lingui/react/macro'
import type { OfferCompleteness } from '~/api/admin-offers.queries'
import { RichTextEditor } from '../../rich-text/rich-text-editor'
import { useAdminFieldErrorText } from '../../field-errors'
import { FormField } from '../../form-field'
import { LANGUAGE_NAMES } from '../../labels'
import { Section } from '../../profile/section'
import { CompletenessList } from '../completeness'
import { fieldId, type SectionProps } from './form-state'

/** Title, intro, meeting point and description in each of the shop's languages, with what each language still lacks. */
export function TextsSection({ form, change, error, languages, completeness }: SectionProps & { completeness: OfferCompleteness }) {
  const { t } = useLingui()
  const errorText = useAdminFieldErrorText()
  return (
    <Section id="offer-texts" title={t`Texts`}>
      <h3 className="font-semibold">
        <Trans>Complete in each language?</Trans>
      </h3>
      <p className="text-sm">
        <Trans>As last saved. A text left empty is shown from another language.</Trans>
      </p>
      <div className="mt-2">
        <CompletenessList completeness={completeness} languages={languages} />
      </div>
      <div className="mt-6 space-y-8">
        {languages.map((lang) => {
          const descriptionPath = `content.description.${lang}`
          const descriptionError = errorText(error(descriptionPath))
          return (
            <fieldset key={lang} className="space-y-4">
              <legend className="text-lg font-semibold" lang={lang}>
                {LANGUAGE_NAMES[lang]}
              </legend>
              <FormField id={fieldId(`content.title.${lang}`)} label={`${t`Title`} (${LANGUAGE_NAMES[lang]})`} value={form.title[lang] ?? ''} error={error(`content.title.${lang}`)} onChange={(v) => change((d) => void (d.title[lang] = v))} />
              <FormField id={fieldId(`content.intro.${lang}`)} label={`${t`Intro`} (${LANGUAGE_NAMES[lang]})`} hint={t`One or two sentences shown on the offer's card.`} value={form.intro[lang] ?? ''} error={error(`content.intro.${lang}`)} onChange={(v) => change((d) => void (d.intro[lang] = v))} />
              <FormField id={fieldId(`content.meetingPoint.${lang}`)} label={`${t`Meeting point`} (${LANGUAGE_NAMES[lang]})`} hint={t`Only if participants do not meet at the location itself.`} value={form.meetingPoint[lang] ?? ''} error={error(`content.meetingPoint.${lang}`)} onChange={(v) => change((d) => void (d.meetingPoint[lang] = v))} />
              <div>
                <RichTextEditor
                  id={fieldId(descriptionPath)}
                  label={`${t`Description`} (${LANGUAGE_NAMES[lang]})`}
                  lang={lang}
                  value={form.description[lang] ?? ''}
                  invalid={!!descriptionError}
                  describedBy={descriptionError ? `${fieldId(descriptionPath)}-error` : undefined}
                  onChange={(html) => change((d) => void (d.description[lang] = html))}
                />
                {descriptionError ? (
                  <p id={`${fieldId(descriptionPath)}-error`} className="mt-1 text-sm font-medium text-error">
                    {descriptionError}
                  </p>
                ) : null}
              </div>
            </fieldset>
          )
        })}
      </div>
    </Section>
  )
}
