import { describe, expect, it } from 'vitest'
import { busyResponse } from './busy'

const page = (path: string, init: RequestInit = {}) => busyResponse(new Request(`http://alpin.localhost${path}`, { headers: { accept: 'text/html,application/xhtml+xml' }, ...init }))

describe('the answer of a server with too many requests waiting (503)', () => {
  it('gives a browser a page in the language of the path, with a link to try the same page again', async () => {
    const cases = [
      ['/de/listing/rafting?date=2026-12-01', 'de', 'Der Shop ist gerade sehr gefragt', 'Erneut versuchen'],
      ['/fr', 'fr', 'La boutique est très sollicitée en ce moment', 'Réessayer'],
      ['/en/checkout/abc', 'en', 'The shop is very busy right now', 'Try again'],
      // no language in the path: the default one
      ['/', 'de', 'Der Shop ist gerade sehr gefragt', 'Erneut versuchen'],
    ] as const
    for (const [path, lang, title, retry] of cases) {
      const response = page(path)
      expect(response.status, path).toBe(503)
      expect(response.headers.get('retry-after')).toBe('2')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const html = await response.text()
      expect(html).toContain(`<html lang="${lang}">`)
      expect(html).toContain(`<h1>${title}</h1>`)
      expect(html).toContain(`<a href="${path.replace('&', '&#38;')}">${retry}</a>`)
      expect(html).not.toContain('<script')
    }
  })

  it('keeps what the path carries out of the markup, and frames only as an embed page may be', async () => {
    const hostile = page("/de/listing/x?q='%22%3E%3Cscript%3E")
    const html = await hostile.text()
    expect(html).not.toContain('<script>')
    expect(html).toContain('<a href="/de/listing/x?q=%27%22%3E%3Cscript%3E">')
    expect(hostile.headers.get('x-frame-options')).toBe('DENY')
    expect(hostile.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const embed = page('/fr/embed/v1/booking/rafting')
    expect(embed.headers.get('x-frame-options')).toBeNull()
    expect(await embed.text()).toContain('<html lang="fr">')
  })

  it('offers no link for a form sent with POST (a reload sends it again, the browser asks first)', async () => {
    const html = await page('/de/aftersales/payment/tok', { method: 'POST' }).text()
    expect(html).toContain('<h1>Der Shop ist gerade sehr gefragt</h1>')
    expect(html).not.toContain('<a ')
  })

  it('gives API calls and everything else the error body with the code server.busy', async () => {
    for (const request of [
      new Request('http://alpin.localhost/api/webshop/v1/offers', { headers: { accept: 'text/html' } }),
      new Request('http://alpin.localhost/api/webshop/v1/carts', { method: 'POST' }),
      new Request('http://alpin.localhost/de/listing/x', { headers: { accept: 'application/json' } }),
    ]) {
      const response = busyResponse(request)
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('2')
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      const body = (await response.json()) as { statusCode: number; data: { code: string; retryAfter: number; requestId: string } }
      expect(body.statusCode).toBe(503)
      expect(body.data).toMatchObject({ code: 'server.busy', retryAfter: 2 })
      expect(body.data.requestId).toMatch(/^[0-9a-f-]{36}$/)
    }
  })
})
