import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { at, expect, expectNoAxeViolations, test } from './fixtures'
import { cartFor, fillContact, fillParticipants, participantLabel, T } from './checkout-helpers'
import { credentials, signInOnTheWay } from './staff-helpers'

test.describe('checkout', () => {
  for (const lang of ['de', 'en', 'fr'] as const) {
    test(`a full order paid on site, with validation messages and axe on every step (${lang})`, async ({ page, browser }) => {
      test.slow() // four axe runs, a reload and an e-mail: about 25 s alone, more on a busy machine
      await cartFor(page, lang, 'AVAILABLE')
      // the spec's first step: Configuration
      await expect(page.locator('#checkout-step-heading')).toHaveText(T[lang].configuration)
      await expect(page.locator('[aria-current="step"]')).toHaveText(`1. ${T[lang].configuration}`)
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
      // each message at its field (the error summary at the top repeats them, with the field's name)
      await expect(page.locator('#email-error')).toHaveText(T[lang].emailBad)
      await expect(page.locator('#phone-error')).toHaveText(T[lang].phoneBad)
      await expect(page.locator('#street-error')).toHaveText(T[lang].required)
      await expect(page.locator('#email')).toHaveValue('anna@')
      await expect(page.locator('#email')).toHaveAttribute('aria-invalid', 'true')
      await expectNoAxeViolations(page)
      await fillContact(page, lang)
      // a surname of this test alone, to find its bookings afterwards
      const surname = `Doppelklick${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`
      await page.locator('#surname').fill(surname)
      // a reload loses nothing
      await page.reload()
      await expect(page.locator('#firstname')).toHaveValue('Anna')
      await page.getByRole('button', { name: T[lang].cont }).click()
      await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"payment"')
      await page.getByRole('radio', { name: T[lang].onSite, exact: true }).check()
      await page.getByRole('button', { name: T[lang].book }).click()
      await expect(page.locator('#terms-error')).toHaveText(T[lang].required) // terms not accepted yet
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
      // The visitor's confirmations of this booking (the staff's notification goes elsewhere).
      const confirmations = () =>
        existsSync(mailDir)
          ? readdirSync(mailDir)
              .map((f) => readFileSync(join(mailDir, f), 'utf8'))
              .filter((text) => text.includes(code) && /^To: .*anna@example\.ch/im.test(text))
          : []
      await expect.poll(() => confirmations().length, { timeout: 15_000 }).toBe(1)
      // The double click booked once: one booking of this visitor (the staff's list, searched by the
      // test's surname), with the cart's code, and after a moment still one confirmation.
      const staff = await (await browser.newContext()).newPage()
      await signInOnTheWay(staff, 'localhost', `/${lang}/admin`, credentials('alpin', 'manager'))
      const found = await staff.request.get(at('localhost', `/api/admin/v1/bookings?q=${surname}`), { headers: { 'x-flowin-locale': lang } })
      expect(found.status()).toBe(200)
      const bookings = ((await found.json()) as { data: { code: string }[] }).data
      expect(bookings.map((b) => b.code)).toEqual([code])
      await staff.context().close()
      await page.waitForTimeout(1_000)
      expect(confirmations()).toHaveLength(1)
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
    const names = page.getByTestId('checkout-item').getByLabel(participantLabel('en', 'first'))
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
    // payment: Tab into the options, arrow keys to 'Pay on site' (a radio group), the terms, then book
    const onSite = page.getByRole('radio', { name: 'Pay on site', exact: true })
    const radios = page.getByRole('radio')
    while (!(await radios.evaluateAll((els) => els.some((el) => el === document.activeElement)))) await page.keyboard.press('Tab')
    for (let i = 0; i < 5 && !(await onSite.isChecked()); i++) await page.keyboard.press('ArrowDown')
    await expect(onSite).toBeChecked()
    await expect(onSite).toBeFocused()
    const terms = page.getByRole('checkbox', { name: /I accept the/ })
    while (!(await terms.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    const book = page.getByRole('button', { name: 'Book now' })
    while (!(await book.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking complete')
  })
})
