/**
 * Which shop a request is for, from its Host header (DESIGN §4, spec §5).
 * Pure: the lookup of custom domains and slugs is done by the caller.
 */
export type HostResolution =
  | { kind: 'invalid' }
  | { kind: 'default' }
  | { kind: 'hosted'; slug: string }
  | { kind: 'custom'; domain: string }

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** The host name of a Host header: lower case, without port and trailing dot; null if malformed. */
export function normaliseHost(hostHeader: string | null | undefined): string | null {
  if (!hostHeader) return null
  let host = hostHeader.trim().toLowerCase()
  if (host.startsWith('[')) {
    const end = host.indexOf(']')
    return end > 0 ? host.slice(0, end + 1) : null
  }
  const colon = host.indexOf(':')
  if (colon >= 0) {
    const port = host.slice(colon + 1)
    if (!/^\d{1,5}$/.test(port)) return null
    host = host.slice(0, colon)
  }
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
