/**
 * "My sessions" (issue 18, point 5), in de on the demo shop: the manager adds a date tomorrow
 * afternoon, a visitor books it (webshop API), the manager assigns the guide Lea Brunner (staff
 * API); Lea opens My sessions and sees the participant and a call link, on a phone's width too;
 * then the network goes and, after a reload, the page is still there (service worker) with the
 * list as it was loaded (the page's own copy) and a notice saying so. axe on every state.
 */
import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { apiCall, credentials, signInOnTheWay, zurichDay } from './staff-helpers'

const SLOW = { timeout: 20_000 }
const HOST = 'localhost'
const PHONE = '+41 79 555 12 34'


/** Opens a date's participants (the first date's are open already). */
async function openParticipants(card: Locator) {
  const details = card.locator('details')
  if ((await details.getAttribute('open')) === null) await card.locator('summary').click()
  await expect(details).toHaveAttribute('open', '')
}

/** A staff or webshop API call of the signed-in page's context (its cookies, the anti-forgery pair, a key). */
const call = (page: Page, method: 'GET' | 'POST', path: string, data?: unknown) => apiCall(page, HOST, method, path, data)

/** The manager's date tomorrow at 15:00 on the first group activity that takes one, booked by a visitor (one participant). */
async function bookedDateTomorrow(manager: Page, surname: string): Promise<string> {
  const date = zurichDay(new Date(Date.now() + 86_400_000))
  const offers = (await call(manager, 'GET', '/api/admin/v1/offers')).body.data as unknown as { id: string; slug: string; status?: string }[]
  for (const offer of offers.filter((o) => o.status !== 'archived')) {
    const added = await call(manager, 'POST', `/api/admin/v1/offers/${offer.id}/sessions`, { capacity: 12, durationMinutes: 60, single: { date, time: '15:00' } })
    const created = (added.body.data?.created as { id: string }[] | undefined) ?? []
    if ((added.status !== 200 && added.status !== 201) || !created.length) continue // a private service: no dates
    const sessionId = created[0]!.id
    const detail = (await call(manager, 'GET', `/api/webshop/v1/offers/${offer.slug}`)).body.data as { skus: { id: string }[] }
    const cart = (await call(manager, 'POST', '/api/webshop/v1/carts', {})).body.data!.id!
    const item = await call(manager, 'POST', `/api/webshop/v1/carts/${cart}/items`, { offer: offer.slug, sku: detail.skus[0]!.id, sessionId, quantity: 1 })
    if (item.status !== 201) continue // the variant needs more than one place, or the offer is on request
    const itemId = (item.body.data!.items as { id: string }[])[0]!.id
    const booked = await call(manager, 'POST', `/api/webshop/v1/carts/${cart}/checkout`, {
      mode: 'order',
      items: [{ itemId, participants: [{ firstname: 'Gisela', surname, extras: [] }] }],
      customer: { type: 'PRIVATE' },
      person: { firstname: 'Gisela', surname, email: 'gisela@example.ch', phone: PHONE },
      address: { street: 'Bahnhofstrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
      paymentMethod: 'PAY_ON_SITE',
      termsAccepted: true,
    })
    if (booked.status === 201) return sessionId
  }
  throw new Error('no group activity could be booked tomorrow')
}

test('a guide reads their next sessions with participants and call links, and again offline after a reload (de)', async ({ browser }) => {
  test.setTimeout(180_000)
  const surname = `Offline${randomUUID().slice(0, 6)}`

  // The manager: a booked date, and Lea assigned to it.
  const managerContext = await browser.newContext()
  const manager = await managerContext.newPage()
  await signInOnTheWay(manager, HOST, '/de/admin', credentials('alpin', 'manager'))
  const sessionId = await bookedDateTomorrow(manager, surname)
  const day = zurichDay(new Date(Date.now() + 86_400_000))
  const board = (await call(manager, 'GET', `/api/admin/v1/planning?from=${day}&to=${day}`)).body.data as unknown as { staff: { id: string; name: string }[] }
  const lea = board.staff.find((m) => m.name === 'Lea Brunner')!
  const assigned = await call(manager, 'POST', `/api/admin/v1/sessions/${sessionId}/guides`, { staffId: lea.id, overrideReason: 'e2e: my sessions' })
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200)
  await managerContext.close()

  // Lea, on a phone.
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } })
  const guide = await context.newPage()
  await signInOnTheWay(guide, HOST, '/de/admin/my-sessions', credentials('alpin', 'guide'))
  await expect(guide.getByRole('heading', { level: 1 })).toHaveText('Meine Termine')
  const card = guide.locator(`[data-testid="my-session"][data-session="${sessionId}"]`)
  await expect(card).toBeVisible(SLOW)
  await openParticipants(card)
  await expect(card).toContainText(`Gisela ${surname}`)
  const phone = card.getByRole('link', { name: new RegExp(`anrufen: \\${PHONE}$`) })
  await expect(phone).toHaveAttribute('href', 'tel:+41795551234')
  // No sideways scrolling at 360 px.
  expect(await guide.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoAxeViolations(guide)

  // The worker has kept the page (and the page its answer) before the network goes.
  await expect
    .poll(() => guide.evaluate(async () => Boolean(await (await caches.open('staff-offline-pages-v1')).match(`${location.origin}/de/admin/my-sessions`))), SLOW)
    .toBe(true)
  await context.setOffline(true)
  await guide.reload()
  await expect(guide.getByTestId('my-sessions-offline')).toContainText('Offline: Stand vom', SLOW)
  await expect(card).toBeVisible()
  await openParticipants(card)
  await expect(card).toContainText(`Gisela ${surname}`)
  await expect(card.getByRole('link', { name: new RegExp(`anrufen: \\${PHONE}$`) })).toHaveAttribute('href', 'tel:+41795551234')
  await expectNoAxeViolations(guide)
  await context.setOffline(false)

  // Signing out removes the copy and the worker's caches.
  await guide.getByRole('button', { name: 'Menü' }).click()
  await guide.getByTestId('admin-sidebar').getByRole('button', { name: 'Abmelden' }).click()
  await expect(guide).toHaveURL(/\/de\/admin\/sign-in/, SLOW)
  await expect
    .poll(() => guide.evaluate(async () => ({ keys: Object.keys(localStorage).filter((k) => k.startsWith('staff-offline:')), caches: (await caches.keys()).filter((n) => n.startsWith('staff-offline-')) })), SLOW)
    .toEqual({ keys: [], caches: [] })
  await context.close()
})
