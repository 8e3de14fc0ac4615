import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, gotoHydrated } from './fixtures'
import { SERVE_BUNDLE, SERVER_NODE_ARGS } from '../../scripts/lib/serve-process'

const BACKEND_PORT = 4180
const APP_PORT = 4181

/** A stand-in back end: another implementation of openapi/webshop.yaml, with one shop. */
/** Payment links whose payment start sends the browser somewhere it must not go (issue 22, point 6). */
const HOSTILE = [
  ['j', 'javascript:alert(document.domain)'],
  ['v', ' JaVa\tScript:alert(1)'],
  ['h', 'http://evil.example/pay'],
  ['d', 'data:text/html,<script>alert(1)</script>'],
] as const

/** Anti-forgery tokens the stand-in handed out, and the writes that came with a valid pair. */
const issuedXsrf = new Set<string>()
const guardedWrites: string[] = []

/** What the stand-in answers for the config: normal, or a failure. */
const failure: { status?: number } = {}
/** The stand-in shop's languages when a test sets them (else en and de). */
const offered: { languages?: string[] } = {}

function standIn(seen: { path: string; headers: IncomingHttpHeaders }[]): Server {
  const config = {
    id: 'standin',
    labels: { title: { de: 'Ersatz-Shop', en: 'Stand-in Shop', fr: 'Boutique de remplacement' }, slogan: { en: 'Served from elsewhere' } },
    theme: { colorPalette: { primary: { background: [120, 20, 60], foreground: [255, 255, 255] } } },
    contact: {
      name: 'Stand-in AG',
      email: 'hello@example.org',
      phone: '+41 44 000 00 00',
      address: { street: 'Weg', streetNumber: '1', postalCode: '8000', city: 'Zürich', country: 'CH' },
    },
    media: { hero: 'hero', logo: 'logo' },
    filterConfig: { tags: false, dateRange: false, type: false, text: false },
    tags: [],
    legal: { imprint: {}, privacyPolicy: {}, terms: {} },
    languages: ['en', 'de'],
    timeZone: 'Europe/Zurich',
    currency: 'CHF',
  }
  return createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers })
    res.setHeader('x-flowin-request-id', 'standin-request')
    // Anti-forgery as the real back end does it: the cookie from /sanctum/csrf-cookie, echoed in X-XSRF-TOKEN on every write.
    if (req.url === '/sanctum/csrf-cookie') {
      const token = randomBytes(24).toString('base64url')
      issuedXsrf.add(token)
      res.statusCode = 204
      res.setHeader('set-cookie', `XSRF-TOKEN=${token}; Path=/; SameSite=Lax`)
      res.end()
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.url?.startsWith('/api/webshop/v1/')) {
      const cookie = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(req.headers.cookie ?? '')?.[1]
      const token = cookie ? decodeURIComponent(cookie) : ''
      if (!token || req.headers['x-xsrf-token'] !== token || !issuedXsrf.has(token)) {
        res.statusCode = 419
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ statusCode: 419, statusMessage: 'Page expired', message: 'The anti-forgery token is missing or does not match.', data: { code: 'xsrf.mismatch' } }))
        return
      }
      guardedWrites.push(req.url)
    }
    if (req.url === '/api/webshop/v1/config' && failure.status) {
      res.statusCode = failure.status
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ statusCode: failure.status, statusMessage: 'Failure', message: 'failing on purpose', data: { code: 'test' } }))
      return
    }
    if (req.url?.startsWith('/api/webshop/v1/offers?')) {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ data: [], meta: { page: 1, perPage: 12, total: 0 } }))
      return
    }
    if (req.url === '/api/webshop/v1/config') {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ data: { ...config, languages: offered.languages ?? config.languages } }))
      return
    }
    // Payment links: 'n…' a booking paid on site (not payable online), 'u…' payable, but starting
    // a payment fails (the general unknown error); every other link has expired.
    const view = (paymentMethod: string, paymentState: string) => ({
      code: 'STND-1234',
      status: 'CONFIRMED',
      total: { amount: 12000, currency: 'CHF' },
      openAmount: { amount: 12000, currency: 'CHF' },
      paymentMethod,
      paymentState,
      payments: [],
      expiresAt: '2099-01-01T00:00:00.000Z',
    })
    for (const [letter, body] of [['n', view('PAY_ON_SITE', 'not_payable')], ['u', view('PAY_LATER', 'payable')], ...HOSTILE.map(([l]) => [l, view('PAY_LATER', 'payable')] as const)] as const) {
      if (req.url === `/api/webshop/v1/payment-links/${letter.repeat(43)}` && req.method === 'GET') {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ data: body }))
        return
      }
    }
    // A hostile provider (or back end): the payment starts, and the page it sends to is no page.
    for (const [letter, redirectUrl] of HOSTILE) {
      if (req.url === `/api/webshop/v1/payment-links/${letter.repeat(43)}/payments` && req.method === 'POST') {
        res.statusCode = 201
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ data: { paymentId: 'hostilepayment0000000000', redirectUrl } }))
        return
      }
    }
    if (req.url === `/api/webshop/v1/payment-links/${'u'.repeat(43)}/payments`) {
      res.statusCode = 500
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ statusCode: 500, statusMessage: 'Internal server error', message: 'failing on purpose', data: { code: 'internal' } }))
      return
    }
    if (req.url?.startsWith('/api/webshop/v1/payment-links/')) {
      res.statusCode = 410
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ statusCode: 410, statusMessage: 'Gone', message: 'This payment link has expired.', data: { code: 'payment_link.expired' } }))
      return
    }
    res.statusCode = 404
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ statusCode: 404, statusMessage: 'Page not found', message: `Page not found: ${req.url}`, data: null }))
  })
}

test.describe('external back end (API_ORIGIN)', () => {
  test.describe.configure({ mode: 'serial' })
  const seen: { path: string; headers: IncomingHttpHeaders }[] = []
  let backend: Server
  let app: ChildProcess

  test.beforeAll(async () => {
    backend = standIn(seen)
    await new Promise<void>((resolve) => backend.listen(BACKEND_PORT, '127.0.0.1', resolve))
    app = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVE_BUNDLE], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        API_ORIGIN: `http://127.0.0.1:${BACKEND_PORT}`,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'webshop-external-')),
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // stopped in afterAll; never longer than a whole test run
      timeout: 60 * 60_000,
    })
    let output = ''
    app.stdout?.on('data', (d) => (output += d))
    app.stderr?.on('data', (d) => (output += d))
    const deadline = Date.now() + 60_000
    while (!output.includes('the shop is at')) {
      if (Date.now() > deadline || app.exitCode !== null) throw new Error(`app did not start:\n${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(output).toContain('API_ORIGIN is set')
  })

  test.afterAll(async () => {
    app?.kill('SIGTERM')
    await new Promise<void>((resolve) => backend?.close(() => resolve()))
  })

  test('SSR and the browser’s API calls go to the other origin, headers passed on', async ({ page }) => {
    const response = await page.goto(`http://localhost:${APP_PORT}/en`)
    expect(response?.status()).toBe(200)
    await expect(page.getByTestId('shop-title')).toHaveText('Stand-in Shop')
    await expect(page.getByTestId('offers-empty')).toHaveText('There are no offers at the moment. Please come back soon.')
    const ssrCall = seen.find((s) => s.path === '/api/webshop/v1/config')
    expect(ssrCall, 'the page was rendered from the stand-in').toBeDefined()
    expect(ssrCall!.headers['x-forwarded-host']).toBe(`localhost:${APP_PORT}`)
    expect(ssrCall!.headers['x-flowin-locale']).toBe('en')

    const before = seen.length
    const fromBrowser = await page.evaluate(async () => {
      const r = await fetch('/api/webshop/v1/config', { headers: { 'x-flowin-locale': 'de' } })
      return { status: r.status, id: (await r.json()).data.id, requestId: r.headers.get('x-flowin-request-id') }
    })
    expect(fromBrowser).toEqual({ status: 200, id: 'standin', requestId: 'standin-request' })
    const browserCall = seen.slice(before).find((s) => s.path === '/api/webshop/v1/config')
    expect(browserCall!.headers['x-flowin-locale']).toBe('de')
    // the stand-in's shop offers en and de only: /fr falls back to its first language
    await page.goto(`http://localhost:${APP_PORT}/fr`)
    await expect(page).toHaveURL(`http://localhost:${APP_PORT}/en`)
  })

  test('a shop with no languages configured speaks German, whatever the path asks for (issue 22, point 4)', async ({ page }) => {
    offered.languages = []
    try {
      for (const asked of ['en', 'fr', 'de']) {
        await page.goto(`http://localhost:${APP_PORT}/${asked}`)
        await expect(page).toHaveURL(`http://localhost:${APP_PORT}/de`)
        await expect(page.locator('html')).toHaveAttribute('lang', /^de/)
        await expect(page.getByTestId('shop-title')).toHaveText('Ersatz-Shop')
      }
    } finally {
      delete offered.languages
    }
  })

  for (const [lang, text] of [
    ['en', 'This payment link has expired or does not exist. Please contact us for a new link.'],
    ['de', 'Dieser Zahlungslink ist abgelaufen oder existiert nicht. Bitte kontaktieren Sie uns für einen neuen Link.'],
  ] as const) {
    test(`an expired payment link says so in the minimal layout, with status 410 (${lang})`, async ({ page }) => {
      const response = await page.goto(`http://localhost:${APP_PORT}/${lang}/aftersales/payment/${'e'.repeat(43)}`)
      expect(response?.status()).toBe(410)
      await expect(page.getByTestId('payment-status')).toHaveText(text)
      await expect(page.getByTestId('pay-button')).toHaveCount(0)
      await expectNoAxeViolations(page)
    })
  }

  for (const [lang, notPayable, unknown] of [
    ['en', 'This booking cannot be paid online. Please contact us if you have any questions.', 'Unfortunately, an unknown error has occurred. Please try again later.'],
    ['de', 'Diese Buchung kann nicht online bezahlt werden. Bei Fragen kontaktieren Sie uns bitte.', 'Leider ist ein unbekannter Fehler aufgetreten. Bitte versuchen Sie es später erneut.'],
  ] as const) {
    test(`a booking paid on site cannot be paid by link; a failing payment start is a general error (${lang})`, async ({ page }) => {
      const response = await page.goto(`http://localhost:${APP_PORT}/${lang}/aftersales/payment/${'n'.repeat(43)}`)
      expect(response?.status()).toBe(200)
      await expect(page.getByTestId('payment-code')).toHaveText('STND-1234')
      await expect(page.getByTestId('payment-not-payable')).toHaveText(notPayable)
      await expect(page.getByTestId('pay-button')).toHaveCount(0)
      await expectNoAxeViolations(page)

      await gotoHydrated(page, `http://localhost:${APP_PORT}/${lang}/aftersales/payment/${'u'.repeat(43)}`)
      const writes = guardedWrites.length
      await page.getByTestId('pay-button').click()
      await expect(page.getByTestId('payment-status')).toContainText(unknown)
      // The shop's page sent the anti-forgery pair the back end asks for (else: 419, not the back end's 500).
      expect(guardedWrites.slice(writes)).toEqual([`/api/webshop/v1/payment-links/${'u'.repeat(43)}/payments`])
      // Without the pair, the stand-in refuses, as the real back end does.
      const bare = await page.request.post(`http://localhost:${APP_PORT}/api/webshop/v1/payment-links/${'u'.repeat(43)}/payments`, { headers: { 'idempotency-key': 'e2e-no-xsrf-0001' } })
      expect(bare.status()).toBe(419)
      await expect(page).toHaveURL(new RegExp(`/${lang}/aftersales/payment/u{43}$`))
      await expectNoAxeViolations(page)
    })
  }

  for (const [lang, unknown] of [
    ['en', 'Unfortunately, an unknown error has occurred. Please try again later.'],
    ['de', 'Leider ist ein unbekannter Fehler aufgetreten. Bitte versuchen Sie es später erneut.'],
  ] as const) {
    test(`a payment start that would send the browser to javascript:, data: or plain http elsewhere goes nowhere (${lang})`, async ({ page }) => {
      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      const elsewhere: string[] = []
      await page.route('http://evil.example/**', (route) => {
        elsewhere.push(route.request().url())
        return route.abort()
      })
      for (const [letter] of HOSTILE) {
        const link = `http://localhost:${APP_PORT}/${lang}/aftersales/payment/${letter.repeat(43)}`
        await gotoHydrated(page, link)
        await page.getByTestId('pay-button').click()
        await expect(page.getByTestId('payment-status')).toContainText(unknown)
        await expect(page).toHaveURL(link)
      }
      expect(dialogs).toEqual([])
      expect(elsewhere).toEqual([])
    })
  }

  // Every error screen in every language, each checked with axe.
  const SCREEN = {
    de: { 400: 'Ungültige Anfrage', 401: 'Nicht berechtigt', 500: 'Interner Serverfehler', 503: 'Unbekannter Fehler' },
    en: { 400: 'Invalid enquiry', 401: 'Not authorised', 500: 'Internal server error', 503: 'Unknown error' },
    fr: { 400: 'Demande non valable', 401: 'Accès non autorisé', 500: 'Erreur interne du serveur', 503: 'Erreur inconnue' },
  } as const
  const DESCRIPTION = {
    de: {
      400: 'Bitte überprüfen Sie Ihre Angaben und versuchen Sie es erneut.',
      401: 'Sie sind nicht berechtigt, diese Seite anzusehen.',
      500: 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es in einem Moment erneut.',
    },
    en: {
      400: 'Please check your entries and try again.',
      401: 'You are not authorised to view this page',
      500: 'Something went wrong on our side. Please try again in a moment.',
    },
    fr: {
      400: 'Veuillez vérifier vos données et réessayer.',
      401: 'Vous n’êtes pas autorisé·e à consulter cette page.',
      500: 'Un problème est survenu de notre côté. Veuillez réessayer dans un instant.',
    },
  } as const
  for (const [status, lang, heading, description] of (['de', 'en', 'fr'] as const).flatMap((l) =>
    ([400, 401, 500, 503] as const).map((code) => [code, l, `${code} ${SCREEN[l][code]}`, DESCRIPTION[l][code === 503 ? 500 : code]] as const),
  )) {
    test(`a failing back end gives the error screen with status ${status} (${lang})`, async ({ page }) => {
      failure.status = status
      try {
        const response = await page.goto(`http://localhost:${APP_PORT}/${lang}`)
        expect(response?.status()).toBe(status)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
        await expect(page.getByText(description)).toBeVisible()
        // no theme could be loaded: no go-home action, and no development details in production
        await expect(page.getByRole('link')).toHaveCount(0)
        await expect(page.getByTestId('error-details')).toHaveCount(0)
        await expectNoAxeViolations(page)
      } finally {
        failure.status = undefined
      }
    })
  }
})
