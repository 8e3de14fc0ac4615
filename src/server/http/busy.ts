/**
 * The answer when a server process has more requests waiting than it takes
 * (REQUEST_QUEUE_LIMIT, scripts/lib/request-gate.ts): 503 with Retry-After, at once, before any
 * work. A page asked for by a browser gets a small page of its own in the path's language (the
 * texts are in the server's run-time catalogue, src/locales/{locale}/mail.po); anything else the
 * API's error body with the code `server.busy`. Nothing of the shop is read to answer it: no
 * configuration, no database.
 */
import { randomUUID } from 'node:crypto'
import { escapeHtml } from '~/lib/html'
import { DEFAULT_LOCALE, localeFromPath } from '~/lib/locale'
import { mailI18n } from '~/server/mail/i18n'
import { securityHeaders } from './pages'
import { errorResponse, HttpError } from './problem'

export const BUSY_RETRY_AFTER_SECONDS = 2

const TEXTS = {
  title: /*i18n*/ 'The shop is very busy right now',
  description: /*i18n*/ 'Too many visitors at once. Please try again in a moment.',
  retry: /*i18n*/ 'Try again',
}

function wantsPage(request: Request, pathname: string) {
  return !/^\/(api|sanctum|_serverFn)(\/|$)/.test(pathname) && (request.headers.get('accept') ?? '').includes('text/html')
}

export function busyResponse(request: Request): Response {
  const { pathname, search } = new URL(request.url)
  const headers = { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }
  if (!wantsPage(request, pathname)) {
    const error = new HttpError(503, 'Service unavailable', 'The server is very busy. Please try again in a moment.', { code: 'server.busy', retryAfter: BUSY_RETRY_AFTER_SECONDS }, headers)
    return errorResponse(error, randomUUID())
  }
  const locale = localeFromPath(pathname) ?? DEFAULT_LOCALE
  const i18n = mailI18n(locale)
  const [title, description, retry] = [TEXTS.title, TEXTS.description, TEXTS.retry].map((id) => escapeHtml(i18n._(id)))
  // a link to the page asked for: a GET again; a form sent with POST is sent again by the browser's reload
  const again = request.method === 'GET' ? escapeHtml(pathname + search) : ''
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:32rem;padding:2rem;text-align:center}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${description}</p>
${again ? `<p><a href="${again}">${retry}</a></p>` : ''}
</main>
</body>
</html>
`
  return new Response(html, {
    status: 503,
    headers: { ...headers, 'content-type': 'text/html; charset=utf-8', 'x-robots-tag': 'noindex', ...securityHeaders(pathname) },
  })
}
