/**
 * The contract on the wire (issue 20, point 4): every e2e test checks the shop API's requests
 * and answers against the contract (fixtures.ts `wire`). This spec proves the check is not
 * vacuous (a checkout's page load and binding click are checked, the server's answers compressed
 * as they travel) and that it catches a breach: an answer of the real server altered on the way,
 * a request with an undeclared parameter, and a write without its required body. A read the
 * browser keeps is revalidated by its ETag (ADR 039): the 304 is checked like any answer.
 */
import { at, checkWire, expect, gotoHydrated, test } from './fixtures'
import { cartFor } from './checkout-helpers'

test.describe('the contract checked on the wire', () => {
  test('a cart added from the offer page: every request and answer of the API was checked, compressed answers included (en)', async ({ page, wire }) => {
    const encodings: string[] = []
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/webshop/v1/')) encodings.push((await response.allHeaders())['content-encoding'] ?? 'identity')
    })
    await cartFor(page, 'en', 'AVAILABLE', 4)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(wire.requests).toBeGreaterThan(2)
    expect(wire.answers).toBeGreaterThan(2)
    expect(encodings).toContain('gzip')
  })

  test('a read the browser keeps is revalidated by its ETag, the 304 checked on the wire, and the page still reads the whole answer (fr)', async ({ page, wire }) => {
    const seen: { ifNoneMatch?: string; etag?: string; type?: string; vary?: string }[] = []
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/webshop/v1/offers') return
      const headers = await response.allHeaders()
      seen.push({ ifNoneMatch: (await response.request().allHeaders())['if-none-match'], etag: headers.etag, type: headers['content-type'], vary: headers.vary })
    })
    await gotoHydrated(page, at('localhost', '/fr'))
    const read = () =>
      page.evaluate(async () => {
        const response = await fetch('/api/webshop/v1/offers?perPage=3', { headers: { 'x-flowin-locale': 'fr' } })
        return { status: response.status, count: ((await response.json()) as { data: unknown[] }).data.length }
      })
    const first = await read()
    expect(first.status).toBe(200)
    expect(await read()).toEqual(first)
    await expect.poll(() => seen.length).toBe(2)
    // gzip made the tag weak; the browser sent it back and the server's answer (a 304: no body,
    // no content type; Chromium reports it as the cached 200) carried the same tag and Vary
    expect(seen[0]!.etag).toMatch(/^W\/"/)
    expect(seen[0]!.vary).toBe('x-flowin-locale, accept-encoding')
    expect(seen[1]).toEqual({ ifNoneMatch: seen[0]!.etag, etag: seen[0]!.etag, type: undefined, vary: seen[0]!.vary })
    expect(wire.answers).toBeGreaterThan(1)
  })

  test.describe('a breach is caught', () => {
    test.use({ wireContract: false }) // this test inspects its own check instead

    test('an answer of the real server altered on the way, an undeclared query parameter and a missing body (de)', async ({ context, page }) => {
      let found: string[] = []
      await checkWire(context, async (wire) => {
        await gotoHydrated(page, at('localhost', '/de'))
        // the real server's answer (with its request id), two required fields taken out
        await page.route(/\/api\/webshop\/v1\/config$/, async (route) => {
          const response = await route.fetch()
          const body = (await response.json()) as { data: Record<string, unknown> }
          delete body.data.currency
          delete body.data.timeZone
          const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)))
          await route.fulfill({ status: response.status(), headers, body: JSON.stringify(body) })
        })
        await page.evaluate(async () => {
          await (await fetch('/api/webshop/v1/config', { headers: { 'x-flowin-locale': 'de' } })).text()
          await fetch('/api/webshop/v1/config?surprise=1', { headers: { 'x-flowin-locale': 'de' } })
          await fetch('/api/webshop/v1/carts/AAAAAAAAAAAAAAAAAAAAAA/items', { method: 'POST', headers: { 'x-flowin-locale': 'de' } })
        })
        found = wire.problems
      })
      expect(found.join('\n')).toMatch(/answer GET \/api\/webshop\/v1\/config 200: .*must have required property/)
      expect(found.join('\n')).toMatch(/request GET \/api\/webshop\/v1\/config: .*query parameter surprise is not declared/)
      expect(found.join('\n')).toMatch(/request POST \/api\/webshop\/v1\/carts\/A+\/items: .*the required body is missing/)
    })
  })
})
