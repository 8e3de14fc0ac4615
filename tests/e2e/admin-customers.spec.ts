/**
 * CRM → Customers, in de and fr: a visitor books (pay on site) with an e-mail of their own; the
 * manager finds the customer by surname, edits the phone (a wrong number first: the error is at
 * the field), downloads the data export (a JSON file with the booking), sees the erasure refused
 * while the booking is still to come, cancels the booking, then erases the customer's personal
 * data in the dialog (its button enabled only once the e-mail is typed). axe on the list, the
 * customer, the form with errors and the dialog; the list on a phone's width too.
 */
import type { Page } from '@playwright/test'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { cartFor, fillContact, fillParticipants, T } from './checkout-helpers'
import { credentials, signInOnTheWay } from './staff-helpers'

const L = {
  de: {
    title: 'Kundschaft',
    search: 'Suche nach Name, Firma, E-Mail oder Telefon',
    searchButton: 'Suchen',
    edit: 'Kontaktdaten bearbeiten',
    phone: 'Telefon',
    save: 'Speichern',
    saved: 'Gespeichert.',
    phoneBad: 'Telefonnummer ungültig.',
    export: 'Daten exportieren (JSON)',
    erase: 'Personendaten löschen',
    confirm: /Geben Sie zur Bestätigung die E-Mail-Adresse des Kunden ein/,
    upcoming: /bevorstehende Buchungen/,
    erased: 'Die Personendaten des Kunden wurden gelöscht.',
    erasedName: 'Gelöschter Kunde',
  },
  fr: {
    title: 'Clientèle',
    search: 'Rechercher par nom, entreprise, e-mail ou téléphone',
    searchButton: 'Rechercher',
    edit: 'Modifier les coordonnées',
    phone: 'Téléphone',
    save: 'Enregistrer',
    saved: 'Enregistré.',
    phoneBad: 'Numéro de téléphone non valable.',
    export: 'Exporter les données (JSON)',
    erase: 'Effacer les données personnelles',
    confirm: /Saisissez l’adresse e-mail du client pour confirmer/,
    upcoming: /réservations à venir/,
    erased: 'Les données personnelles du client ont été effacées.',
    erasedName: 'Client effacé',
  },
} as const

const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')

/** A visitor books one activity in English, to be paid on site, as `surname` with `email`: its booking code. */
async function booking(page: Page, surname: string, email: string): Promise<string> {
  await cartFor(page, 'en', 'AVAILABLE', 14)
  await fillParticipants(page, 'en')
  await page.getByRole('button', { name: T.en.cont }).click()
  await fillContact(page, 'en')
  await page.locator('#surname').fill(surname)
  await page.locator('#email').fill(email)
  await page.getByRole('button', { name: T.en.cont }).click()
  await page.getByRole('radio', { name: T.en.onSite, exact: true }).check()
  await page.getByRole('checkbox', { name: T.en.terms }).check()
  await page.getByRole('button', { name: T.en.book }).click()
  await expect(page.getByRole('heading', { name: T.en.done })).toBeVisible({ timeout: 20_000 })
  return (await page.getByTestId('booking-code').textContent())!.trim()
}

const signIn = (page: Page, path: string) => signInOnTheWay(page, 'localhost', path, credentials('alpin', 'manager'))

/** The manager cancels a booking through the staff API (the booking page is another suite's). */
async function cancelBooking(page: Page, code: string) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? ''
  const headers = { 'x-xsrf-token': decodeURIComponent(xsrf), 'idempotency-key': `e2e-cancel-${code}-${letters()}`, 'content-type': 'application/json' }
  const detail = await page.request.get(at('localhost', `/api/admin/v1/bookings/${code}`))
  const version = ((await detail.json()) as { data?: { version?: number } }).data?.version ?? 1
  const answer = await page.request.post(at('localhost', `/api/admin/v1/bookings/${code}/cancel`), { headers, data: { version } })
  expect(answer.status(), await answer.text()).toBe(200)
}

test.describe('staff app: CRM customers', () => {
  for (const lang of ['de', 'fr'] as const) {
    test(`a manager finds a customer, edits the phone, exports the data and erases them (${lang})`, async ({ page, browser }) => {
      test.slow() // a checkout, then the CRM with axe, a download and an erasure
      const t = L[lang]
      const surname = `Kundenmann${letters()}`
      const email = `${surname.toLowerCase()}@example.ch`
      const visitor = await browser.newPage()
      const code = await booking(visitor, surname, email)
      await visitor.close()

      await signIn(page, `/${lang}/admin/crm/customers`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title)
      await expectNoAxeViolations(page)

      // Found by the surname in lower case; the address keeps the search.
      const field = page.getByRole('searchbox', { name: t.search })
      await field.fill(surname.toLowerCase())
      await field.press('Enter')
      await expect(page).toHaveURL(/[?&]q=/)
      const row = page.getByTestId('customers-table').getByRole('row').filter({ hasText: email })
      await expect(row).toHaveCount(1)
      await expectNoAxeViolations(page)
      await page.reload()
      await expect(page.getByRole('searchbox', { name: t.search })).toHaveValue(surname.toLowerCase())
      await page.getByTestId('customers-table').getByRole('row').filter({ hasText: email }).getByRole('link').click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/admin/crm/customers/[A-Za-z0-9_-]+$`))
      await expect(page.getByTestId('customer-bookings-table')).toContainText(code)
      await expect(page.getByTestId('customer-bookings-table').getByRole('link', { name: code })).toHaveAttribute('href', `/${lang}/admin/sales/bookings/${code}`)
      await expectNoAxeViolations(page)

      // A wrong phone: the error is at the field; then a right one, saved in international form.
      await page.getByRole('button', { name: t.edit }).click()
      const phone = page.getByRole('textbox', { name: t.phone })
      await phone.fill('12')
      await page.getByRole('button', { name: t.save }).click()
      await expect(page.getByTestId('error-summary')).toBeVisible()
      await expect(page.locator('#customer-phone-error')).toHaveText(t.phoneBad)
      await expectNoAxeViolations(page)
      await phone.fill('078 555 66 77')
      await page.getByRole('button', { name: t.save }).click()
      await expect(page.getByTestId('customer-notice')).toHaveText(t.saved)
      await expect(page.getByTestId('customer-contact')).toContainText('+41785556677')

      // The export: a JSON file named after the customer, with the booking in it.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t.export }).click()])
      expect(download.suggestedFilename()).toMatch(/^customer-[A-Za-z0-9_-]+\.json$/)
      const file = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]).toString('utf8')
      const exported = JSON.parse(file) as { data: { format: string; customer: { email: string; phone: string }; bookings: { code: string }[] } }
      expect(exported.data.format).toBe('flowin.customer-export.v1')
      expect(exported.data.customer).toMatchObject({ email, phone: '+41785556677' })
      expect(exported.data.bookings.map((b) => b.code)).toEqual([code])

      // Erasure: refused while the booking is still to come (said in the dialog).
      await page.getByRole('button', { name: t.erase }).click()
      const dialog = page.getByRole('dialog', { name: t.erase })
      await expect(dialog).toBeVisible()
      const confirmButton = dialog.getByRole('button', { name: t.erase })
      await expect(confirmButton).toBeDisabled()
      await dialog.getByLabel(t.confirm).fill(email.toUpperCase())
      await expect(confirmButton).toBeEnabled()
      await expectNoAxeViolations(page)
      await confirmButton.click()
      await expect(dialog.getByTestId('erase-problem')).toContainText(t.upcoming)
      await expect(dialog.getByTestId('erase-problem')).toContainText(code)
      await page.keyboard.press('Escape')

      // Cancelled, the booking no longer needs the data: erased, announced, the totals stay.
      await cancelBooking(page, code)
      await page.reload()
      await page.getByRole('button', { name: t.erase }).click()
      await dialog.getByLabel(t.confirm).fill(email)
      await dialog.getByRole('button', { name: t.erase }).click()
      await expect(page.getByTestId('customer-notice')).toHaveText(t.erased)
      await expect(page.getByTestId('customer-name')).toHaveText(t.erasedName)
      await expect(page.getByTestId('customer-contact')).not.toContainText(surname)
      await expect(page.getByTestId('customer-bookings-table')).toContainText(code)
      await expect(page.getByRole('button', { name: t.erase })).toHaveCount(0)
      await expectNoAxeViolations(page)
    })
  }

  test('on a phone the customer list scrolls inside its region and stays axe clean', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, '/de/admin/crm/customers')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.de.title)
    await expectNoAxeViolations(page)
  })

  test('a guide gets the 401 page on the customer list', async ({ page }) => {
    const who = credentials('alpin', 'guide')
    await gotoHydrated(page, at('localhost', '/en/admin/crm/customers'))
    await page.getByLabel('E-mail address').fill(who.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByTestId('not-authorised')).toBeVisible({ timeout: 20_000 })
  })
})
