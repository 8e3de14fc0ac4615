/**
 * Safe navigation: dangerous protocols are refused everywhere, and an external URL
 * needs an explicit `external` flag. Config-provided links go through here before they reach
 * an `href`.
 */
const DANGEROUS = /^(javascript|data|vbscript):/i

/** What a browser would see as the scheme: control characters and whitespace are ignored. */
function schemeOf(url: string) {
  // eslint-disable-next-line no-control-regex
  return url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
}

export function isDangerousUrl(url: string): boolean {
  const cleaned = schemeOf(url)
  if (DANGEROUS.test(cleaned)) return true
  // entity-encoded schemes (`javascript&colon;`) are refused too
  return /^[a-z]+(&colon;|&#0*58;|&#x0*3a;)/i.test(cleaned)
}

export function isExternalUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(schemeOf(url)) || url.trim().startsWith('//')
}

export class UnsafeUrlError extends Error {
  constructor(url: string, reason: 'dangerous' | 'external') {
    super(
      reason === 'dangerous'
        ? `Refused a dangerous URL: ${url.slice(0, 60)}`
        : `Navigating to an external URL needs the external flag: ${url.slice(0, 60)}`,
    )
    this.name = 'UnsafeUrlError'
  }
}

/**
 * The href to use, or throws. Internal paths pass; http(s), mailto and tel pass with
 * `external: true`; javascript:, data:, vbscript: never pass.
 */
export function safeHref(url: string, options: { external?: boolean } = {}): string {
  if (isDangerousUrl(url)) throw new UnsafeUrlError(url, 'dangerous')
  if (isExternalUrl(url)) {
    if (!options.external) throw new UnsafeUrlError(url, 'external')
    if (!/^(https?:|mailto:|tel:)/i.test(url.trim())) throw new UnsafeUrlError(url, 'dangerous')
  }
  return url.trim()
}

/** Like safeHref, but gives undefined instead of throwing (for optional config links). */
export function safeHrefOrUndefined(url: string | undefined, options: { external?: boolean } = {}) {
  if (!url) return undefined
  try {
    return safeHref(url, options)
  } catch {
    return undefined
  }
}

/**
 * Where an answer may send the browser (a payment provider's page): https anywhere, or a page of
 * `origin` (the shop's own, e.g. the sandbox provider). Anything else — another scheme, plain
 * http elsewhere, javascript: in any disguise — throws. Gives the absolute URL.
 */
export function safeNavigationUrl(url: string, origin: string): string {
  if (isDangerousUrl(url)) throw new UnsafeUrlError(url, 'dangerous')
  let target: URL
  try {
    target = new URL(url.trim(), origin)
  } catch {
    throw new UnsafeUrlError(url, 'dangerous')
  }
  if (target.protocol === 'https:' || target.origin === new URL(origin).origin) return target.href
  throw new UnsafeUrlError(url, 'external')
}

/** A payment start whose `redirectUrl` passed `safeNavigationUrl` (the page's own origin). */
export function withSafeRedirect<T extends { redirectUrl: string }>(start: T, origin = window.location.origin): T {
  return { ...start, redirectUrl: safeNavigationUrl(start.redirectUrl, origin) }
}
