/**
 * The staff app's "Further information" group, in de, en and fr: about and help (every role),
 * the widgets with their live preview and the API reference of both contracts (managers and
 * owners), the contract files; a guide gets the 401 page on the API reference; axe on each page.
 */
import type { Page } from '@playwright/test'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { credentials } from './staff-helpers'

type Lang = 'de' | 'en' | 'fr'
const LANGS: Lang[] = ['de', 'en', 'fr']

/** The 401 page's wording (the shop's catalogue). */
const NOT_AUTHORISED = 'You are not authorised to view this page'


/** Signs in (in English) on the way to `path`, and lands there. */
async function signInTo(page: Page, role: 'manager' | 'guide', path: string) {
  const who = credentials('alpin', role)
  await gotoHydrated(page, at('localhost', path))
  await expect(page).toHaveURL(/\/admin\/sign-in\?redirect=/)
  await page.getByLabel('E-mail address').fill(who.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // the password is checked at the production cost (scrypt): allow for a busy machine
  await expect(page).toHaveURL(at('localhost', path), { timeout: 20_000 })
}

test.describe('staff app: further information', () => {
  for (const lang of LANGS) test(`a manager opens about, widgets and the API reference (${lang})`, async ({ page }) => {
    test.slow() // three pages, one with widget frames, one with the renderer (two contracts), axe on each
    await signInTo(page, 'manager', '/en/admin/info')
    const sidebar = page.getByTestId('admin-sidebar')
    {
      // about and help: the version and build the server reports, help per group, links for managers
      await gotoHydrated(page, at('localhost', `/${lang}/admin/info`))
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`))
      const about = page.getByTestId('about-version').locator('dd')
      await expect(about.first()).toHaveText(/^\d+\.\d+\.\d+/)
      const latest = (await (await page.request.get(at('localhost', '/_build/latest.json'))).json()) as { buildId: string }
      await expect(about.nth(1)).toHaveText(latest.buildId)
      for (const group of ['staff', 'profile', 'info']) await expect(page.getByTestId(`help-${group}`)).toBeVisible()
      await expect(page.getByTestId('help-info').getByRole('link')).toHaveCount(2)
      await expect(page.getByTestId('help-staff').getByRole('link')).toHaveCount(0)
      await expect(sidebar.locator('a[aria-current="page"]:not([hreflang])')).toHaveAttribute('href', `/${lang}/admin/info`)
      await expectNoAxeViolations(page)

      // widgets: the public page's snippets, previewed by the loader in frames
      await page.getByTestId('help-info').getByRole('link').first().click()
      await expect(page).toHaveURL(at('localhost', `/${lang}/admin/info/widgets`))
      await expect(page.getByTestId('snippet-booking')).toContainText(`data-lang="${lang}"`)
      await expect(page.getByTestId('snippet-booking')).toContainText('/embed/v1/loader.js')
      await expect(page.locator('[data-flowin-widget] iframe')).toHaveCount(3)
      await expect(page.frameLocator('[data-flowin-widget="search"] iframe').getByRole('heading', { level: 2 }).first()).toBeVisible()
      await expect(sidebar.locator('a[aria-current="page"]:not([hreflang])')).toHaveAttribute('href', `/${lang}/admin/info/widgets`)
      await expectNoAxeViolations(page)

      // the API reference: the shop's contract, then the staff's, each rendered with its operations
      await gotoHydrated(page, at('localhost', `/${lang}/admin/info/api`))
      const reference = page.getByTestId('api-reference')
      await expect(reference).toHaveAttribute('data-state', 'ready', { timeout: 20_000 })
      await expect(reference.getByText('Sets the anti-forgery cookie XSRF-TOKEN.').first()).toBeVisible({ timeout: 20_000 })
      await expectNoAxeViolations(page)
      await page.getByTestId('contract-admin').click()
      await expect(page).toHaveURL(/contract=admin/)
      await expect(reference).toHaveAttribute('data-state', 'ready', { timeout: 20_000 })
      await expect(reference.getByText('Signs in with e-mail and password; sets a new session cookie.').first()).toBeVisible({ timeout: 20_000 })
      await expect(reference.getByText('Sets the anti-forgery cookie XSRF-TOKEN.')).toHaveCount(0)
      // the renderer's theme is overridden for contrast, and its icon-only copy buttons are named
      const copy = reference.locator('button.scalar-code-copy').first()
      await expect(copy).toHaveAttribute('aria-label', { de: 'Code kopieren', en: 'Copy the code', fr: 'Copier le code' }[lang])
      await expectNoAxeViolations(page)
    }
  })

  test('the contract files are served as YAML, cacheable, revalidated by ETag; other names are 404', async ({ request }) => {
    for (const [name, title] of [['webshop', 'Booking web shop API'], ['admin', 'Booking web shop staff API']]) {
      const response = await request.get(at('localhost', `/openapi/${name}.yaml`))
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('text/yaml; charset=utf-8')
      expect(response.headers()['cache-control']).toContain('public')
      const text = await response.text()
      expect(text).toMatch(/^openapi: 3\.1\.0\n/)
      expect(text).toContain(`title: ${title}`)
      const again = await request.get(at('localhost', `/openapi/${name}.yaml`), { headers: { 'if-none-match': response.headers()['etag']! } })
      expect(again.status()).toBe(304)
    }
    expect((await request.get(at('localhost', '/openapi/secrets.yaml'))).status()).toBe(404)
  })

  test('a guide sees about and help but gets the 401 page on the API reference and the widgets', async ({ page }) => {
    await signInTo(page, 'guide', '/en/admin/info')
    await expect(page.getByTestId('about-version')).toBeVisible()
    await expect(page.getByTestId('help-info').getByRole('link')).toHaveCount(0)
    await expect(page.getByTestId('admin-sidebar').getByRole('link', { name: 'API reference' })).toHaveCount(0)
    await expectNoAxeViolations(page)
    for (const path of ['/en/admin/info/api', '/en/admin/info/widgets']) {
      const refused = await gotoHydrated(page, at('localhost', path))
      expect(refused?.status()).toBe(401)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(NOT_AUTHORISED)
      await expect(page.getByTestId('api-reference')).toHaveCount(0)
      await expectNoAxeViolations(page)
    }
  })
})
