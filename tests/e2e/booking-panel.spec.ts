/**
 * The booking panel where the visitor review (issue 22) found it wanting: a private service with
 * two ways to book a start time (point 2) and losing the race for the last places (point 9).
 */
import { cartWithPlace, visitor } from '../../scripts/lib/shop-api'
import { at, expect, expectNoAxeViolations, gotoHydrated, pickFirstDay, test } from './fixtures'
import { fillContact, fillParticipants, T } from './checkout-helpers'

const PANEL = {
  de: {
    duration: 'Dauer: 2 Std.',
    choose: 'Option wählen',
    solo: 'Einzellektion (2 Std., 1 Person)',
    soloLine: '2 Std. · CHF 240.00',
    fewer: 'Jemand war schneller: Zu dieser Zeit sind jetzt weniger Plätze frei.',
    gone: 'Jemand war schneller: Diese Zeit ist jetzt ausgebucht. Bitte wählen Sie eine andere Zeit.',
    oneLeft: 'noch 1 Platz',
    full: 'keine freien Plätze',
  },
  en: {
    duration: 'Duration: 2 h',
    choose: 'Choose an option',
    solo: 'One-to-one lesson (2 h, 1 person)',
    soloLine: '2 h · CHF 240.00',
    fewer: 'Someone was faster: fewer places are left at this time now.',
    gone: 'Someone was faster: this time is fully booked now. Please choose another time.',
    oneLeft: '1 place left',
    full: 'no free places',
  },
} as const

const SERVER_ERROR = /server error|Serverfehler|erreur du serveur/i

test.describe('booking panel (issue 22)', () => {
  for (const [lang, skip] of [['en', 4], ['de', 5]] as const) {
    test(`a private service with two options: duration shown, one option chosen, booked (${lang})`, async ({ page }) => {
      test.slow() // a whole checkout
      const text = PANEL[lang]
      await gotoHydrated(page, at('localhost', `/${lang}/listing/private-climbing-lesson`))
      await pickFirstDay(page, T[lang].next, skip)
      const panel = page.getByTestId('booking-panel')
      await expect(panel.getByTestId('private-duration')).toHaveText(text.duration)
      await panel.locator('fieldset button:not([disabled])').first().click()
      const options = panel.getByRole('group', { name: text.choose })
      await expect(options.getByRole('radio')).toHaveCount(2)
      // nothing chosen yet: nothing to add
      await expect(panel.getByRole('button', { name: T[lang].add })).toBeDisabled()
      await expectNoAxeViolations(page)
      await options.getByRole('radio', { name: new RegExp(text.solo.replace(/[()]/g, '\\$&')) }).check()
      await expect(options).toContainText(text.soloLine)
      await expect(panel.getByTestId('panel-total')).toHaveText('CHF 240.00')
      await panel.getByRole('button', { name: T[lang].add }).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/[A-Za-z0-9_-]{22,}$`))
      await expect(page.getByTestId('checkout-item').first()).toContainText(text.solo)
      await fillParticipants(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"contact"')
      await fillContact(page, lang)
      await page.getByRole('button', { name: T[lang].cont }).click()
      await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', '"payment"')
      await page.getByRole('radio', { name: T[lang].onSite, exact: true }).check()
      await page.getByRole('checkbox', { name: T[lang].terms }).check()
      await page.getByRole('button', { name: T[lang].book }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].done)
      await expect(page.getByTestId('booking-code')).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    })
  }

  for (const [lang, skip, taken] of [['en', 2, 1], ['de', 3, 2]] as const) {
    const what = taken === 1 ? 'fewer places left: the selection shrinks' : 'no place left: the time is disabled'
    test(`losing the race for the last places is no server error: ${what} (${lang})`, async ({ page }) => {
      // the stock-low offer has 2 places on every date; another visitor takes `taken` of them
      // between this visitor's choice and their click
      const slug = 'via-ferrata-muerren'
      const text = PANEL[lang]
      await gotoHydrated(page, at('localhost', `/${lang}/listing/${slug}`))
      await pickFirstDay(page, T[lang].next, skip)
      const panel = page.getByTestId('booking-panel')
      const time = panel.locator('fieldset button').first()
      await time.click()
      await panel.locator('input[type="number"]').first().fill('2')
      const date = await panel.locator('button[data-day][aria-pressed="true"]').getAttribute('data-day')
      const other = await visitor(at('localhost').replace(/\/$/, ''), lang)
      const detail = (await (await other.get(`/api/webshop/v1/offers/${slug}`)).json()).data as { skus: { id: string }[] }
      const slots = (await (await other.get(`/api/webshop/v1/offers/${slug}/dates/${date}`)).json()).data.slots as { sessionId: string; placesLeft: number }[]
      expect(slots[0]!.placesLeft, 'the date is untouched by other tests').toBe(2)
      for (let i = 0; i < taken; i++) {
        const held = await cartWithPlace(other, { slug, sku: detail.skus[0]!.id, sessionId: slots[0]!.sessionId, placesLeft: 2, date: date! })
        expect(held.status).toBe(201)
      }

      await panel.getByRole('button', { name: T[lang].add }).click()
      const alert = panel.getByTestId('race-lost')
      await expect(alert).toContainText(taken === 1 ? text.fewer : text.gone)
      await expect(alert).toHaveAttribute('role', 'alert')
      await expect(panel).not.toContainText(SERVER_ERROR)
      await expect(page).toHaveURL(new RegExp(`/${lang}/listing/${slug}`))
      if (taken === 1) {
        // the places as they are now, and the selection cut to them
        await expect(time).toContainText(text.oneLeft)
        await expect(panel.locator('input[type="number"]').first()).toHaveValue('1')
        await expect(panel.getByRole('button', { name: T[lang].add })).toBeEnabled()
      } else {
        await expect(time).toContainText(text.full)
        await expect(time).toBeDisabled()
        await expect(panel.getByRole('button', { name: T[lang].add })).toHaveCount(0)
      }
      await expectNoAxeViolations(page)
    })
  }
})
