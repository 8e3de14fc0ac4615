import { useEffect, useState } from 'react'
import { areCountryNamesLoaded, countryOptions, loadCountryNames, type CountryOption } from '~/lib/countries'
import type { Locale } from '~/lib/locale'

/**
 * The countries with their names in the page's language, loaded on first use (ADR 040): none
 * until they are there (a few hundred milliseconds at most on the first checkout; the chosen
 * country stays in the draft meanwhile), then all of them.
 */
export function useCountryOptions(lang: Locale): CountryOption[] {
  const [, setLoaded] = useState(() => areCountryNamesLoaded(lang))
  useEffect(() => {
    if (areCountryNamesLoaded(lang)) return
    let current = true
    loadCountryNames(lang).then(
      () => current && setLoaded(true),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [lang])
  return countryOptions(lang)
}
