import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { at, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'
import { cartFor, fillContact, fillParticipants, T, type Lang } from './checkout-helpers'
import { apiCall, credentials, freshDate, signInOnTheWay } from './staff-helpers'

const P = {
  de: {
    payNow: 'Jetzt bezahlen',
    success: /Zahlung erfolgreich/,
    failed: 'Die Zahlung konnte nicht verarbeitet werden. Bitte versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
    payOnline: 'Jetzt online bezahlen',
    already: /bereits vollständig bezahlt/,
    title: 'Zahlung für Buchung',
    invalid: /Zahlungslink ist abgelaufen oder existiert nicht/,
    reserved: 'Ihre Plätze sind reserviert',
  },
  en: {
    payNow: 'Pay now',
    success: /Payment successful/,
    failed: 'The payment could not be processed. Please try again.',
    retry: 'Try again',
    payOnline: 'Pay online now',
    already: /already paid in full/,
    title: 'Payment for booking',
    invalid: /payment link has expired or does not exist/,
    reserved: 'Your places are reserved',
  },
  fr: {
    payNow: 'Payer maintenant',
    success: /Paiement réussi/,
    failed: 'Le paiement n’a pas pu être traité. Veuillez réessayer.',
    retry: 'Réessayer',
    payOnline: 'Payer en ligne maintenant',
    already: /déjà entièrement payée/,
    title: 'Paiement de la réservation',
    invalid: /lien de paiement a expiré ou n’existe pas/,
    reserved: 'Vos places sont réservées',
  },
} as const

const SANDBOX = /\/api\/sandbox-pay\/v1\/sessions\/sbx_[A-Za-z0-9_-]{22}$/

/** Fills a checkout for one available activity and books it with the given payment option. */
async function bookWith(page: Page, lang: Lang, option: string, skip: number) {
  await cartFor(page, lang, 'AVAILABLE', skip)
  await fillParticipants(page, lang)
  await page.getByRole('button', { name: T[lang].cont }).click()
  await fillContact(page, lang)
  await page.getByRole('button', { name: T[lang].cont }).click()
  await page.getByRole('radio', { name: option, exact: true }).check()
  await page.getByRole('checkbox', { name: T[lang].terms }).check()
  await page.getByRole('button', { name: T[lang].book }).click()
}

/** The tester's choice on the sandbox provider's page. */
async function onSandbox(page: Page, action: 'pay' | 'fail' | 'cancel') {
  await expect(page).toHaveURL(SANDBOX)
  await page.locator(`button[value="${action}"]`).click()
}

test.describe('payments', () => {
  test('the payment-link page names the shop, leads back to it and says how to reach it; a malformed link is one 404 page (de, en)', async ({ page }) => {
    for (const [lang, name, back] of [['de', 'Alpin Abenteuer Interlaken', 'Zurück zum Shop'], ['en', 'Alpine Adventures Interlaken', 'Back to the shop']] as const) {
      const unknown = await gotoHydrated(page, at('localhost', `/${lang}/aftersales/payment/${'A'.repeat(43)}`))
      expect(unknown?.status()).toBe(404)
      await expect(page.getByTestId('payment-panel')).toBeVisible()
      await expect(page.getByTestId('shop-name')).toHaveText(name)
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', `/${lang}`)
      await expect(page.getByRole('link', { name: back })).toHaveAttribute('href', `/${lang}`)
      await expect(page.getByTestId('minimal-contact')).toContainText('+41 33 123 45 67')
      await expect(page.getByTestId('minimal-contact')).toContainText('info@alpin-abenteuer.ch')
      await expect(page.locator('main')).toHaveCount(1)
      await expectNoAxeViolations(page)
      const malformed = await page.goto(at('localhost', `/${lang}/aftersales/payment/abc`))
      expect(malformed?.status()).toBe(404)
      await expect(page.getByTestId('error-screen')).toBeVisible()
      await expect(page.locator('main')).toHaveCount(1)
      await expect(page.getByTestId('shop-name')).toHaveText(name)
    }
  })

  for (const [index, lang] of (['de', 'en', 'fr'] as const).entries()) {
    test(`pay now: a failed payment can be retried, then it succeeds (${lang})`, async ({ page }) => {
      test.slow() // a whole checkout and two trips to the provider
      await bookWith(page, lang, P[lang].payNow, 6 + index)
      await onSandbox(page, 'fail')
      await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/[A-Za-z0-9_-]{22,}/success\\?payment=`))
      await expect(page.getByTestId('payment-failed')).toHaveText(P[lang].failed)
      // shown as an error, not as plain text (issue 22, point 12): the error colour frames it
      const frame = await page.getByTestId('payment-failed').evaluate((el) => {
        const style = getComputedStyle(el)
        const probe = document.createElement('span')
        probe.className = 'text-error'
        document.body.append(probe)
        const error = getComputedStyle(probe).color
        probe.remove()
        return { border: style.borderTopColor, width: style.borderTopWidth, error }
      })
      expect(frame.width).not.toBe('0px')
      expect(frame.border).toBe(frame.error)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(P[lang].reserved)
      await expectNoAxeViolations(page)
      await page.getByRole('button', { name: P[lang].retry }).click()
      await onSandbox(page, 'pay')
      await expect(page.getByTestId('payment-success')).toHaveText(P[lang].success)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].done)
      await expectNoAxeViolations(page)
    })
  }

  for (const [index, lang] of (['de', 'en', 'fr'] as const).entries()) {
    test(`pay later: the payment link pays the booking, and then says it is paid (${lang})`, async ({ page }) => {
      test.slow() // a whole checkout, the payment link, a trip to the provider and its webhook
      await bookWith(page, lang, T[lang].later, 9 + index)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].done)
      const code = (await page.getByTestId('booking-code').textContent())!
      await page.getByRole('link', { name: P[lang].payOnline }).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/aftersales/payment/[A-Za-z0-9_-]{43}$`))
      await expect(page).toHaveTitle(new RegExp(`^${P[lang].title} ${code} – `))
      await expect(page.getByTestId('payment-code')).toHaveText(code)
      await expectNoAxeViolations(page)
      const link = page.url()
      await page.getByTestId('pay-button').click()
      await onSandbox(page, 'pay')
      await expect(page.getByTestId('payment-success')).toHaveText(P[lang].success)
      await expectNoAxeViolations(page)
      await page.goto(link)
      await expect(page.getByTestId('payment-already-paid')).toHaveText(P[lang].already)
      await expect(page.getByTestId('payment-open-amount')).toHaveText(/0\.00/)
      await expectNoAxeViolations(page)
    })
  }

  for (const lang of ['de', 'en', 'fr'] as const) {
    test(`an unknown payment link says so, with status 404 (${lang})`, async ({ page }) => {
      const response = await page.goto(at('localhost', `/${lang}/aftersales/payment/${'a'.repeat(43)}`))
      expect(response?.status()).toBe(404)
      await expect(page.getByTestId('payment-status')).toHaveText(P[lang].invalid)
      await expect(page.getByTestId('pay-button')).toHaveCount(0)
      await expectNoAxeViolations(page)
    })
  }

  const CONFIRMED = { de: 'Anfrage bestätigt', en: 'Request confirmed', fr: 'Demande confirmée' } as const
  for (const [index, lang] of (['en', 'de', 'fr'] as const).entries()) {
    test(`a request accepted by the operator: the e-mail’s link pays it (${lang})`, async ({ page }) => {
      test.slow() // a whole request, the operator's answer, the e-mail, then the payment
      await cartFor(page, lang, 'UPON_REQUEST', 4 + index)
      await fillParticipants(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await fillContact(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await page.getByRole('checkbox', { name: T[lang].terms }).check()
      await page.getByRole('button', { name: T[lang].request }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].sent)
      const code = (await page.getByTestId('booking-code').textContent())!

      // The operator accepts it with the token written on first start.
      const token = readFileSync(join('test-results', 'e2e-data', 'operator', 'alpin.token'), 'utf8').trim()
      const refused = await page.request.post(at('localhost', `/api/webshop/v1/operator/requests/${code}/answer`), { data: { decision: 'accept' } })
      expect(refused.status()).toBe(401)
      const answer = await page.request.post(at('localhost', `/api/webshop/v1/operator/requests/${code}/answer`), {
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': `e2e-${code}` },
        data: { decision: 'accept', reply: 'See you on the river!' },
      })
      expect(answer.status()).toBe(200)
      expect((await answer.json()).data).toMatchObject({ status: 'ACCEPTED', reply: 'See you on the river!' })

      // The acceptance e-mail (an .eml file without SMTP_URL) carries the payment link.
      const mailDir = join('test-results', 'e2e-data', 'mail')
      let url: string | undefined
      await expect
        .poll(
          () => {
            if (!existsSync(mailDir)) return undefined
            for (const file of readdirSync(mailDir)) {
              // quoted-printable: join soft line breaks and decode before looking for the link
              const latin1 = readFileSync(join(mailDir, file), 'latin1')
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
              const text = Buffer.from(latin1, 'latin1').toString('utf8')
              // the acceptance, in the visitor's language, with a link to the payment page in it
              if (!text.includes(code) || !text.includes(CONFIRMED[lang])) continue
              const found = new RegExp(`https?://[^\\s"<>]+/${lang}/aftersales/payment/[A-Za-z0-9_-]{43}`).exec(text)
              if (found) url = found[0]
            }
            return url
          },
          { timeout: 15_000 },
        )
        .toBeTruthy()
      await page.goto(url!)
      await expect(page.getByTestId('payment-code')).toHaveText(code)
      await page.getByTestId('pay-button').click()
      await onSandbox(page, 'pay')
      await expect(page.getByTestId('payment-success')).toHaveText(P[lang].success)
    })
  }
})

test.describe('a payment link never outlives the activity it pays (issue 22, point 15)', () => {
  for (const lang of ['de', 'en'] as const) {
    test(`pay later for a date three days ahead: the link is valid until that day, not for the shop's usual days (${lang})`, async ({ page, browser }) => {
      test.slow() // a manager's date, a whole checkout
      const staff = await (await browser.newContext()).newPage()
      await signInOnTheWay(staff, 'localhost', `/${lang}/admin`, credentials('alpin', 'manager'))
      await gotoHydrated(page, at('localhost', `/${lang}`))
      const created = await apiCall(page, 'localhost', 'POST', '/api/webshop/v1/carts', {}, lang)
      expect(created.status).toBe(201)
      const cartId = created.body.data!.id!
      const fresh = await freshDate(staff, page, 'localhost', cartId, { capacity: 4, days: 3 })
      await gotoHydrated(page, at('localhost', `/${lang}/checkout/${cartId}`))
      await fillParticipants(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await fillContact(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await page.getByRole('radio', { name: T[lang].later, exact: true }).check()
      await page.getByRole('checkbox', { name: T[lang].terms }).check()
      await page.getByRole('button', { name: T[lang].book }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].done, { timeout: 20_000 })

      // The day of the activity, written as the page writes a date (an oracle of the test's own).
      const day = new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : 'en-GB', { timeZone: 'Europe/Zurich', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(fresh.startsAt))
      await expect(page.getByTestId('checkout-success')).toContainText(lang === 'de' ? `bis am ${day} jederzeit online` : `until ${day}.`)
      const booking = (await apiCall(page, 'localhost', 'GET', `/api/webshop/v1/carts/${cartId}/booking`, undefined, lang)).body.data as { paymentLink?: { expiresAt: string } }
      expect(Date.parse(booking.paymentLink!.expiresAt)).toBeLessThanOrEqual(Date.parse(fresh.startsAt))
      expect(Date.parse(booking.paymentLink!.expiresAt)).toBeGreaterThan(Date.now() + 2 * 86_400_000)
      await staff.context().close()
    })
  }
})
