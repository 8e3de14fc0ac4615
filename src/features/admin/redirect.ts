import type { Locale } from '~/lib/locale'

/**
 * Where sign-in may send a staff member back to: only a path of this site's staff app
 * (`/{de|en|fr}/admin…`), written plainly. Anything else — another origin (`//host`, `\\host`,
 * `https:`), a scheme, percent-encoded separators or dots, control characters, `..`
 * segments, a fragment — is refused and the staff app's start page is used instead.
 */
const PLAIN_PATH = /^\/(de|en|fr)\/admin(\/[A-Za-z0-9_~.-]+)*\/?(\?[A-Za-z0-9_~.=&-]*)?$/

export function isSafeAdminRedirect(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 512 || !PLAIN_PATH.test(value)) return false
  if (value.split('?')[0]!.split('/').some((segment) => segment === '.' || segment === '..')) return false
  if (/^\/(de|en|fr)\/admin\/sign-in(\/|\?|$)/.test(value)) return false
  // The browser's own reading must agree: same origin, same path.
  const base = 'https://shop.invalid'
  const url = new URL(value, base)
  return url.origin === base && `${url.pathname}${url.search}` === value
}

export const adminStart = (lang: Locale) => `/${lang}/admin`

/** The path to go to after signing in. */
export function afterSignIn(redirect: unknown, lang: Locale): string {
  return isSafeAdminRedirect(redirect) ? redirect : adminStart(lang)
}
