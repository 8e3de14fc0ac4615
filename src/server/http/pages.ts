import { REQUEST_ID_HEADER } from './problem'

const EMBED_PATH = /^\/(de|en|fr)\/embed\//

/** Headers for every page: only embed routes may be framed (DESIGN §8). */
export function securityHeaders(pathname: string): Record<string, string> {
  const embed = EMBED_PATH.test(pathname)
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(embed ? {} : { 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" }),
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
