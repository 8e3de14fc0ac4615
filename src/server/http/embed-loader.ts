import { createHash } from 'node:crypto'
import { ifNoneMatches } from './conditional'
import { REQUEST_ID_HEADER } from './problem'

let memo: { code: string; etag: string } | undefined

/** Strong validator of the script text (computed once per distinct text). */
function etagOf(code: string): string {
  if (memo?.code !== code) memo = { code, etag: `"${createHash('sha256').update(code).digest('hex')}"` }
  return memo.etag
}

/**
 * GET/HEAD /embed/v1/loader.js: the built loader (see vite-plugin-embed-loader.ts).
 * The URL is the same for every release, so it is cached only briefly (5 min, then revalidated in
 * the background for up to a day) and never `immutable`; the ETag makes revalidation cheap.
 * Loaded cross-origin by host pages: CORP cross-origin, and nosniff so it runs only as script.
 */
export function embedLoaderResponse(request: Request, code: string, requestId: string): Response {
  const etag = etagOf(code)
  const headers: Record<string, string> = {
    'cache-control': 'public, max-age=300, stale-while-revalidate=86400',
    etag,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'cross-origin',
    [REQUEST_ID_HEADER]: requestId,
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', {
      status: 405,
      headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', [REQUEST_ID_HEADER]: requestId },
    })
  }
  if (ifNoneMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  headers['content-type'] = 'application/javascript; charset=utf-8'
  return new Response(request.method === 'HEAD' ? null : code, { status: 200, headers })
}
