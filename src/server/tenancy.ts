/**
 * Which shop a request is for, from its Host header.
 * Pure: the lookup of custom domains and slugs is done by the caller.
 */
export type HostResolution =
  | { kind: 'invalid' }
  | { kind: 'default' }
  | { kind: 'hosted'; slug: string }
  | { kind: 'custom'; domain: string }

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * An authority as a Host header may carry it: a host name (letters, digits, dots, hyphens) or a
 * bracketed IPv6 address, then at most a `:port` of digits. Nothing else: no user-info (`@`), no
 * path, query or fragment characters, no spaces, no percent-encoding, no second port. Links are
 * never built from this header (src/server/http/public-origin.ts), but a header that a URL
 * parser would read differently from this function is refused outright.
 */
const AUTHORITY = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/

/** The host name of a Host header: lower case, without port and trailing dot; null if malformed. */
export function normaliseHost(hostHeader: string | null | undefined): string | null {
  if (!hostHeader) return null
  const match = AUTHORITY.exec(hostHeader.trim().toLowerCase())
  if (!match) return null
  let host = match[1]!
  if (match[2] !== undefined && Number(match[2]) > 65535) return null
  if (host.startsWith('[')) return host
  if (host.endsWith('.')) host = host.slice(0, -1)
  if (host.length === 0 || host.length > 253) return null
  return host
}

export function resolveHost(hostHeader: string | null | undefined, hostedDomain: string): HostResolution {
  const host = normaliseHost(hostHeader)
  if (host === null) return { kind: 'invalid' }
  if (LOOPBACK.has(host)) return { kind: 'default' }
  const labels = host.split('.')
  if (!labels.every((l) => LABEL.test(l))) return { kind: 'invalid' }

  // `{tenant}.localhost` always works for local use, whatever HOSTED_DOMAIN is.
  for (const suffix of new Set([hostedDomain.toLowerCase(), 'localhost'])) {
    if (!host.endsWith(`.${suffix}`)) continue
    // Spec §5: at most 4 labels when the host ends with the hosted-domain suffix.
    if (labels.length > 4) return { kind: 'invalid' }
    const suffixLabels = suffix.split('.').length
    const slug = labels[labels.length - suffixLabels - 1]
    return slug ? { kind: 'hosted', slug } : { kind: 'invalid' }
  }
  // Spec §5: at most 3 labels otherwise.
  if (labels.length > 3) return { kind: 'invalid' }
  return { kind: 'custom', domain: host }
}
