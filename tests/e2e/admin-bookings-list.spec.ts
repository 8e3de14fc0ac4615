/**
 * Sales → Bookings, in de and fr: a visitor books (pay on site) with a surname of their own
 * with umlauts; the manager finds the booking by that surname (typed without the accents too),
 * sorts, filters, reloads (the address keeps the list), opens the booking's link and downloads
 * the CSV: UTF-8 with the BOM, the header in the page's language, the umlauts intact. axe on the
 * list, with and without results, on a phone's width too.
 */
import type { Page } from '@playwright/test'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { cartFor, fillContact, fillParticipants, T } from './checkout-helpers'
import { credentials, signInOnTheWay } from './staff-helpers'

const L = {
  de: {
    title: 'Buchungen',
    search: 'Nach Code, Name, E-Mail oder Telefon suchen',
    searchButton: 'Suchen',
    csv: 'Als CSV herunterladen',
    header: 'Buchungscode,Status,Art,Gebucht über,Gebucht am,Erstes Datum',
    name: 'Name',
    total: 'Total',
    status: 'Status',
    confirmed: 'Bestätigt',
    cancelled: 'Storniert',
    apply: 'Filter anwenden',
    none: 'Keine Buchung passt zur Suche und zu den Filtern.',
    of: /^1–1 von 1$/,
  },
  fr: {
    title: 'Réservations',
    search: 'Rechercher par code, nom, e-mail ou téléphone',
    searchButton: 'Rechercher',
    csv: 'Télécharger en CSV',
    header: 'Code de réservation,Statut,Type,Réservé via,Réservé le,Première date',
    name: 'Nom',
    total: 'Total',
    status: 'Statut',
    confirmed: 'Confirmée',
    cancelled: 'Annulée',
    apply: 'Appliquer les filtres',
    none: 'Aucune réservation ne correspond à la recherche et aux filtres.',
    of: /^1–1 sur 1$/,
  },
} as const

/** A surname no other run has: umlauts and an accent, and letters of its own. */
const surname = `Grünwald-Jäggé${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`

/** A visitor books one activity in English, to be paid on site, under `surname`: its booking code. */
async function booking(page: Page): Promise<string> {
  await cartFor(page, 'en', 'AVAILABLE', 14)
  await fillParticipants(page, 'en')
  await page.getByRole('button', { name: T.en.cont }).click()
  await fillContact(page, 'en')
  await page.locator('#surname').fill(surname)
  await page.getByRole('button', { name: T.en.cont }).click()
  await page.getByRole('radio', { name: T.en.onSite, exact: true }).check()
  await page.getByRole('checkbox', { name: T.en.terms }).check()
  await page.getByRole('button', { name: T.en.book }).click()
  await expect(page.getByRole('heading', { name: T.en.done })).toBeVisible({ timeout: 20_000 })
  return (await page.getByTestId('booking-code').textContent())!.trim()
}

/** Signs the manager in on the way to `path`, and lands there. */
const signInTo = (page: Page, path: string) => signInOnTheWay(page, 'localhost', path, credentials('alpin', 'manager'))

test.describe('staff app: the bookings list', () => {
  test('a manager finds a visitor’s booking by surname in de and fr and downloads the CSV with its umlauts', async ({ page, browser }) => {
    test.slow() // a checkout, then the list in two languages with axe and downloads
    const visitor = await browser.newPage()
    const code = await booking(visitor)
    await visitor.close()

    await signInTo(page, '/de/admin/sales/bookings')
    for (const lang of ['de', 'fr'] as const) {
      const t = L[lang]
      await gotoHydrated(page, at('localhost', `/${lang}/admin/sales/bookings`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title)
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`))
      await expectNoAxeViolations(page)

      // The surname, typed in lower case without its accents, submitted with Enter: the text stays.
      const field = page.getByRole('searchbox', { name: t.search })
      const typed = surname.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
      await field.fill(typed)
      await field.press('Enter')
      await expect(page).toHaveURL(/[?&]q=/)
      await expect(field).toHaveValue(typed)
      const table = page.getByTestId('bookings-table')
      const row = table.getByRole('row').filter({ hasText: code })
      await expect(row).toHaveCount(1)
      await expect(row).toContainText(surname)
      await expect(row).toContainText(t.confirmed)
      await expect(page.getByTestId('bookings-count')).toHaveText(t.of)
      await expectNoAxeViolations(page)

      // Sorting is a button in the header, which says the order.
      const nameHeader = table.getByRole('columnheader', { name: new RegExp(`^${t.name}`) })
      await expect(nameHeader).toHaveAttribute('aria-sort', 'none')
      await nameHeader.getByRole('button').click()
      await expect(page).toHaveURL(/sort=name/)
      await expect(table.getByRole('columnheader', { name: new RegExp(`^${t.name}`) })).toHaveAttribute('aria-sort', 'ascending')

      // Reload keeps the search and the order.
      await page.reload()
      await expect(page.getByRole('searchbox', { name: t.search })).toHaveValue(typed)
      await expect(page.getByTestId('bookings-table').getByRole('row').filter({ hasText: code })).toHaveCount(1)

      // The CSV of the same search: the BOM, the page's language, the umlauts as UTF-8.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t.csv }).click()])
      expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/)
      const file = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[])
      expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      expect(file.includes(Buffer.from(surname, 'utf8'))).toBe(true)
      expect(file.includes(Buffer.from('ü', 'utf8'))).toBe(true)
      const text = file.subarray(3).toString('utf8')
      expect(text.startsWith(t.header)).toBe(true)
      expect(text.split('\r\n').filter(Boolean)).toHaveLength(2)
      expect(text).toContain(code)

      // A status filter that leaves nothing: the empty state, axe clean.
      await page.getByRole('group', { name: t.status }).getByRole('checkbox', { name: t.cancelled }).check()
      await page.getByRole('button', { name: t.apply }).click()
      await expect(page).toHaveURL(/status=/)
      await expect(page.getByTestId('bookings-count')).toHaveText(t.none)
      await expectNoAxeViolations(page)
      await page.goBack()
      await expect(page.getByTestId('bookings-table').getByRole('row').filter({ hasText: code })).toHaveCount(1)
    }

    // On a phone: cards instead of the table, each code a link to the booking.
    await page.setViewportSize({ width: 390, height: 844 })
    await gotoHydrated(page, at('localhost', `/de/admin/sales/bookings?q=${encodeURIComponent(surname)}`))
    const card = page.getByTestId('bookings-cards').getByRole('listitem').filter({ hasText: code })
    await expect(card).toBeVisible()
    await expect(card.getByRole('link', { name: code })).toHaveAttribute('href', `/de/admin/sales/bookings/${code}`)
    await expectNoAxeViolations(page)
  })

  test('a guide gets the 401 page on the bookings list', async ({ page }) => {
    const who = credentials('alpin', 'guide')
    await gotoHydrated(page, at('localhost', '/en/admin/sales/bookings'))
    await page.getByLabel('E-mail address').fill(who.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByTestId('not-authorised')).toBeVisible({ timeout: 20_000 })
  })
})
