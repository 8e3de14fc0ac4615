import { Trans } from '@lingui/react/macro'
import { LOCALES, type Locale } from '~/lib/locale'
import { LANGUAGE_NAMES } from './labels'

/** A staff member's preferred language: a labelled select of the shop's three languages, each named in itself. */
export function LanguageField({ id, value, onChange }: { id: string; value: Locale; onChange: (locale: Locale) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        <Trans>Language</Trans>
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Locale)} className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900">
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  )
}
