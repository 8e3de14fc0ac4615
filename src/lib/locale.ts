import type { components } from '~/api/schema.gen'

export const LOCALES = ['de', 'en', 'fr'] as const
export type Locale = (typeof LOCALES)[number]

/** The contract's locales are these: a language added to one and not the other fails the type check. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Holds<T extends true> = T
export type LocalesOfTheContract = Holds<Same<Locale, components['schemas']['Locale']>>

export const DEFAULT_LOCALE: Locale = 'de'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** A stored or received locale, or the default one when it is none of ours. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE
}

/** The locale of a path like `/fr/listing/x`, if it has one. */
export function localeFromPath(pathname: string): Locale | undefined {
  const first = pathname.split('/')[1]
  return isLocale(first) ? first : undefined
}

/** Spec §4: a locale the shop does not offer becomes its first language, or de. */
export function effectiveLocale(wanted: string | undefined, languages: readonly string[] | undefined): Locale {
  // no shop configuration (an unknown host, or before it is loaded): the language asked for
  if (languages === undefined) return isLocale(wanted) ? wanted : DEFAULT_LOCALE
  const offered = languages.filter(isLocale)
  if (isLocale(wanted) && offered.includes(wanted)) return wanted
  return offered[0] ?? DEFAULT_LOCALE
}

/** Label choice: current locale, else the first non-empty translation, else ''. */
export function pickLabel(texts: Partial<Record<string, string>> | undefined, locale: string): string {
  if (!texts) return ''
  const own = texts[locale]
  if (own && own.trim() !== '') return own
  for (const l of LOCALES) {
    const text = texts[l]
    if (text && text.trim() !== '') return text
  }
  for (const text of Object.values(texts)) if (text && text.trim() !== '') return text
  return ''
}

/** Negotiates a locale from a cookie value and an Accept-Language header (for `/`). */
export function negotiateLocale(
  cookie: string | undefined,
  acceptLanguage: string | null,
  languages: readonly string[],
): Locale {
  const offered = languages.filter(isLocale)
  const allowed = offered.length > 0 ? offered : [...LOCALES]
  if (isLocale(cookie) && allowed.includes(cookie)) return cookie
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { lang: tag.split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index }
    })
    .filter((e) => e.lang && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const entry of ranked) if (isLocale(entry.lang) && allowed.includes(entry.lang)) return entry.lang
  return allowed[0] ?? DEFAULT_LOCALE
}
