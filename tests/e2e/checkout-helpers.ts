import type { Page } from '@playwright/test'
import { at, expect, gotoHydrated, pickFirstDay } from './fixtures'

/** Labels of the checkout in each language (shared by the checkout and payment specs). */
export const T = {
  de: { configuration: 'Konfiguration', cont: 'Weiter', first: 'Vorname', sur: 'Nachname', email: 'E-Mail', phone: 'Telefon', street: 'Strasse', number: 'Nr.', zip: 'PLZ', city: 'Ort', country: 'Land', onSite: 'Vor Ort bezahlen', terms: /Ich akzeptiere die/, book: 'Jetzt verbindlich buchen', done: 'Buchung abgeschlossen', required: 'Dieses Feld ist erforderlich.', emailBad: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.', phoneBad: 'Telefonnummer ungültig.', add: /In den Warenkorb und weiter|Weiter zur Anfrage/, next: 'Nächster Monat', request: 'Verbindlich anfragen', sent: 'Anfrage gesendet', addParticipant: 'Teilnehmende Person hinzufügen', later: 'Später bezahlen (Zahlungslink per E-Mail)' },
  en: { configuration: 'Configuration', cont: 'Continue', first: 'First name', sur: 'Surname', email: 'E-mail', phone: 'Phone', street: 'Street', number: 'Number', zip: 'Postal code', city: 'City', country: 'Country', onSite: 'Pay on site', terms: /I accept the/, book: 'Book now', done: 'Booking complete', required: 'This field is required.', emailBad: 'Please enter a valid e-mail address.', phoneBad: 'Phone number invalid.', add: /Add to cart and continue|Continue to the request/, next: 'Next month', request: 'Send binding request', sent: 'Request sent', addParticipant: 'Add participant', later: 'Pay later (payment link by e-mail)' },
  fr: { configuration: 'Configuration', cont: 'Continuer', first: 'Prénom', sur: 'Nom', email: 'E-mail', phone: 'Téléphone', street: 'Rue', number: 'N°', zip: 'NPA', city: 'Localité', country: 'Pays', onSite: 'Payer sur place', terms: /J’accepte les/, book: 'Réserver maintenant', done: 'Réservation terminée', required: 'Ce champ est obligatoire.', emailBad: 'Veuillez saisir une adresse e-mail valable.', phoneBad: 'Numéro de téléphone non valable.', add: /Ajouter au panier et continuer|Continuer vers la demande/, next: 'Mois suivant', request: 'Envoyer la demande ferme', sent: 'Demande envoyée', addParticipant: 'Ajouter un·e participant·e', later: 'Payer plus tard (lien de paiement par e-mail)' },
} as const
export type Lang = keyof typeof T

/**
 * The option that lets the visitor pay on site, per shop: Atelier offers it only together with
 * paying later ("later or on site"), which includes it (issue 22, point 16).
 */
export const onSiteOption = (shop: 'alpin' | 'atelier', lang: Lang): string =>
  shop === 'atelier' ? { de: 'Später oder vor Ort bezahlen', en: 'Pay later or on site', fr: 'Payer plus tard ou sur place' }[lang] : T[lang].onSite

/**
 * Opens an offer with the given status from the home page and puts one unit into the cart
 * (`origin`: a server of the spec's own instead of the suite's).
 */
export async function cartFor(page: Page, lang: Lang, status: 'AVAILABLE' | 'UPON_REQUEST', skip = 3, origin?: string) {
  await gotoHydrated(page, origin ? `${origin}/${lang}?type=activity` : at('localhost', `/${lang}?type=activity`))
  const link = page.getByTestId('offer-card').filter({ has: page.locator(`[data-status="${status}"]`) }).first().getByRole('link')
  // One click (issue 22, point 3): the page has hydrated (gotoHydrated) and a link works before that
  // too; the navigation's loader calls can take seconds on a busy machine.
  await link.click()
  await expect(page).toHaveURL(/\/listing\//, { timeout: 25_000 })
  await pickFirstDay(page, T[lang].next, skip + { de: 0, en: 1, fr: 2 }[lang])
  const panel = page.getByTestId('booking-panel')
  await panel.locator('fieldset button:not([disabled])').first().click()
  const quantity = panel.locator('input[type="number"]').first()
  if ((await quantity.count()) && (await quantity.inputValue()) === '0') await quantity.fill('1')
  await panel.getByRole('button', { name: T[lang].add }).click()
  await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/[A-Za-z0-9_-]{22,}$`))
}

/** The accessible name of any participant's first name or surname field ('Vorname (teilnehmende Person 2)'), optionally of participant `n`. */
export const participantLabel = (lang: Lang, field: 'first' | 'sur', n?: number) => new RegExp(`^${T[lang][field]} \\((?:.*\\D)?${n ?? '\\d+'}\\)$`)

export async function fillParticipants(page: Page, lang: Lang) {
  const items = page.getByTestId('checkout-item')
  await expect(items.first()).toBeVisible() // the form renders after hydration
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i)
    for (let guard = 0; guard < 60; guard++) {
      const add = item.getByRole('button', { name: T[lang].addParticipant })
      if (!(await add.count())) break
      await add.click()
    }
    // Each participant's fields are named with the participant's number: 'First name (participant 2)' (issue 22, point 13).
    const firsts = item.getByLabel(participantLabel(lang, 'first'))
    for (let p = 0; p < (await firsts.count()); p++) {
      await firsts.nth(p).fill(`Gast${p + 1}`)
      await item.getByLabel(participantLabel(lang, 'sur')).nth(p).fill('Muster')
    }
  }
}

export async function fillContact(page: Page, lang: Lang) {
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
