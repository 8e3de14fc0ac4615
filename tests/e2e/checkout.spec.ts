import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { at, expect, expectNoAxeViolations, pickFirstDay, test } from './fixtures'

const T = {
  de: { cont: 'Weiter', first: 'Vorname', sur: 'Nachname', email: 'E-Mail', phone: 'Telefon', street: 'Strasse', number: 'Nr.', zip: 'PLZ', city: 'Ort', country: 'Land', onSite: 'Vor Ort bezahlen', terms: /Ich akzeptiere die/, book: 'Jetzt verbindlich buchen', done: 'Buchung abgeschlossen', required: 'Dieses Feld ist erforderlich.', emailBad: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.', phoneBad: 'Telefonnummer ungültig.', add: /In den Warenkorb und weiter|Weiter zur Anfrage/, next: 'Nächster Monat', request: 'Verbindlich anfragen', sent: 'Anfrage gesendet', addParticipant: 'Teilnehmende Person hinzufügen', later: 'Später bezahlen (Zahlungslink per E-Mail)' },
  en: { cont: 'Continue', first: 'First name', sur: 'Surname', email: 'E-mail', phone: 'Phone', street: 'Street', number: 'Number', zip: 'Postal code', city: 'City', country: 'Country', onSite: 'Pay on site', terms: /I accept the/, book: 'Book now', done: 'Booking complete', required: 'This field is required.', emailBad: 'Please enter a valid e-mail address.', phoneBad: 'Phone number invalid.', add: /Add to cart and continue|Continue to the request/, next: 'Next month', request: 'Send binding request', sent: 'Request sent', addParticipant: 'Add participant', later: 'Pay later (payment link by e-mail)' },
  fr: { cont: 'Continuer', first: 'Prénom', sur: 'Nom', email: 'E-mail', phone: 'Téléphone', street: 'Rue', number: 'N°', zip: 'NPA', city: 'Localité', country: 'Pays', onSite: 'Payer sur place', terms: /J’accepte les/, book: 'Réserver maintenant', done: 'Réservation terminée', required: 'Ce champ est obligatoire.', emailBad: 'Veuillez saisir une adresse e-mail valable.', phoneBad: 'Numéro de téléphone non valable.', add: /Ajouter au panier et continuer|Continuer vers la demande/, next: 'Mois suivant', request: 'Envoyer la demande ferme', sent: 'Demande envoyée', addParticipant: 'Ajouter un·e participant·e', later: 'Payer plus tard (lien de paiement par e-mail)' },
} as const
type Lang = keyof typeof T

/** Opens an offer with the given status from the home page and puts one unit into the cart. */
async function cartFor(page: Page, lang: Lang, status: 'AVAILABLE' | 'UPON_REQUEST', skip = 3) {
  await page.goto(at('localhost', `/${lang}?type=activity`))
  await page.getByTestId('offer-card').filter({ has: page.locator(`[data-status="${status}"]`) }).first().getByRole('link').click()
  await pickFirstDay(page, T[lang].next, skip + { de: 0, en: 1, fr: 2 }[lang])
  const panel = page.getByTestId('booking-panel')
  await panel.locator('fieldset button:not([disabled])').first().click()
  const quantity = panel.locator('input[type="number"]').first()
  if ((await quantity.count()) && (await quantity.inputValue()) === '0') await quantity.fill('1')
  await panel.getByRole('button', { name: T[lang].add }).click()
  await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/[A-Za-z0-9_-]{22,}$`))
}

async function fillParticipants(page: Page, lang: Lang) {
  const items = page.getByTestId('checkout-item')
  await expect(items.first()).toBeVisible() // the form renders after hydration
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i)
    for (let guard = 0; guard < 60; guard++) {
      const add = item.getByRole('button', { name: T[lang].addParticipant })
      if (!(await add.count())) break
      await add.click()
    }
    const firsts = item.getByLabel(T[lang].first, { exact: true })
    for (let p = 0; p < (await firsts.count()); p++) {
      await firsts.nth(p).fill(`Gast${p + 1}`)
      await item.getByLabel(T[lang].sur, { exact: true }).nth(p).fill('Muster')
    }
  }
}

async function fillContact(page: Page, lang: Lang) {
  // ids, because the labels are checked by axe and some contain each other ('Nom' in 'Prénom')
  await page.locator('#firstname').fill('Anna')
  await page.locator('#surname').fill('Muster')
  await page.locator('#email').fill('anna@example.ch')
  await page.locator('#phone').fill('+41 79 900 00 00')
  await page.locator('#street').fill('Bahnhofstrasse')
  await page.locator('#streetNumber').fill('12')
  await page.locator('#postalCode').fill('3800')
  await page.locator('#city').fill('Interlaken')
  await page.locator('#country').selectOption('CH')
  await expect(page.getByRole('combobox', { name: T[lang].country })).toHaveValue('CH')
}

test.describe('checkout', () => {
  for (const lang of ['de', 'en', 'fr'] as const) {
    test(`a full order paid on site, with validation messages and axe on every step (${lang})`, async ({ page }) => {
      await cartFor(page, lang, 'AVAILABLE')
      await expectNoAxeViolations(page)
      // nothing filled in: the step does not move on
      await page.getByRole('button', { name: T[lang].cont }).click()
      await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"configuration"')
      await fillParticipants(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"contact"')
      await expectNoAxeViolations(page)
      // bad contact details get their messages and keep what was typed
      await page.locator('#email').fill('anna@')
      await page.locator('#phone').fill('12')
      await page.getByRole('button', { name: T[lang].cont }).click()
      await expect(page.getByText(T[lang].emailBad)).toBeVisible()
      await expect(page.getByText(T[lang].phoneBad)).toBeVisible()
      await expect(page.getByText(T[lang].required).first()).toBeVisible()
      await expect(page.locator('#email')).toHaveValue('anna@')
      await expect(page.locator('#email')).toHaveAttribute('aria-invalid', 'true')
      await expectNoAxeViolations(page)
      await fillContact(page, lang)
      // a reload loses nothing
      await page.reload()
      await expect(page.locator('#firstname')).toHaveValue('Anna')
      await page.getByRole('button', { name: T[lang].cont }).click()
      await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"payment"')
      await page.getByRole('radio', { name: T[lang].onSite, exact: true }).check()
      await page.getByRole('button', { name: T[lang].book }).click()
      await expect(page.getByText(T[lang].required)).toBeVisible() // terms not accepted yet
      await page.getByRole('checkbox', { name: T[lang].terms }).check()
      await expectNoAxeViolations(page)
      // a double click books once
      await page.getByRole('button', { name: T[lang].book }).dblclick()
      await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/[A-Za-z0-9_-]{22,}/success$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].done)
      await expect(page.getByTestId('booking-code')).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)
      await expectNoAxeViolations(page)
      const cart = page.url().split('/checkout/')[1]!.split('/')[0]!
      const ics = await page.request.get(at('localhost', `/api/webshop/v1/carts/${cart}/booking.ics`))
      expect(await ics.text()).toContain('BEGIN:VEVENT')
      // the confirmation leaves through the outbox: without SMTP_URL as an .eml file in DATA_DIR/mail
      const code = (await page.getByTestId('booking-code').textContent())!
      const mailDir = join('test-results', 'e2e-data', 'mail')
      await expect
        .poll(() => (existsSync(mailDir) ? readdirSync(mailDir).some((f) => readFileSync(join(mailDir, f), 'utf8').includes(code)) : false), { timeout: 15_000 })
        .toBe(true)
    })
  }

  for (const lang of ['de', 'en', 'fr'] as const) {
    test(`a full request (${lang})`, async ({ page }) => {
      await cartFor(page, lang, 'UPON_REQUEST')
      await fillParticipants(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await fillContact(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await expect(page.getByRole('radio', { name: T[lang].later, exact: true })).toBeChecked()
      await page.getByRole('checkbox', { name: T[lang].terms }).check()
      await page.getByRole('button', { name: T[lang].request }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].sent)
    })
  }

  test('the whole checkout by keyboard alone', async ({ page }) => {
    await cartFor(page, 'en', 'AVAILABLE', 6)
    await expect(page.getByTestId('checkout-item').first()).toBeVisible()
    // participants: Tab to each field from the step heading
    const names = page.getByTestId('checkout-item').getByLabel('First name', { exact: true })
    const count = await names.count()
    await page.locator('#checkout-step-heading').focus()
    for (let i = 0; i < count; i++) {
      while (!(await names.nth(i).evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab')
      await page.keyboard.type(`Guest${i + 1}`)
      await page.keyboard.press('Tab')
      await page.keyboard.type('Muster')
    }
    const add = page.getByRole('button', { name: 'Add participant' })
    expect(await add.count()).toBe(0) // one place: one participant
    const go = page.getByRole('button', { name: 'Continue' })
    while (!(await go.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"contact"')
    // contact details in tab order
    const first = page.locator('#firstname')
    while (!(await first.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab')
    for (const text of ['Anna', 'Muster', 'anna@example.ch', '+41 79 900 00 00', 'Bahnhofstrasse', '12', '3800', 'Interlaken']) {
      await page.keyboard.type(text)
      await page.keyboard.press('Tab')
    }
    await expect(page.locator('#country')).toBeFocused()
    await expect(page.locator('#country')).toHaveValue('CH') // preselected for a new address
    while (!(await go.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"payment"')
    // payment: the first option, the terms, then book
    const onSite = page.getByRole('radio', { name: 'Pay on site', exact: true })
    while (!(await onSite.evaluate((el) => (el as HTMLInputElement).checked || el === document.activeElement))) await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    const terms = page.getByRole('checkbox', { name: /I accept the/ })
    while (!(await terms.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    const book = page.getByRole('button', { name: 'Book now' })
    while (!(await book.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking complete')
  })
})
