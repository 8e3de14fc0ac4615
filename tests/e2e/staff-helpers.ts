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
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? ''
  const headers = { 'x-xsrf-token': decodeURIComponent(xsrf), 'idempotency-key': randomUUID(), 'x-flowin-locale': lang, 'content-type': 'application/json' }
  const answer = await page.request.fetch(at(host, path), { method, headers, ...(method === 'GET' ? {} : { data }) })
  return { status: answer.status(), body: (await answer.json().catch(() => ({}))) as { data?: Record<string, unknown> & { id?: string } } }
}
