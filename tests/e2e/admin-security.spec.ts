/**
 * Security of the staff app in the browser: no open redirect after signing in (every hostile
 * `?redirect=` lands on the staff app of the same origin), staff pages never framed and never
 * indexed, a signed-out visitor sent to sign-in and back, and a deactivated member's open
 * session refused on the next navigation.
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'
import { newestMailTo } from '../support/mail'
import { at, expect, gotoHydrated, test } from './fixtures'
import { credentials, E2E_DATA } from './staff-helpers'

/** Answers that hash a password (scrypt at OWASP cost) take seconds on a busy 2-core machine. */
const SLOW = { timeout: 20_000 }
const ORIGIN = at('localhost', '')


async function signIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('E-mail address').fill(who.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** A staff API call as the browser's client makes it: the anti-forgery pair and an idempotency key. */
async function staffApi(api: APIRequestContext, method: string, path: string, body?: unknown) {
  await api.get(`${ORIGIN}/sanctum/csrf-cookie`)
  const token = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? ''
  const response = await api.fetch(`${ORIGIN}/api/admin/v1${path}`, {
    method,
    headers: { 'x-xsrf-token': decodeURIComponent(token), 'idempotency-key': randomUUID(), 'x-flowin-locale': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    data: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status(), body: text ? JSON.parse(text) : undefined }
}

/** The token of the password link in the newest e-mail to `to` (the outbox writes .eml files). */
async function linkMailedTo(to: string) {
  let path: string | undefined
  await expect
    .poll(() => (path = /\/(de|en|fr)\/admin\/password\/([A-Za-z0-9_-]{22,64})/.exec(newestMailTo(join(E2E_DATA, 'mail'), to)?.text ?? '')?.[2]) !== undefined, { timeout: 15_000 })
    .toBe(true)
  return path!
}

const HOSTILE_REDIRECTS = [
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  '%2F%2Fevil.example',
  '%252F%252Fevil.example',
  'https:%2F%2Fevil.example',
  'javascript:alert(1)',
  '/en/admin/..%2F..%2Fde/listing/x',
  '/de/listing/x',
]

test.describe('staff app security', () => {
  for (const raw of HOSTILE_REDIRECTS) {
    test(`signing in with ?redirect=${raw} stays on this site's staff app`, async ({ page }) => {
      const elsewhere: string[] = []
      page.on('request', (r) => {
        if (new URL(r.url()).hostname !== 'localhost') elsewhere.push(r.url())
      })
      page.on('dialog', (d) => {
        elsewhere.push(`dialog: ${d.message()}`)
        void d.dismiss()
      })
      await gotoHydrated(page, at('localhost', `/en/admin/sign-in?redirect=${raw}`))
      await signIn(page, credentials('alpin', 'owner'))
      await expect(page).toHaveURL(at('localhost', '/en/admin'), SLOW)
      await expect(page.getByTestId('admin-sidebar')).toBeVisible()
      expect(elsewhere).toEqual([])
    })
  }

  test('staff pages are never framed and never indexed', async ({ page }) => {
    test.slow()
    const check = (headers: Record<string, string>, what: string) => {
      expect(headers['x-frame-options'], what).toBe('DENY')
      expect(headers['content-security-policy'], what).toMatch(/frame-ancestors 'none'/)
      expect(headers['x-robots-tag'], what).toMatch(/noindex/)
    }
    const signInPage = await gotoHydrated(page, at('localhost', '/en/admin/sign-in'))
    check(await signInPage!.allHeaders(), 'sign-in')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    await signIn(page, credentials('alpin', 'owner'))
    await expect(page).toHaveURL(at('localhost', '/en/admin'), SLOW)
    for (const path of ['/en/admin', '/en/admin/staff', '/en/admin/profile', '/de/admin/profile']) {
      const response = await gotoHydrated(page, at('localhost', path))
      expect(response!.status(), path).toBe(200)
      check(await response!.allHeaders(), path)
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    }
  })

  test('a page of another site that frames the staff app is refused by the browser', async ({ browser }) => {
    // a page of its own: the refused frame's console error is the expected outcome here
    const context = await browser.newContext()
    try {
      const framer = await context.newPage()
      const answers = new Map<string, Record<string, string>>()
      framer.on('response', (r) => {
        const path = new URL(r.url()).pathname
        if (path === '/en/admin/sign-in' || path === '/en/embed/v1/search') answers.set(path, r.headers())
      })
      // Another site, served from a local address (Chromium keeps public sites, and pages it cannot
      // place, from framing localhost at all); beside the staff page, an embed route (frameable)
      // proves that the framing page itself works.
      const body = `<!doctype html><title>framer</title><iframe id="admin" src="${at('localhost', '/en/admin/sign-in')}"></iframe><iframe id="embed" src="${at('localhost', '/en/embed/v1/search')}"></iframe>`
      const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body))
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const { port } = server.address() as { port: number }
      try {
        await framer.goto(`http://127.0.0.1:${port}/`)
        await expect.poll(() => answers.size, { timeout: 15_000 }).toBe(2)
        expect(answers.get('/en/admin/sign-in')!['x-frame-options']).toBe('DENY')
        expect(answers.get('/en/admin/sign-in')!['content-security-policy']).toContain("frame-ancestors 'none'")
        await expect(framer.frameLocator('#embed').getByRole('heading', { name: 'Find an appointment' })).toBeVisible({ timeout: 20_000 })
        // the staff page is not shown in its frame: no form, no field
        const adminFrame = framer.frames().find((f) => f !== framer.mainFrame() && !f.url().includes('/embed/'))
        expect(adminFrame ? await adminFrame.locator('input, form').count() : 0).toBe(0)
      } finally {
        server.close()
      }
    } finally {
      await context.close()
    }
  })

  test('a signed-out visitor of /de/admin/staff signs in and comes back to it', async ({ page }) => {
    await gotoHydrated(page, at('localhost', '/de/admin/staff'))
    await expect(page).toHaveURL(/\/de\/admin\/sign-in\?redirect=/)
    await page.getByLabel('E-Mail-Adresse').fill(credentials('alpin', 'owner').email)
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(credentials('alpin', 'owner').password)
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await expect(page).toHaveURL(at('localhost', '/de/admin/staff'), SLOW)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mitarbeitende')
  })

  test("a deactivated member's open session is refused on the next navigation", async ({ page, context }) => {
    test.slow() // two password hashes (sign-in, new password) at the real cost
    // The owner (API) invites a member, who sets a password from the e-mailed link in this browser.
    const owner = await playwrightRequest.newContext()
    try {
      expect((await staffApi(owner, 'POST', '/session', credentials('alpin', 'owner'))).status).toBe(200)
      const email = `leaving-${Date.now()}@example.ch`
      const invited = await staffApi(owner, 'POST', '/staff', { email, name: 'Lea Leaving', role: 'manager', locale: 'en' })
      expect(invited.status, JSON.stringify(invited.body)).toBe(201)
      const token = await linkMailedTo(email)
      const set = await staffApi(context.request, 'POST', `/links/${token}/password`, { password: 'Leaving-Soon-26', passwordConfirmation: 'Leaving-Soon-26' })
      expect(set.status, JSON.stringify(set.body)).toBe(200)
      await gotoHydrated(page, at('localhost', '/en/admin/profile'))
      await expect(page).toHaveURL(at('localhost', '/en/admin/profile'))
      await expect(page.getByTestId('admin-sidebar')).toBeVisible()

      const member = await staffApi(owner, 'GET', `/staff/${invited.body.data.id}`)
      const deactivated = await staffApi(owner, 'PATCH', `/staff/${invited.body.data.id}`, { version: member.body.data.version, active: false })
      expect([deactivated.status, deactivated.body.data?.status]).toEqual([200, 'inactive'])

      // the very next navigation: signed out, at sign-in (and the API refuses the session)
      await gotoHydrated(page, at('localhost', '/en/admin'))
      await expect(page).toHaveURL(/\/en\/admin\/sign-in(\?|$)/)
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
      expect((await staffApi(context.request, 'GET', '/me')).status).toBe(401)
    } finally {
      await owner.dispose()
    }
  })
})
