import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'

const LANGS = ['de', 'en', 'fr'] as const

const TEXT = {
  imprint: { de: 'Impressum', en: 'Imprint', fr: 'Mentions légales' },
  privacy: { de: 'Datenschutzerklärung', en: 'Privacy policy', fr: 'Politique de confidentialité' },
  terms: { de: 'Allgemeine Geschäftsbedingungen', en: 'Terms and conditions', fr: 'Conditions générales' },
  notFoundPath: { de: 'Seite nicht gefunden: ', en: 'Page not found: ', fr: 'Page introuvable : ' },
  notFoundValidation: { de: 'Seite nicht gefunden', en: 'Page Not Found', fr: 'Page introuvable' },
  notFoundTitle: { de: 'Seite nicht gefunden', en: 'Page not found', fr: 'Page introuvable' },
  invalidTitle: { de: 'Ungültige Anfrage', en: 'Invalid enquiry', fr: 'Demande non valable' },
  goHome: { de: 'Zur Startseite', en: 'Go to the home page', fr: 'Retour à l’accueil' },
}

test.describe('shop shell', () => {
  for (const lang of LANGS) {
    test(`home, legal pages and a 404 in ${lang}: texts, titles, meta, no axe violations`, async ({ page }) => {
      test.slow() // six pages, axe on each: 20–30 s on the 2-core machine while the other worker runs
      const home = await page.goto(at('localhost', `/${lang}`))
      expect(home?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      const title = (await page.getByTestId('shop-title').textContent())!.trim()
      const description = await page.locator('meta[name="description"]').getAttribute('content')
      expect(description).toBeTruthy()
      await expect(page).toHaveTitle(`${description} – ${title}`)
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`^http://localhost:${at('', '').split(':')[2]}/api/media/v1/media/.+\\.jpg\\?width=1024$`))
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\/api\/media\/v1\/media\/.+\.jpg\?width=64$/)
      for (const l of LANGS) await expect(page.locator(`link[rel="alternate"][hreflang="${l}"]`)).toHaveAttribute('href', at('localhost', `/${l}`))
      await expectNoAxeViolations(page)

      for (const [key, path] of [['imprint', 'imprint'], ['privacy', 'privacy-policy'], ['terms', 'terms-and-conditions']] as const) {
        await page.getByTestId('footer').getByRole('link', { name: TEXT[key][lang], exact: true }).click()
        await expect(page).toHaveURL(at('localhost', `/${lang}/${path}`))
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[key][lang])
        await expect(page).toHaveTitle(`${TEXT[key][lang]} – ${title}`)
        await expect(page.getByTestId('legal-text').locator('h2').first()).toBeVisible()
        await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute('href', at('localhost', `/${lang}/${path}`))
        await expectNoAxeViolations(page)
      }

      const missing = await page.goto(at('localhost', `/${lang}/no-such-page`))
      expect(missing?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`404 ${TEXT.notFoundPath[lang]}/${lang}/no-such-page`)
      await expect(page.getByRole('link', { name: TEXT.goHome[lang] })).toHaveAttribute('href', `/${lang}`)
      // a page of the shop like any other: header, footer, and a title that names the error
      await expect(page.getByTestId('shop-title')).toHaveText(title)
      await expect(page.getByTestId('footer')).toBeVisible()
      await expect(page).toHaveTitle(`${TEXT.notFoundTitle[lang]} – ${title}`)
      await expectNoAxeViolations(page)

      const bad = await page.goto(at('localhost', `/${lang}?page=-1`))
      expect(bad?.status()).toBe(400)
      await expect(page.getByTestId('footer')).toBeVisible()
      await expect(page).toHaveTitle(`${TEXT.invalidTitle[lang]} – ${title}`)

      const invalid = await page.goto(at('localhost', `/${lang}/listing/Not_A_Slug`))
      expect(invalid?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`404 ${TEXT.notFoundValidation[lang]}`)
      await expectNoAxeViolations(page)
    })
  }

  test('validates cart and token parameters', async ({ page }) => {
    const id = 'A'.repeat(24)
    for (const [path, status] of [
      [`/de/checkout/${id}`, 404], // well-formed, but no such cart
      [`/de/checkout/${id}/success`, 404],
      ['/de/checkout/too-short', 404],
      [`/de/aftersales/payment/${id}`, 404], // well-formed, but no such payment link
      ['/de/aftersales/payment/x', 404],
      ['/de/embed/v1/booking/canyoning-grimsel', 200],
      ['/de/embed/v1/booking/no-such-offer', 404], // well-formed, but no such offer
      ['/de/embed/v1/listing/no-such-offer', 404],
      ['/de/embed/v1/booking/Bad!', 404],
      ['/de/embed/v1/search', 200],
    ] as const) {
      const response = await page.goto(at('localhost', path))
      expect(response?.status(), path).toBe(status)
    }
  })

  test('the language switch persists through the cookie', async ({ page, context }) => {
    await gotoHydrated(page, at('localhost', '/de/imprint'))
    await page.getByRole('link', { name: /Français/ }).click()
    await expect(page).toHaveURL(at('localhost', '/fr/imprint'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mentions légales')
    const cookie = (await context.cookies()).find((c) => c.name === 'locale')
    expect(cookie?.value).toBe('fr')
    expect(cookie?.sameSite).toBe('Lax')
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThanOrEqual(366)
    await page.goto(at('localhost', '/'))
    await expect(page).toHaveURL(at('localhost', '/fr'))
  })

  test('the second shop offers only its languages and falls back from /en', async ({ page }) => {
    await page.goto(at('atelier.localhost', '/de'))
    const switcher = page.getByRole('navigation', { name: 'Sprache' })
    await expect(switcher.getByRole('link')).toHaveCount(2)
    const response = await page.goto(at('atelier.localhost', '/en/imprint'))
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(at('atelier.localhost', '/fr/imprint'))
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  })

  test('the minimal and embedded layouts', async ({ page }) => {
    await page.goto(at('localhost', `/de/aftersales/payment/${'B'.repeat(24)}`))
    await expect(page.getByTestId('footer')).toHaveCount(0)
    // the logo and the shop's name lead back to the shop
    await expect(page.getByRole('link', { name: 'Alpin Abenteuer Interlaken' })).toHaveAttribute('href', '/de')
    await expect(page.locator('header img')).toBeVisible()
    await page.goto(at('localhost', '/en/embed/v1/search'))
    await expect(page.locator('header')).toHaveCount(0)
    await expect(page.getByTestId('footer')).toHaveCount(0)
    await expect(page.locator('[data-layout="embedded"]')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('the loading indicator appears on a slow navigation and completes', async ({ page }) => {
    await gotoHydrated(page, at('localhost', '/en'))
    await page.route('**/_serverFn/**', async (route) => {
      await new Promise((r) => setTimeout(r, 800))
      await route.continue()
    })
    await page.getByTestId('footer').getByRole('link', { name: 'Imprint', exact: true }).click()
    await expect(page.getByTestId('loading-bar')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint')
    await expect(page.getByTestId('loading-bar')).toHaveCount(0)
  })

  test('tag icons come from the local icon endpoint', async ({ page }) => {
    await page.goto(at('localhost', '/en'))
    const icon = page.locator('[data-icon="mdi:waves"]')
    await expect(icon).toHaveCount(1)
    const response = await page.request.get(at('localhost', '/api/webshop/v1/icons/mdi/waves.svg'))
    expect(response.status()).toBe(200)
  })

  for (const [lang, text] of [['de', 'Ein unerwarteter Fehler ist aufgetreten.'], ['en', 'An unexpected error has occurred.']] as const) {
    test(`an error nothing handles, outside the router, leads to the error screen (${lang})`, async ({ page, pageErrors }) => {
      await gotoHydrated(page, at('localhost', `/${lang}`))
      await expect(page.getByTestId('offer-card').first()).toBeVisible()
      // a click handler's promise that rejects with nobody to catch it, as a defect would
      await page.evaluate(() => {
        setTimeout(() => void Promise.reject(new Error('e2e: a rejection nobody handles')), 0)
      })
      await expect(page.getByTestId('error-screen')).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`500 ${text}`)
      await expect(page.getByTestId('offer-card')).toHaveCount(0)
      await expectNoAxeViolations(page)
      // the page error is this test's own doing; any other still fails it
      const own = pageErrors.filter((e) => e.includes('e2e: a rejection nobody handles'))
      expect(own.length).toBeLessThanOrEqual(1)
      pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !own.includes(e)))
    })
  }
})
