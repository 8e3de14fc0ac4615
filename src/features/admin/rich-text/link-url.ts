/**
 * The addresses a link of a rich text may have. The server's sanitiser (src/server/rich-text.ts)
 * is the guard; these rules only keep the editor from producing links it would drop, and tell
 * the operator at once.
 */

/** The hrefs the server keeps: http(s), mailto, tel, a path of the shop or a fragment. */
export function isKeptHref(href: string): boolean {
  return /^(https?:|mailto:|tel:|\/(?!\/)|#)/i.test(href)
}

const EMAIL = /^[^\s@:/?#]+@[^\s@:/?#]+\.[^\s@:/?#]+$/
const PHONE = /^\+?[0-9][0-9 ()./-]{4,}$/

/**
 * What the link form accepts, as the href to store: an http(s) address with a host (no user
 * name or password: they are a phishing trick), `mailto:` or `tel:`. A bare e-mail address,
 * an international phone number (+41 …) or `www.…` gets its scheme. Anything else is null.
 */
export function linkHref(input: string): string | null {
  const value = input.trim()
  if (EMAIL.test(value)) return `mailto:${value}`
  if (value.startsWith('+') && PHONE.test(value)) return `tel:${dialable(value)}`
  if (/^www\./i.test(value)) return webAddress(`https://${value}`)
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase()
  if (scheme === 'http' || scheme === 'https') return webAddress(value)
  if (scheme === 'mailto') {
    const [address = ''] = value.slice('mailto:'.length).split('?')
    return EMAIL.test(decodeSafely(address)) && !/\s/.test(value) ? `mailto:${value.slice('mailto:'.length)}` : null
  }
  if (scheme === 'tel') {
    const number = value.slice('tel:'.length)
    return PHONE.test(number) ? `tel:${dialable(number)}` : null
  }
  return null
}

function webAddress(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (!url.hostname.includes('.') || url.username || url.password) return null
  return url.href
}

// '+41 (0)44 …': the (0) is dialled only from within the country
function dialable(number: string): string {
  return number.replace(/\(0\)/g, '').replace(/[\s()./-]/g, '')
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return ''
  }
}

/** The text shown for a link inserted without selected text: the address without its scheme. */
export function linkText(href: string): string {
  return href.replace(/^(mailto:|tel:|https?:\/\/)/i, '').replace(/\/$/, '')
}
