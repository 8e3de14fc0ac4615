import { cartWithPlace, visitor } from '../../scripts/lib/shop-api'
import { at, expect, expectNoAxeViolations, gotoHydrated, pickFirstDay, test } from './fixtures'

const TEXT = {
  de: { add: 'In den Warenkorb und weiter', next: 'Nächster Monat', reset: 'Filter zurücksetzen', noMatch: 'Keine Angebote entsprechen Ihren Filtern.' },
  en: { add: 'Add to cart and continue', next: 'Next month', reset: 'Reset filters', noMatch: 'No offers match your filters.' },
  fr: { add: 'Ajouter au panier et continuer', next: 'Mois suivant', reset: 'Réinitialiser les filtres', noMatch: 'Aucune offre ne correspond à vos filtres.' },
} as const

test.describe('offers: browse, filter, book', () => {
  for (const lang of ['de', 'en', 'fr'] as const) {
    test(`browse → filter → offer → date and time → cart → checkout (${lang})`, async ({ page }) => {
      await gotoHydrated(page, at('localhost', `/${lang}`))
      const cards = page.getByTestId('offer-card')
      await expect(cards.first()).toBeVisible()
      const all = await cards.count()
      expect(all).toBeGreaterThanOrEqual(8)
      await expectNoAxeViolations(page)

      // filter by the first topic, then by free text that matches nothing
      const topics = page.getByRole('list', { name: /.+/ }).filter({ has: page.locator('a[aria-pressed]') })
      await topics.locator('a').first().click()
      // plain words in the address, not a JSON array (issue 22, point 10)
      await expect(page).toHaveURL(/[?&]tag=[a-z0-9-]+(?:,[a-z0-9-]+)*(?:&|$)/)
      await expect.poll(() => cards.count()).toBeLessThan(all)
      await page.goto(at('localhost', `/${lang}?q=zzzzzz-nothing`))
      await expect(page.getByTestId('offers-empty')).toContainText(TEXT[lang].noMatch)
      await page.getByRole('link', { name: TEXT[lang].reset }).click()
      await expect.poll(() => cards.count()).toBe(Math.min(all, 12))

      // an activity with free places
      const available = cards.filter({ has: page.locator('[data-status="AVAILABLE"]') }).first()
      await available.getByRole('link').click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/listing/[a-z0-9-]+$`))
      await expect(page.getByTestId('gallery')).toBeVisible()
      await expect(page.getByTestId('contact-panel')).toBeVisible()
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1)
      await expectNoAxeViolations(page)

      await pickFirstDay(page, TEXT[lang].next, { de: 0, en: 1, fr: 2 }[lang])
      const panel = page.getByTestId('booking-panel')
      const time = panel.locator('fieldset button:not([disabled])').first()
      await time.click()
      const quantity = panel.locator('input[type="number"]').first()
      if (await quantity.count()) {
        if ((await quantity.inputValue()) === '0') await quantity.fill('1')
      }
      await expectNoAxeViolations(page)
      await panel.getByRole('button', { name: TEXT[lang].add }).click()
      await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/[A-Za-z0-9_-]{22,}$`))
    })
  }

  test('a private service: start times by keyboard, into the cart', async ({ page }) => {
    await gotoHydrated(page, at('localhost', '/en?type=private'))
    const card = page.getByTestId('offer-card').first()
    await card.getByRole('link').click()
    await pickFirstDay(page, 'Next month')
    const panel = page.getByTestId('booking-panel')
    await expect(panel.locator('fieldset legend')).toHaveText('Start time')
    const first = panel.locator('fieldset button:not([disabled])').first()
    await first.focus()
    await page.keyboard.press('Enter')
    await expect(first).toHaveAttribute('aria-pressed', 'true')
    // two ways to book this start time: the visitor chooses one, by keyboard too
    const option = panel.getByRole('group', { name: 'Choose an option' }).getByRole('radio').first()
    await option.focus()
    await page.keyboard.press('Space')
    await expect(option).toBeChecked()
    const add = panel.getByRole('button', { name: /Add to cart and continue|Continue to the request/ })
    await add.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/en\/checkout\/[A-Za-z0-9_-]{22,}$/)
  })

  const CALENDAR = {
    en: { next: 'Next month', day: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} [A-Z][a-z]+, (available|few places left|on request)$/ },
    de: { next: 'Nächster Monat', day: /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. [A-ZÄÖÜ][a-zäöü]+, (verfügbar|nur noch wenige Plätze|auf Anfrage)$/ },
    fr: { next: 'Mois suivant', day: /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) (1er|\d{1,2}) [a-zéû]+, (disponible|plus que quelques places|sur demande)$/ },
  } as const
  for (const lang of ['en', 'de', 'fr'] as const) {
    test(`the calendar is keyboard-usable and labelled (${lang})`, async ({ page }) => {
      const c = CALENDAR[lang]
      await gotoHydrated(page, at('localhost', `/${lang}`))
      await page.getByTestId('offer-card').filter({ has: page.locator('[data-status="AVAILABLE"]') }).first().getByRole('link').click()
      const panel = page.getByTestId('booking-panel')
      await expect(panel.locator('[aria-busy="false"]').first()).toBeVisible()
      const days = panel.locator('button[data-day]:not([disabled])')
      if ((await days.count()) < 2) await panel.getByRole('button', { name: c.next }).click()
      const firstDay = panel.locator('button[data-day]:not([disabled])').first()
      await expect(firstDay).toHaveAttribute('aria-label', c.day)
      // one Tab stop for the month (issue 22, point 13): Tab reaches a day, arrows move between days
      await expect(panel.locator('button[data-day][tabindex="0"]')).toHaveCount(1)
      await panel.getByRole('button', { name: c.next }).focus()
      await page.keyboard.press('Tab')
      await expect(firstDay).toBeFocused()
      await page.keyboard.press('ArrowRight')
      const secondDay = panel.locator('button[data-day]:not([disabled])').nth(1)
      await expect(secondDay).toBeFocused()
      await page.keyboard.press('End')
      await expect(panel.locator('button[data-day]:not([disabled])').last()).toBeFocused()
      await page.keyboard.press('Home')
      await expect(firstDay).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(firstDay).toHaveAttribute('aria-pressed', 'true')
      // Tab leaves the month instead of walking through every day
      await page.keyboard.press('Shift+Tab')
      await expect(page.locator('button[data-day]:focus')).toHaveCount(0)
    })
  }

  test('sold out and on request are shown as such', async ({ page }) => {
    await page.goto(at('localhost', '/en'))
    const statuses = await page.getByTestId('offer-card').locator('[data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))
    for (const status of ['AVAILABLE', 'STOCK_LOW', 'SOLD_OUT', 'UPON_REQUEST']) expect(statuses).toContain(status)
    await expect(page.locator('[data-status="SOLD_OUT"]').first()).toHaveText('no free places')
    await expect(page.locator('[data-status="UPON_REQUEST"]').first()).toHaveText('on request')
    await expect(page.locator('[data-status="STOCK_LOW"]').first()).toHaveText('few places left')
  })

  test('places left are counted in words that agree: one place, two places (de, en)', async ({ page }) => {
    // the stock-low offer has 2 places on every session; holding one leaves 1 on its first date
    const slug = 'via-ferrata-muerren'
    const v = await visitor(at('localhost').replace(/\/$/, ''), 'de')
    const detail = (await (await v.get(`/api/webshop/v1/offers/${slug}`)).json()).data as { skus: { id: string; type: string }[] }
    let session: { sessionId: string; date: string } | undefined
    for (let m = 0; m < 4 && !session; m++) {
      const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + m, 1)).toISOString().slice(0, 7)
      const days = (await (await v.get(`/api/webshop/v1/offers/${slug}/availability?month=${month}`)).json()).data.dates as { date: string; status: string }[]
      const first = days.find((d) => d.status === 'AVAILABLE' || d.status === 'STOCK_LOW')
      if (!first) continue
      const slots = (await (await v.get(`/api/webshop/v1/offers/${slug}/dates/${first.date}`)).json()).data.slots as { sessionId: string; placesLeft: number }[]
      expect(slots[0]!.placesLeft).toBe(2)
      session = { sessionId: slots[0]!.sessionId, date: first.date }
    }
    expect(session, 'a date of the stock-low offer').toBeTruthy()
    const held = await cartWithPlace(v, { slug, sku: detail.skus.find((k) => k.type === 'activity')!.id, sessionId: session!.sessionId, placesLeft: 2, date: session!.date })
    expect(held.status).toBe(201)

    for (const [lang, next, text] of [['de', 'Nächster Monat', 'noch 1 Platz'], ['en', 'Next month', '1 place left']] as const) {
      await gotoHydrated(page, at('localhost', `/${lang}/listing/${slug}`))
      await pickFirstDay(page, next)
      await expect(page.getByTestId('booking-panel').locator('fieldset button').first()).toContainText(text)
    }
  })

  test('an unknown offer is a 404, sitemap and robots answer', async ({ page, request }) => {
    const response = await page.goto(at('localhost', '/en/listing/no-such-offer'))
    expect(response?.status()).toBe(404)
    const sitemap = await request.get(at('localhost', '/sitemap.xml'))
    expect(sitemap.headers()['content-type']).toContain('application/xml')
    const xml = await sitemap.text()
    expect(xml).toContain('/fr/listing/')
    expect(xml).toContain('hreflang="de"')
    const robots = await (await request.get(at('localhost', '/robots.txt'))).text()
    expect(robots).toContain('Sitemap: http://localhost:')
  })
})
