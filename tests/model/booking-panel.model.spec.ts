/**
 * The booking panel's planned paths (booking-panel.model.ts) in Chromium against the production
 * build: on the offer page (`listing-en`) and in the booking widget (`embed-de`, `embed-fr`).
 *
 * Each path owns its data: a manager duplicates the seeded snowshoe hike, publishes the copy as
 * `snowshoe-fondue-habkern-copy` (an earlier copy gives up the slug first) and creates the start's
 * dates through the staff API; at the end the dates are cancelled, which releases every place
 * held on them. The offer the page gets is checked against the model's fixture before the page
 * opens, and every month and day the server answers is checked against the model's payload.
 *
 * The server's answers are the real ones (`pass()`), prepared by real actions where needed:
 * another visitor takes places while the visitor's add is held (`places.insufficient`), the staff
 * close the date meanwhile (`session.closed`) and cancel it while its day loads (no times any
 * more). Faults of the server are `fail(500, the contract's error body)`.
 *
 * The expected quantities, places and totals are this file's own arithmetic from the fixture
 * (places left ÷ block count, the variant's maximum, price × quantity), in each language's number
 * format, never the app's helpers.
 */
import { randomUUID } from 'node:crypto'
import { request, type APIRequestContext, type Page, type Route } from '@playwright/test'
import type { EventObject } from 'xstate'
import { at, expect, gotoHydrated } from '../e2e/fixtures'
import { credentials } from '../e2e/staff-helpers'
import { HeldRequests, modelTests, type StepContext } from './run'
import {
  LANG_OF_START,
  model,
  offerIn,
  SESSIONS,
  SLUG,
  SOURCE_SLUG,
  START_MONTH,
  TAKEN_BY_OTHER,
  VARIANTS,
  type Lang,
  type PlannedSession,
  type StartName,
  type VariantKey,
} from './booking-panel.model'

const HOST = 'localhost'

/** What the visitor reads, per language (the shop's catalogues, src/locales). */
const T = {
  de: {
    book: 'Buchen',
    next: 'Nächster Monat',
    previous: 'Vorheriger Monat',
    retry: 'Erneut versuchen',
    add: 'In den Warenkorb und weiter',
    adding: 'Wird hinzugefügt …',
    noDates: 'Keine Termine verfügbar',
    loadingTimes: 'Zeiten werden geladen …',
    noTimes: 'An diesem Tag sind keine Termine verfügbar',
    serverDown: 'Der Server ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
    fewer: 'Jemand war schneller: Zu dieser Zeit sind jetzt weniger Plätze frei. Wir haben Ihre Auswahl angepasst; bitte prüfen Sie sie und fügen Sie sie erneut hinzu.',
    closed: 'Dieser Termin kann nicht mehr gebucht werden. Bitte wählen Sie einen anderen.',
    available: 'verfügbar',
    placesLeft: (n: number) => (n === 1 ? 'noch 1 Platz' : `noch ${n} Plätze`),
    full: 'keine freien Plätze',
  },
  en: {
    book: 'Book',
    next: 'Next month',
    previous: 'Previous month',
    retry: 'Try again',
    add: 'Add to cart and continue',
    adding: 'Adding…',
    noDates: 'No dates available',
    loadingTimes: 'Loading times…',
    noTimes: 'There are no dates available on this date',
    serverDown: 'The server is not available. Please try again later.',
    fewer: 'Someone was faster: fewer places are left at this time now. We have adjusted your selection; please check it and add it again.',
    closed: 'This date can no longer be booked. Please choose another one.',
    available: 'available',
    placesLeft: (n: number) => (n === 1 ? '1 place left' : `${n} places left`),
    full: 'no free places',
  },
  fr: {
    book: 'Réserver',
    next: 'Mois suivant',
    previous: 'Mois précédent',
    retry: 'Réessayer',
    add: 'Ajouter au panier et continuer',
    adding: 'Ajout en cours…',
    noDates: 'Aucune date disponible',
    loadingTimes: 'Chargement des horaires…',
    noTimes: 'Aucune date n’est disponible ce jour-là',
    serverDown: 'Le serveur n’est pas disponible. Veuillez réessayer plus tard.',
    fewer: 'Quelqu’un a été plus rapide : il reste désormais moins de places à cette heure. Nous avons adapté votre sélection ; veuillez la vérifier et l’ajouter à nouveau.',
    closed: 'Cette date ne peut plus être réservée. Veuillez en choisir une autre.',
    available: 'disponible',
    placesLeft: (n: number) => (n === 1 ? 'encore 1 place' : `encore ${n} places`),
    full: 'complet',
  },
} as const

const MONTH_NAMES: Record<Lang, string[]> = {
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
}
/** The month's title as the calendar names it ('Mai 2027'). */
const monthTitle = (lang: Lang, month: string) => `${MONTH_NAMES[lang][Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`

/** A price as the shop writes it: CHF 1’518.00 (de, en), 1 518.00 CHF (fr, narrow no-break space). */
function chf(lang: Lang, cents: number) {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'fr' ? '\u202f' : '’')
  const number = `${whole}.${String(cents % 100).padStart(2, '0')}`
  return lang === 'fr' ? `${number}\u00a0CHF` : `CHF\u00a0${number}`
}

/** The contract's error body of a server fault (openapi/webshop.yaml `Error`). */
const FAULT_BODY = { statusCode: 500, statusMessage: 'Internal Server Error', message: 'The server failed.', data: { code: 'internal' } }

type Api = { ctx: APIRequestContext; call: (method: string, path: string, data?: unknown) => Promise<{ status: number; body: { data?: unknown } & Record<string, unknown> }> }

/** A client of the shop's API with its own cookies (a manager, or another visitor). */
async function apiClient(lang: Lang): Promise<Api> {
  const ctx = await request.newContext({ baseURL: at(HOST) })
  await ctx.get('/sanctum/csrf-cookie')
  const xsrf = async () => decodeURIComponent((await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '')
  const call: Api['call'] = async (method, path, data) => {
    const headers = { 'x-xsrf-token': await xsrf(), 'idempotency-key': randomUUID(), 'x-flowin-locale': lang, 'content-type': 'application/json' }
    const answer = await ctx.fetch(path, { method, headers, ...(data === undefined ? {} : { data }) })
    return { status: answer.status(), body: (await answer.json().catch(() => ({}))) as { data?: unknown } }
  }
  return { ctx, call }
}

type Fixture = {
  start: StartName
  lang: Lang
  staff: Api
  other: Api
  offerId: string
  /** The real id of each variant (the model names them by key). */
  skuIds: Record<VariantKey, string>
  /** The real id and version of each date the start created. */
  sessions: Partial<Record<PlannedSession['key'], { id: string; version: number; date: string }>>
  months: HeldRequests
  days: HeldRequests
  items: HeldRequests
  /** The oracle: places left on the main date as the test made them, and the quantities the visitor should see. */
  placesLeft: number
  quantities: Record<VariantKey, number>
}

const mustOk = (what: string, answer: { status: number; body: unknown }) => {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body as { data: Record<string, unknown> }
}

/** A fresh published copy of the snowshoe hike under the model's slug, and the start's dates. */
async function prepareOffer(staff: Api, start: StartName) {
  const { email, password } = credentials('alpin', 'manager')
  mustOk('sign in', await staff.call('POST', '/api/admin/v1/session', { email, password }))
  const offers = mustOk('offers', await staff.call('GET', '/api/admin/v1/offers')).data as unknown as { id: string; slug: string }[]
  // an earlier path's copy gives up the slug
  for (const old of offers.filter((o) => o.slug === SLUG)) {
    const current = mustOk('old copy', await staff.call('GET', `/api/admin/v1/offers/${old.id}`)).data as { version: number; content: Record<string, unknown> }
    mustOk('rename old copy', await staff.call('PUT', `/api/admin/v1/offers/${old.id}`, { version: current.version, content: { ...current.content, slug: `bp-model-old-${randomUUID().slice(0, 8)}` } }))
  }
  const source = offers.find((o) => o.slug === SOURCE_SLUG)!
  const copy = mustOk('duplicate', await staff.call('POST', `/api/admin/v1/offers/${source.id}/duplicate`)).data as { id: string; version: number; content: { slug: string } }
  expect(copy.content.slug, 'the copy takes the model slug').toBe(SLUG)
  mustOk('publish', await staff.call('POST', `/api/admin/v1/offers/${copy.id}/publish`, { version: copy.version }))
  const sessions: Fixture['sessions'] = {}
  for (const s of SESSIONS[start]) {
    const made = mustOk('date', await staff.call('POST', `/api/admin/v1/offers/${copy.id}/sessions`, { capacity: s.capacity, durationMinutes: 240, single: { date: s.date, time: s.time } }))
    const created = (made.data.created as { id: string; version: number }[])[0]!
    sessions[s.key] = { id: created.id, version: created.version, date: s.date }
  }
  return { offerId: copy.id, sessions }
}

/** The real answer with its ids named as the model names them. */
function asModel(fixture: Fixture, value: unknown): unknown {
  const names = new Map<string, string>([
    ...Object.entries(fixture.sessions).map(([key, s]) => [s!.id, `session:${key}`] as [string, string]),
    ...Object.entries(fixture.skuIds).map(([key, id]) => [id, key] as [string, string]),
  ])
  return JSON.parse(JSON.stringify(value), (_, v: unknown) => (typeof v === 'string' && names.has(v) ? names.get(v) : v))
}

/** The next held request whose URL matches; requests the machine gave up on (a month left while loading) go through. */
async function nextMatching(held: HeldRequests, matches: (url: URL) => boolean): Promise<Route> {
  for (;;) {
    const route = await held.next()
    if (matches(new URL(route.request().url()))) return route
    await route.fallback()
  }
}

/** Lets the held request through to the real server and checks its answer is the model's payload. */
async function passAndCompare(page: Page, fixture: Fixture, route: Route, expected: unknown) {
  const url = route.request().url()
  const [answer] = await Promise.all([page.waitForResponse((r) => r.url() === url && r.request().method() === 'GET'), route.fallback()])
  expect(answer.status()).toBe(200)
  expect(asModel(fixture, ((await answer.json()) as { data: unknown }).data), `the real answer of ${url} is the model's payload`).toEqual(expected)
}

const fail = (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(FAULT_BODY) })

/** The oracle's quantity of a variant: the wanted one cut to the variant's maximum and to the places left by the others. */
function oracleQuantity(fixture: Fixture, key: VariantKey, wanted: number, quantities: Record<VariantKey, number>) {
  if (!(wanted > 0)) return 0
  const variant = VARIANTS.find((v) => v.key === key)!
  const others = VARIANTS.filter((v) => v.key !== key).reduce((places, v) => places + quantities[v.key] * v.blockCount, 0)
  const fits = Math.floor(Math.max(0, fixture.placesLeft - others) / variant.blockCount)
  return Math.min(wanted, variant.maxQuantity, fits)
}
const zero = (): Record<VariantKey, number> => ({ adult: 0, child: 0, family: 0 })

const region = (page: Page, lang: Lang) => page.getByRole('region', { name: T[lang].book })
const monthGroup = (page: Page, lang: Lang, month: string) => region(page, lang).getByRole('group', { name: monthTitle(lang, month) })
/** A day of the calendar, named by its date and status ('Sonntag, 9. Mai, verfügbar'). */
const dayButton = (page: Page, lang: Lang, date: string) => {
  const [day, month] = [Number(date.slice(8, 10)), MONTH_NAMES[lang][Number(date.slice(5, 7)) - 1]]
  return monthGroup(page, lang, date.slice(0, 7)).getByRole('button', { name: new RegExp(`[ ,] ?(${day}\\.? ${month}|${month} ${day}), ${T[lang].available}$`) })
}
const timeButton = (page: Page, lang: Lang) => region(page, lang).getByRole('button', { name: /^16:30/ })
const spin = (page: Page, lang: Lang, key: VariantKey) => {
  const title = VARIANTS.find((v) => v.key === key)!.title[lang]
  return region(page, lang).getByRole('spinbutton', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}`) })
}
const totalOf = (lang: Lang, quantities: Record<VariantKey, number>) => chf(lang, VARIANTS.reduce((sum, v) => sum + quantities[v.key] * v.price, 0))
const isInitial = (step: StepContext<Fixture>) => step.before === step.path.initial && step.after === step.path.initial

modelTests(model, {
  async start(page, path) {
    const start = path.start as StartName
    const lang = LANG_OF_START[start]
    const staff = await apiClient('en')
    const other = await apiClient(lang)
    const { offerId, sessions } = await prepareOffer(staff, start)
    const publishedAt = Date.now()

    // offer reads are cached for up to 2 s per server (src/server/http/micro-cache.ts): until
    // then the slug may still show the earlier copy, whose variants the new copy does not have
    const copy = mustOk('copy', await staff.call('GET', `/api/admin/v1/offers/${offerId}`)).data as { content: { variants: { id?: string }[] } }
    const copyVariants = copy.content.variants.map((v) => v.id).sort()
    let detail = { skus: [] } as unknown as { skus: { id: string; key: VariantKey }[] } & Record<string, unknown>
    await expect
      .poll(async () => {
        detail = mustOk('offer', await other.call('GET', `/api/webshop/v1/offers/${SLUG}`)).data as typeof detail
        return detail.skus.map((s) => s.id).sort()
      }, { timeout: 10_000, message: 'the slug shows the new copy' })
      .toEqual(copyVariants)
    // every other read of the slug (the page's own, in its language) cached before the copy came
    // has run out too: the cache's whole lifetime after the publication
    const cacheLeft = publishedAt + 2_100 - Date.now()
    if (cacheLeft > 0) await new Promise((resolve) => setTimeout(resolve, cacheLeft))

    // the offer the page gets is the model's fixture (ids aside)
    const skuIds = Object.fromEntries(detail.skus.map((s) => [s.key, s.id])) as Record<VariantKey, string>
    const expected = offerIn(lang)
    const seen = { slug: detail.slug, title: detail.title, kind: detail.kind, mode: detail.mode, timeZone: detail.timeZone, skus: detail.skus.map((s) => ({ ...s, id: s.key })) }
    expect(seen, 'the real offer is the model’s fixture').toEqual({ slug: expected.slug, title: expected.title, kind: expected.kind, mode: expected.mode, timeZone: expected.timeZone, skus: expected.skus })

    const first = START_MONTH[start]
    // the first month comes with the page; every later month, every day and every add is held
    const months = await HeldRequests.on(page, (url) => url.pathname.endsWith(`/offers/${SLUG}/availability`) && url.searchParams.get('month') !== first)
    const days = await HeldRequests.on(page, (url) => url.pathname.startsWith(`/api/webshop/v1/offers/${SLUG}/dates/`))
    const items = await HeldRequests.on(page, (url) => /^\/api\/webshop\/v1\/carts\/[^/]+\/items$/.test(url.pathname), 'POST')
    const fixture: Fixture = { start, lang, staff, other, offerId, skuIds, sessions, months, days, items, placesLeft: SESSIONS[start][0]?.capacity ?? 0, quantities: zero() }
    const url = start === 'listing-en' ? `/${lang}/listing/${SLUG}` : `/${lang}/embed/v1/booking/${SLUG}?date=${first}-01` // the 1st has no date: nothing preselected
    await gotoHydrated(page, at(HOST, url))
    return fixture
  },

  act: {
    'xstate.done.actor.fetchMonth': async (event, step) => {
      const { page, fixture } = step
      const output = (event as EventObject & { output: { month: string } }).output
      if (output.month === START_MONTH[fixture.start]) {
        // answered by the page's own loader on the server: the same answer from the API
        const real = mustOk('month', await fixture.other.call('GET', `/api/webshop/v1/offers/${SLUG}/availability?month=${output.month}`)).data
        expect(asModel(fixture, real)).toEqual(output)
        return
      }
      await passAndCompare(page, fixture, await nextMatching(fixture.months, (url) => url.searchParams.get('month') === output.month), output)
    },
    'xstate.error.actor.fetchMonth': async (_, { fixture, before }) => {
      await fail(await nextMatching(fixture.months, (url) => url.searchParams.get('month') === before.context.month))
    },
    'xstate.done.actor.fetchDay': async (event, step) => {
      const { page, fixture, before } = step
      const output = (event as EventObject & { output: { date: string; slots: { placesLeft: number; status: string }[] } }).output
      const route = await nextMatching(fixture.days, (url) => url.pathname.endsWith(`/${output.date}`))
      if (!output.slots.length) {
        // the staff cancel the date while its day loads (cancelling again at the end changes nothing)
        const session = Object.values(fixture.sessions).find((s) => s!.date === output.date)!
        mustOk('cancel', await fixture.staff.call('POST', `/api/admin/v1/sessions/${session.id}/cancel`, { version: session.version }))
      }
      await passAndCompare(page, fixture, route, output)
      if (before.matches({ calendar: 'refreshingDay' })) {
        // the selection afresh: kept and cut to the places left (variants in order), or gone with the time
        const slot = output.slots[0]
        if (slot && slot.status !== 'SOLD_OUT') {
          const wanted = fixture.quantities
          fixture.quantities = zero()
          for (const v of VARIANTS) fixture.quantities[v.key] = oracleQuantity(fixture, v.key, wanted[v.key], fixture.quantities)
        } else fixture.quantities = zero()
      }
    },
    'xstate.error.actor.fetchDay': async (_, { fixture, before }) => {
      await fail(await nextMatching(fixture.days, (url) => url.pathname.endsWith(`/${before.context.date}`)))
      fixture.quantities = zero()
    },
    'xstate.done.actor.addToCart': async (_, { page, fixture }) => {
      await (await fixture.items.next()).fallback()
      // the rest of the items, and whatever the checkout loads, go through
      fixture.items.release()
      fixture.days.release()
      fixture.months.release()
      await expect(page).toHaveURL(/[?&]cart=[A-Za-z0-9_-]{22,}/, { timeout: 15_000 })
    },
    'xstate.error.actor.addToCart': async (event, { page, fixture }) => {
      const error = (event as EventObject & { error: { status: number; code?: string } }).error
      const route = await fixture.items.next()
      if (error.status === 500) return fail(route)
      const main = fixture.sessions.main!
      if (error.code === 'places.insufficient') {
        // another visitor takes places first
        const cart = mustOk('cart', await fixture.other.call('POST', '/api/webshop/v1/carts', {})).data as { id: string }
        mustOk('other visitor', await fixture.other.call('POST', `/api/webshop/v1/carts/${cart.id}/items`, { offer: SLUG, sku: fixture.skuIds.adult, sessionId: main.id, quantity: TAKEN_BY_OTHER }))
        fixture.placesLeft -= TAKEN_BY_OTHER
      } else {
        // the staff close the date for booking first
        const closed = mustOk('close', await fixture.staff.call('PATCH', `/api/admin/v1/sessions/${main.id}`, { version: main.version, closed: true })).data as { version: number }
        main.version = closed.version
        fixture.placesLeft = 0
      }
      const [answer] = await Promise.all([page.waitForResponse((r) => r.url() === route.request().url() && r.request().method() === 'POST'), route.fallback()])
      expect(answer.status()).toBe(409)
      expect(((await answer.json()) as { data: { code: string } }).data.code).toBe(error.code)
    },
    'month.next': async (_, { page, fixture }) => {
      await region(page, fixture.lang).getByRole('button', { name: T[fixture.lang].next }).click()
    },
    'month.previous': async (_, { page, fixture }) => {
      await region(page, fixture.lang).getByRole('button', { name: T[fixture.lang].previous }).click()
    },
    'date.select': async (event, { page, fixture }) => {
      await dayButton(page, fixture.lang, (event as EventObject & { date: string }).date).click()
    },
    'time.select': async (_, { page, fixture, before }) => {
      if (before.matches({ calendar: 'timesReady' })) fixture.quantities = zero() // three variants: none chosen yet
      await timeButton(page, fixture.lang).click()
    },
    'quantity.change': async (event, { page, fixture }) => {
      const { sku, quantity } = event as EventObject & { sku: VariantKey; quantity: number }
      fixture.quantities = { ...fixture.quantities, [sku]: oracleQuantity(fixture, sku, quantity, fixture.quantities) }
      await spin(page, fixture.lang, sku).fill(String(quantity))
    },
    'cart.add': async (_, { page, fixture }) => {
      await region(page, fixture.lang).getByRole('button', { name: T[fixture.lang].add }).click()
    },
    retry: async (_, { page, fixture }) => {
      await region(page, fixture.lang).getByRole('button', { name: T[fixture.lang].retry }).click()
    },
  },

  see: {
    'bookingPanel.loadingMonth': async (step) => {
      const { page, fixture, after } = step
      await expect(monthGroup(page, fixture.lang, after.context.month)).toBeVisible()
      // the first month comes with the page; a later one is busy while it loads
      if (!isInitial(step)) await expect(region(page, fixture.lang).locator('[aria-busy="true"]')).toBeVisible()
    },
    'bookingPanel.monthError': async ({ page, fixture, after }) => {
      const panel = region(page, fixture.lang)
      await expect(monthGroup(page, fixture.lang, after.context.month)).toBeVisible()
      await expect(panel.getByRole('alert')).toContainText(T[fixture.lang].serverDown)
      await expect(panel.getByRole('button', { name: T[fixture.lang].retry })).toBeEnabled()
    },
    'bookingPanel.noDates': async ({ page, fixture, after }) => {
      const panel = region(page, fixture.lang)
      await expect(panel.locator('[aria-busy="false"]')).toBeVisible()
      await expect(monthGroup(page, fixture.lang, after.context.month)).toBeVisible()
      await expect(panel.getByText(T[fixture.lang].noDates, { exact: true })).toBeVisible()
      await expect(monthGroup(page, fixture.lang, after.context.month).getByRole('button', { disabled: false })).toHaveCount(0)
    },
    'bookingPanel.calendar.idle': async ({ page, fixture, after }) => {
      const panel = region(page, fixture.lang)
      await expect(panel.locator('[aria-busy="false"]')).toBeVisible()
      const group = monthGroup(page, fixture.lang, after.context.month)
      // the month's dates and nothing else can be chosen, none is chosen yet
      const dates = SESSIONS[fixture.start].filter((s) => s.date.startsWith(after.context.month))
      await expect(group.getByRole('button', { disabled: false })).toHaveCount(dates.length)
      for (const s of dates) await expect(dayButton(page, fixture.lang, s.date)).toHaveAttribute('aria-pressed', 'false')
      await expect(panel.getByRole('spinbutton')).toHaveCount(0)
    },
    'bookingPanel.calendar.loadingDay': async ({ page, fixture, after }) => {
      await expect(dayButton(page, fixture.lang, after.context.date!)).toHaveAttribute('aria-pressed', 'true')
      await expect(region(page, fixture.lang).getByText(T[fixture.lang].loadingTimes)).toBeVisible()
      await expect(timeButton(page, fixture.lang)).toHaveCount(0)
    },
    'bookingPanel.calendar.dayError': async ({ page, fixture }) => {
      const panel = region(page, fixture.lang)
      await expect(panel.getByRole('alert').filter({ hasText: T[fixture.lang].serverDown })).toBeVisible()
      await expect(panel.getByRole('button', { name: T[fixture.lang].retry })).toBeEnabled()
      await expect(timeButton(page, fixture.lang)).toHaveCount(0)
      await expect(panel.getByRole('spinbutton')).toHaveCount(0)
    },
    'bookingPanel.calendar.refreshingDay': async ({ page, fixture, after }) => {
      const panel = region(page, fixture.lang)
      await expect(panel.getByRole('alert')).toHaveText(after.context.raceLost === 'session.closed' ? T[fixture.lang].closed : T[fixture.lang].fewer)
      await expect(panel.getByText(T[fixture.lang].loadingTimes)).toBeVisible()
      await expect(panel.getByRole('button', { name: T[fixture.lang].add })).toHaveCount(0)
    },
    'bookingPanel.calendar.noTimes': async ({ page, fixture, after }) => {
      const panel = region(page, fixture.lang)
      await expect(panel.getByText(T[fixture.lang].noTimes)).toBeVisible()
      await expect(timeButton(page, fixture.lang)).toHaveCount(0)
      if (after.context.raceLost === 'session.closed') await expect(panel.getByRole('alert')).toHaveText(T[fixture.lang].closed)
    },
    'bookingPanel.calendar.timesReady': async ({ page, fixture, after }) => {
      const time = timeButton(page, fixture.lang)
      await expect(time).toHaveAttribute('aria-pressed', 'false')
      if (fixture.placesLeft > 0) {
        await expect(time).toHaveText(`16:30${T[fixture.lang].placesLeft(fixture.placesLeft)}`)
        await expect(time).toBeEnabled()
      } else {
        await expect(time).toHaveText(`16:30${T[fixture.lang].full}`)
        await expect(time).toBeDisabled()
      }
      if (after.context.raceLost === 'session.closed') await expect(region(page, fixture.lang).getByRole('alert')).toHaveText(T[fixture.lang].closed)
      await expect(region(page, fixture.lang).getByRole('spinbutton')).toHaveCount(0)
    },
    'bookingPanel.calendar.quantities': async ({ page, fixture, after }) => {
      const { lang, quantities } = fixture
      const panel = region(page, lang)
      await expect(timeButton(page, lang)).toHaveAttribute('aria-pressed', 'true')
      await expect(timeButton(page, lang)).toContainText(T[lang].placesLeft(fixture.placesLeft))
      for (const v of VARIANTS) await expect(spin(page, lang, v.key), `${v.key}: places left ${fixture.placesLeft}`).toHaveValue(String(quantities[v.key]))
      await expect(panel.getByTestId('panel-total')).toHaveText(totalOf(lang, quantities))
      const any = VARIANTS.some((v) => quantities[v.key] > 0)
      const add = panel.getByRole('button', { name: T[lang].add })
      await (any ? expect(add).toBeEnabled() : expect(add).toBeDisabled())
      if (after.context.raceLost === 'places.insufficient') await expect(panel.getByRole('alert')).toHaveText(T[lang].fewer)
      else await expect(panel.getByRole('alert')).toHaveCount(0)
      // and the model agrees with the oracle
      expect({ ...zero(), ...after.context.quantities }).toEqual(quantities)
    },
    'bookingPanel.calendar.addError': async ({ page, fixture }) => {
      const { lang, quantities } = fixture
      const panel = region(page, lang)
      await expect(panel.getByRole('alert')).toContainText(T[lang].serverDown)
      for (const v of VARIANTS) await expect(spin(page, lang, v.key)).toHaveValue(String(quantities[v.key]))
      await expect(panel.getByTestId('panel-total')).toHaveText(totalOf(lang, quantities))
      await expect(panel.getByRole('button', { name: T[lang].add })).toBeEnabled()
    },
    'bookingPanel.adding': async ({ page, fixture }) => {
      const panel = region(page, fixture.lang)
      await expect(panel.getByRole('button', { name: T[fixture.lang].adding })).toBeDisabled()
      await expect(panel.getByTestId('panel-total')).toHaveText(totalOf(fixture.lang, fixture.quantities))
    },
    'bookingPanel.added': async ({ page, fixture }) => {
      // the widget goes on to the checkout with the cart holding exactly the chosen places
      const cartId = new URL(page.url()).searchParams.get('cart')!
      const cart = mustOk('cart', await fixture.other.call('GET', `/api/webshop/v1/carts/${cartId}`)).data as { items: { sku: string; quantity: number; places: number }[]; total: { amount: number } }
      const held = zero()
      for (const item of cart.items) held[asModel(fixture, item.sku) as VariantKey] += item.quantity
      expect(held).toEqual(fixture.quantities)
      expect(cart.total.amount).toBe(VARIANTS.reduce((sum, v) => sum + fixture.quantities[v.key] * v.price, 0))
      await expect(page.getByText(totalOf(fixture.lang, fixture.quantities)).first()).toBeVisible()
    },
  },

  async end(fixture) {
    // the dates go, and with them every place held on them
    for (const s of Object.values(fixture.sessions)) {
      const answer = await fixture.staff.call('POST', `/api/admin/v1/sessions/${s!.id}/cancel`, { version: s!.version })
      if (answer.status === 409) {
        const version = (answer.body.data as { version?: number } | undefined)?.version
        if (version) await fixture.staff.call('POST', `/api/admin/v1/sessions/${s!.id}/cancel`, { version })
      }
    }
    await fixture.staff.ctx.dispose()
    await fixture.other.ctx.dispose()
  },
})
