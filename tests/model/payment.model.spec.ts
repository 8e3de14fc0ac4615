/**
 * The payment machine's paths in the browser (payment.model.ts): the payment-link page and the
 * return to the checkout's success page from the sandbox provider, against the production build.
 *
 * Each path books one adult of Canyoning Grimsel through the webshop API (pay later: the link;
 * pay now: an attempt started at the sandbox provider). The page's own calls are held
 * (`HeldRequests`) and answered by the real server after the path has made the server's state
 * what the model's payload says:
 * - a paid / failed / cancelled attempt: the sandbox provider's page (the visitor's click, or the
 *   same form posted later) and its signed webhook, waited for through the API;
 * - a pending attempt: the provider's session left open; the visitor comes back with the
 *   provider's `outcome=succeeded` hint before the webhook (the page must not trust it);
 * - paid meanwhile (`payment.already_paid`, another tab's payment): the link paid online in the
 *   background; not payable: the owner turns online payments off (restored after the path);
 *   an expired link (410): the operator cancels the booking (its links close);
 * - faults that cannot be provoked: a 502 `payment.provider_unavailable`, a 500, and a 409
 *   `payment.in_progress` (the real one needs a start within the ~300 ms between the provider's
 *   page and its webhook) are the contract's error bodies.
 * The poll timer runs on Playwright's clock (paused, advanced one interval per poll), so waiting
 * and delayed are reached without sleeping. Expected texts and amounts are this file's own
 * (the seed's price × one participant, written in each language's format).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { at, expect, gotoHydrated } from '../e2e/fixtures'
import { credentials, E2E_DATA } from '../e2e/staff-helpers'
import { visitor, type Visitor } from '../../scripts/lib/shop-api'
import { HeldRequests, modelTests } from './run'
import { model, POLL, PRICE } from './payment.model'
import type { PaymentView } from '~/machines/payments/payment.machine'

type Lang = 'de' | 'en' | 'fr'

/** `CHF 149.00` (de, en) / `149.00 CHF` (fr), with the no-break spaces the shop writes. */
function chf(rappen: number, lang: Lang) {
  const francs = Math.floor(rappen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'fr' ? '\u202f' : '’')
  const number = `${francs}.${String(rappen % 100).padStart(2, '0')}`
  return lang === 'fr' ? `${number}\u00a0CHF` : `CHF\u00a0${number}`
}

const T = {
  de: {
    title: 'Zahlung für Buchung',
    pay: (open: string) => `Jetzt ${open} bezahlen`,
    redirecting: 'Weiterleitung zur Zahlungsseite…',
    loading: 'Wird geladen…',
    waiting: 'Wir warten auf die Bestätigung Ihrer Zahlung.',
    success: 'Zahlung erfolgreich.',
    failed: 'Die Zahlung konnte nicht verarbeitet werden. Bitte versuchen Sie es erneut.',
    cancelled: 'Die Zahlung wurde abgebrochen. Sie können es jederzeit erneut versuchen.',
    retry: 'Erneut versuchen',
    delayed: 'Wir haben die Bestätigung Ihrer Zahlung noch nicht erhalten.',
    checkAgain: 'Erneut prüfen',
    already: 'Diese Buchung ist bereits vollständig bezahlt.',
    notPayable: 'Diese Buchung kann nicht online bezahlt werden.',
    invalid: 'Dieser Zahlungslink ist abgelaufen oder existiert nicht.',
    unknown: 'Leider ist ein unbekannter Fehler aufgetreten.',
    reserved: 'Ihre Plätze sind reserviert',
    complete: 'Buchung abgeschlossen',
    sandbox: 'Testzahlung',
    sandboxPay: (amount: string) => `${amount} bezahlen`,
  },
  en: {
    title: 'Payment for booking',
    pay: (open: string) => `Pay ${open} now`,
    redirecting: 'Redirecting to the payment page…',
    loading: 'Loading…',
    waiting: 'We are waiting for the confirmation of your payment.',
    success: 'Payment successful.',
    failed: 'The payment could not be processed. Please try again.',
    cancelled: 'The payment was cancelled. You can try again whenever you like.',
    retry: 'Try again',
    delayed: 'We have not received the confirmation of your payment yet.',
    checkAgain: 'Check again',
    already: 'This booking is already paid in full.',
    notPayable: 'This booking cannot be paid online.',
    invalid: 'This payment link has expired or does not exist.',
    unknown: 'Unfortunately, an unknown error has occurred.',
    reserved: 'Your places are reserved',
    complete: 'Booking complete',
    sandbox: 'Test payment',
    sandboxPay: (amount: string) => `Pay ${amount}`,
  },
  fr: {
    title: 'Paiement de la réservation',
    pay: (open: string) => `Payer ${open} maintenant`,
    redirecting: 'Redirection vers la page de paiement…',
    loading: 'Chargement…',
    waiting: 'Nous attendons la confirmation de votre paiement.',
    success: 'Paiement réussi.',
    failed: 'Le paiement n’a pas pu être traité. Veuillez réessayer.',
    cancelled: 'Le paiement a été annulé. Vous pouvez réessayer quand vous le souhaitez.',
    retry: 'Réessayer',
    delayed: 'Nous n’avons pas encore reçu la confirmation de votre paiement.',
    checkAgain: 'Vérifier à nouveau',
    already: 'Cette réservation est déjà entièrement payée.',
    notPayable: 'Cette réservation ne peut pas être payée en ligne.',
    invalid: 'Ce lien de paiement a expiré ou n’existe pas.',
    unknown: 'Malheureusement, une erreur inconnue s’est produite.',
    reserved: 'Vos places sont réservées',
    complete: 'Réservation terminée',
    sandbox: 'Paiement de test',
    sandboxPay: (amount: string) => `Payer ${amount}`,
  },
} as const

const SANDBOX = /\/api\/sandbox-pay\/v1\/sessions\/sbx_[A-Za-z0-9_-]{22}$/
const SLOW = { timeout: 15_000 }
const origin = () => at('localhost').replace(/\/$/, '')

type Kind = 'link' | 'return' | 'unknown'
type Fixture = {
  kind: Kind
  lang: Lang
  v: Visitor
  code: string
  /** The payment link's token (pay later), or an unknown one. */
  token: string
  /** The pay-now booking's cart. */
  cart: string
  /** The attempt the visitor comes back from, and its session at the provider. */
  attemptId: string
  session: string
  /** The outcome the provider's session has (null: still open). */
  settled: 'succeeded' | 'failed' | 'cancelled' | null
  load: HeldRequests
  start: HeldRequests
  /** Paused when the path polls: each poll is one interval on Playwright's clock. */
  clock: boolean
  restore: (() => Promise<void>)[]
}

/** A bookable date of Canyoning Grimsel (the offer the model's price is of) and its adult ticket. */
async function grimselPlace(v: Visitor) {
  const slug = 'canyoning-grimsel'
  const detail = (await (await v.get(`/api/webshop/v1/offers/${slug}`)).json()).data as { skus: { id: string; key: string; price: { amount: number } }[] }
  const adult = detail.skus.find((s) => s.key === 'adult')!
  for (let m = 0; m < 4; m++) {
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + m, 1)).toISOString().slice(0, 7)
    const days = (await (await v.get(`/api/webshop/v1/offers/${slug}/availability?month=${month}`)).json()).data.dates as { date: string; status: string }[]
    for (const day of days.filter((d) => d.status === 'AVAILABLE' || d.status === 'STOCK_LOW')) {
      const slots = (await (await v.get(`/api/webshop/v1/offers/${slug}/dates/${day.date}`)).json()).data.slots as { sessionId?: string; placesLeft: number }[]
      const slot = slots.find((s) => s.sessionId && s.placesLeft >= 1)
      if (slot) return { slug, sku: adult.id, sessionId: slot.sessionId! }
    }
  }
  throw new Error('no date of Canyoning Grimsel has a place')
}

/** One adult of Canyoning Grimsel booked through the API with the given payment option. */
async function book(v: Visitor, paymentMethod: 'PAY_LATER' | 'PAY_NOW') {
  const place = await grimselPlace(v)
  const cart = (await (await v.post('/api/webshop/v1/carts', {})).json()).data.id as string
  const added = await v.post(`/api/webshop/v1/carts/${cart}/items`, { offer: place.slug, sku: place.sku, sessionId: place.sessionId, quantity: 1 })
  expect(added.status).toBe(201)
  const itemId = ((await added.json()).data.items as { id: string }[])[0]!.id
  const booked = await v.post(`/api/webshop/v1/carts/${cart}/checkout`, {
    mode: 'order',
    items: [{ itemId, participants: [{ firstname: 'Gast', surname: 'Muster', extras: [] }] }],
    customer: { type: 'PRIVATE' },
    person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '+41 79 900 00 00' },
    address: { street: 'Bahnhofstrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
    paymentMethod,
    termsAccepted: true,
  })
  expect(booked.status).toBe(201)
  const data = (await booked.json()).data as PaymentView & { paymentLink?: { token: string } }
  // the oracle: one adult at the seed's price, nothing paid yet
  expect(data.total).toEqual({ amount: PRICE, currency: 'CHF' })
  return { cart, code: data.code, token: data.paymentLink?.token ?? '' }
}

/** The visitor's choice on the sandbox provider's page, posted as its form does. */
async function settleAtProvider(sessionUrl: string, action: 'pay' | 'fail' | 'cancel') {
  const answer = await fetch(sessionUrl, { method: 'POST', body: `action=${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' })
  expect(answer.status).toBe(303)
}

const ACTION = { succeeded: 'pay', failed: 'fail', cancelled: 'cancel' } as const

/** Waits until the server has learnt the attempt's outcome from the provider's webhook. */
async function attemptIs(f: Fixture, status: string) {
  await expect
    .poll(async () => {
      const booking = (await (await f.v.get(`/api/webshop/v1/carts/${f.cart}/booking`)).json()).data as PaymentView
      return booking.payments.find((p) => p.id === f.attemptId)?.status
    }, SLOW)
    .toBe(status)
}

/** The link's booking paid online meanwhile (in another tab): start, pay at the provider, webhook. */
async function paidElsewhere(f: Fixture) {
  const started = await f.v.post(`/api/webshop/v1/payment-links/${f.token}/payments`, {})
  expect(started.status).toBe(201)
  await settleAtProvider(((await started.json()).data as { redirectUrl: string }).redirectUrl, 'pay')
  await expect.poll(async () => ((await (await f.v.get(`/api/webshop/v1/payment-links/${f.token}`)).json()).data as PaymentView).paymentState, SLOW).toBe('paid')
}

/** The owner's API session (node side): sign-in with the anti-forgery pair. */
async function ownerSession() {
  const who = credentials('alpin', 'owner')
  const csrf = await fetch(`${origin()}/sanctum/csrf-cookie`)
  const xsrf = decodeURIComponent((csrf.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=').slice(1).join('='))
  let cookie = `XSRF-TOKEN=${encodeURIComponent(xsrf)}`
  const headers = () => ({ cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json', 'x-flowin-locale': 'de', 'idempotency-key': randomUUID() })
  const signedIn = await fetch(`${origin()}/api/admin/v1/session`, { method: 'POST', headers: headers(), body: JSON.stringify({ email: who.email, password: who.password }) })
  expect(signedIn.status).toBe(200)
  cookie += `; ${signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')}`
  return async (method: 'GET' | 'PUT', path: string, body?: unknown) => {
    const answer = await fetch(`${origin()}${path}`, { method, headers: headers(), ...(body ? { body: JSON.stringify(body) } : {}) })
    return { status: answer.status, body: (await answer.json()) as { data: { version: number; settings: { booking: { paymentOptions: string[] } } } } }
  }
}

/** The owner offers only paying on site: nothing can be paid online (put back after the path). */
async function onlinePaymentsOff(f: Fixture) {
  const owner = await ownerSession()
  const setOptions = async (options: string[]) => {
    const current = (await owner('GET', '/api/admin/v1/settings/general')).body.data
    const saved = await owner('PUT', '/api/admin/v1/settings/general', { version: current.version, settings: { ...current.settings, booking: { ...current.settings.booking, paymentOptions: options } } })
    expect(saved.status).toBe(200)
    return current.settings.booking.paymentOptions
  }
  const before = await setOptions(['PAY_ON_SITE'])
  f.restore.push(async () => void (await setOptions(before)))
}

/** The operator cancels the booking through the operator API: its payment links close (410). */
async function cancelledByOperator(f: Fixture) {
  const token = readFileSync(join(E2E_DATA, 'operator', 'alpin.token'), 'utf8').trim()
  const answer = await fetch(`${origin()}/api/webshop/v1/operator/bookings/${f.code}/cancel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `model-${randomUUID()}` },
    body: JSON.stringify({}),
  })
  expect(answer.status).toBe(200)
}

const problem = (statusCode: number, statusMessage: string, code: string) => ({ statusCode, statusMessage, message: statusMessage, data: { code } })

const kindOf = (start: string): Kind => (start.startsWith('link') ? 'link' : start.startsWith('back') ? 'return' : 'unknown')
const langOf = (start: string) => /\((de|en|fr)\)$/.exec(start)![1] as Lang

const status = (page: Page) => page.getByTestId('payment-status')
const open = (f: Fixture) => chf(PRICE, f.lang)

modelTests(model, {
  async start(page, path) {
    const kind = kindOf(path.start)
    const lang = langOf(path.start)
    const v = await visitor(origin(), lang)
    const f: Fixture = { kind, lang, v, code: '', token: '', cart: '', attemptId: '', session: '', settled: null, load: undefined!, start: undefined!, clock: false, restore: [] }
    f.clock = path.steps.some((s) => s.event.type === POLL)
    if (f.clock) await page.clock.install()
    if (kind === 'unknown') {
      f.token = randomBytes(32).toString('base64url')
      f.load = await HeldRequests.on(page, (url) => url.pathname === `/api/webshop/v1/payment-links/${f.token}`)
      f.start = await HeldRequests.on(page, (url) => url.pathname === `/api/webshop/v1/payment-links/${f.token}/payments`, 'POST')
      const answer = await gotoHydrated(page, at('localhost', `/${lang}/aftersales/payment/${f.token}`))
      expect(answer?.status()).toBe(404)
    } else if (kind === 'link') {
      Object.assign(f, await book(v, 'PAY_LATER'))
      f.load = await HeldRequests.on(page, (url) => url.pathname === `/api/webshop/v1/payment-links/${f.token}`)
      f.start = await HeldRequests.on(page, (url) => url.pathname === `/api/webshop/v1/payment-links/${f.token}/payments`, 'POST')
      await gotoHydrated(page, at('localhost', `/${lang}/aftersales/payment/${f.token}`))
    } else {
      // Pay now: the attempt is started as the checkout starts it, then the provider sends the visitor back.
      Object.assign(f, await book(v, 'PAY_NOW'))
      const started = await v.post(`/api/webshop/v1/carts/${f.cart}/booking/payments`, {})
      expect(started.status).toBe(201)
      const { paymentId, redirectUrl } = (await started.json()).data as { paymentId: string; redirectUrl: string }
      f.attemptId = paymentId
      f.session = redirectUrl
      f.load = await HeldRequests.on(page, (url) => url.pathname === `/api/webshop/v1/carts/${f.cart}/booking`)
      f.start = await HeldRequests.on(page, (url) => url.pathname === `/api/webshop/v1/carts/${f.cart}/booking/payments`, 'POST')
      const first = path.steps[0]?.event as { output?: PaymentView } | undefined
      const outcome = first?.output?.payments[0]?.status
      if (outcome === 'succeeded' || outcome === 'failed' || outcome === 'cancelled') {
        // the visitor's choice on the provider's page, which sends them back
        await page.goto(redirectUrl)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].sandbox)
        await page.locator(`button[value="${ACTION[outcome]}"]`).click()
        f.settled = outcome
        await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/${f.cart}/success\\?payment=${paymentId}&outcome=${outcome}$`))
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 })
      } else {
        // back from the provider before its webhook: the redirect's hint says succeeded, the server knows nothing yet
        await gotoHydrated(page, at('localhost', `/${lang}/checkout/${f.cart}/success?payment=${paymentId}&outcome=succeeded`))
      }
    }
    // the poll timer waits for the path: one interval per poll
    if (f.clock) await page.clock.pauseAt(Date.now() + 1_000)
    return f
  },

  act: {
    pay: async (_e, { page, fixture: f }) => {
      await page.getByRole('button', { name: T[f.lang].pay(open(f)) }).click()
    },
    retry: async (_e, { page, fixture: f }) => {
      await page.getByRole('button', { name: T[f.lang].retry }).click()
    },
    reload: async (_e, { page, fixture: f }) => {
      await page.getByRole('button', { name: T[f.lang].checkAgain }).click()
    },
    [POLL]: async (_e, { page }) => {
      await page.clock.runFor(1_000)
    },
    'xstate.done.actor.loadPayment': async (event, { fixture: f, before }) => {
      const view = (event as unknown as { output: PaymentView }).output
      if (before.matches({ returned: 'checking' })) {
        if (before.context.paymentId === null) await paidElsewhere(f)
        else {
          const outcome = view.payments[0]!.status
          if (outcome !== 'pending') {
            if (f.settled === null) {
              await settleAtProvider(f.session, ACTION[outcome])
              f.settled = outcome
            }
            await attemptIs(f, outcome)
          } else await attemptIs(f, 'pending')
        }
      }
      await f.load.pass()
    },
    'xstate.error.actor.loadPayment': async (event, { fixture: f }) => {
      const { status } = (event as unknown as { error: { status: number } }).error
      if (status === 404) await f.load.pass() // the unknown link, as the server answers it
      else await f.load.fail(500, problem(500, 'Internal Server Error', 'internal'))
    },
    'xstate.done.actor.startPayment': async (_e, { fixture: f }) => {
      await f.start.pass()
    },
    'xstate.error.actor.startPayment': async (event, { fixture: f }) => {
      const { status, body } = (event as unknown as { error: { status: number; body: { data: { code: string } } } }).error
      const code = body.data.code
      if (code === 'payment.already_paid') await paidElsewhere(f)
      else if (code === 'payment.not_payable') await onlinePaymentsOff(f)
      else if (code === 'payment_link.expired') await cancelledByOperator(f)
      else if (code === 'payment.in_progress') return f.start.fail(409, problem(409, 'Conflict', code))
      else if (status === 502) {
        // the provider is down: the page's client sends a write once more on a 502 (src/api/client.ts), and gets it again
        await f.start.fail(502, problem(502, 'Bad Gateway', code))
        return f.start.fail(502, problem(502, 'Bad Gateway', code))
      }
      await f.start.pass()
    },
  },

  see: {
    'payment.loading': async ({ page, fixture: f }) => {
      if (f.kind === 'unknown') {
        // the server render already knows the link: it says so while the page asks again
        await expect(page.getByRole('alert')).toContainText(T[f.lang].invalid)
      } else {
        await expect(status(page)).toContainText(T[f.lang].loading)
        await expect(status(page)).toHaveAttribute('aria-busy', 'true')
      }
      await expect(page.getByRole('button', { name: T[f.lang].pay(open(f)) })).toHaveCount(0)
    },
    'payment.payable': async ({ page, fixture: f }) => {
      if (f.kind === 'link') await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${T[f.lang].title} ${f.code}`)
      else await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[f.lang].reserved)
      await expect(page.getByTestId('payment-code')).toHaveText(f.code)
      await expect(page.getByTestId('payment-open-amount')).toHaveText(open(f))
      await expect(page.getByRole('button', { name: T[f.lang].pay(open(f)) })).toBeEnabled()
      await expect(status(page)).toHaveAttribute('aria-busy', 'false')
    },
    'payment.starting': async ({ page, fixture: f }) => {
      await expect(page.getByRole('button', { name: T[f.lang].redirecting })).toBeDisabled()
      await expect(status(page)).toHaveAttribute('aria-busy', 'true')
    },
    'payment.redirecting': async ({ page, fixture: f }) => {
      // the provider's page, for the open amount, in the visitor's language
      await expect(page).toHaveURL(SANDBOX, SLOW)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[f.lang].sandbox)
      await expect(page.getByRole('button', { name: T[f.lang].sandboxPay(open(f)) })).toBeVisible()
    },
    'payment.returned.checking': async ({ page, fixture: f }) => {
      await expect(page.getByRole('status')).toContainText(T[f.lang].waiting)
      await expect(status(page)).toHaveAttribute('aria-busy', 'true')
      await expect(page.getByText(T[f.lang].success)).toHaveCount(0)
    },
    'payment.returned.waiting': async ({ page, fixture: f }) => {
      await expect(status(page)).toHaveAttribute('aria-busy', 'false')
      await expect(page.getByRole('status')).toContainText(T[f.lang].waiting)
      await expect(page.getByText(T[f.lang].success)).toHaveCount(0)
    },
    'payment.success': async ({ page, fixture: f }) => {
      await expect(page.getByRole('status')).toContainText(T[f.lang].success)
      // nothing open any more: the price less what was paid
      await expect(page.getByTestId('payment-open-amount')).toHaveText(chf(PRICE - PRICE, f.lang))
      if (f.kind === 'return') {
        // the page around the panel asks for the booking again: now complete. A path that polled
        // paused the page's clock; TanStack Query tells the page of the new answer through a
        // setTimeout(0), so the clock runs again (nothing polls once the payment succeeded).
        if (f.clock) await page.clock.resume()
        f.load.release()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[f.lang].complete, SLOW)
      }
    },
    'payment.failed': async ({ page, fixture: f, after }) => {
      const attempt = after.context.view?.payments.find((p: { id: string }) => p.id === after.context.paymentId)
      await expect(page.getByRole('alert')).toHaveText(attempt?.status === 'cancelled' ? T[f.lang].cancelled : T[f.lang].failed)
      await expect(page.getByRole('button', { name: T[f.lang].retry })).toBeEnabled()
      await expect(page.getByText(T[f.lang].success)).toHaveCount(0)
    },
    'payment.delayed': async ({ page, fixture: f }) => {
      await expect(page.getByRole('alert')).toContainText(T[f.lang].delayed)
      await expect(page.getByRole('button', { name: T[f.lang].checkAgain })).toBeEnabled()
      await expect(page.getByText(T[f.lang].success)).toHaveCount(0)
    },
    'payment.alreadyPaid': async ({ page, fixture: f }) => {
      await expect(page.getByRole('status')).toContainText(T[f.lang].already)
      await expect(page.getByRole('button', { name: T[f.lang].pay(open(f)) })).toHaveCount(0)
    },
    'payment.notPayable': async ({ page, fixture: f }) => {
      await expect(page.getByRole('alert')).toContainText(T[f.lang].notPayable)
      await expect(page.getByRole('button', { name: T[f.lang].pay(open(f)) })).toHaveCount(0)
    },
    'payment.linkInvalid': async ({ page, fixture: f }) => {
      await expect(page.getByRole('alert')).toContainText(T[f.lang].invalid)
      await expect(page.getByTestId('payment-status').getByRole('button')).toHaveCount(0)
    },
    'payment.unknownError': async ({ page, fixture: f }) => {
      await expect(page.getByRole('alert')).toContainText(T[f.lang].unknown)
      await expect(page.getByRole('button', { name: T[f.lang].retry })).toBeEnabled()
    },
  },

  async end(f) {
    f.load?.release()
    f.start?.release()
    for (const undo of f.restore) await undo()
  },
})
