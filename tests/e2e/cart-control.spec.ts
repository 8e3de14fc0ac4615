/**
 * The visitor's control of the cart in the checkout (issue 22, points 1 and 14), in de and en on
 * the production build against the real server: change a quantity (the hold follows, a quantity
 * the date cannot take is refused on the item), remove items down to an empty cart, the hold's
 * countdown; an item whose date the shop cancels while the visitor fills in the form is refused
 * at the binding click and leads to another date while the rest of the cart stays and is booked;
 * two tabs of one cart book once. Dates of their own (created by the manager through the staff
 * API) keep these tests out of the other suites' places.
 */
import type { Browser, Page } from '@playwright/test'
import { at, expect, expectNoAxeViolations, gotoHydrated, pickFirstDay, test } from './fixtures'
import { T, cartFor, fillContact, fillParticipants, participantLabel, type Lang } from './checkout-helpers'
import { apiCall, credentials, freshDate, signInOnTheWay } from './staff-helpers'

const HOST = 'localhost'
const SLOW = { timeout: 20_000 }

const L = {
  de: {
    more: 'Eins mehr',
    fewer: 'Eins weniger',
    quantity: (n: number) => `Anzahl: ${n}`,
    remove: (title: string) => `${title} aus dem Warenkorb entfernen`,
    tooMany: 'Für diese Anzahl sind an diesem Datum nicht mehr genügend Plätze frei.',
    empty: 'Ihr Warenkorb ist leer.',
    find: 'Termin finden',
    heldUntil: (time: string) => new RegExp(`^Plätze reserviert bis ${time} \\(noch \\d+ Minuten?\\)\\. Danach werden sie für andere freigegeben`),
    gone: 'Dieser Termin hat bereits begonnen oder wurde abgesagt. Bitte wählen Sie einen anderen.',
    another: 'Anderes Datum wählen',
    continueBooking: 'Buchung fortsetzen',
    already: 'Diese Buchung wurde bereits abgeschlossen (in einem anderen Tab oder Fenster). Hier ist sie.',
    notBooked: 'Die eben eingegebenen Angaben wurden nicht gebucht.',
  },
  en: {
    more: 'One more',
    fewer: 'One fewer',
    quantity: (n: number) => `Quantity: ${n}`,
    remove: (title: string) => `Remove ${title} from the cart`,
    tooMany: 'There are not enough places left on this date for that quantity.',
    empty: 'Your cart is empty.',
    find: 'Find an appointment',
    heldUntil: (time: string) => new RegExp(`^Places held until ${time} \\(\\d+ minutes? left\\)\\. After that they are released for others`),
    gone: 'This date has already started or was cancelled. Please choose another one.',
    another: 'Choose another date',
    continueBooking: 'Continue your booking',
    already: 'This booking was already completed (in another tab or window). Here it is.',
    notBooked: 'The details you just entered were not booked.',
  },
} as const

type CartRead = { id: string; heldUntil?: string; bookingCode?: string; items: { id: string; offer: string; offerTitle: string; start: string; quantity: number; places: number }[] }

/** The cart as the server has it now (read in the visitor's browser context). */
async function readCart(page: Page, cartId: string, lang: Lang = 'de'): Promise<CartRead> {
  const answer = await apiCall(page, HOST, 'GET', `/api/webshop/v1/carts/${cartId}`, undefined, lang)
  expect(answer.status).toBe(200)
  return answer.body.data as unknown as CartRead
}

const cartIdOf = (page: Page) => /\/checkout\/([A-Za-z0-9_-]{22,})$/.exec(new URL(page.url()).pathname)![1]!

/** `HH:mm` in the shop's time zone (the demo shop's: Zurich), written independently of the app's helpers. */
const zurichTime = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))

/** A signed-in manager of the demo shop, in a context of their own. */
async function manager(browser: Browser, lang: Lang): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signInOnTheWay(page, HOST, `/${lang}/admin`, credentials('alpin', 'manager'))
  return page
}

/** Fills in the whole checkout up to the binding click (participants, contact, pay on site, terms). */
async function fillAll(page: Page, lang: Lang, surname: string) {
  await fillParticipants(page, lang)
  await page.getByRole('button', { name: T[lang].cont }).click()
  await fillContact(page, lang)
  await page.locator('#surname').fill(surname)
  await page.getByRole('button', { name: T[lang].cont }).click()
  await page.getByRole('radio', { name: T[lang].onSite, exact: true }).check()
  await page.getByRole('checkbox', { name: T[lang].terms }).check()
}

const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')

for (const lang of ['de', 'en'] as const) {
  const t = L[lang]

  test(`the visitor changes quantities and removes items in the checkout; the holds follow, a quantity too many is refused on the item, the emptied cart says so (${lang})`, async ({ page, browser }) => {
    test.slow()
    await cartFor(page, lang, 'AVAILABLE')
    const cartId = cartIdOf(page)
    const staff = await manager(browser, lang)
    const fresh = await freshDate(staff, page, HOST, cartId, { capacity: 2 })
    // The checkout loads without a failed request or a console error (it used to ask for a booking
    // the cart does not have yet: a 404 in the console on every load, issue 22, point 16).
    const failed: string[] = []
    page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)))
    page.on('console', (m) => void (m.type() === 'error' && failed.push(`console: ${m.text()}`)))
    await gotoHydrated(page, at(HOST, `/${lang}/checkout/${cartId}`))
    const before = await readCart(page, cartId, lang)
    expect(before.items).toHaveLength(2)
    const first = before.items.find((i) => i.id !== fresh.itemId)!
    const added = before.items.find((i) => i.id === fresh.itemId)!
    await expect(page.getByTestId('checkout-item')).toHaveCount(2)
    expect(failed).toEqual([])

    // The countdown names the earliest hold's end, in the shop's time zone.
    await expect(page.getByTestId('hold-countdown')).toHaveText(t.heldUntil(zurichTime(before.heldUntil!)))

    // One more: the server holds two places; one more again: the date has only two, refused on the item.
    const item = page.locator(`#checkout-item-${added.id}`)
    await item.getByRole('button', { name: t.more }).click()
    await expect(item.getByTestId('item-quantity')).toHaveText(t.quantity(2))
    await expect.poll(async () => (await readCart(page, cartId)).items.find((i) => i.id === added.id)?.places).toBe(2)
    await item.getByRole('button', { name: t.more }).click()
    await expect(item.getByTestId('cart-change-error')).toHaveText(t.tooMany)
    await expect(item.getByTestId('item-quantity')).toHaveText(t.quantity(2))
    expect((await readCart(page, cartId)).items.find((i) => i.id === added.id)?.places).toBe(2)
    await expectNoAxeViolations(page)
    await item.getByRole('button', { name: t.fewer }).click()
    await expect(item.getByTestId('item-quantity')).toHaveText(t.quantity(1))
    await expect(item.getByTestId('cart-change-error')).toHaveCount(0)
    await expect.poll(async () => (await readCart(page, cartId)).items.find((i) => i.id === added.id)?.places).toBe(1)

    // Remove the first item: it leaves the page and the cart, the other stays.
    await page.locator(`#checkout-item-${first.id}`).getByRole('button', { name: t.remove(first.offerTitle) }).click()
    await expect(page.getByTestId('checkout-item')).toHaveCount(1)
    await expect(page.locator(`#checkout-item-${added.id}`)).toBeVisible()
    expect((await readCart(page, cartId)).items.map((i) => i.id)).toEqual([added.id])

    // Remove the last: the page says the cart is empty and leads back to the offers.
    await page.locator(`#checkout-item-${added.id}`).getByRole('button', { name: t.remove(added.offerTitle) }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.empty)
    expect((await readCart(page, cartId)).items).toEqual([])
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: t.find }).click()
    await expect(page).toHaveURL(at(HOST, `/${lang}`), SLOW)
    // An emptied cart never resurfaces: no "continue your booking", and this browser forgets it.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('webshop:cart'))).toBeNull()
    await expect(page.getByTestId('continue-booking')).toHaveCount(0)
    await staff.context().close()
  })

  test(`a date the shop cancels during the checkout is refused at the binding click; "choose another date" removes it and the rest of the cart is booked (${lang})`, async ({ page, browser }) => {
    test.slow()
    await cartFor(page, lang, 'AVAILABLE')
    const cartId = cartIdOf(page)
    const staff = await manager(browser, lang)
    const fresh = await freshDate(staff, page, HOST, cartId, { capacity: 5 })
    await gotoHydrated(page, at(HOST, `/${lang}/checkout/${cartId}`))
    const kept = (await readCart(page, cartId)).items.find((i) => i.id !== fresh.itemId)!
    await fillAll(page, lang, `Abgesagt${letters()}`)

    // Meanwhile the shop cancels the fresh date (its hold is released).
    const cancelled = await apiCall(staff, HOST, 'POST', `/api/admin/v1/sessions/${fresh.sessionId}/cancel`, { version: fresh.version })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)

    await page.getByRole('button', { name: T[lang].book }).click()
    // Back on the first step, the item says why and offers another date; no general server error.
    const refused = page.locator(`#checkout-item-${fresh.itemId}`)
    await expect(refused.getByText(t.gone)).toBeVisible(SLOW)
    await expect(page.getByTestId('checkout')).not.toContainText(lang === 'de' ? 'Serverfehler' : 'server error')
    await expectNoAxeViolations(page)
    await refused.getByRole('button', { name: t.another }).click()
    await expect(page).toHaveURL(at(HOST, `/${lang}/listing/${fresh.slug}`), SLOW)
    expect((await readCart(page, cartId)).items.map((i) => i.id)).toEqual([kept.id])

    // Every page leads back to the booking; the rest of the cart is there, what was typed too.
    await page.getByRole('link', { name: t.continueBooking }).click()
    await expect(page).toHaveURL(at(HOST, `/${lang}/checkout/${cartId}`), SLOW)
    await expect(page.getByTestId('checkout-item')).toHaveCount(1)
    await expect(page.locator(`#checkout-item-${kept.id}`)).toBeVisible()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await expect(page.locator(`#checkout-item-${kept.id}`).getByLabel(participantLabel(lang, 'first', 1))).toHaveValue('Gast1')
    await fillAll(page, lang, `Behalten${letters()}`)
    await page.getByRole('button', { name: T[lang].book }).click()
    await expect(page.getByRole('heading', { name: T[lang].done })).toBeVisible(SLOW)
    // The booking holds the kept item alone.
    expect((await readCart(page, cartId)).bookingCode).toMatch(/\S/)
    const booking = (await apiCall(page, HOST, 'GET', `/api/webshop/v1/carts/${cartId}/booking`)).body.data as unknown as { items: { start: string }[] }
    expect(booking.items.map((i) => i.start)).toEqual([kept.start])
    await staff.context().close()
  })

  test(`in the booking widget, "choose another date" goes back to the widget's booking panel of that offer and the new date joins the same cart (${lang})`, async ({ page, browser }) => {
    test.slow()
    await cartFor(page, lang, 'AVAILABLE', 5)
    const cartId = cartIdOf(page)
    const staff = await manager(browser, lang)
    const fresh = await freshDate(staff, page, HOST, cartId, { capacity: 5 })
    const kept = (await readCart(page, cartId)).items.find((i) => i.id !== fresh.itemId)!
    // The widget's checkout (the page a frame shows; opened on its own here).
    await gotoHydrated(page, at(HOST, `/${lang}/embed/v1/booking/${fresh.slug}?cart=${cartId}`))
    await fillAll(page, lang, `Widget${letters()}`)
    const cancelled = await apiCall(staff, HOST, 'POST', `/api/admin/v1/sessions/${fresh.sessionId}/cancel`, { version: fresh.version })
    expect(cancelled.status).toBe(200)
    await staff.context().close()
    await page.getByRole('button', { name: T[lang].book }).click()
    const refused = page.locator(`#checkout-item-${fresh.itemId}`)
    await expect(refused.getByText(t.gone)).toBeVisible(SLOW)
    await refused.getByRole('button', { name: t.another }).click()

    // Still the widget (a shop page would refuse to be framed), on the offer's booking panel.
    await expect(page).toHaveURL(new RegExp(`/${lang}/embed/v1/booking/${fresh.slug}\\?(.*&)?into=${cartId}`), SLOW)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await pickFirstDay(page, T[lang].next, 1)
    const panel = page.getByTestId('booking-panel')
    await panel.locator('fieldset button:not([disabled])').first().click()
    const quantity = panel.locator('input[type="number"]').first()
    if ((await quantity.count()) && (await quantity.inputValue()) === '0') await quantity.fill('1')
    await panel.getByRole('button', { name: T[lang].add }).click()
    await expect(page).toHaveURL(new RegExp(`[?&]cart=${cartId}`), SLOW)
    await expect(page.getByTestId('checkout-item')).toHaveCount(2)
    const items = (await readCart(page, cartId)).items
    expect(items).toHaveLength(2)
    expect(items.map((i) => i.id)).toContain(kept.id)
    expect(items.map((i) => i.id)).not.toContain(fresh.itemId)
  })

  test(`two tabs of one cart book once: the second tab shows the booking of the first and says its details were not booked (${lang})`, async ({ page, browser }) => {
    test.slow()
    await cartFor(page, lang, 'AVAILABLE')
    const cartId = cartIdOf(page)
    const second = await page.context().newPage()
    await gotoHydrated(second, at(HOST, `/${lang}/checkout/${cartId}`))
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })

    const firstName = `Erstertab${letters()}`
    const secondName = `Zweitertab${letters()}`
    await fillAll(page, lang, firstName)
    await fillAll(second, lang, secondName)

    await page.getByRole('button', { name: T[lang].book }).click()
    await expect(page.getByRole('heading', { name: T[lang].done })).toBeVisible(SLOW)
    const code = (await page.getByTestId('booking-code').textContent())!.trim()

    await second.getByRole('button', { name: T[lang].book }).click()
    await expect(second.getByText(t.already)).toBeVisible(SLOW)
    await expect(second.getByText(t.notBooked, { exact: false })).toBeVisible()
    await expect(second).toHaveURL(/[?&]already=1/)
    expect((await second.getByTestId('booking-code').textContent())!.trim()).toBe(code)
    await expectNoAxeViolations(second)

    // One booking, under the first tab's name; the second tab's details booked nothing.
    const staff = await manager(browser, lang)
    const search = async (q: string) => (await apiCall(staff, HOST, 'GET', `/api/admin/v1/bookings?q=${q}`)).body.data as unknown as { code: string }[]
    expect((await search(firstName)).map((b) => b.code)).toEqual([code])
    expect(await search(secondName)).toEqual([])
    await staff.context().close()
  })
}
