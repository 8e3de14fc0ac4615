import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type Page } from '@playwright/test'

export const PORT = Number(process.env.E2E_PORT ?? 4173)
export const at = (host: string, path = '/') => `http://${host}:${PORT}${path}`

/** Every page test fails on a CSP violation or an uncaught error in the page. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(`pageerror on ${page.url()}: ${e.message}`))
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) errors.push(`csp: ${m.text()}`)
      })
      await use(errors)
      expect(errors, 'errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** axe-core finds no WCAG A/AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(summary).toEqual([])
}

/**
 * Opens a page and waits until its content has hydrated (`html[data-hydrated]`, set by the
 * `$lang` route): a click before that is a plain link's full page load, or, on a busy machine,
 * may reach a half-hydrated page.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 })
  return response
}

/** Picks the first selectable day, moving to the next month (at most three times) if needed. */
export async function pickFirstDay(page: Page, nextLabel: string, skip = 0) {
  const panel = page.getByTestId('booking-panel')
  let left = skip
  for (let i = 0; i < 6; i++) {
    // the month's availability is fetched by the browser: seconds on a busy machine
    await expect(panel.locator('[aria-busy="false"]').first()).toBeVisible({ timeout: 15_000 })
    // tests running in parallel spread over different days, so their holds do not meet; near the
    // end of a month the count goes on in the next one (never back to today, whose dates may be
    // about to start)
    const days = panel.locator('button[data-day]:not([disabled])')
    const count = await days.count()
    if (left < count) {
      await days.nth(left).click()
      return
    }
    left -= count
    await panel.getByRole('button', { name: nextLabel }).click()
  }
  throw new Error('no selectable day in six months')
}

