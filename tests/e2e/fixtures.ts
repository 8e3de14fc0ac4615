import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test'
import { contractProblems, requestProblems } from '../support/contract'

export const PORT = Number(process.env.E2E_PORT ?? 4173)
export const at = (host: string, path = '/') => `http://${host}:${PORT}${path}`

/**
 * The shop's own API on the test server: what the wire check looks at (not the sandbox payment
 * provider's pages and calls under /api/sandbox-pay/, which stand in for the provider's site).
 */
function isShopApi(url: URL) {
  const local = url.port === String(PORT) && (url.hostname === 'localhost' || url.hostname.endsWith('.localhost'))
  return local && /^\/(api\/|sanctum\/csrf-cookie$)/.test(url.pathname) && !url.pathname.startsWith('/api/sandbox-pay/')
}

/**
 * The contract checked on the wire (issue 20, point 4): every request the browser sends to the
 * shop's API and every answer the real server gives it over HTTP (compressed, through the
 * production server's routes) must honour openapi/webshop.yaml or openapi/admin.yaml. Answers a
 * test made up itself (`route.fulfill`, no `x-flowin-request-id`) are not the server's and are
 * left out; a test that sends contract-breaking requests on purpose turns the check off with
 * `test.use({ wireContract: false })`.
 */
export type WireCheck = { problems: string[]; requests: number; answers: number }

export async function checkWire(context: BrowserContext, use: (wire: WireCheck) => Promise<void>) {
  const wire: WireCheck = { problems: [], requests: 0, answers: 0 }
  const { problems } = wire
  const pending: Promise<void>[] = []
  const onRequest = (request: import('@playwright/test').Request) => {
    const url = new URL(request.url())
    if (!isShopApi(url)) return
    wire.requests++
    for (const p of requestProblems(request.method(), url, request.headers()['content-type'] ?? null, request.postData())) problems.push(`request ${request.method()} ${url.pathname}: ${p}`)
  }
  const onResponse = (response: import('@playwright/test').Response) => {
    const url = new URL(response.url())
    const request = response.request()
    if (!isShopApi(url) || request.method() === 'OPTIONS') return
    pending.push(
      (async () => {
        const headers = response.headers()
        if (!headers['x-flowin-request-id']) return // made up by the test, not the server's
        const status = response.status()
        // JSON bodies are read and validated; for images and icons the status, headers and
        // content type are checked (an image below the fold may never finish loading)
        const json = /^application\/(problem\+)?json\b/.test(headers['content-type'] ?? '')
        const body = json && request.method() !== 'HEAD' ? await response.body().catch(() => null) : null
        if (json && body === null && request.method() !== 'HEAD') return // the page went away before the body was read
        wire.answers++
        const fetchRequest = new Request(url.href, { method: request.method() === 'HEAD' ? 'GET' : request.method() })
        const fetchResponse = new Response(body === null ? null : new Uint8Array(body), { status, headers: Object.entries(headers) })
        for (const p of await contractProblems(fetchRequest, fetchResponse)) problems.push(`answer ${request.method()} ${url.pathname} ${status}: ${p}`)
      })(),
    )
  }
  context.on('request', onRequest)
  context.on('response', onResponse)
  await use(wire)
  context.off('request', onRequest)
  context.off('response', onResponse)
  // a body that never arrives (an aborted request on an open page) must not hold the test
  await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 10_000))])
}

/**
 * Every page test fails on a CSP violation or an uncaught error in the page, and on a request or
 * an answer of the shop's API that breaks the contract.
 */
export const test = base.extend<{ pageErrors: string[]; wireContract: boolean; wire: WireCheck }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(`pageerror on ${page.url()}: ${e.message}`))
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) errors.push(`csp: ${m.text()}`)
      })
      await use(errors)
      expect(errors, 'errors in the page').toEqual([])
    },
    { auto: true },
  ],
  wireContract: [true, { option: true }],
  wire: [
    async ({ context, wireContract }, use) => {
      if (!wireContract) return use({ problems: [], requests: 0, answers: 0 })
      let problems: string[] = []
      await checkWire(context, async (wire) => {
        problems = wire.problems
        await use(wire)
      })
      expect(problems, 'requests and answers of the API that break the contract').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** axe-core finds no WCAG A/AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(summary).toEqual([])
}

/**
 * Opens a page and waits until its content has hydrated (`html[data-hydrated]`, set by the
 * `$lang` route): a click before that is a plain link's full page load, or, on a busy machine,
 * may reach a half-hydrated page.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 })
  return response
}

/** Picks the first selectable day, moving to the next month (at most three times) if needed. */
export async function pickFirstDay(page: Page, nextLabel: string, skip = 0) {
  const panel = page.getByTestId('booking-panel')
  let left = skip
  for (let i = 0; i < 6; i++) {
    // the month's availability is fetched by the browser: seconds on a busy machine
    await expect(panel.locator('[aria-busy="false"]').first()).toBeVisible({ timeout: 15_000 })
    // tests running in parallel spread over different days, so their holds do not meet; near the
    // end of a month the count goes on in the next one (never back to today, whose dates may be
    // about to start)
    const days = panel.locator('button[data-day]:not([disabled])')
    const count = await days.count()
    if (left < count) {
      await days.nth(left).click()
      return
    }
    left -= count
    await panel.getByRole('button', { name: nextLabel }).click()
  }
  throw new Error('no selectable day in six months')
}

