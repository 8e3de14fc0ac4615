import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { isLocale, type Locale } from '~/lib/locale'
import { rememberLocale } from '~/browser/remember-locale'

const NAMES: Record<Locale, string> = { de: 'Deutsch', en: 'English', fr: 'Français' }

/** Links to the same page in the shop's other languages; the choice is kept in a cookie. */
export function LanguageSwitch({ languages, current }: { languages: readonly string[]; current: Locale }) {
  const { t } = useLingui()
  const offered = languages.filter(isLocale)
  if (offered.length < 2) return null
  return (
    <nav aria-label={t`Language`}>
      <ul className="flex gap-1">
        {offered.map((lang) => (
          <li key={lang}>
            <Link
              to="."
              params={(prev: Record<string, string>) => ({ ...prev, lang })}
              search={true}
              hrefLang={lang}
              lang={lang}
              aria-current={lang === current ? 'true' : undefined}
              onClick={() => rememberLocale(lang)}
              className={`inline-flex min-h-9 min-w-9 items-center justify-center rounded px-2 text-sm font-semibold uppercase ${
                lang === current ? 'bg-on-primary text-primary' : 'hover:bg-white/15'
              }`}
            >
              <abbr title={NAMES[lang]} className="no-underline">
                {lang}
              </abbr>
              <span className="sr-only"> {NAMES[lang]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
