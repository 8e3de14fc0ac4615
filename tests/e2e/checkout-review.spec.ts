/**
 * The checkout where the visitor review (issue 22) found it wanting: the order reviewed before the
 * binding click (point 8), a request without names (point 11), an error summary that takes focus
 * and postcodes checked per country (points 13 and 16), the way back to a held cart and the shop's
 * time zone for visitors abroad (point 16).
 */
import { at, expect, expectNoAxeViolations, gotoHydrated, pickFirstDay, test } from './fixtures'
import { cartFor, fillContact, fillParticipants, T } from './checkout-helpers'
import { mailTo } from './mail-helpers'

const R = {
  en: { review: 'Your booking', changeContact: 'Change contact details', summary: 'Please check your entries', postcode: 'This postcode does not exist in the chosen country (Switzerland).', continue: 'Continue your booking', zone: 'All times are local time at the activity (Europe/Zurich).', namesFollow: /participants? requested; the names? can follow\./, binding: 'Your request is binding.', bindingMail: 'Your request is binding: with our confirmation it becomes your booking, and only then do you pay.', notBinding: /not (yet )?a binding/i },
  de: { review: 'Ihre Buchung', changeContact: 'Kontaktangaben ändern', summary: 'Bitte prüfen Sie Ihre Angaben', postcode: 'Diese Postleitzahl gibt es im gewählten Land (Schweiz) nicht.', continue: 'Buchung fortsetzen', zone: 'Alle Zeiten in Ortszeit am Durchführungsort (Europe/Zurich).', namesFollow: /angefragt; die Namen können folgen\./ },
  fr: { namesFollow: /demandé·e.*(le nom peut|les noms peuvent) suivre\./, binding: 'Votre demande est ferme.', bindingMail: 'Votre demande est ferme : avec notre confirmation, elle devient votre réservation, et ce n’est qu’alors que vous payez.', notBinding: /pas (encore )?(une )?réservation ferme/i },
} as const

test.describe('checkout (issue 22)', () => {
  for (const lang of ['en', 'de'] as const) {
    test(`an error summary takes focus and leads to each field; a Swiss postcode must be one; the order is reviewed before booking (${lang})`, async ({ page }) => {
      test.slow() // a whole checkout with axe
      const r = R[lang]
      await cartFor(page, lang, 'AVAILABLE', 5)
      await fillParticipants(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await fillContact(page, lang)
      await page.locator('#email').fill('anna@')
      await page.locator('#postalCode').fill('ABCDEFGHIJ')
      await page.getByRole('button', { name: T[lang].cont }).click()
      const summary = page.getByTestId('error-summary')
      await expect(summary).toBeFocused()
      await expect(summary).toContainText(r.summary)
      await expect(summary).toContainText(T[lang].emailBad)
      await expect(summary).toContainText(r.postcode)
      await expectNoAxeViolations(page)
      await summary.getByRole('link', { name: new RegExp(r.postcode.replace(/[().]/g, '\\$&')) }).click()
      await expect(page.locator('#postalCode')).toBeFocused()
      await expect(page.locator('#postalCode')).toHaveValue('ABCDEFGHIJ') // nothing typed is lost
      await page.locator('#postalCode').fill('3800')
      await page.locator('#email').fill('anna@example.ch')
      await page.getByRole('button', { name: T[lang].cont }).click()
      await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"payment"')

      // The whole order before the binding click, with a way back that keeps everything.
      await page.getByRole('radio', { name: T[lang].onSite, exact: true }).check()
      const review = page.getByTestId('order-review')
      await expect(review.getByRole('heading', { name: r.review })).toBeVisible()
      await expect(review.getByTestId('review-item')).not.toHaveCount(0)
      await expect(review.getByTestId('review-participants').first()).toContainText('Gast1 Muster')
      await expect(review.getByTestId('review-contact')).toContainText('anna@example.ch')
      await expect(review.getByTestId('review-payment')).toHaveText(T[lang].onSite)
      await expect(review.getByTestId('review-total')).toHaveText(/CHF\s?\d/)
      await expectNoAxeViolations(page)
      await review.getByRole('button', { name: r.changeContact }).click()
      await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"contact"')
      await expect(page.locator('#postalCode')).toHaveValue('3800')
      await page.getByRole('button', { name: T[lang].cont }).click()
      await page.getByRole('radio', { name: T[lang].onSite, exact: true }).check()
      await page.getByRole('checkbox', { name: T[lang].terms }).check()
      await page.getByRole('button', { name: T[lang].book }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].done)
    })
  }

  for (const lang of ['en', 'fr'] as const) {
    test(`a request needs a contact and a count, not every name (${lang})`, async ({ page }) => {
      await cartFor(page, lang, 'UPON_REQUEST', 4)
      // no names at all: the step moves on
      await page.getByRole('button', { name: T[lang].cont }).click()
      await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"contact"')
      await fillContact(page, lang)
      const email = `anfrage-${Date.now().toString(36)}@example.ch`
      await page.locator('#email').fill(email)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"payment"')
      await expect(page.getByTestId('review-names-follow').first()).toHaveText(R[lang].namesFollow)
      // One truth on the page and in the e-mail: the request is binding, and paid once confirmed.
      await expect(page.getByTestId('checkout')).toContainText(R[lang].binding)
      await page.getByRole('checkbox', { name: T[lang].terms }).check()
      await page.getByRole('button', { name: T[lang].request }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].sent)
      await expect.poll(() => mailTo(email), { timeout: 15_000 }).toBeTruthy()
      const body = mailTo(email)!.replace(/\s+/g, ' ')
      expect(body).toContain(R[lang].bindingMail)
      expect(body).not.toMatch(R[lang].notBinding)
    })
  }

  test('leaving the checkout while places are held: every shop page leads back to it (de)', async ({ page }) => {
    await cartFor(page, 'de', 'AVAILABLE', 6)
    const checkout = page.url()
    await expect(page.getByTestId('continue-booking')).toHaveCount(0) // not on the checkout itself
    await page.goBack()
    await gotoHydrated(page, at('localhost', '/de'))
    const link = page.getByTestId('continue-booking-link')
    await expect(link).toHaveText(R.de.continue)
    await expect(page.getByTestId('continue-booking')).toContainText(/bis \d{2}:\d{2}/)
    await expectNoAxeViolations(page)
    await link.click()
    await expect(page).toHaveURL(checkout)
  })

  test('a visitor in another time zone is told the times are the activity’s (en, New York)', async ({ browser }) => {
    const context = await browser.newContext({ timezoneId: 'America/New_York' })
    const page = await context.newPage()
    await gotoHydrated(page, at('localhost', '/en/listing/canyoning-grimsel'))
    await pickFirstDay(page, T.en.next, 9)
    await expect(page.getByTestId('booking-panel').getByTestId('time-zone-note')).toHaveText(R.en.zone)
    await context.close()
  })

  test('a visitor in the shop’s time zone is not told anything (de, Zurich)', async ({ browser }) => {
    const context = await browser.newContext({ timezoneId: 'Europe/Zurich' })
    const page = await context.newPage()
    await gotoHydrated(page, at('localhost', '/de/listing/canyoning-grimsel'))
    await pickFirstDay(page, T.de.next, 9)
    await expect(page.getByTestId('booking-panel').locator('fieldset button').first()).toBeVisible()
    await expect(page.getByTestId('time-zone-note')).toHaveCount(0)
    await context.close()
  })
})
