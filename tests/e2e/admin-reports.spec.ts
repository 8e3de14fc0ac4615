/**
 * Reports (managers), in de, en and fr: a visitor books through a widget on a hotel's site; the
 * manager opens the reports, sees the figures of the last twelve months, switches to the last
 * twelve weeks, reads the channel table behind its chart (the hotel's host by name), filters by
 * the offer; each chart is an image with words. A guide gets the 401 page. axe on every page.
 */
import type { Page } from '@playwright/test'
import { cartWithPlace, checkoutBody, findSession, visitor } from '../../scripts/lib/shop-api'
import { at, expect, expectNoAxeViolations, test } from './fixtures'
import { credentials, signInOnTheWay, type StaffRole } from './staff-helpers'

const L = {
  de: {
    title: 'Berichte',
    nav: 'Berichte',
    weeks: 'Letzte 12 Wochen',
    channels: 'Buchungen pro Kanal',
    table: 'Zahlen als Tabelle',
    widgetOn: (host: string) => `Widget auf ${host}`,
    chart: /^Balkendiagramm: Buchungen, /,
    offer: 'Angebot',
    show: 'Anzeigen',
    revenue: 'Umsatz',
    notAuthorised: 'Sie sind nicht berechtigt, diese Seite anzusehen.',
  },
  en: {
    title: 'Reports',
    nav: 'Reports',
    weeks: 'Last 12 weeks',
    channels: 'Bookings per channel',
    table: 'Figures as a table',
    widgetOn: (host: string) => `Widget on ${host}`,
    chart: /^Bar chart of bookings, /,
    offer: 'Offer',
    show: 'Show',
    revenue: 'Revenue',
    notAuthorised: 'You are not authorised to view this page',
  },
  fr: {
    title: 'Rapports',
    nav: 'Rapports',
    weeks: '12 dernières semaines',
    channels: 'Réservations par canal',
    table: 'Chiffres sous forme de tableau',
    widgetOn: (host: string) => `Widget sur ${host}`,
    chart: /^Diagramme en barres : réservations, /,
    offer: 'Offre',
    show: 'Afficher',
    revenue: 'Chiffre d’affaires',
    notAuthorised: 'Vous n’êtes pas autorisé·e à consulter cette page.',
  },
} as const

const signInTo = (page: Page, role: StaffRole, path: string) => signInOnTheWay(page, 'localhost', path, credentials('alpin', role))
const letters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')

/** A visitor books one place through the booking widget on `host`'s page (as the widget's checkout sends it): the offer's slug. */
async function bookThroughWidgetOn(host: string): Promise<string> {
  const v = await visitor(at('localhost').replace(/\/$/, ''), 'de')
  const session = await findSession(v)
  const held = await cartWithPlace(v, session)
  expect(held.status).toBe(201)
  const booked = await v.post(`/api/webshop/v1/carts/${held.cart}/checkout`, { ...checkoutBody(held.itemId!), channel: { kind: 'embed', hostOrigin: `https://${host}` } })
  expect(booked.status).toBe(201)
  return session.slug
}

test.describe('staff app: reports', () => {
  for (const lang of ['de', 'en', 'fr'] as const) {
    test(`a manager reads bookings per channel and per offer, charts with words and tables behind them (${lang})`, async ({ page }) => {
      test.slow()
      const t = L[lang]
      const host = `www.hotel-${letters()}.ch`
      await bookThroughWidgetOn(host)
      await signInTo(page, 'manager', `/${lang}/admin/reports`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title)
      await expect(page.getByRole('link', { name: t.nav, exact: true })).toHaveAttribute('aria-current', 'page')
      // Every chart is one image with a sentence; nothing in it takes the focus.
      const charts = page.getByRole('figure').getByRole('img')
      await expect(charts.first()).toHaveAttribute('aria-label', t.chart)
      expect(await page.locator('[role="img"] [tabindex]:not([tabindex="-1"])').count()).toBe(0)
      await expectNoAxeViolations(page)

      // The last twelve weeks, per week.
      await page.getByRole('link', { name: t.weeks }).click()
      await expect(page).toHaveURL(/granularity=week/)
      await expect(page.getByRole('link', { name: t.weeks })).toHaveAttribute('aria-current', 'page')
      const channels = page.getByRole('figure', { name: t.channels })
      await channels.getByText(t.table).click()
      const row = channels.getByRole('row').filter({ has: page.getByRole('rowheader', { name: t.widgetOn(host) }) })
      await expect(row).toHaveCount(1)
      await expect(row.getByRole('cell').first()).toHaveText('1')
      await expectNoAxeViolations(page)

      // One offer: the heading names it, the figures are its own.
      const offerSelect = page.getByLabel(t.offer, { exact: true })
      const firstOffer = (await offerSelect.locator('option').nth(1).textContent())!.trim()
      await offerSelect.selectOption({ label: firstOffer })
      await page.getByRole('button', { name: t.show }).click()
      await expect(page).toHaveURL(/offerId=/)
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${firstOffer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `) })).toBeVisible()
      await expect(page.getByText(t.revenue, { exact: true }).first()).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }

  test('a guide gets the 401 page on the reports', async ({ page }) => {
    await signInTo(page, 'guide', '/de/admin/reports')
    await expect(page.getByText(L.de.notAuthorised)).toBeVisible()
  })
})
