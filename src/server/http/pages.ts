import { REQUEST_ID_HEADER } from './problem'

const EMBED_PATH = /^\/(de|en|fr)\/embed\//
const FRAME_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i

export function isEmbedPath(pathname: string) {
  return EMBED_PATH.test(pathname)
}

/**
 * Headers for every answer, whatever its type: no content sniffing; over HTTPS (the request's
 * URL, or the trusted proxy's X-Forwarded-Proto) browsers keep to HTTPS for a year. Never over
 * plain HTTP: a visitor there could not reach the shop any more.
 */
export function transportHeaders(secure: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

/** Pages that show personal data (checkout, its outcome, a payment link): never stored. */
const PERSONAL_PAGE = /^\/(de|en|fr)\/(checkout\/[^/]+(\/success)?|aftersales\/payment\/[^/]+)\/?$/

export function isPersonalPage(pathname: string) {
  return PERSONAL_PAGE.test(pathname)
}

/** The staff app's pages: personal data (never stored), never indexed, never framed (as every non-embed page). */
export { isStaffPage } from '~/lib/staff-pages'

/** Headers of a staff page on top of `securityHeaders`. */
export function staffPageHeaders(): Record<string, string> {
  return { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' }
}

/**
 * Headers for every page: a Content-Security-Policy with a per-request script
 * nonce; only embed routes may be framed; no referrer beyond the origin elsewhere.
 */
export function securityHeaders(
  pathname: string,
  options: { nonce?: string; connectSources?: string[]; frameAncestors?: string[] } = {},
): Record<string, string> {
  const embed = isEmbedPath(pathname)
  // The allow-list comes from shop configuration: only well-formed origins reach the header; a
  // list with none left means only the shop itself (the operator meant to restrict, not to open
  // up). The shop's own pages (the widgets page's preview) may always frame its embeds.
  const allowed = options.frameAncestors?.filter((o) => FRAME_ORIGIN.test(o)).map((o) => o.toLowerCase())
  const ancestors = !embed ? "'none'" : options.frameAncestors?.length ? ["'self'", ...allowed!].join(' ') : '*'
  const csp = [
    "default-src 'self'",
    `script-src 'self'${options.nonce ? ` 'nonce-${options.nonce}'` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${options.connectSources?.length ? ` ${options.connectSources.join(' ')}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ')
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': csp,
    ...(embed ? {} : { 'x-frame-options': 'DENY' }),
  }
}

/** The 404 'Invalid host' page: no shop (and so no theme or language) is known for this host. */
export function invalidHostPage(requestId: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>404 Invalid host</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2937}
main{text-align:center;padding:2rem}h1{font-size:4rem;margin:0}p{font-size:1.25rem}</style></head>
<body><main><h1>404</h1><p>Invalid host</p>
<p lang="de">Ungültiger Host</p><p lang="fr">Hôte non valide</p></main></body></html>`
  return new Response(html, {
    status: 404,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      [REQUEST_ID_HEADER]: requestId,
      ...securityHeaders('/'),
    },
  })
}
