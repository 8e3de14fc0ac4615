/**
 * The checkout's UI model (checkout.model.ts) run in Chromium against the production build.
 *
 * Each path's start builds its own cart through the real API: a manager (signed in through the
 * staff API in a context of their own) creates a date of the path's own on the start's offer,
 * the visitor's context creates a cart and puts the start's variant into it; the start asserts
 * that this real cart, the offer's extras and the shop's payment options are the model's input,
 * leaves the draft of the model's input in sessionStorage (as a reload would) and opens the
 * checkout. Every submit, payment start and change of the cart is held until the path answers
 * it: the real server (`pass()`), with data prepared so its answer is the model's (the date
 * cancelled meanwhile, the cart booked in another tab, a quantity the date cannot take), or the
 * contract's error for what cannot be provoked (500, the server's 400s, the provider).
 *
 * The expected totals, payment options and required fields are worked out here from the seed's
 * prices and the visitor's own actions on the path (a small reducer of the path's events), never
 * from the checkout's helpers.
 */
import { randomUUID } from 'node:crypto'
import { request, type APIRequestContext, type Page } from '@playwright/test'
import type { EventObject } from 'xstate'
import { PORT, at, expect, gotoHydrated } from '../e2e/fixtures'
import { participantLabel } from '../e2e/checkout-helpers'
import { credentials, zurichDay } from '../e2e/staff-helpers'
import { HeldRequests, modelTests, type StepContext } from './run'
import { DRAFT, INPUTS, ITEM, SEED, model, type StartName } from './checkout.model'
import type { PlannedPath } from './plan'

type Lang = 'de' | 'en' | 'fr'
type Method = 'PAY_NOW' | 'PAY_ON_SITE' | 'PAY_LATER' | 'PAY_LATER_OR_ON_SITE'

/** What the visitor reads, per language (the app's catalogues, written out here). */
const L = {
  en: {
    steps: { configuration: 'Configuration', contact: 'Contact details', payment: 'Payment', completion: 'Completion' },
    participant: (n: number) => `Participant ${n}`,
    add: 'Add participant',
    remove: (n: number) => `Remove participant ${n}`,
    forSelf: 'This is me (I take part myself)',
    cont: 'Continue',
    back: 'Back',
    email: 'E-mail',
    terms: /^I accept the/,
    message: 'Message to us (optional)',
    book: 'Book now',
    request: 'Send binding request',
    sending: 'Sending…',
    redirecting: 'Redirecting to the payment page…',
    tryAgain: 'Try again',
    required: 'This field is required.',
    emailBad: 'Please enter a valid e-mail address.',
    summary: 'Please check your entries',
    more: 'One more',
    fewer: 'One fewer',
    removeItem: (title: string) => `Remove ${title} from the cart`,
    tooMany: 'There are not enough places left on this date for that quantity.',
    gone: 'This date has already started or was cancelled. Please choose another one.',
    empty: 'Your cart is empty.',
    done: 'Booking complete',
    reserved: 'Your places are reserved',
    sent: 'Request sent',
    already: 'This booking was already completed (in another tab or window). Here it is.',
    serverDown: 'The server is not available. Please try again later.',
    paymentFailed: 'The payment could not be processed. Please try again.',
    showBooking: 'Show my booking',
    methods: { PAY_NOW: 'Pay now', PAY_ON_SITE: 'Pay on site', PAY_LATER: 'Pay later (payment link by e-mail)', PAY_LATER_OR_ON_SITE: 'Pay later or on site' },
  },
  de: {
    steps: { configuration: 'Konfiguration', contact: 'Kontaktangaben', payment: 'Zahlung', completion: 'Abschluss' },
    participant: (n: number) => `Teilnehmende Person ${n}`,
    add: 'Teilnehmende Person hinzufügen',
    remove: (n: number) => `Teilnehmende Person ${n} entfernen`,
    forSelf: 'Das bin ich (ich nehme selbst teil)',
    cont: 'Weiter',
    back: 'Zurück',
    email: 'E-Mail',
    terms: /^Ich akzeptiere die/,
    message: 'Nachricht an uns (optional)',
    book: 'Jetzt verbindlich buchen',
    request: 'Verbindlich anfragen',
    sending: 'Wird gesendet …',
    redirecting: 'Weiterleitung zur Zahlungsseite…',
    tryAgain: 'Erneut versuchen',
    required: 'Dieses Feld ist erforderlich.',
    emailBad: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    summary: 'Bitte prüfen Sie Ihre Angaben',
    more: 'Eins mehr',
    fewer: 'Eins weniger',
    removeItem: (title: string) => `${title} aus dem Warenkorb entfernen`,
    tooMany: 'Für diese Anzahl sind an diesem Datum nicht mehr genügend Plätze frei.',
    gone: 'Dieser Termin hat bereits begonnen oder wurde abgesagt. Bitte wählen Sie einen anderen.',
    empty: 'Ihr Warenkorb ist leer.',
    done: 'Buchung abgeschlossen',
    reserved: 'Ihre Plätze sind reserviert',
    sent: 'Anfrage gesendet',
    already: 'Diese Buchung wurde bereits abgeschlossen (in einem anderen Tab oder Fenster). Hier ist sie.',
    serverDown: 'Der Server ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
    paymentFailed: 'Die Zahlung konnte nicht verarbeitet werden. Bitte versuchen Sie es erneut.',
    showBooking: 'Meine Buchung anzeigen',
    methods: { PAY_NOW: 'Jetzt bezahlen', PAY_ON_SITE: 'Vor Ort bezahlen', PAY_LATER: 'Später bezahlen (Zahlungslink per E-Mail)', PAY_LATER_OR_ON_SITE: 'Später oder vor Ort bezahlen' },
  },
  fr: {
    steps: { configuration: 'Configuration', contact: 'Coordonnées', payment: 'Paiement', completion: 'Finalisation' },
    participant: (n: number) => `Participant·e ${n}`,
    add: 'Ajouter un·e participant·e',
    remove: (n: number) => `Retirer le/la participant·e ${n}`,
    forSelf: 'C’est moi (je participe moi-même)',
    cont: 'Continuer',
    back: 'Retour',
    email: 'E-mail',
    terms: /^J’accepte les/,
    message: 'Message pour nous (facultatif)',
    book: 'Réserver maintenant',
    request: 'Envoyer la demande ferme',
    sending: 'Envoi en cours…',
    redirecting: 'Redirection vers la page de paiement…',
    tryAgain: 'Réessayer',
    required: 'Ce champ est obligatoire.',
    emailBad: 'Veuillez saisir une adresse e-mail valable.',
    summary: 'Veuillez vérifier vos saisies',
    more: 'Un de plus',
    fewer: 'Un de moins',
    removeItem: (title: string) => `Retirer ${title} du panier`,
    tooMany: 'Il ne reste pas assez de places à cette date pour cette quantité.',
    gone: 'Cette date a déjà commencé ou a été annulée. Veuillez en choisir une autre.',
    empty: 'Votre panier est vide.',
    done: 'Réservation terminée',
    reserved: 'Vos places sont réservées',
    sent: 'Demande envoyée',
    already: 'Cette réservation a déjà été finalisée (dans un autre onglet ou une autre fenêtre). La voici.',
    serverDown: 'Le serveur n’est pas disponible. Veuillez réessayer plus tard.',
    paymentFailed: 'Le paiement n’a pas pu être traité. Veuillez réessayer.',
    showBooking: 'Afficher ma réservation',
    methods: { PAY_NOW: 'Payer maintenant', PAY_ON_SITE: 'Payer sur place', PAY_LATER: 'Payer plus tard (lien de paiement par e-mail)', PAY_LATER_OR_ON_SITE: 'Payer plus tard ou sur place' },
  },
} as const

/** Each start: its shop, language, offer and variant, the quantity and the date's places. */
const STARTS: Record<StartName, { shop: 'alpin' | 'atelier'; lang: Lang; offer: { slug: string; sku: string; price: number }; quantity: number; capacity: number }> = {
  'order-en': { shop: 'alpin', lang: 'en', offer: SEED.canyoning, quantity: 2, capacity: 2 },
  'order-fr': { shop: 'atelier', lang: 'fr', offer: SEED.fondue, quantity: 1, capacity: 2 },
  'request-de': { shop: 'alpin', lang: 'de', offer: SEED.teamEvent, quantity: SEED.teamEvent.minQuantity, capacity: 40 },
}

/** The sandbox provider's page (the test provider of the e2e server). */
const SANDBOX = /\/api\/sandbox-pay\/v1\/sessions\/sbx_[A-Za-z0-9_-]{22}$/
const SLOW = { timeout: 20_000 }
/** Statuses the app's API client repeats a write on once (src/api/client.ts). */
const RETRIED = new Set([408, 425, 429, 502, 503, 504])

// ----- independent oracles -----

/** An amount as the visitor reads it: de/en `CHF 1’234.50`, fr `1 234.50 CHF` (narrow no-break space). */
function chf(minor: number, lang: Lang): string {
  const whole = String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'fr' ? '\u202f' : '’')
  const number = `${whole}.${String(minor % 100).padStart(2, '0')}`
  return lang === 'fr' ? `${number}\u00a0CHF` : `CHF\u00a0${number}`
}

type Participant = { firstname: string; surname: string; forSelf: boolean; extras: string[] }
type Visitor = { quantity: number; participants: Participant[]; email: string; removed: boolean }

/** What the visitor did so far on the path (its events up to `upTo` steps), from the draft the start left. */
function visitorSoFar(path: PlannedPath, upTo: number): Visitor {
  const start = STARTS[path.start as StartName]
  const v: Visitor = { quantity: start.quantity, participants: DRAFT.items[ITEM]!.participants.map((p) => ({ firstname: p.firstname, surname: p.surname, forSelf: !!p.forSelf, extras: [] })), email: '', removed: false }
  let asked: number | null = null
  let remove = false
  for (const step of path.steps.slice(0, upTo)) {
    const ev = step.event as EventObject & Record<string, unknown>
    const index = ev.index as number
    if (ev.type === 'participant.add') v.participants.push({ firstname: '', surname: '', forSelf: false, extras: [] })
    if (ev.type === 'participant.remove') v.participants.splice(index, 1)
    if (ev.type === 'participant.change') v.participants[index]![ev.field as 'firstname' | 'surname'] = String(ev.value)
    if (ev.type === 'participant.forSelf') v.participants[index]!.forSelf = ev.value === true
    if (ev.type === 'extra.toggle') {
      const list = v.participants[index]!.extras
      const at = list.indexOf(String(ev.extraId))
      if (at >= 0) list.splice(at, 1)
      else list.push(String(ev.extraId))
    }
    if (ev.type === 'contact.change' && ev.field === 'person.email') v.email = String(ev.value)
    if (ev.type === 'item.quantity') asked = ev.quantity as number
    if (ev.type === 'item.remove') remove = true
    if (ev.type === 'xstate.done.actor.changeCart') {
      if (remove) v.removed = true
      else if (asked !== null) {
        v.quantity = asked
        // the form keeps at most as many participants as the variant's places
        const places = asked * placesPerUnit(path.start as StartName)
        v.participants = v.participants.slice(0, places)
      }
    }
    if (ev.type === 'xstate.error.actor.changeCart') {
      asked = null
      remove = false
    }
  }
  return v
}

const placesPerUnit = (start: StartName) => (start === 'order-fr' ? SEED.fondue.blockCount : 1)

/** Extra prices of the start's offer (seed), and which are charged once per booking. */
function extraPrice(start: StartName, id: string): { price: number; perBooking: boolean } {
  if (start === 'order-en') {
    if (id === SEED.transfer.key) return { price: SEED.transfer.price, perBooking: true }
    return { price: SEED.canyoning.extras[id as 'photos' | 'shoes'], perBooking: false }
  }
  if (start === 'order-fr') return { price: SEED.fondue.extras[id as 'apron'], perBooking: false }
  throw new Error(`no extra ${id} in ${start}`)
}

/** The total: the variant's price × quantity, each per-participant extra for each participant who chose it, a per-booking one once. */
function expectedTotal(start: StartName, v: Visitor): number {
  const base = STARTS[start].offer.price * v.quantity
  const once = new Set<string>()
  let extras = 0
  for (const p of v.participants) {
    for (const id of p.extras) {
      const { price, perBooking } = extraPrice(start, id)
      if (perBooking) once.add(id)
      else extras += price
    }
  }
  for (const id of once) extras += extraPrice(start, id).price
  return base + extras
}

/** The payment options the visitor may choose: a request is paid later by link; an order as the shop offers. */
const expectedMethods = (start: StartName): Method[] => (start === 'request-de' ? ['PAY_LATER'] : [...SEED[STARTS[start].shop].paymentOptions])

// ----- the fixture -----

type Fixture = {
  start: StartName
  lang: Lang
  host: string
  cartId: string
  itemId: string
  offerTitle: string
  extraTitles: Record<string, string>
  session: { id: string; version: number }
  staff: Api
  visitor: Api
  submit: HeldRequests
  pay: HeldRequests
  patch: HeldRequests
  remove: HeldRequests
}

/**
 * An API client of its own for a shop's host (Node does not resolve `atelier.localhost`, so the
 * host is the request's Host header): its cookies, the anti-forgery pair, an idempotency key.
 */
type Api = { ctx: APIRequestContext; call: (method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => Promise<{ status: number; body: { data?: Record<string, unknown> & { id?: string } } }> }
async function apiFor(host: string, lang: Lang): Promise<Api> {
  const ctx = await request.newContext({ baseURL: `http://127.0.0.1:${PORT}`, extraHTTPHeaders: { host: `${host}:${PORT}` } })
  const xsrf = async () => (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value
  return {
    ctx,
    call: async (method, path, data) => {
      if (method !== 'GET' && !(await xsrf())) await ctx.get('/sanctum/csrf-cookie')
      const headers = { 'x-xsrf-token': decodeURIComponent((await xsrf()) ?? ''), 'idempotency-key': randomUUID(), 'x-flowin-locale': lang, 'content-type': 'application/json' }
      const answer = await ctx.fetch(path, { method, headers, ...(method === 'GET' ? {} : { data }) })
      return { status: answer.status(), body: (await answer.json().catch(() => ({}))) as { data?: Record<string, unknown> & { id?: string } } }
    },
  }
}

/** A manager of the shop, signed in through the staff API. */
async function manager(shop: 'alpin' | 'atelier', host: string, lang: Lang): Promise<Api> {
  const staff = await apiFor(host, lang)
  const signedIn = await staff.call('POST', '/api/admin/v1/session', credentials(shop, 'manager'))
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
  return staff
}

type AdminOffer = { id: string; slug: string; version: number; content: { extras: { key: string; title: Record<string, string>; price: number; per: string }[] } }

/** The canyoning offer charges a private transfer once per booking (added once per server). */
async function ensureTransfer(staff: Api, offerId: string) {
  const offer = (await staff.call('GET', `/api/admin/v1/offers/${offerId}`)).body.data as unknown as AdminOffer
  if (offer.content.extras.some((x) => x.key === SEED.transfer.key)) return
  const extras = [...offer.content.extras, { key: SEED.transfer.key, title: { de: 'Privater Transfer', en: 'Private transfer', fr: 'Transfert privé' }, price: SEED.transfer.price, per: 'booking' }]
  const saved = await staff.call('PUT', `/api/admin/v1/offers/${offerId}`, { version: offer.version, content: { ...offer.content, extras } })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
}

async function start(page: Page, path: PlannedPath): Promise<Fixture> {
  const name = path.start as StartName
  const s = STARTS[name]
  const host = SEED[s.shop].host
  const staff = await manager(s.shop, host, s.lang)
  const visitorApi = await apiFor(host, s.lang)
  const offers = (await staff.call('GET', '/api/admin/v1/offers')).body.data as unknown as { id: string; slug: string }[]
  const offerId = offers.find((o) => o.slug === s.offer.slug)!.id
  if (name === 'order-en') await ensureTransfer(staff, offerId)

  // A date of the path's own: some weeks ahead at an odd time.
  let session: { id: string; version: number } | undefined
  for (let attempt = 0; attempt < 5 && !session; attempt++) {
    const date = zurichDay(new Date(Date.now() + (20 + Math.floor(Math.random() * 60)) * 86_400_000))
    const time = `${String(6 + Math.floor(Math.random() * 4)).padStart(2, '0')}:${String(5 * Math.floor(Math.random() * 12)).padStart(2, '0')}`
    const added = await staff.call('POST', `/api/admin/v1/offers/${offerId}/sessions`, { capacity: s.capacity, durationMinutes: 60, single: { date, time } })
    const created = (added.body.data?.created as { id: string; version: number }[] | undefined) ?? []
    if (created[0]) session = created[0]
  }
  expect(session, 'a date of its own').toBeTruthy()

  // The visitor's cart, through the shop's API in the page's context.
  const cart = await visitorApi.call('POST', '/api/webshop/v1/carts', {})
  expect(cart.status).toBe(201)
  const cartId = cart.body.data!.id!
  const detail = (await visitorApi.call('GET', `/api/webshop/v1/offers/${s.offer.slug}`)).body.data as unknown as {
    title: string
    skus: { id: string; key: string; price: { amount: number } }[]
    extras?: { id: string; title: string; price: { amount: number; currency: string }; per?: string }[]
  }
  const sku = detail.skus.find((k) => k.key === s.offer.sku)!
  const added = await visitorApi.call('POST', `/api/webshop/v1/carts/${cartId}/items`, { offer: s.offer.slug, sku: sku.id, sessionId: session!.id, quantity: s.quantity })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  const real = (await visitorApi.call('GET', `/api/webshop/v1/carts/${cartId}`)).body.data as unknown as {
    items: { id: string; offer: string; offerTitle: string; skuType: string; quantity: number; places: number; unitPrice: { amount: number }; total: { amount: number }; mode?: string }[]
    total: { amount: number }
  }
  // The model's input is this cart, these extras and these payment options.
  const input = INPUTS[name]
  const modelItem = input.cart.items[0]!
  expect(real.items.map((i) => ({ offer: i.offer, skuType: i.skuType, quantity: i.quantity, places: i.places, unit: i.unitPrice.amount, total: i.total.amount, mode: i.mode ?? 'order' }))).toEqual([
    { offer: modelItem.offer, skuType: modelItem.skuType, quantity: modelItem.quantity, places: modelItem.places, unit: modelItem.unitPrice.amount, total: modelItem.total.amount, mode: modelItem.mode },
  ])
  expect(real.total.amount).toBe(input.cart.total.amount)
  expect((detail.extras ?? []).map((x) => ({ id: x.id, price: x.price.amount, per: x.per }))).toEqual(
    input.extras[s.offer.slug]!.map((x) => ({ id: x.id, price: x.price.amount, per: x.per })),
  )
  const config = (await visitorApi.call('GET', '/api/webshop/v1/config')).body.data as unknown as { booking?: { paymentOptions?: string[] } }
  expect(config.booking?.paymentOptions).toEqual(input.paymentOptions)
  const itemId = real.items[0]!.id

  // The draft of the model's input, as a reload would find it (only until the page keeps its own).
  const draft = { ...DRAFT, items: { [itemId]: DRAFT.items[ITEM]! } }
  await page.addInitScript(
    ({ key, value }) => {
      if (window.location.pathname.includes('/checkout/') && !window.sessionStorage.getItem(key) && !window.sessionStorage.getItem(`${key}:seen`)) {
        window.sessionStorage.setItem(key, value)
        window.sessionStorage.setItem(`${key}:seen`, '1')
      }
    },
    { key: `webshop:checkout:${cartId}`, value: JSON.stringify({ draft, step: 'configuration' }) },
  )
  const held = (suffix: RegExp, method: string) => HeldRequests.on(page, (url) => url.pathname.startsWith(`/api/webshop/v1/carts/${cartId}`) && suffix.test(url.pathname.slice(`/api/webshop/v1/carts/${cartId}`.length)), method)
  const fixture: Fixture = {
    start: name,
    lang: s.lang,
    host,
    cartId,
    itemId,
    offerTitle: real.items[0]!.offerTitle,
    extraTitles: Object.fromEntries((detail.extras ?? []).map((x) => [x.id, x.title])),
    session: session!,
    staff,
    visitor: visitorApi,
    submit: await held(/^\/checkout$/, 'POST'),
    pay: await held(/^\/booking\/payments$/, 'POST'),
    patch: await held(/^\/items\/[^/]+$/, 'PATCH'),
    remove: await held(/^\/items\/[^/]+$/, 'DELETE'),
  }
  await gotoHydrated(page, at(host, `/${s.lang}/checkout/${cartId}`))
  await expect(page.getByTestId('checkout')).toBeVisible(SLOW)
  return fixture
}

// ----- helpers of the steps -----

type Ctx = StepContext<Fixture>
const t = (f: Fixture) => L[f.lang]
const item = (c: Ctx) => c.page.getByTestId('checkout-item')
const participantGroup = (c: Ctx, n: number) => item(c).getByRole('group', { name: t(c.fixture).participant(n), exact: true })
const stepIndex = (c: Ctx) => c.path.steps.findIndex((s) => s.snapshot === c.after) + 1
const visitor = (c: Ctx) => visitorSoFar(c.path, stepIndex(c))
const total = (c: Ctx) => expectedTotal(c.fixture.start, visitor(c))
const submitButton = (c: Ctx) => c.page.getByRole('button', { name: new RegExp(`^(${[t(c.fixture).book, t(c.fixture).request, t(c.fixture).sending, t(c.fixture).redirecting, t(c.fixture).tryAgain, t(c.fixture).cont].map(escape).join('|')})$`) })
function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The contract's error body for a model error. */
function body(error: { status: number; message: string; data: Record<string, unknown> }, itemId: string) {
  const data = 'items' in error.data ? { ...error.data, items: { [itemId]: Object.values(error.data.items as Record<string, string>)[0] } } : error.data
  return { statusCode: error.status, statusMessage: error.message, message: error.message, data }
}

/** The cart booked in another tab: the same cart checked out through the API first. */
async function bookElsewhere(c: Ctx) {
  const f = c.fixture
  const v = visitor(c)
  const input = {
    mode: f.start === 'request-de' ? 'request' : 'order',
    items: [{ itemId: f.itemId, participants: v.participants.map((p, i) => ({ firstname: p.firstname || `Andere${i + 1}`, surname: p.surname || 'Muster', forSelf: false, extras: [] })) }],
    customer: { type: 'PRIVATE' },
    person: { firstname: 'Other', surname: 'Tab', email: 'other.tab@example.ch', phone: '+41799000001' },
    address: { street: 'Seestrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
    paymentMethod: f.start === 'request-de' ? 'PAY_LATER' : 'PAY_ON_SITE',
    termsAccepted: true,
  }
  // fill up an order's participants (the other tab named them all)
  const places = STARTS[f.start].quantity * placesPerUnit(f.start)
  if (input.mode === 'order') while (input.items[0]!.participants.length < places) input.items[0]!.participants.push({ firstname: `Andere${input.items[0]!.participants.length + 1}`, surname: 'Muster', forSelf: false, extras: [] })
  const other = await apiFor(f.host, f.lang)
  const booked = await other.call('POST', `/api/webshop/v1/carts/${f.cartId}/checkout`, input)
  await other.ctx.dispose()
  expect(booked.status, JSON.stringify(booked.body)).toBe(201)
}

const submitOutcome = async (event: EventObject, c: Ctx, outcome: 'done' | 'error') => {
  const f = c.fixture
  if (outcome === 'done') return f.submit.pass()
  const error = (event as unknown as { error: { status: number; message: string; data: { code: string } } }).error
  if (error.data.code === 'items.unavailable') {
    // The shop cancels the date while the submit is on its way.
    const cancelled = await f.staff.call('POST', `/api/admin/v1/sessions/${f.session.id}/cancel`, { version: f.session.version })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    return f.submit.pass()
  }
  if (error.data.code === 'cart.booked') {
    await bookElsewhere(c)
    return f.submit.pass()
  }
  return f.submit.fail(error.status, body(error, f.itemId))
}

// ----- the adapter -----

modelTests(model, {
  start: (page, path) => start(page, path),
  end: async (f) => {
    for (const held of [f.submit, f.pay, f.patch, f.remove]) held.release()
    // the path's date goes, and with it the places its cart still holds: all the suite's visitors
    // come from one address, which may hold only so many places at once (holds.too_many)
    const cancel = (version: number) => f.staff.call('POST', `/api/admin/v1/sessions/${f.session.id}/cancel`, { version })
    const answer = await cancel(f.session.version)
    const version = (answer.body.data as { version?: number; code?: string } | undefined)?.version
    if (answer.status === 409 && version) await cancel(version)
    await f.staff.ctx.dispose()
    await f.visitor.ctx.dispose()
  },
  act: {
    'participant.add': async (_, c) => item(c).getByRole('button', { name: t(c.fixture).add, exact: true }).click(),
    'participant.remove': async (e, c) => item(c).getByRole('button', { name: t(c.fixture).remove((e as unknown as { index: number }).index + 1), exact: true }).click(),
    'participant.change': async (e, c) => {
      const { index, field, value } = e as unknown as { index: number; field: 'firstname' | 'surname'; value: string }
      await item(c).getByLabel(participantLabel(c.fixture.lang, field === 'firstname' ? 'first' : 'sur', index + 1)).fill(value)
    },
    'participant.forSelf': async (e, c) => {
      const { index, value } = e as unknown as { index: number; value: boolean }
      await participantGroup(c, index + 1).getByRole('checkbox', { name: t(c.fixture).forSelf }).setChecked(value)
    },
    'extra.toggle': async (e, c) => {
      const { index, extraId } = e as unknown as { index: number; extraId: string }
      await participantGroup(c, index + 1).getByRole('checkbox', { name: new RegExp(`^${escape(c.fixture.extraTitles[extraId]!)} `) }).click()
    },
    'item.quantity': async (e, c) => {
      const { quantity } = e as unknown as { quantity: number }
      const before = (c.before.context.cart.items[0]?.quantity ?? 0) as number
      await item(c).getByRole('button', { name: quantity > before ? t(c.fixture).more : t(c.fixture).fewer, exact: true }).click()
    },
    'item.remove': async (_, c) => item(c).getByRole('button', { name: t(c.fixture).removeItem(c.fixture.offerTitle), exact: true }).click(),
    'xstate.done.actor.changeCart': async (_, c) => {
      const change = c.before.context.cartChange!.change
      await (change.kind === 'remove' ? c.fixture.remove : c.fixture.patch).pass()
    },
    'xstate.error.actor.changeCart': async (e, c) => {
      const f = c.fixture
      const change = c.before.context.cartChange!.change
      const code = (e as unknown as { error: { data: { code: string } } }).error.data.code
      // Real refusals: one more than the date has places; the cart booked in another tab first.
      if (code === 'cart.booked') await bookElsewhere(c)
      await (change.kind === 'remove' ? f.remove : f.patch).pass()
    },
    'contact.change': async (e, c) => {
      const { field, value } = e as unknown as { field: string; value: string }
      expect(field).toBe('person.email')
      await c.page.getByRole('textbox', { name: t(c.fixture).email, exact: true }).fill(value)
    },
    'payment.select': async (e, c) => {
      const { method } = e as unknown as { method: Method }
      await c.page.getByRole('radio', { name: t(c.fixture).methods[method], exact: true }).check()
    },
    'terms.toggle': async (e, c) => c.page.getByRole('checkbox', { name: t(c.fixture).terms }).setChecked((e as unknown as { value: boolean }).value),
    'message.change': async (e, c) => c.page.getByRole('textbox', { name: t(c.fixture).message }).fill((e as unknown as { value: string }).value),
    'step.next': async (_, c) => c.page.getByRole('button', { name: t(c.fixture).cont, exact: true }).click(),
    'step.back': async (_, c) => c.page.getByRole('button', { name: t(c.fixture).back, exact: true }).click(),
    'step.goto': async (e, c) => {
      const step = (e as unknown as { step: 'configuration' | 'contact' | 'payment' }).step
      const index = { configuration: 1, contact: 2, payment: 3 }[step]
      await c.page.getByRole('navigation', { name: /./ }).getByRole('button', { name: new RegExp(`^${index}\\. `) }).click()
    },
    submit: async (_, c) => submitButton(c).click(),
    retry: async (_, c) => submitButton(c).click(),
    'xstate.done.actor.submitCheckout': (e, c) => submitOutcome(e, c, 'done'),
    'xstate.error.actor.submitCheckout': (e, c) => submitOutcome(e, c, 'error'),
    'xstate.done.actor.startPayment': async (_, c) => c.fixture.pay.pass(),
    'xstate.error.actor.startPayment': async (e, c) => {
      const error = (e as unknown as { error: { status: number; message: string; data: Record<string, unknown> } }).error
      // The API client repeats a write once on 502/503/504: the provider stays down for both.
      for (let i = 0; i < (RETRIED.has(error.status) ? 2 : 1); i++) await c.fixture.pay.fail(error.status, body(error, c.fixture.itemId))
    },
  },
  see: {
    'checkout.configuration': async (c) => {
      const f = c.fixture
      const tt = t(f)
      const v = visitor(c)
      if (v.removed) {
        await expect(c.page.getByRole('heading', { level: 1 })).toHaveText(tt.empty)
        return
      }
      await expect(c.page.getByRole('heading', { level: 2 }).first()).toHaveText(tt.steps.configuration)
      await expect(c.page.getByTestId('checkout-total')).toHaveText(chf(total(c), f.lang))
      const request = f.start === 'request-de'
      // The participants the visitor has, each with the extras they chose (and no other).
      const firsts = item(c).getByLabel(participantLabel(f.lang, 'first'))
      await expect(firsts).toHaveCount(v.participants.length)
      for (const [i, p] of v.participants.entries()) {
        const group = participantGroup(c, i + 1)
        await expect(group.getByLabel(participantLabel(f.lang, 'first', i + 1))).toHaveValue(p.firstname)
        // An order needs every name; a request's are optional.
        if (request) await expect(group.getByLabel(participantLabel(f.lang, 'first', i + 1))).not.toHaveAttribute('aria-required', 'true')
        else await expect(group.getByLabel(participantLabel(f.lang, 'first', i + 1))).toHaveAttribute('aria-required', 'true')
        for (const [id, title] of Object.entries(f.extraTitles)) {
          const box = group.getByRole('checkbox', { name: new RegExp(`^${escape(title)} \\(\\+${escape(chf(extraPrice(f.start, id).price, f.lang)).replace(/[\u00a0\u202f]/g, '\\s')}\\)$`) })
          await expect(box).toBeChecked({ checked: p.extras.includes(id) })
        }
      }
      // Refused "Continue": each unnamed participant's name fields are required.
      const refused = Object.keys(c.after.context.fieldErrors).some((k) => /participants\.\d+\.(firstname|surname)$/.test(k))
      const missing = request ? 0 : v.participants.reduce((n, p) => n + (p.firstname ? 0 : 1) + (p.surname ? 0 : 1), 0)
      if (refused) {
        await expect(c.page.getByTestId('error-summary').getByRole('alert')).toContainText(tt.summary)
        await expect(item(c).getByText(tt.required, { exact: true })).toHaveCount(missing)
      } else await expect(item(c).getByText(tt.required, { exact: true })).toHaveCount(0)
      if (c.after.context.cartChange?.error) await expect(c.page.getByTestId('cart-change-error')).toHaveText(tt.tooMany)
      else await expect(c.page.getByTestId('cart-change-error')).toHaveCount(0)
      if (`items.${ITEM}` in c.after.context.fieldErrors) await expect(item(c).getByText(tt.gone, { exact: true })).toBeVisible(SLOW)
      if (!request) await expect(item(c).getByTestId('item-quantity')).toContainText(String(v.quantity))
      await expect(c.page.getByRole('button', { name: tt.cont, exact: true })).toBeEnabled()
    },
    'checkout.changingCart': async (c) => {
      const tt = t(c.fixture)
      // The item's controls wait for the server.
      await expect(item(c).getByRole('button', { name: tt.removeItem(c.fixture.offerTitle), exact: true })).toBeDisabled()
      await expect(c.page.getByRole('button', { name: tt.cont, exact: true })).toBeDisabled()
    },
    'checkout.contact': async (c) => {
      const f = c.fixture
      const tt = t(f)
      const v = visitor(c)
      await expect(c.page.getByRole('heading', { level: 2 }).first()).toHaveText(tt.steps.contact)
      const email = c.page.getByRole('textbox', { name: tt.email, exact: true })
      await expect(email).toHaveValue(v.email)
      await expect(email).toHaveAttribute('aria-required', 'true')
      const error = c.after.context.fieldErrors['person.email']
      // A refused e-mail (the browser's check or the server's 400): at the field and in the summary.
      if (error) {
        await expect(c.page.getByTestId('error-summary').getByRole('alert')).toContainText(tt.summary)
        await expect(c.page.getByTestId('error-summary').getByRole('link', { name: tt.emailBad })).toBeVisible()
        await expect(email).toHaveAttribute('aria-invalid', 'true')
      } else await expect(c.page.getByText(tt.emailBad, { exact: true })).toHaveCount(0)
      await expect(c.page.getByTestId('checkout-total')).toHaveText(chf(total(c), f.lang))
    },
    'checkout.payment': async (c) => {
      const f = c.fixture
      const tt = t(f)
      const request = f.start === 'request-de'
      await expect(c.page.getByRole('heading', { level: 2 }).first()).toHaveText(request ? tt.steps.completion : tt.steps.payment)
      // Exactly the payment options the shop offers (a request: paid later by link).
      const radios = c.page.getByRole('radio')
      await expect(radios).toHaveCount(expectedMethods(f.start).length)
      for (const method of expectedMethods(f.start)) await expect(c.page.getByRole('radio', { name: tt.methods[method], exact: true })).toBeVisible()
      const chosen = c.after.context.draft.paymentMethod
      for (const method of expectedMethods(f.start)) await expect(c.page.getByRole('radio', { name: tt.methods[method], exact: true })).toBeChecked({ checked: method === chosen })
      await expect(c.page.getByTestId('review-total')).toHaveText(chf(total(c), f.lang))
      await expect(c.page.getByTestId('checkout-total')).toHaveText(chf(total(c), f.lang))
      if (c.after.context.fieldErrors.termsAccepted) await expect(c.page.getByText(tt.required, { exact: true })).toBeVisible()
      await expect(c.page.getByRole('button', { name: request ? tt.request : tt.book, exact: true })).toBeEnabled()
    },
    'checkout.submitting': async (c) => {
      const tt = t(c.fixture)
      await expect(c.page.getByRole('button', { name: tt.sending, exact: true })).toBeDisabled()
      await expect(c.page.getByRole('button', { name: tt.back, exact: true })).toBeDisabled()
    },
    'checkout.startingPayment': async (c) => {
      await expect(c.page.getByRole('button', { name: t(c.fixture).redirecting, exact: true })).toBeDisabled()
    },
    'checkout.redirecting': async (c) => {
      await expect(c.page).toHaveURL(SANDBOX, SLOW)
    },
    'checkout.success': async (c) => {
      const f = c.fixture
      // Booked; paid now but not yet by the provider: the places are reserved until it is paid.
      const heading = c.after.context.booking?.paymentMethod === 'PAY_NOW' ? t(f).reserved : t(f).done
      await expect(c.page.getByRole('heading', { level: 1 })).toHaveText(heading, SLOW)
      await expect(c.page).toHaveURL(new RegExp(`/${f.lang}/checkout/${f.cartId}/success`))
      await expect(c.page.getByText(chf(total(c), f.lang)).first()).toBeVisible()
    },
    'checkout.requestSent': async (c) => {
      await expect(c.page.getByRole('heading', { name: t(c.fixture).sent })).toBeVisible(SLOW)
    },
    'checkout.alreadyBooked': async (c) => {
      await expect(c.page.getByText(t(c.fixture).already)).toBeVisible(SLOW)
      await expect(c.page).toHaveURL(/[?&]already=1/)
    },
    'checkout.serverError': async (c) => {
      const tt = t(c.fixture)
      await expect(c.page.getByTestId('submit-error')).toContainText(tt.serverDown)
      await expect(c.page.getByRole('button', { name: tt.book, exact: true })).toBeEnabled()
    },
    'checkout.paymentFailure': async (c) => {
      const tt = t(c.fixture)
      const alert = c.page.getByRole('alert').filter({ hasText: tt.paymentFailed })
      await expect(alert).toBeVisible()
      if (c.after.context.booking) {
        await expect(alert.getByRole('link', { name: tt.showBooking })).toBeVisible()
        await expect(c.page.getByRole('button', { name: tt.tryAgain, exact: true })).toBeEnabled()
        await expect(c.page.getByRole('button', { name: tt.back, exact: true })).toHaveCount(0)
      } else {
        await expect(alert.getByRole('link', { name: tt.showBooking })).toHaveCount(0)
        await expect(c.page.getByRole('button', { name: tt.back, exact: true })).toBeEnabled()
      }
    },
  },
})
