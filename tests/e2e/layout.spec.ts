/**
 * Layout and landmarks where the visitor review (issue 22, points 12 and 13) found them wanting:
 * the search form's heading under the hero, the widgets page wider than a phone, the booking panel
 * two screens down on a phone, axe's landmark rules on the widgets page and during a navigation.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { at, expect, gotoHydrated, pickFirstDay, test } from './fixtures'

const PHONE = { width: 390, height: 844 }

/** axe with its best practices too (landmark-unique, region), not only the WCAG rules. */
async function expectNoAxeViolationsAtAll(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

/** Whether the middle of an element is the element itself (or inside it), not something covering it. */
const uncovered = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect()
    const top = document.elementFromPoint(box.left + Math.min(20, box.width / 2), box.top + box.height / 2)
    return !!top && (top === el || el.contains(top))
  })

test.describe('layout (issue 22, point 12)', () => {
  for (const [lang, heading, viewport] of [
    ['en', 'Find an appointment', { width: 1280, height: 900 }],
    ['de', 'Termin finden', PHONE],
  ] as const) {
    test(`the search form's heading is in sight, not under the hero (${lang}, ${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await gotoHydrated(page, at('localhost', `/${lang}`))
      await expect(page.locator('#find-appointment')).toHaveText(heading)
      await page.locator('#find-appointment').scrollIntoViewIfNeeded()
      expect(await uncovered(page, '#find-appointment')).toBe(true)
    })
  }

  for (const lang of ['en', 'fr'] as const) {
    test(`the widgets page fits a phone and its frames' landmarks do not clash (${lang})`, async ({ page }) => {
      await page.setViewportSize(PHONE)
      await gotoHydrated(page, at('localhost', `/${lang}/widgets`))
      await expect(page.locator('iframe').first()).toBeVisible()
      await page.waitForFunction(() => [...document.querySelectorAll('iframe')].every((f) => f.contentDocument?.querySelector('main')))
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await expectNoAxeViolationsAtAll(page)
    })
  }

  for (const lang of ['de', 'en'] as const) {
    test(`on a phone, a link at the top of an offer leads straight to the booking panel (${lang})`, async ({ page }) => {
      await page.setViewportSize(PHONE)
      await gotoHydrated(page, at('localhost', `/${lang}/listing/canyoning-grimsel`))
      const jump = page.getByTestId('jump-to-booking')
      await expect(jump).toBeInViewport()
      await expect(jump).toHaveText({ de: 'Datum wählen und buchen', en: 'Choose a date and book' }[lang])
      await expect(page.getByTestId('booking-panel')).not.toBeInViewport()
      await jump.click()
      await expect(page.locator('#booking-panel')).toBeInViewport()
    })
  }

  test('on a wide screen, the panel is beside the description and the link is not shown (en)', async ({ page }) => {
    await gotoHydrated(page, at('localhost', '/en/listing/canyoning-grimsel'))
    await expect(page.getByTestId('jump-to-booking')).toBeHidden()
  })

  const REMOVE = {
    en: { next: 'Next month', adult: /^Adult/, add: 'Add to cart and continue', participant: 'Add participant', remove: /^Remove participant 2/ },
    de: { next: 'Nächster Monat', adult: /^Erwachsene/, add: 'In den Warenkorb und weiter', participant: 'Teilnehmende Person hinzufügen', remove: /^Teilnehmende Person 2 entfernen/ },
  } as const
  for (const [lang, skip] of [['en', 8], ['de', 9]] as const) {
    test(`a participant can be removed with a button that looks like one (${lang})`, async ({ page }) => {
      const r = REMOVE[lang]
      await gotoHydrated(page, at('localhost', `/${lang}/listing/canyoning-grimsel`))
      await pickFirstDay(page, r.next, skip)
      const panel = page.getByTestId('booking-panel')
      await panel.locator('fieldset button:not([disabled])').first().click()
      await panel.getByLabel(r.adult).fill('2')
      await panel.getByRole('button', { name: r.add }).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/`))
      const item = page.getByTestId('checkout-item').first()
      await expect(item.getByRole('button', { name: r.participant })).toBeVisible() // the form renders after hydration
      // rows for both places
      for (let guard = 0; guard < 3 && (await item.getByRole('button', { name: r.participant }).count()); guard++) {
        await item.getByRole('button', { name: r.participant }).click()
      }
      const remove = item.getByRole('button', { name: r.remove }).last()
      await expect(remove).toBeVisible()
      expect(await remove.evaluate((el) => getComputedStyle(el).borderTopWidth)).not.toBe('0px')
    })
  }

  test('the loading bar of a navigation is no content outside the landmarks (axe region)', async ({ page }) => {
    await gotoHydrated(page, at('localhost', '/en'))
    await page.route('**/_serverFn/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      await route.continue()
    })
    await page.getByTestId('footer').getByRole('link', { name: 'Imprint', exact: true }).click()
    await expect(page.getByTestId('loading-bar')).toBeVisible()
    const results = await new AxeBuilder({ page }).withRules(['region', 'landmark-unique']).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
})

test.describe('taps before the page is ready (issue 22, point 3)', () => {
  for (const [lang, nextMonth] of [['en', 'Next month'], ['de', 'Nächster Monat'], ['fr', 'Mois suivant']] as const) {
    test(`a button that needs JavaScript waits, visibly disabled, and works once the page has hydrated (${lang})`, async ({ page }) => {
      // The scripts arrive late, as on a slow phone: the server's HTML is there, React is not yet.
      let release = () => {}
      const scripts = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/assets/*.js', async (route) => {
        await scripts
        await route.continue()
      })
      await page.goto(at('localhost', `/${lang}/listing/canyoning-grimsel`), { waitUntil: 'domcontentloaded' })
      const next = page.getByTestId('booking-panel').getByRole('button', { name: nextMonth })
      await expect(next).toBeVisible()
      await expect(next).toBeDisabled()
      expect(await next.evaluate((el) => Number(getComputedStyle(el).opacity))).toBeLessThan(1)
      const month = await page.getByTestId('booking-panel').locator('[aria-live="polite"]').first().textContent()
      release()
      await next.click() // waits until the button is enabled, then works: the tap is not lost
      await expect(page.getByTestId('booking-panel').locator('[aria-live="polite"]').first()).not.toHaveText(month ?? '')
    })
  }
})
