import type { ApiHandler } from '~/server/api/handler'
import { REQUEST_ID_HEADER } from './problem'

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

async function getJson(api: ApiHandler, origin: string, path: string, requestId: string, host: string) {
  const response = await api(new Request(`${origin}${path}`, { headers: { host, 'x-flowin-locale': 'de' } }), { requestId })
  if (!response.ok) return null
  return (await response.json()) as { data: unknown; meta?: { total: number } }
}

/**
 * `sitemap.xml` per shop: home, legal pages and every offer in each of the shop's
 * languages, with hreflang alternates. Built from the same API the pages use; `origin` is the
 * shop's canonical origin (src/server/http/public-origin.ts), null for a host without a shop.
 */
export async function sitemap(request: Request, api: ApiHandler, requestId: string, origin: string | null): Promise<Response> {
  const url = new URL(request.url)
  const host = request.headers.get('host') ?? url.host
  if (!origin) return new Response('Not found', { status: 404, headers: { [REQUEST_ID_HEADER]: requestId } })
  const config = (await getJson(api, origin, '/api/webshop/v1/config', requestId, host))?.data as { languages: string[] } | undefined
  if (!config) return new Response('Not found', { status: 404, headers: { [REQUEST_ID_HEADER]: requestId } })
  const slugs: string[] = []
  for (let page = 1; page <= 20; page++) {
    const list = await getJson(api, origin, `/api/webshop/v1/offers?perPage=50&page=${page}`, requestId, host)
    const data = (list?.data ?? []) as { slug: string }[]
    slugs.push(...data.map((o) => o.slug))
    if (!list?.meta || slugs.length >= list.meta.total || data.length === 0) break
  }
  const languages = config.languages.length ? config.languages : ['de']
  const paths = ['', '/imprint', '/privacy-policy', '/terms-and-conditions', ...slugs.map((s) => `/listing/${s}`)]
  const entries = paths.flatMap((path) =>
    languages.map((lang) => {
      const alternates = languages
        .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(`${origin}/${l}${path}`)}"/>`)
        .join('')
      return `<url><loc>${escapeXml(`${origin}/${lang}${path}`)}</loc>${alternates}</url>`
    }),
  )
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600', [REQUEST_ID_HEADER]: requestId },
  })
}

/** robots.txt: everything but embeds, checkout and payment pages; points at the sitemap. */
export function robots(requestId: string, origin: string | null): Response {
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /*/checkout/',
    'Disallow: /*/aftersales/',
    'Disallow: /*/embed/',
    '',
    ...(origin ? [`Sitemap: ${origin}/sitemap.xml`, ''] : []),
  ].join('\n')
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600', [REQUEST_ID_HEADER]: requestId } })
}
