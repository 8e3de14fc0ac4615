import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import { LOCALES, type Locale } from '~/lib/locale'
import { useAdminFieldErrorText } from '../../field-errors'
import { LANGUAGE_NAMES } from '../../labels'
import { Section } from '../../profile/section'
import { fieldId, type SectionProps } from './form-state'

/**
 * Which languages the shop speaks and in which order: the first is its default, the order is the
 * fallback order. At least one stays offered.
 */
export function LanguagesSection({ settings, change, error }: SectionProps) {
  const { t } = useLingui()
  const errorText = useAdminFieldErrorText()
  const offered = settings.languages
  const others = LOCALES.filter((l) => !offered.includes(l))
  const move = (lang: Locale, by: -1 | 1) =>
    change((d) => {
      const i = d.languages.indexOf(lang)
      const j = i + by
      if (i < 0 || j < 0 || j >= d.languages.length) return
      ;[d.languages[i], d.languages[j]] = [d.languages[j]!, d.languages[i]!]
    })
  const message = errorText(error('languages'))
  return (
    <Section id="settings-languages" title={t`Languages`}>
      <p className="text-sm">
        <Trans>The first language is the shop's default. Visitors whose language the shop does not offer see it.</Trans>
      </p>
      <ol id={fieldId('languages')} tabIndex={-1} className="mt-3 space-y-2" aria-describedby={message ? 'settings-languages-error' : undefined}>
        {offered.map((lang, index) => {
          const name = LANGUAGE_NAMES[lang]
          return (
            <li key={lang} className="flex flex-wrap items-center gap-2 rounded-md border border-gray-300 p-2">
              <span className="min-w-28 font-medium" lang={lang}>
                {index + 1}. {name}
              </span>
              {index === 0 ? (
                <span className="text-sm">
                  <Trans>Default</Trans>
                </span>
              ) : null}
              <span className="ml-auto flex gap-1">
                <Button size="sm" variant="gray" disabled={index === 0} onClick={() => move(lang, -1)} aria-label={t`Move ${name} up`}>
                  ↑
                </Button>
                <Button size="sm" variant="gray" disabled={index === offered.length - 1} onClick={() => move(lang, 1)} aria-label={t`Move ${name} down`}>
                  ↓
                </Button>
                <Button size="sm" variant="gray" disabled={offered.length === 1} onClick={() => change((d) => void (d.languages = d.languages.filter((l) => l !== lang)))}>
                  <Trans>Remove {name}</Trans>
                </Button>
              </span>
            </li>
          )
        })}
      </ol>
      {offered.length === 1 ? (
        <p className="mt-2 text-sm">
          <Trans>The shop needs at least one language.</Trans>
        </p>
      ) : null}
      {others.length ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {others.map((lang) => (
            <Button key={lang} size="sm" variant="outline" onClick={() => change((d) => void d.languages.push(lang))}>
              <Trans>Add {LANGUAGE_NAMES[lang]}</Trans>
            </Button>
          ))}
        </div>
      ) : null}
      {message ? (
        <p id="settings-languages-error" className="mt-2 text-sm font-medium text-error">
          {message}
        </p>
      ) : null}
    </Section>
  )
}
