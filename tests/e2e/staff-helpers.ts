import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { at, expect, gotoHydrated } from './fixtures'

/** The e2e server's data directory (playwright.config.ts: DATA_DIR). */
export const E2E_DATA = join('test-results', 'e2e-data')

export type StaffRole = 'owner' | 'manager' | 'guide'

/** A demo staff member of a shop, as the server wrote them on its first start (`role email password` a line). */
export function credentials(shop: string, role: StaffRole) {
  const file = join(E2E_DATA, 'admin', `${shop}.credentials`)
  const line = readFileSync(file, 'utf8').split('\n').find((l) => l.startsWith(`${role} `))
  if (!line) throw new Error(`no ${role} in ${file}`)
  const [, email, password] = line.split(' ')
  return { email: email!, password: password! }
}

/** The sign-in form's labels in each language (the page speaks the language of the path). */
const SIGN_IN = {
  de: { email: 'E-Mail-Adresse', password: 'Passwort', submit: 'Anmelden' },
  en: { email: 'E-mail address', password: 'Password', submit: 'Sign in' },
  fr: { email: 'Adresse e-mail', password: 'Mot de passe', submit: 'Se connecter' },
} as const

/**
 * Opens a staff page signed out, signs in on the sign-in page it leads to (in the page's language)
 * and lands on the page again. `host` is the shop's host (`localhost`, `atelier.localhost`).
 */
export async function signInOnTheWay(page: Page, host: string, path: string, who: { email: string; password: string }, options: { lands?: boolean } = {}) {
  const lang = (/^\/(de|en|fr)\//.exec(path)?.[1] ?? 'de') as keyof typeof SIGN_IN
  const t = SIGN_IN[lang]
  await gotoHydrated(page, at(host, path))
  await expect(page).toHaveURL(/\/admin\/sign-in\?redirect=/)
  await page.getByLabel(t.email).fill(who.email)
  await page.getByRole('textbox', { name: t.password, exact: true }).fill(who.password)
  await page.getByRole('button', { name: t.submit }).click()
  if (options.lands !== false) await expect(page).toHaveURL(at(host, path), { timeout: 20_000 })
}

/**
 * A staff or webshop API call in the page's browser context: its cookies, the anti-forgery pair
 * from its XSRF-TOKEN cookie, a fresh idempotency key and the language header.
 */
export async function apiCall(page: Page, host: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown, lang = 'de') {
  const cookie = async () => (await page.context().cookies(at(host))).find((c) => c.name === 'XSRF-TOKEN')?.value
  // A write needs the anti-forgery cookie, which the shop's scripts fetch before their first one.
  if (method !== 'GET' && !(await cookie())) await page.request.get(at(host, '/sanctum/csrf-cookie'))
  const xsrf = (await cookie()) ?? ''
  const headers = { 'x-xsrf-token': decodeURIComponent(xsrf), 'idempotency-key': randomUUID(), 'x-flowin-locale': lang, 'content-type': 'application/json' }
  const answer = await page.request.fetch(at(host, path), { method, headers, ...(method === 'GET' ? {} : { data }) })
  return { status: answer.status(), body: (await answer.json().catch(() => ({}))) as { data?: Record<string, unknown> & { id?: string } } }
}

/** `YYYY-MM-DD` of a moment in Zurich (the demo shops' time zone). */
export const zurichDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(date)

/**
 * A date of its own for a test, created by a signed-in manager (`staff`) and put into the
 * visitor's cart (one place): `capacity` places, `days` ahead (default some weeks, at random) at
 * an odd morning time, on the first published group activity whose first variant takes one place
 * and is booked directly (not on request). Keeps a test out of the places other suites use.
 */
export async function freshDate(staff: Page, visitor: Page, host: string, cartId: string, options: { capacity: number; days?: number }) {
  const days = options.days ?? 30 + Math.floor(Math.random() * 30)
  const date = zurichDay(new Date(Date.now() + days * 86_400_000))
  const time = `${String(6 + Math.floor(Math.random() * 4)).padStart(2, '0')}:${String(5 * Math.floor(Math.random() * 12)).padStart(2, '0')}`
  const offers = (await apiCall(staff, host, 'GET', '/api/admin/v1/offers')).body.data as unknown as { id: string; slug: string; status?: string }[]
  for (const offer of offers.filter((o) => o.status === 'published')) {
    const added = await apiCall(staff, host, 'POST', `/api/admin/v1/offers/${offer.id}/sessions`, { capacity: options.capacity, durationMinutes: 60, single: { date, time } })
    const created = (added.body.data?.created as { id: string; version: number; startsAt: string }[] | undefined) ?? []
    if ((added.status !== 200 && added.status !== 201) || !created.length) continue // a private service: no dates
    const session = created[0]!
    const detail = (await apiCall(visitor, host, 'GET', `/api/webshop/v1/offers/${offer.slug}`)).body.data as { skus: { id: string }[] }
    const item = await apiCall(visitor, host, 'POST', `/api/webshop/v1/carts/${cartId}/items`, { offer: offer.slug, sku: detail.skus[0]!.id, sessionId: session.id, quantity: 1 })
    if (item.status !== 201) continue // a variant of several places, or an offer on request
    const items = item.body.data!.items as { id: string; sessionId?: string }[]
    const itemId = items.find((i) => i.sessionId === session.id)!.id
    return { sessionId: session.id, version: session.version, startsAt: session.startsAt, slug: offer.slug, sku: detail.skus[0]!.id, itemId }
  }
  throw new Error('no group activity took a date of its own')
}
