import type { Locale } from '~/lib/locale'
import { localeCookie } from '~/lib/locale-cookie'

/** Keeps the visitor's choice of language in the locale cookie (set from the language switch). */
export function rememberLocale(locale: Locale) {
  document.cookie = localeCookie(locale, window.location.protocol === 'https:')
}
