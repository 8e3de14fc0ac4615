import { expect, test, type Page } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4173)
const at = (host: string, path = '/') => `http://${host}:${PORT}${path}`

type Config = {
  id: string
  languages: string[]
  labels: { title: Record<string, string>; slogan: Record<string, string> }
  theme: { colorPalette: Record<string, { background: number[]; foreground: number[] }> }
}

/** A shop's config as its pages get it: `{shop}.localhost` resolves in Chromium, not in Node. */
async function config(page: Page, host: string): Promise<Config> {
  return page.evaluate(async (url) => {
    const response = await fetch(url)
    if (response.status !== 200) throw new Error(`config answered ${response.status}`)
    return (await response.json()).data
  }, at(host, '/api/webshop/v1/config'))
}

test.describe('platform smoke test (production build)', () => {
  test('the default shop renders at localhost with its theme on first paint', async ({ page, request }) => {
    const response = await page.goto(at('localhost', '/de'))
    const alpin = await config(page, 'localhost')
    // server-rendered: the HTML itself carries the brand colours and texts, before any script runs
    const html = await (await request.get(at('localhost', '/de'))).text()
    const primaryCss = `--color-primary:rgb(${alpin.theme.colorPalette.primary!.background.join(' ')})`
    expect(html).toContain(primaryCss)
    expect(html).toContain(`<html lang="de"`)
    expect(html).toContain(alpin.labels.title.de!)
    expect(alpin.id).toBe('alpin')
    expect(response?.status()).toBe(200)
    await expect(page.getByTestId('shop-title')).toHaveText(alpin.labels.title.de!)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())
    expect(primary).toBe(`rgb(${alpin.theme.colorPalette.primary!.background.join(' ')})`)
    // the hero image comes from the media endpoint and loads
    const hero = page.locator('main img').first()
    await expect(hero).toHaveAttribute('src', /\/api\/media\/v1\/media\/.+\.jpg\?width=1024$/)
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/api\/media\/v1\/media\/.+\.jpg\?width=\d+$/)
  })

  test('the second shop renders on its own host, in its own colours, falling back from /en', async ({ page }) => {
    await page.goto(at('localhost', '/de'))
    const alpin = await config(page, 'localhost')
    await page.goto(at('atelier.localhost', '/fr'))
    const atelier = await config(page, 'atelier.localhost')
    expect(atelier.id).toBe('atelier')
    expect(atelier.languages).toEqual(['fr', 'de'])
    await expect(page.getByTestId('shop-title')).toHaveText(atelier.labels.title.fr!)
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())
    expect(primary).toBe(`rgb(${atelier.theme.colorPalette.primary!.background.join(' ')})`)
    expect(primary).not.toBe(`rgb(${alpin.theme.colorPalette.primary!.background.join(' ')})`)
    await page.goto(at('atelier.localhost', '/en'))
    await expect(page).toHaveURL(at('atelier.localhost', '/fr'))
  })

  test('/ answers in the negotiated locale', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-CH' })
    const page = await context.newPage()
    await page.goto(at('localhost', '/'))
    await expect(page).toHaveURL(at('localhost', '/fr'))
    await context.close()
  })

  test("a host with 5 labels gets 404 'Invalid host'", async ({ page }) => {
    const response = await page.goto(at('a.b.c.d.localhost', '/de'))
    expect(response?.status()).toBe(404)
    await expect(page.getByText('Invalid host')).toBeVisible()
  })

  test('an unknown language is a 404 page, an unknown API path a JSON 404', async ({ page, request }) => {
    const response = await page.goto(at('localhost', '/xx'))
    expect(response?.status()).toBe(404)
    // a first segment that is no language is an unmatched path: 'Page not found: {path}', in
    // the shop's first language (alpin: de; atelier: fr)
    expect((await page.goto(at('localhost', '/foo/bar')))?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Seite nicht gefunden: /foo/bar')
    await expect(page.getByTestId('footer')).toBeVisible() // with the shop's header and footer
    await expect(page).toHaveTitle(/^Seite nicht gefunden – /)
    expect((await page.goto(at('atelier.localhost', '/foo/bar')))?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page introuvable : /foo/bar')
    const api = await request.get(at('localhost', '/api/webshop/v1/unknown'))
    expect(api.status()).toBe(404)
    expect(api.headers()['content-type']).toContain('application/json')
    expect(api.headers()['x-flowin-request-id']).toBeTruthy()
  })

  test('pages carry a request id and may not be framed; embed routes may', async ({ request }) => {
    const response = await request.get(at('localhost', '/de'))
    expect(response.headers()['x-flowin-request-id']).toBeTruthy()
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers()['x-frame-options']).toBe('DENY')
    expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/)
    const embed = await request.get(at('localhost', '/de/embed/v1/search'))
    expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *')
    expect(embed.headers()['x-frame-options']).toBeUndefined()
  })

  test('the build id is served for deployment checks, and the same build does not reload', async ({ page, request }) => {
    const response = await request.get(at('localhost', '/_build/latest.json'))
    expect(response.headers()['cache-control']).toBe('no-store')
    expect((await response.json()).buildId).toMatch(/^[a-f0-9]{16}$/)
    await page.goto(at('localhost', '/en'))
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))
    await page.waitForResponse((r) => r.url().endsWith('/_build/latest.json'))
    await page.waitForTimeout(300)
    await page.getByTestId('footer').getByRole('link', { name: 'Imprint', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint')
    // a client-side navigation: the page (and its marker) survived
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42)
  })
})
