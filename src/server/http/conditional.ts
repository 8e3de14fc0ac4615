import { createHash } from 'node:crypto'

/**
 * Whether `If-None-Match` names `etag`: `*`, or any tag of the list by RFC 9110's weak comparison
 * (§13.1.2, the one If-None-Match uses): `W/"x"` matches `"x"`. The server's gzip turns a strong
 * tag weak (scripts/serve.ts `compress`), and a browser sends back the tag it was given.
 */
export function ifNoneMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

/** The header fields a 304 carries when its 200 would (RFC 9110 §15.4.5): what caches key and keep it by. */
const KEPT_ON_304 = ['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary']

/** A 304 for `response`: its validators and caching headers, no body. */
export function notModified(response: Response): Response {
  const headers = new Headers()
  for (const name of KEPT_ON_304) {
    const value = response.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  return new Response(null, { status: 304, headers })
}

/** Adds names to a `Vary` header once each. */
export function varyOn(headers: Headers, ...names: string[]) {
  const present = (headers.get('vary') ?? '').split(',').map((n) => n.trim()).filter(Boolean)
  for (const name of names) if (!present.some((p) => p.toLowerCase() === name.toLowerCase())) present.push(name)
  headers.set('vary', present.join(', '))
}

/** Cache-Control that forbids keeping (or sharing) an answer: such an answer gets no validator. */
const UNSHARED = /\b(no-store|private)\b/i

/**
 * Conditional GET for an answer that opts in (the contract declares its 304): a 200 without an
 * ETag of its own gets a strong one, the SHA-256 of `varies` (what the answer depends on beyond
 * its bytes: the shop, the locale, the path and query) and of the exact body, so two shops or two
 * languages never share a tag even where their bodies are equal. It must be revalidated on every
 * use (`no-cache` unless the operation said otherwise) and varies on `varyHeaders`. A request whose
 * If-None-Match names the tag (weak comparison) gets a 304 with no body and the same ETag,
 * Cache-Control and Vary. An answer that must not be kept (`no-store`, `private`: a staff
 * member's preview) and any other status pass unchanged. Nothing is stored between requests: the
 * tag is computed from the answer each time.
 */
export async function conditional(request: Request, response: Response, varies: string[], varyHeaders: string[]): Promise<Response> {
  if (response.status !== 200) return response
  const ifNoneMatch = request.headers.get('if-none-match')
  const own = response.headers.get('etag')
  if (own) return ifNoneMatches(ifNoneMatch, own) ? (await response.body?.cancel(), notModified(response)) : response
  const cacheControl = response.headers.get('cache-control')
  if (cacheControl && UNSHARED.test(cacheControl)) return response
  const body = new Uint8Array(await response.arrayBuffer())
  const hash = createHash('sha256')
  for (const part of varies) hash.update(part).update('\0')
  hash.update(response.headers.get('content-type') ?? '').update('\0').update(body)
  const headers = new Headers(response.headers)
  headers.set('etag', `"${hash.digest('base64url')}"`)
  if (!cacheControl) headers.set('cache-control', 'no-cache')
  varyOn(headers, ...varyHeaders)
  const tagged = new Response(body, { status: 200, statusText: response.statusText, headers })
  return ifNoneMatches(ifNoneMatch, headers.get('etag')!) ? notModified(tagged) : tagged
}
