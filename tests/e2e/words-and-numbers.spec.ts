/**
 * Words and numbers as each language writes them (issue 22, point 10), in Chromium:
 * - the checkout's and the success page's dates and times: 24 hours and day before month in
 *   English too (no AM/PM, no US dates), German "1. Dezember", French without a comma after the
 *   weekday;
 * - the search's type filter in a visitor's word ("Type of offer", "Angebotsart", "Type d’offre");
 * - the German country list in German;
 * - an amount over a thousand written the same way on the page and in the e-mail (CHF 1’192.00,
 *   the typographic apostrophe), worked out here from the variant's price.
 */
import type { Page } from '@playwright/test'
import { at, expect, gotoHydrated, test } from './fixtures'
import { T, fillContact, fillParticipants, type Lang } from './checkout-helpers'
import { mailTo } from './mail-helpers'
import { apiCall, credentials, freshDate, signInOnTheWay } from './staff-helpers'

const HOST = 'localhost'
const SLOW = { timeout: 20_000 }

/** A date and time as the language writes it (the checkout's item line). */
const DAY_TIME: Record<Lang, RegExp> = {
  en: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4},? (at )?\d{2}:\d{2}$/,
  de: /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4},? (um )?\d{2}:\d{2}$/,
  fr: /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) (1er|\d{1,2}) (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4},? (à )?\d{2}(:|h)\d{2}$/,
}
const TYPE_FILTER: Record<Lang, string> = { en: 'Type of offer', de: 'Angebotsart', fr: 'Type d’offre' }

/** CHF in minor units as de-CH and en-CH write it, a pattern: `CHF 1’192.00` (any space after CHF). */
const chf = (minor: number) => `CHF\\s${String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '’')}\\.${String(minor % 100).padStart(2, '0')}`

async function staffOf(page: Page, lang: Lang) {
  const staff = await (await page.context().browser()!.newContext()).newPage()
  await signInOnTheWay(staff, HOST, `/${lang}/admin`, credentials('alpin', 'manager'))
  return staff
}

for (const lang of ['en', 'de', 'fr'] as const) {
  test(`dates and times in the checkout are written the ${lang} way; the type filter is a visitor's word (${lang})`, async ({ page }) => {
    await gotoHydrated(page, at(HOST, `/${lang}`))
    await expect(page.getByRole('combobox', { name: TYPE_FILTER[lang], exact: true })).toBeVisible()
    const created = await apiCall(page, HOST, 'POST', '/api/webshop/v1/carts', {}, lang)
    expect(created.status).toBe(201)
    const cartId = created.body.data!.id!
    const staff = await staffOf(page, lang)
    await freshDate(staff, page, HOST, cartId, { capacity: 4 })
    await staff.context().close()
    await gotoHydrated(page, at(HOST, `/${lang}/checkout/${cartId}`))
    const when = page.getByTestId('checkout-item').first().locator('legend + p')
    await expect(when).toHaveText(DAY_TIME[lang])
    await expect(page.getByTestId('checkout')).not.toContainText(/\d (AM|PM)\b/)
  })
}

test('the German country list is German', async ({ page }) => {
  const created = await (async () => {
    await gotoHydrated(page, at(HOST, '/de'))
    return apiCall(page, HOST, 'POST', '/api/webshop/v1/carts', {}, 'de')
  })()
  const cartId = created.body.data!.id!
  const staff = await staffOf(page, 'de')
  await freshDate(staff, page, HOST, cartId, { capacity: 4 })
  await staff.context().close()
  await gotoHydrated(page, at(HOST, `/de/checkout/${cartId}`))
  await fillParticipants(page, 'de')
  await page.getByRole('button', { name: T.de.cont }).click()
  const countries = page.getByRole('combobox', { name: T.de.country })
  await expect(countries.locator('option[value="UM"]')).toHaveText('Amerikanische Überseeinseln')
  await expect(countries.locator('option[value="US"]')).toHaveText(/^Vereinigte Staaten/)
  await expect(countries.locator('option[value="CH"]')).toHaveText('Schweiz')
  const names = await countries.locator('option').allTextContents()
  expect(names.filter((n) => /\b(Islands|United|Republic|Kingdom)\b/.test(n))).toEqual([])
})

for (const lang of ['de', 'en'] as const) {
  test(`an amount over a thousand is written the same on the page and in the e-mail, CHF 1’…00 (${lang})`, async ({ page }) => {
    test.slow() // a manager's date, eight or more participants, an e-mail
    await gotoHydrated(page, at(HOST, `/${lang}`))
    const cartId = (await apiCall(page, HOST, 'POST', '/api/webshop/v1/carts', {}, lang)).body.data!.id!
    const staff = await staffOf(page, lang)
    const fresh = await freshDate(staff, page, HOST, cartId, { capacity: 20 })
    await staff.context().close()
    // as many participants as make it over a thousand francs, at least eight (whichever offer
    // took the date: other suites publish offers of their own on the same server)
    const held = (await apiCall(page, HOST, 'GET', `/api/webshop/v1/carts/${cartId}`, undefined, lang)).body.data!.items as { id: string; unitPrice: { amount: number } }[]
    const unit = held.find((i) => i.id === fresh.itemId)!.unitPrice.amount
    const quantity = Math.max(8, Math.ceil(100_000 / unit))
    expect(quantity, 'the date fits them').toBeLessThanOrEqual(20)
    const many = await apiCall(page, HOST, 'PATCH', `/api/webshop/v1/carts/${cartId}/items/${fresh.itemId}`, { quantity }, lang)
    expect(many.status).toBe(200)
    const total = chf(quantity * unit)
    expect(quantity * unit).toBeGreaterThanOrEqual(100_000) // over a thousand francs

    await gotoHydrated(page, at(HOST, `/${lang}/checkout/${cartId}`))
    await fillParticipants(page, lang)
    await page.getByRole('button', { name: T[lang].cont }).click()
    await fillContact(page, lang)
    const email = `tausend-${Date.now().toString(36)}@example.ch`
    await page.locator('#email').fill(email)
    await page.getByRole('button', { name: T[lang].cont }).click()
    await page.getByRole('radio', { name: T[lang].onSite, exact: true }).check()
    await page.getByRole('checkbox', { name: T[lang].terms }).check()
    await page.getByRole('button', { name: T[lang].book }).click()
    await expect(page.getByRole('heading', { name: T[lang].done })).toBeVisible(SLOW)
    await expect(page.getByTestId('booked-date-total')).toHaveText(new RegExp(`^\\s*${total}\\s*$`))

    await expect.poll(() => mailTo(email), SLOW).toBeTruthy()
    const body = mailTo(email)!
    expect(body).toMatch(new RegExp(total))
    expect(body).not.toMatch(/CHF\s\d{1,3}'\d{3}/) // never the typewriter apostrophe
  })
}
