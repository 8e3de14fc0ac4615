import { useLingui } from '@lingui/react/macro'
import type { OfferCompleteness } from '~/api/admin-offers.queries'
import type { Locale } from '~/lib/locale'
import { LANGUAGE_NAMES } from '../labels'

type Part = OfferCompleteness['de'][number]

export function usePartNames(): Record<Part, string> {
  const { t } = useLingui()
  return { title: t`title`, intro: t`intro`, description: t`description`, variants: t`variant titles`, extras: t`extra titles`, imageAlts: t`image descriptions` }
}

/** Per language of the shop: "complete", or what visitors of that language would see in another language. */
export function CompletenessList({ completeness, languages, compact }: { completeness: OfferCompleteness; languages: Locale[]; compact?: boolean }) {
  const { t } = useLingui()
  const names = usePartNames()
  return (
    <ul className={compact ? 'space-y-0.5 text-sm' : 'space-y-1'} aria-label={compact ? undefined : t`Texts per language`}>
      {languages.map((lang) => {
        const missing = completeness[lang]
        const language = compact ? lang.toUpperCase() : LANGUAGE_NAMES[lang]
        return (
          <li key={lang}>
            <abbr title={LANGUAGE_NAMES[lang]} className="font-semibold no-underline">
              {language}
            </abbr>
            {': '}
            {missing.length === 0 ? (
              <span className="text-success">{t`complete`}</span>
            ) : (
              <span className="text-error">{t`missing ${missing.map((p) => names[p]).join(', ')}`}</span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
