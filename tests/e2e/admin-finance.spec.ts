/**
 * Finance (owners), in de and fr: a visitor pays a booking online through the sandbox; the
 * owner sees the month's totals with the per-method table, finds the payment in the payments
 * list, looks at refunds and open amounts, and downloads the payments as CSV (UTF-8 with BOM,
 * header in the page's language). A manager gets the 401 page. axe on every page.
 */
import type { Page } from '@playwright/test'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { cartFor, fillContact, fillParticipants, T } from './checkout-helpers'
import { credentials, signInOnTheWay, type StaffRole } from './staff-helpers'

const F = {
  de: {
    title: 'Finanzen',
    received: 'Eingenommen',
    perMethod: 'Nach Zahlungsmittel',
    sandbox: 'Sandbox (Testzahlungen)',
    payments: 'Zahlungen',
    refunds: 'Rückerstattungen',
    open: 'Offene Beträge',
    csv: 'CSV herunterladen',
    header: 'Datum und Uhrzeit,Buchungscode,Name,Anbieter',
    succeeded: 'Erfolgreich',
    lastMonth: 'Letzter Monat',
    notAuthorised: 'Sie sind nicht berechtigt, diese Seite anzusehen.',
  },
  fr: {
    title: 'Finances',
    received: 'Encaissé',
    perMethod: 'Par moyen de paiement',
    sandbox: 'Sandbox (paiements de test)',
    payments: 'Paiements',
    refunds: 'Remboursements',
    open: 'Montants dus',
    csv: 'Télécharger le CSV',
    header: 'Date et heure,Code de réservation,Nom,Prestataire',
    succeeded: 'Réussi',
    lastMonth: 'Le mois dernier',
    notAuthorised: 'Vous n’êtes pas autorisé·e à consulter cette page.',
  },
} as const

/** Signs in on the way to `path`, and lands there (or on the 401 page). */
const signInTo = (page: Page, role: StaffRole, path: string) => signInOnTheWay(page, 'localhost', path, credentials('alpin', role))

/** A visitor books one activity in English and pays it now through the sandbox: its booking code. */
async function paidBooking(page: Page): Promise<string> {
  await cartFor(page, 'en', 'AVAILABLE', 12)
  await fillParticipants(page, 'en')
  await page.getByRole('button', { name: T.en.cont }).click()
  await fillContact(page, 'en')
  await page.getByRole('button', { name: T.en.cont }).click()
  await page.getByRole('radio', { name: 'Pay now', exact: true }).check()
  await page.getByRole('checkbox', { name: T.en.terms }).check()
  await page.getByRole('button', { name: T.en.book }).click()
  await expect(page).toHaveURL(/\/api\/sandbox-pay\/v1\/sessions\//)
  await page.locator('button[value="pay"]').click()
  await expect(page.getByTestId('payment-success')).toBeVisible()
  return (await page.getByTestId('booking-code').textContent())!.trim()
}

test.describe('staff app: finance', () => {
  test('a visitor pays online; the owner sees it in Finance in de and fr and downloads the CSV', async ({ page, browser }) => {
    test.slow() // a checkout with a payment, then four pages in two languages with axe and a download
    const visitor = await browser.newPage()
    const code = await paidBooking(visitor)
    await visitor.close()

    await signInTo(page, 'owner', '/en/admin/finance')
    for (const lang of ['de', 'fr'] as const) {
      const t = F[lang]
      // Overview: this month's totals, the per-method table with the sandbox, open amounts.
      await gotoHydrated(page, at('localhost', `/${lang}/admin/finance`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title)
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`))
      await expect(page.getByTestId('finance-total-received')).toContainText('CHF')
      await expect(page.getByTestId('finance-total-received')).not.toHaveText(/CHF\s0\.00|0\.00\sCHF/)
      const methods = page.getByRole('table', { name: t.perMethod })
      await expect(methods.getByRole('rowheader', { name: t.sandbox })).toBeVisible()
      await expectNoAxeViolations(page)
      // A preset moves the period (and the form follows); back to this month.
      await page.getByRole('link', { name: t.lastMonth }).click()
      await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/)
      await page.goBack()

      // Payments: the visitor's payment is listed, succeeded; the CSV has the BOM and the page's language.
      await page.getByRole('navigation', { name: t.title }).getByRole('link', { name: t.payments }).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/admin/finance/payments`))
      const row = page.getByRole('row').filter({ hasText: code })
      await expect(row).toHaveCount(1)
      await expect(row).toContainText(t.succeeded)
      await expectNoAxeViolations(page)
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.csv }).click()])
      expect(download.suggestedFilename()).toMatch(/^(zahlungen|paiements)-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/)
      const bytes = await (await download.createReadStream()).toArray()
      const file = Buffer.concat(bytes as Buffer[])
      expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const text = file.subarray(3).toString('utf8')
      expect(text.startsWith(t.header)).toBe(true)
      expect(text).toContain(code)
      expect(text).toContain('\r\n')

      // Refunds and open amounts: their tables or their empty states, axe clean.
      await page.getByRole('navigation', { name: t.title }).getByRole('link', { name: t.refunds }).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/admin/finance/refunds`))
      await expectNoAxeViolations(page)
      await page.getByRole('navigation', { name: t.title }).getByRole('link', { name: t.open }).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/admin/finance/open`))
      await expect(page.getByRole('heading', { level: 1 })).toContainText(t.open)
      await expectNoAxeViolations(page)
    }
  })

  test('a manager gets the 401 page on Finance', async ({ page }) => {
    await signInTo(page, 'manager', '/de/admin/finance')
    await expect(page.getByTestId('not-authorised')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(F.de.notAuthorised)
  })
})
