import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { cartFor, fillContact, fillParticipants, onSiteOption, T } from './checkout-helpers'
import { credentials, E2E_DATA } from './staff-helpers'

/**
 * A visitor manages their own booking (issue 21, point 8): the owner allows it in the general
 * settings, the visitor books (pay on site), opens the "manage my booking" link from the
 * confirmation e-mail (.eml in the mail folder), moves the booking to another date (the code
 * stays) and then cancels it. In German and French; axe clean on every step.
 */
const M = {
  de: {
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    signIn: 'Anmelden',
    settings: 'Allgemeine Einstellungen',
    save: 'Einstellungen speichern',
    saved: /^Gespeichert\./,
    policy: 'Stornierungen und Änderungen durch Besucherinnen und Besucher',
    free: 'Kostenlos bis einige Stunden vor Beginn',
    hours: 'Kostenlos bis (Stunden vor Beginn)',
    moves: 'Besucherinnen und Besucher dürfen ihre Buchung auf einen anderen Termin desselben Angebots verschieben',
    manage: 'Meine Buchung verwalten',
    choose: 'Anderen Termin wählen …',
    moveTo: 'Auf diesen Termin verschieben',
    moved: /Ihre Buchung wurde verschoben/,
    cancel: 'Buchung stornieren …',
    really: 'Möchten Sie diese Buchung wirklich stornieren?',
    yes: 'Ja, Buchung stornieren',
    cancelled: /Ihre Buchung wurde storniert/,
    status: 'Storniert',
  },
  fr: {
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    signIn: 'Se connecter',
    settings: 'Paramètres généraux',
    save: 'Enregistrer les paramètres',
    saved: /^Enregistré\./,
    policy: 'Annulations et modifications par les visiteurs',
    free: 'Gratuit jusqu\'à quelques heures avant le début',
    hours: 'Gratuit jusqu\'à (heures avant le début)',
    moves: 'Les visiteurs peuvent déplacer leur réservation à une autre date de la même offre',
    manage: 'Gérer ma réservation',
    choose: 'Choisir une autre date…',
    moveTo: 'Déplacer à cette date',
    moved: /Votre réservation a été déplacée/,
    cancel: 'Annuler la réservation…',
    really: 'Voulez-vous vraiment annuler cette réservation ?',
    yes: 'Oui, annuler la réservation',
    cancelled: /Votre réservation a été annulée/,
    status: 'Annulée',
  },
} as const

const SLOW = { timeout: 20_000 }

// The settings of one shop are saved once per language: one test at a time.
test.describe.configure({ mode: 'serial' })

/** The owner allows cancellations until 1 hour before the start, and moves. */
async function allowVisitorChanges(page: Page, host: string, lang: 'de' | 'fr', shop: string) {
  const m = M[lang]
  await gotoHydrated(page, at(host, `/${lang}/admin/settings/general`))
  await page.getByLabel(m.email).fill(credentials(shop, 'owner').email)
  await page.getByRole('textbox', { name: m.password, exact: true }).fill(credentials(shop, 'owner').password)
  await page.getByRole('button', { name: m.signIn }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.settings, SLOW)
  const policy = page.getByRole('group', { name: m.policy })
  await policy.getByRole('radio', { name: m.free }).check()
  await policy.getByRole('spinbutton', { name: m.hours }).fill('1')
  await policy.getByRole('checkbox', { name: m.moves }).check()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: m.save }).click()
  await expect(page.getByRole('status').filter({ hasText: m.saved })).toBeVisible(SLOW)
  // The visitor is someone else: no staff session in their browser.
  await page.context().clearCookies()
}

/** The newest .eml in the mail folder that mentions `code` and carries a manage link in `lang`. */
function manageLinkFromMail(code: string, lang: string): string | undefined {
  const dir = join(E2E_DATA, 'mail')
  if (!existsSync(dir)) return undefined
  let url: string | undefined
  for (const file of readdirSync(dir).sort()) {
    // quoted-printable: join soft line breaks and decode before looking for the link
    const latin1 = readFileSync(join(dir, file), 'latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    const text = Buffer.from(latin1, 'latin1').toString('utf8')
    if (!text.includes(code)) continue
    const found = new RegExp(`https?://[^\\s"<>]+/${lang}/aftersales/booking/[A-Za-z0-9_-]{43}`).exec(text)
    if (found) url = found[0]
  }
  return url
}

test.describe('visitors manage their booking', () => {
  for (const [lang, host, shop] of [['de', 'localhost', 'alpin'], ['fr', 'atelier.localhost', 'atelier']] as const) {
    test(`books, moves to another date (code kept) and cancels from the e-mailed link (${lang})`, async ({ page }) => {
      test.slow()
      const m = M[lang]
      await allowVisitorChanges(page, host, lang, shop)

      // Book, paying on site.
      await cartFor(page, lang, 'AVAILABLE', 4, host === 'localhost' ? undefined : at(host).replace(/\/$/, ''))
      await fillParticipants(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await fillContact(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await page.getByRole('radio', { name: onSiteOption(shop, lang), exact: true }).check()
      await page.getByRole('checkbox', { name: T[lang].terms }).check()
      await page.getByRole('button', { name: T[lang].book }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].done, SLOW)
      // The success page offers the link too.
      await expect(page.getByTestId('manage-booking-link').getByRole('link', { name: m.manage })).toBeVisible()
      const code = (await page.getByTestId('booking-code').textContent())?.trim() ?? ''
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)

      // The confirmation e-mail carries the manage link.
      let url: string | undefined
      await expect.poll(() => (url = manageLinkFromMail(code, lang)), { timeout: 15_000 }).toBeTruthy()
      await gotoHydrated(page, url!)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(code)
      await expectNoAxeViolations(page)

      // Move to another date.
      const before = await page.getByTestId('manage-item-date').first().textContent()
      await page.getByRole('button', { name: m.choose }).click()
      const dates = page.getByTestId('manage-dates').getByRole('radio')
      await expect(dates.first()).toBeVisible(SLOW)
      // The latest date offered: far enough ahead to be cancelled online afterwards (the list starts today).
      await dates.last().check()
      await expect(page.getByTestId('manage-move-summary')).toBeVisible()
      await expectNoAxeViolations(page)
      await page.getByRole('button', { name: m.moveTo }).click()
      await expect(page.getByTestId('manage-outcome')).toContainText(m.moved, SLOW)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(code)
      await expect(page.getByTestId('manage-item-date').first()).not.toHaveText(before ?? '')

      // Cancel, with a confirmation step.
      await page.getByRole('button', { name: m.cancel }).click()
      await expect(page.getByRole('heading', { name: m.really })).toBeFocused()
      await expectNoAxeViolations(page)
      await page.getByRole('button', { name: m.yes }).click()
      await expect(page.getByTestId('manage-outcome')).toContainText(m.cancelled, SLOW)
      await expect(page.getByTestId('manage-status')).toHaveText(m.status)
      await expectNoAxeViolations(page)

      // Reloaded, the page still says so; the buttons are gone.
      await gotoHydrated(page, url!)
      await expect(page.getByTestId('manage-status')).toHaveText(m.status)
      await expect(page.getByRole('button', { name: m.cancel })).toHaveCount(0)
    })
  }
})
