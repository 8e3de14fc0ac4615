/**
 * The booking panel's UI model (tests/model/plan.ts): the real `bookingPanelMachine` with the
 * data the browser really gets.
 *
 * Each path works on an offer of its own: a manager duplicates the seeded snowshoe hike (three
 * variants: adult 1 place, child 1 place, family ticket 4 places; at most 20 of each) and
 * publishes the copy as `snowshoe-fondue-habkern-copy` (tests/model/booking-panel.model.spec.ts),
 * so the copy has no dates but those the path's start creates, and every month's and day's answer
 * is known here exactly (ids aside: the variants are named by their key, the sessions by a
 * placeholder the spec maps to the real id).
 *
 * Three starts, one language each, each with its own part of the graph (the events depend on the
 * offer's language, read from its title):
 * - `listing-en`: the offer page, this month; no dates at all: month navigation forwards, a month
 *   that fails to load and is tried again;
 * - `embed-de`: the booking widget opened for a day six months ahead (`?date=` the 1st, which has no
 *   date, so nothing is preselected); two dates: one to book (18 places), one the staff cancel while
 *   the visitor opens it (its day has no times any more); month navigation backwards and
 *   forwards, a day that fails to load; a family ticket for 5 (4 fit) and 3 adults (2 fit), added
 *   to the cart;
 * - `embed-fr`: the widget eight months ahead; one date of 18 places; a family ticket for 5 (4 fit),
 *   and what goes wrong when adding: another visitor takes 4 places first (the selection shrinks),
 *   the staff close the date first (and then cancel it), the server fails.
 */
import { addMonths, bookingPanelMachine, monthOf } from '../../src/machines/booking-panel/booking-panel.machine'
import type { DayAvailability, MonthAvailability, OfferDetail, SessionSlot } from '../../src/machines/booking-panel/booking-panel.machine'
import type { UiModel } from './plan'

export type Lang = 'de' | 'en' | 'fr'
type Snapshot = ReturnType<typeof bookingPanelMachine.getInitialSnapshot>

export const SLUG = 'snowshoe-fondue-habkern-copy'
export const SOURCE_SLUG = 'snowshoe-fondue-habkern'
export const TZ = 'Europe/Zurich'
/** When the plan is made (the page's `now` is a moment later: the same month but at midnight's edge). */
export const NOW = new Date().toISOString()
const M0 = monthOf(NOW, TZ)

/** The copy's texts and variants as the shop's API gives them in each language. */
export const TITLE: Record<Lang, string> = {
  de: 'Schneeschuhtour mit Fondue (Kopie)',
  en: 'Snowshoe hike with cheese fondue (copy)',
  fr: 'Raquettes à neige et fondue (copie)',
}
export const VARIANTS = [
  { key: 'adult', price: 11900, blockCount: 1, maxQuantity: 20, title: { de: 'Erwachsene', en: 'Adult', fr: 'Adulte' } },
  { key: 'child', price: 6900, blockCount: 1, maxQuantity: 20, title: { de: 'Kinder (6–15 Jahre)', en: 'Child (6–15)', fr: 'Enfant (6–15 ans)' } },
  {
    key: 'family',
    price: 32000,
    blockCount: 4,
    maxQuantity: 20,
    title: { de: 'Familienticket (2 Erwachsene, 2 Kinder)', en: 'Family ticket (2 adults, 2 children)', fr: 'Billet famille (2 adultes, 2 enfants)' },
  },
] as const
export type VariantKey = (typeof VARIANTS)[number]['key']

/** The offer detail as the page gets it (variant ids are their keys here; the spec maps them). */
export function offerIn(lang: Lang): OfferDetail {
  return {
    slug: SLUG,
    title: TITLE[lang],
    intro: '',
    description: '',
    kind: 'activity',
    mode: 'order',
    coverImages: [],
    tags: [],
    skus: VARIANTS.map((v) => ({
      id: v.key,
      key: v.key,
      type: 'activity' as const,
      title: v.title[lang],
      price: { amount: v.price, currency: 'CHF' },
      durationMinutes: 240,
      blockCount: v.blockCount,
      minQuantity: 0,
      maxQuantity: v.maxQuantity,
    })),
    location: { name: 'Habkern, Dorf', address: { street: 'Dorfstrasse', streetNumber: '', postalCode: '3804', city: 'Habkern', country: 'CH' } },
    availability: { status: 'SOLD_OUT', datesAvailable: 0 },
    timeZone: TZ,
  }
}

/** The instant of a wall-clock time in Zurich. */
export function zurich(date: string, time: string): string {
  const guess = Date.parse(`${date}T${time}:00Z`)
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(guess)
      .map((p) => [p.type, p.value]),
  )
  const shown = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`)
  return new Date(guess - (shown - guess)).toISOString()
}

export type StartName = 'listing-en' | 'embed-de' | 'embed-fr'
/** The dates a start's offer has (created by a manager in the path's start), 4 hours each at 16:30. */
export type PlannedSession = { key: 'main' | 'gone'; date: string; time: string; capacity: number }

export const START_MONTH: Record<StartName, string> = { 'listing-en': M0, 'embed-de': addMonths(M0, 6), 'embed-fr': addMonths(M0, 8) }
export const LANG_OF_START: Record<StartName, Lang> = { 'listing-en': 'en', 'embed-de': 'de', 'embed-fr': 'fr' }
const START_OF_LANG: Record<Lang, StartName> = { en: 'listing-en', de: 'embed-de', fr: 'embed-fr' }
export const SESSIONS: Record<StartName, PlannedSession[]> = {
  'listing-en': [],
  'embed-de': [
    { key: 'main', date: `${START_MONTH['embed-de']}-09`, time: '16:30', capacity: 18 },
    { key: 'gone', date: `${START_MONTH['embed-de']}-16`, time: '16:30', capacity: 18 },
  ],
  'embed-fr': [{ key: 'main', date: `${START_MONTH['embed-fr']}-09`, time: '16:30', capacity: 18 }],
}
/** How many places another visitor takes before the visitor's add goes through (the race). */
export const TAKEN_BY_OTHER = 4

/** The placeholder of a session's id in the answers (the spec maps it to the real id). */
export const sessionRef = (key: PlannedSession['key']) => `session:${key}`

const slotOf = (s: PlannedSession, placesLeft: number, closed = false): SessionSlot => ({
  sessionId: sessionRef(s.key),
  start: zurich(s.date, s.time),
  end: new Date(Date.parse(zurich(s.date, s.time)) + 240 * 60_000).toISOString(),
  startTime: s.time,
  status: closed || placesLeft === 0 ? 'SOLD_OUT' : placesLeft <= 3 ? 'STOCK_LOW' : 'AVAILABLE',
  // a date closed for booking has no place left (the count booking goes by)
  placesLeft: closed ? 0 : placesLeft,
  ...(!closed && placesLeft > 0 && placesLeft <= 3 ? { amountLeft: placesLeft } : {}),
  timeStatus: 'inFuture',
})

/** The month as the server answers it for the start's offer. */
export function monthAnswer(start: StartName, month: string): MonthAvailability {
  return { month, dates: SESSIONS[start].filter((s) => s.date.startsWith(`${month}-`)).map((s) => ({ date: s.date, status: 'AVAILABLE' as const })) }
}
const sessionOn = (start: StartName, date: string) => SESSIONS[start].find((s) => s.date === date)!
/** The day as first loaded: every place free. */
export const dayAnswer = (start: StartName, date: string): DayAvailability => ({ date, slots: [slotOf(sessionOn(start, date), sessionOn(start, date).capacity)] })
/** The day after another visitor took `TAKEN_BY_OTHER` places. */
export const fewerDay = (start: StartName, date: string): DayAvailability => ({ date, slots: [slotOf(sessionOn(start, date), sessionOn(start, date).capacity - TAKEN_BY_OTHER)] })
/** The day after the staff closed its date for booking (it stays on the calendar). */
export const closedDay = (start: StartName, date: string): DayAvailability => ({ date, slots: [slotOf(sessionOn(start, date), sessionOn(start, date).capacity, true)] })
/** The day after the staff cancelled its date. */
export const emptyDay = (date: string): DayAvailability => ({ date, slots: [] })

/** The contract's error body of a server fault, as the API client throws it (status, code, data). */
export const SERVER_FAULT = { status: 500, message: 'Internal Server Error', data: { code: 'internal' } }
/** Another visitor was faster (the server's 409), as the API client throws it. */
export const race = (code: 'places.insufficient' | 'session.closed') => ({ status: 409, code, message: 'Conflict', data: { code } })

const done = (id: 'fetchMonth' | 'fetchDay' | 'addToCart', output: unknown) => ({ type: `xstate.done.actor.${id}`, output })
const failed = (id: 'fetchMonth' | 'fetchDay' | 'addToCart', error: unknown) => ({ type: `xstate.error.actor.${id}`, error })

const langOf = (offer: OfferDetail): Lang => (Object.entries(TITLE).find(([, title]) => title === offer.title)?.[0] ?? 'en') as Lang

function events(snapshot: Snapshot) {
  const c = snapshot.context
  const lang = langOf(c.offer)
  const start = START_OF_LANG[lang]
  const first = START_MONTH[start]
  const q = (key: VariantKey) => c.quantities[key] ?? 0
  const list: { type: string; [k: string]: unknown }[] = []
  const navigable = !snapshot.matches('calendar') || snapshot.matches({ calendar: 'idle' })
  // The first month comes with the page (server-rendered): no click can overtake it.
  const moving = !(snapshot.matches('loadingMonth') && c.month === first)
  if (navigable && moving) {
    // forwards only on the offer page; backwards (and one month forwards) in the German widget:
    // a path never comes back to a month it showed (the page would answer it from its cache)
    if (lang === 'en' && c.month < addMonths(first, 2)) list.push({ type: 'month.next' })
    if (lang === 'de' && c.month <= first && c.month > addMonths(first, -2)) list.push({ type: 'month.previous' })
    if (lang === 'de' && c.month === first) list.push({ type: 'month.next' })
  }
  if (snapshot.matches('loadingMonth')) {
    list.push(done('fetchMonth', monthAnswer(start, c.month)))
    if ((lang === 'en' && c.month === addMonths(first, 1)) || (lang === 'de' && c.month === addMonths(first, -1))) list.push(failed('fetchMonth', SERVER_FAULT))
  }
  if (snapshot.matches('monthError') && lang === 'en') list.push({ type: 'retry' })
  if (snapshot.matches({ calendar: 'idle' })) for (const s of SESSIONS[start]) list.push({ type: 'date.select', date: s.date })
  if (snapshot.matches({ calendar: 'loadingDay' }) && c.date) {
    const session = sessionOn(start, c.date)
    list.push(done('fetchDay', session.key === 'gone' ? emptyDay(c.date) : dayAnswer(start, c.date)))
    if (lang === 'de' && session.key === 'main') list.push(failed('fetchDay', SERVER_FAULT))
  }
  if (snapshot.matches({ calendar: 'dayError' }) && lang === 'de') list.push({ type: 'retry' })
  if (snapshot.matches({ calendar: 'refreshingDay' }) && c.date) {
    if (c.raceLost === 'places.insufficient') list.push(done('fetchDay', fewerDay(start, c.date)), failed('fetchDay', SERVER_FAULT))
    if (c.raceLost === 'session.closed') list.push(done('fetchDay', closedDay(start, c.date)), done('fetchDay', emptyDay(c.date)))
  }
  const slot = c.day?.slots[0]
  const selectable = !!slot && slot.status !== 'SOLD_OUT'
  if (snapshot.matches({ calendar: 'timesReady' }) && selectable) list.push({ type: 'time.select', slot: 0 })
  if (snapshot.matches({ calendar: 'quantities' })) {
    if (c.raceLost) list.push({ type: 'time.select', slot: 0 })
    if (!c.raceLost && q('family') === 0 && q('adult') === 0) list.push({ type: 'quantity.change', sku: 'family', quantity: 5 })
    // (whether an event is tried never depends on how the machine cut a quantity: a machine that
    // cuts wrongly gets the same paths, and the spec's own arithmetic finds the difference)
    const untouched = c.day?.slots[0]?.placesLeft === sessionOn(start, c.day?.date ?? '')?.capacity
    if (lang === 'de' && q('family') > 0 && q('adult') === 0) list.push({ type: 'quantity.change', sku: 'adult', quantity: 3 })
    if ((lang === 'de' && q('adult') > 0) || (lang === 'fr' && q('family') > 0 && q('adult') === 0 && untouched)) list.push({ type: 'cart.add' })
  }
  if (snapshot.matches({ calendar: 'addError' })) {
    list.push({ type: 'cart.add' }, { type: 'time.select', slot: 0 }, { type: 'quantity.change', sku: 'adult', quantity: 1 })
  }
  if (snapshot.matches('adding')) {
    if (lang === 'de') list.push(done('addToCart', { cartId: 'cart:new' }))
    if (lang === 'fr') list.push(failed('addToCart', race('places.insufficient')), failed('addToCart', race('session.closed')), failed('addToCart', SERVER_FAULT))
  }
  return list
}

export const model: UiModel<typeof bookingPanelMachine> = {
  name: 'booking-panel',
  // journeys to an end beyond the cover (README: bounded simple paths)
  simplePaths: { maxSteps: 12, limit: 3 },
  machine: bookingPanelMachine,
  starts: (Object.keys(START_MONTH) as StartName[]).map((name) => ({
    name,
    input: { offer: offerIn(LANG_OF_START[name]), month: START_MONTH[name], now: NOW },
  })),
  events: events as UiModel<typeof bookingPanelMachine>['events'],
  exceptions: {
    'handles:bookingPanel.calendar.addError retry':
      'no control of the panel sends `retry` after a failed add: the visitor adds again with the same button, which sends `cart.add` (covered from addError)',
  },
}
