/**
 * Every confirmation names offer, date, meeting point, variants, extras and amounts, and they agree
 * (issue 22, point 7; issue 20, point 2: prices and totals in each language's number format).
 *
 * The expected amounts are worked out here from the offer's prices, not by the shop's helpers:
 * canyoning-grimsel: adult CHF 149, youth CHF 129; extras per participant: photo package CHF 25,
 * shoe hire CHF 10. Two adults and one youth; the first adult takes the photos, the second adult
 * and the youth hire shoes: 2 × 149 + 129 + 25 + 2 × 10 = CHF 472.00.
 */
import { at, expect, expectNoAxeViolations, gotoHydrated, pickFirstDay, test } from './fixtures'
import { fillContact, fillParticipants, T } from './checkout-helpers'
import { mailTo } from './mail-helpers'

const SLUG = 'canyoning-grimsel'
const TEXT = {
  en: { adult: 'Adult', youth: 'Youth (14–17)', photos: 'Photo package (all pictures of the day)', shoes: 'Canyoning shoe hire', meeting: 'Meeting point', bookedExtras: 'Booked extras' },
  fr: { adult: 'Adulte', youth: 'Jeunes (14–17 ans)', photos: 'Pack photos (toutes les images de la journée)', shoes: 'Location de chaussures de canyoning', meeting: 'Point de rendez-vous', bookedExtras: 'Suppléments réservés' },
} as const

/** An amount as the language writes it: en "CHF 472.00", fr "472.00 CHF" (any kind of space). */
const money = (lang: 'en' | 'fr', amount: string) => (lang === 'fr' ? `${amount}\\s?CHF` : `CHF\\s?${amount}`).replace(/\./g, '\\.')
const exactly = (pattern: string) => new RegExp(`^\\s*${pattern}\\s*$`)

test.describe('confirmations (issue 22, point 7)', () => {
  for (const [lang, skip] of [['en', 6], ['fr', 7]] as const) {
    test(`the success page, the e-mail and the calendar file name meeting point, variants, extras and the total (${lang})`, async ({ page }) => {
      test.slow() // a whole checkout, an e-mail
      const text = TEXT[lang]
      const detail = (await (await page.request.get(at('localhost', `/api/webshop/v1/offers/${SLUG}`), { headers: { 'x-flowin-locale': lang } })).json()).data as { meetingPoint?: string }
      await gotoHydrated(page, at('localhost', `/${lang}/listing/${SLUG}`))
      const meetingPoint = detail.meetingPoint ?? ''
      expect(meetingPoint, 'the offer names its meeting point').not.toBe('')

      await pickFirstDay(page, T[lang].next, skip)
      const panel = page.getByTestId('booking-panel')
      await panel.locator('fieldset button:not([disabled])').first().click()
      await panel.getByLabel(new RegExp(`^${text.adult}`)).fill('2')
      await panel.getByLabel(new RegExp(`^${text.youth.replace(/[()]/g, '\\$&')}`)).fill('1')
      await expect(panel.getByTestId('panel-total')).toHaveText(exactly(money(lang, '427.00')))
      await panel.getByRole('button', { name: T[lang].add }).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/[A-Za-z0-9_-]{22,}$`))

      await fillParticipants(page, lang)
      const items = page.getByTestId('checkout-item')
      const adults = items.filter({ hasText: text.adult }).first()
      const youth = items.filter({ hasText: text.youth }).first()
      await adults.getByRole('checkbox', { name: text.photos }).nth(0).check()
      await adults.getByRole('checkbox', { name: text.shoes }).nth(1).check()
      await youth.getByRole('checkbox', { name: text.shoes }).nth(0).check()
      await page.getByRole('button', { name: T[lang].cont }).click()
      await fillContact(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await page.getByRole('radio', { name: T[lang].onSite, exact: true }).check()
      await page.getByRole('checkbox', { name: T[lang].terms }).check()
      await page.getByRole('button', { name: T[lang].book }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].done)

      // The success page: one date for both variants, where to meet, every line and the total.
      const dates = page.getByTestId('booked-date')
      await expect(dates).toHaveCount(1)
      await expect(dates.getByTestId('meeting-point')).toContainText(meetingPoint)
      const variants = dates.getByTestId('booked-variant')
      await expect(variants.filter({ hasText: text.adult }).first()).toContainText(new RegExp(`2\\s×\\s${money(lang, '149.00')}`))
      await expect(variants.filter({ hasText: text.youth })).toContainText(new RegExp(`1\\s×\\s${money(lang, '129.00')}`))
      const extras = dates.getByTestId('booked-extra')
      await expect(extras.filter({ hasText: text.photos })).toContainText(new RegExp(`1\\s×\\s${money(lang, '25.00')}`))
      await expect(extras.filter({ hasText: text.shoes })).toContainText(new RegExp(`2\\s×\\s${money(lang, '10.00')}`))
      await expect(dates.getByTestId('booked-date-total')).toHaveText(exactly(money(lang, '472.00')))
      await expectNoAxeViolations(page)

      // The e-mail tells the same.
      const code = (await page.getByTestId('booking-code').textContent())!.trim()
      const mail = () => mailTo('anna@example.ch', (m) => m.includes(code))
      await expect.poll(mail, { timeout: 15_000 }).toBeTruthy()
      const body = mail()!
      expect(body).toContain(meetingPoint)
      expect(body).toContain(text.bookedExtras)
      expect(body).toMatch(new RegExp(`${escape(text.photos)}\\s?: 1\\s×\\s${money(lang, '25.00')}`))
      expect(body).toMatch(new RegExp(money(lang, '472.00')))

      // The calendar file: one event for the tour, at the meeting point, extras in its description.
      const cart = page.url().split('/checkout/')[1]!.split('/')[0]!
      const ics = (await (await page.request.get(at('localhost', `/api/webshop/v1/carts/${cart}/booking.ics`), { headers: { 'x-flowin-locale': lang } })).text()).replace(/\r?\n[ \t]/g, '')
      expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1)
      expect(ics).toContain(`LOCATION:${meetingPoint.replace(/[,;\\]/g, '\\$&')}`)
      expect(ics).toContain(text.photos)
    })
  }
})

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
