/**
 * Countries: the ISO 3166-1 alpha-2 codes the checkout accepts, and their names in one language.
 * The codes are a short list here; the names (the package `i18n-iso-countries`, about 2.5 KB gzip
 * per language) load on demand, one language at a time, so a page carries only its own language's
 * (ADR 040). `loadCountryNames` must have finished before `countryOptions` answers for a language:
 * the checkout awaits it when it reaches the contact step, the staff app loads all three up front
 * (src/features/admin/country-names.ts).
 */
import type { Locale } from './locale'

/** Every code `i18n-iso-countries` knows (getAlpha2Codes; src/lib/checkout-validation.test.ts compares the two). */
export const COUNTRY_CODES: readonly string[] = (
  'AF AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BA BW BV BR IO BN BG BF BI KH CM CA CV KY CF TD CL CN CX CC CO KM CG CD ' +
  'CK CR CI HR CU CY CZ DK DJ DM DO EC EG SV GQ ER EE ET FK FO FJ FI FR GF PF TF GA GM GE DE GH GI GR GL GD GP GU GT GN GW GY HT HM VA HN HK HU IS IN ' +
  'ID IR IQ IE IL IT JM JP JO KZ KE KI KP KR KW KG LA LV LB LS LR LY LI LT LU MO MG MW MY MV ML MT MH MQ MR MU YT MX FM MD MC MN MS MA MZ MM NA NR NP ' +
  'NL NC NZ NI NE NG NU NF MP MK NO OM PK PW PS PA PG PY PE PH PN PL PT PR QA RE RO RU RW SH KN LC PM VC WS SM ST SA SN SC SL SG SK SI SB SO ZA GS ES ' +
  'LK SD SR SJ SZ SE CH SY TW TJ TZ TH TL TG TK TO TT TN TR TM TC TV UG UA AE GB US UM UY UZ VU VE VN VG VI WF EH YE ZM ZW AX BQ CW GG IM JE ME BL MF ' +
  'RS SX SS XK'
).split(' ')

const KNOWN = new Set(COUNTRY_CODES)

/** Whether a code is an ISO 3166-1 alpha-2 code (upper case), e.g. `CH`. */
export function isKnownCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && KNOWN.has(code)
}

export type CountryLocale = Locale
export type CountryOption = { code: string; name: string }

/** The countries offered first, in this order. */
export const PREFERRED_COUNTRIES = ['CH', 'DE', 'FR', 'IT', 'AT', 'LI'] as const

/** A language file of `i18n-iso-countries`: per code the official name, or the official name and its aliases. */
export type CountryNamesFile = { locale: string; countries: Record<string, string | string[]> }

const loaders: Record<CountryLocale, () => Promise<CountryNamesFile>> = {
  de: () => import('i18n-iso-countries/langs/de.json').then((m) => m.default as CountryNamesFile),
  en: () => import('i18n-iso-countries/langs/en.json').then((m) => m.default as CountryNamesFile),
  fr: () => import('i18n-iso-countries/langs/fr.json').then((m) => m.default as CountryNamesFile),
}

/**
 * Where the package's names fall short, CLDR's (Intl.DisplayNames) written out here, as the
 * browser's and Node's ICU versions may differ: a German name left in English, catalogue-style
 * inversions, French capitals inside a name.
 */
const COUNTRY_NAME_FIXES: Partial<Record<CountryLocale, Record<string, string>>> = {
  de: { UM: 'Amerikanische Überseeinseln', SY: 'Syrien', TZ: 'Tansania' },
  fr: {
    AE: 'Émirats arabes unis',
    CF: 'République centrafricaine',
    CZ: 'Tchéquie',
    DO: 'République dominicaine',
    IO: 'Territoire britannique de l’océan Indien',
    SA: 'Arabie saoudite',
    SJ: 'Svalbard et Jan Mayen',
  },
}

const options = new Map<CountryLocale, CountryOption[]>()
const loading = new Map<CountryLocale, Promise<void>>()

/**
 * A language's names (its official ones, typographic apostrophes as the shop's texts write them),
 * the preferred countries first, then the rest by name.
 */
export function registerCountryNames(locale: CountryLocale, file: CountryNamesFile): void {
  if (options.has(locale)) return
  const names: Record<string, string> = {}
  for (const [code, name] of Object.entries(file.countries)) names[code] = Array.isArray(name) ? name[0]! : name
  Object.assign(names, COUNTRY_NAME_FIXES[locale])
  for (const code of Object.keys(names)) names[code] = names[code]!.replace(/'/g, '’')
  const collator = new Intl.Collator(locale, { sensitivity: 'base' })
  const preferred: CountryOption[] = []
  for (const code of PREFERRED_COUNTRIES) {
    const name = names[code]
    if (name) preferred.push({ code, name })
  }
  const rest = Object.entries(names)
    .filter(([code]) => !(PREFERRED_COUNTRIES as readonly string[]).includes(code) && /^[A-Z]{2}$/.test(code))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code))
  options.set(locale, [...preferred, ...rest])
}

/** Loads a language's country names once (later calls share the first; a failed load may be tried again). */
export function loadCountryNames(locale: CountryLocale): Promise<void> {
  let promise = loading.get(locale)
  if (!promise) {
    promise = loaders[locale]().then((file) => registerCountryNames(locale, file))
    promise.catch(() => loading.delete(locale))
    loading.set(locale, promise)
  }
  return promise
}

/** Whether a language's country names are there. */
export const areCountryNamesLoaded = (locale: CountryLocale) => options.has(locale)

/** All countries with their names in a language (loaded before, see loadCountryNames; none until then). */
export function countryOptions(locale: CountryLocale): CountryOption[] {
  return options.get(locale) ?? []
}
