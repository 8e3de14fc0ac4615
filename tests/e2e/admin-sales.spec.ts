/**
 * Sales → one booking, in de and fr: a visitor books in that language and pays online through
 * the sandbox; the manager finds the booking by the visitor's surname in the bookings list,
 * opens it, looks at the date's manifest, and cancels the booking with a message. The sandbox
 * refunds the payment and the refund appears on the booking; the visitor's cancellation e-mail
 * (in the language they booked in) lands in the mail folder. axe on the detail and the manifest.
 */
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { newestMailTo } from '../support/mail'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { cartFor, fillContact, fillParticipants, T } from './checkout-helpers'
import { credentials, E2E_DATA, signInOnTheWay } from './staff-helpers'

const L = {
  de: {
    payNow: 'Jetzt bezahlen',
    search: 'Nach Code, Name, E-Mail oder Telefon suchen',
    cancel: 'Buchung stornieren',
    message: 'Nachricht an die Besucherin / den Besucher (optional)',
    cancelled: 'Storniert',
    refunded: 'Zurückerstattet',
    manifest: 'Teilnehmende dieses Termins (Teilnehmerliste)',
    csv: 'Als CSV herunterladen',
    notice: /Die Buchung ist storniert/,
    mailSubject: 'Stornierung Ihrer Buchung',
    refundSubject: 'Rückerstattung zur Buchung',
    text: 'Das Wetter lässt die Tour leider nicht zu.',
  },
  fr: {
    payNow: 'Payer maintenant',
    search: 'Rechercher par code, nom, e-mail ou téléphone',
    cancel: 'Annuler la réservation',
    message: 'Message au visiteur (facultatif)',
    cancelled: 'Annulée',
    refunded: 'Remboursé',
    manifest: 'Participants de cette date (liste)',
    csv: 'Télécharger en CSV',
    notice: /La réservation est annulée/,
    mailSubject: 'Annulation de votre réservation',
    refundSubject: 'Remboursement de la réservation',
    text: 'La météo ne permet malheureusement pas la sortie.',
  },
} as const
type SalesLang = keyof typeof L

/** A visitor books one activity in `lang` under a surname and address of their own and pays now through the sandbox: the booking code. */
async function paidBooking(page: Page, lang: SalesLang, surname: string, email: string): Promise<string> {
  await cartFor(page, lang, 'AVAILABLE', 14)
  await fillParticipants(page, lang)
  await page.getByRole('button', { name: T[lang].cont }).click()
  await fillContact(page, lang)
  await page.locator('#surname').fill(surname)
  await page.locator('#email').fill(email)
  await page.getByRole('button', { name: T[lang].cont }).click()
  await page.getByRole('radio', { name: L[lang].payNow, exact: true }).check()
  await page.getByRole('checkbox', { name: T[lang].terms }).check()
  await page.getByRole('button', { name: T[lang].book }).click()
  await expect(page).toHaveURL(/\/api\/sandbox-pay\/v1\/sessions\//)
  await page.locator('button[value="pay"]').click()
  await expect(page.getByTestId('payment-success')).toBeVisible()
  return (await page.getByTestId('booking-code').textContent())!.trim()
}

/** Signs the manager in on the way to `path`, and lands there. */
const signInTo = (page: Page, path: string) => signInOnTheWay(page, 'localhost', path, credentials('alpin', 'manager'))

test.describe('staff app: one booking', () => {
  test('the manager finds a booking paid online by the surname, cancels it; the sandbox refunds it and the visitor is e-mailed, in de and fr', async ({ page, browser }) => {
    test.slow() // two checkouts with payments, then four staff pages per language with axe
    const run = Date.now().toString(36)
    let signedIn = false
    for (const lang of ['de', 'fr'] as const) {
      const t = L[lang]
      const surname = lang === 'de' ? `Müller-${run}` : `Lefèvre-${run}`
      const email = `sales-${lang}-${run}@example.ch`
      const visitor = await browser.newPage()
      const code = await paidBooking(visitor, lang, surname, email)
      await visitor.close()

      const list = `/${lang}/admin/sales/bookings`
      if (!signedIn) await signInTo(page, list)
      else await gotoHydrated(page, at('localhost', list))
      signedIn = true
      const field = page.getByRole('searchbox', { name: t.search })
      await field.fill(surname)
      await field.press('Enter')
      await expect(page).toHaveURL(/[?&]q=/)
      await page.getByRole('link', { name: code }).first().click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/admin/sales/bookings/${code}$`))
      await expect(page.getByRole('heading', { level: 1 })).toContainText(code)
      await expect(page.getByTestId('booking-item')).toHaveCount(1)
      await expectNoAxeViolations(page)

      // The date's manifest lists the visitor's booking, with the CSV link; axe clean.
      await page.getByRole('link', { name: t.manifest }).click()
      await expect(page).toHaveURL(/\/admin\/sales\/sessions\/[A-Za-z0-9_-]+\/manifest$/)
      await expect(page.getByTestId('manifest-row').filter({ hasText: code }).first()).toBeVisible()
      await expect(page.getByRole('link', { name: t.csv })).toHaveAttribute('href', new RegExp(`manifest/export\\?lang=${lang}$`))
      await expectNoAxeViolations(page)
      await page.goBack()
      await expect(page.getByRole('heading', { level: 1 })).toContainText(code)

      // Cancel: the dialog says what happens; the message goes with the visitor's e-mail.
      await page.getByTestId('action-cancel').click()
      const dialog = page.getByTestId('cancel-dialog')
      await expect(dialog).toBeVisible()
      await expect(dialog.getByTestId('cancel-consequences')).toContainText(/CHF/)
      await expectNoAxeViolations(page)
      await dialog.getByLabel(t.message).fill(t.text)
      await dialog.getByRole('button', { name: t.cancel }).click()
      await expect(page.getByTestId('booking-notice')).toHaveText(t.notice)
      await expect(page.getByTestId('booking-status')).toHaveText(t.cancelled)

      // The sandbox's refund webhook arrives in the background: the refund shows as done.
      await expect(async () => {
        await page.reload()
        await expect(page.getByTestId('booking-refund').first()).toContainText(t.refunded, { timeout: 2_000 })
      }).toPass({ timeout: 30_000 })
      await expectNoAxeViolations(page)

      // The visitor's cancellation e-mail, in the language they booked in, with the message.
      let mail: ReturnType<typeof newestMailTo>
      await expect.poll(() => (mail = newestMailTo(join(E2E_DATA, 'mail'), email, t.mailSubject))?.subject ?? '', { timeout: 30_000 }).toContain(t.mailSubject)
      expect(mail!.subject).toContain(code)
      expect(mail!.text).toContain(t.text)
      // Once the refund went through, the visitor is told so, in their language.
      let refunded: ReturnType<typeof newestMailTo>
      await expect.poll(() => (refunded = newestMailTo(join(E2E_DATA, 'mail'), email, t.refundSubject))?.subject ?? '', { timeout: 30_000 }).toContain(code)
      expect(refunded!.text).toMatch(/CHF/)
    }
  })
})
