/**
 * The contract on the wire (issue 20, point 4): every e2e test checks the shop API's requests
 * and answers against the contract (fixtures.ts `wire`). This spec proves the check is not
 * vacuous (a checkout's page load and binding click are checked, the server's answers compressed
 * as they travel) and that it catches a breach: an answer of the real server altered on the way,
 * a request with an undeclared parameter, and a write without its required body.
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
