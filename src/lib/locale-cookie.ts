import type { Locale } from './locale'

export const LOCALE_COOKIE = 'locale'
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

/** The locale-switch cookie: 365 days, SameSite=Lax, Secure over HTTPS. */
export function localeCookie(locale: Locale, secure: boolean) {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`
}
