/**
 * Model-based tests: the machine (with deterministic actors) is its own model. Every shortest
 * path of its state graph is replayed on a real actor whose actors are deferred promises that
 * the path resolves or rejects; after each step the actor must agree with the model and the
 * invariants must hold. Every state node must be reached by some path.
 *
 * `createTestModel` refuses machines with `invoke` ("Invocations on test machines are not
 * supported") because the traversal cannot run actors. Here the actors' outcomes are explicit
 * events of the model (`xstate.done.actor.*` / `xstate.error.actor.*` with concrete payloads),
 * so the model is built with `new TestModel` and the options `createTestModel` would set (the
 * harness in tests/support/machine-model.ts, shared by the machines' model tests).
 */
import { describe, expect, it } from 'vitest'
import { type Actor, type SnapshotFrom } from 'xstate'
import { getStateNodes } from 'xstate/graph'
import {
  bookingPanelMachine,
  canShowPreviousMonth,
  findSlotIndex,
  isDateSelectable,
  isSlotSelectable,
  quantityBounds,
  selectedItems,
  selectedSlot,
  totalOf,
} from './booking-panel.machine'
import type { AddToCartInput, AddToCartOutput, BookingPanelEvent, BookingPanelInput, DayAvailability, FetchDayInput, FetchMonthInput, MonthAvailability, OfferDetail } from './booking-panel.machine'
import { activityOffer, dayFor, monthFor, NOW, privateChoiceOffer, privateParticipantOffer, privateSlotOffer } from './booking-panel.fixtures'
import { actorOutcome, deferredCalls, machineModel, replayPaths } from '../../../tests/support/machine-model'

type ActorId = 'fetchMonth' | 'fetchDay' | 'addToCart'

/** The open call of each actor in the running actor under test. */
const pending = deferredCalls<ActorId>()

/** The machine with deterministic actors: each call waits until the test settles it. */
const machine = bookingPanelMachine.provide({
  actors: {
    fetchMonth: pending.actor<MonthAvailability, FetchMonthInput>('fetchMonth'),
    fetchDay: pending.actor<DayAvailability, FetchDayInput>('fetchDay'),
    addToCart: pending.actor<AddToCartOutput, AddToCartInput>('addToCart'),
  },
})

type Snapshot = SnapshotFrom<typeof machine>

const ERRORS: Record<ActorId, { status: number; code: string; message: string }> = {
  fetchMonth: { status: 503, code: 'unavailable', message: 'Month failed' },
  fetchDay: { status: 500, code: 'internal', message: 'Day failed' },
  addToCart: { status: 409, code: 'places_taken', message: 'Add failed' },
}

/** The actors' outcomes as the events the machine receives (not part of BookingPanelEvent). */
const done = (id: ActorId, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as BookingPanelEvent
const failed = (id: ActorId) => ({ type: `xstate.error.actor.${id}`, error: ERRORS[id] }) as unknown as BookingPanelEvent
/** Someone else took the last places first (the server's 409, body as the API client throws it). */
const RACE = { status: 409, message: 'Conflict', body: { data: { code: 'places.insufficient' } } }
const raceLost = { type: 'xstate.error.actor.addToCart', error: RACE } as unknown as BookingPanelEvent
/** The day as reloaded after the race: every time taken, or no times any more. */
const takenDay = (date: string, kind: OfferDetail['kind']): DayAvailability => {
  const day = dayFor(date, kind)
  return { ...day, slots: day.slots.map((s) => ({ ...s, status: 'SOLD_OUT' as const, placesLeft: 0 })) }
}
const emptyDay = (date: string): DayAvailability => ({ date, slots: [] })

/** Concrete events for a snapshot: user events with fixed payloads, actor outcomes from the context. */
function eventsFor(offer: OfferDetail) {
  const quantities = offer.skus.flatMap((sku) => [0, 1, 2, 9].map((quantity) => ({ type: 'quantity.change' as const, sku: sku.id, quantity })))
  return (snapshot: Snapshot): BookingPanelEvent[] => {
    const { context } = snapshot
    return [
      { type: 'month.next' },
      { type: 'month.previous' },
      { type: 'date.select', date: '2025-06-20' }, // times
      { type: 'date.select', date: '2025-06-21' }, // sold out
      { type: 'date.select', date: '2025-06-22' }, // no times
      { type: 'time.select', slot: 0 }, // 6 places
      { type: 'time.select', slot: 1 }, // sold out
      { type: 'time.select', slot: '2025-06-20T14:00:00Z' }, // 3 places
      ...quantities,
      { type: 'cart.add' },
      { type: 'retry' },
      done('fetchMonth', monthFor(context.month)),
      failed('fetchMonth'),
      done('fetchDay', dayFor(context.date ?? '', offer.kind)),
      ...(snapshot.matches({ calendar: 'refreshingDay' }) ? [done('fetchDay', takenDay(context.date ?? '', offer.kind)), done('fetchDay', emptyDay(context.date ?? ''))] : []),
      failed('fetchDay'),
      done('addToCart', { cartId: 'cart-1' }),
      failed('addToCart'),
      raceLost,
    ]
  }
}

/** The invariants every snapshot must satisfy. */
function assertInvariants(snapshot: Snapshot) {
  const c = snapshot.context
  const inState = (...ids: string[]) => ids.some((id) => snapshot._nodes.some((n) => n.id === `bookingPanel.${id}`))

  expect(JSON.parse(JSON.stringify(c))).toEqual(c) // serialisable
  expect(c.month >= c.minMonth).toBe(true)
  expect(canShowPreviousMonth(c)).toBe(c.month > c.minMonth)

  // Month data exists exactly after the month loaded.
  expect(c.monthData === null).toBe(inState('loadingMonth', 'monthError'))
  if (c.monthData) expect(c.monthData.month).toBe(c.month)
  if (inState('noDates')) expect(c.monthData?.dates).toEqual([])
  if (inState('calendar', 'adding', 'added')) expect(c.monthData?.dates.length).toBeGreaterThan(0)

  // A date is selected in every state after the calendar's idle one, and it was selectable.
  const dateStates = ['calendar.loadingDay', 'calendar.refreshingDay', 'calendar.dayError', 'calendar.noTimes', 'calendar.timesReady', 'calendar.quantities', 'calendar.addError', 'adding', 'added']
  expect(c.date !== null).toBe(inState(...dateStates))
  if (c.date !== null) expect(isDateSelectable(c, c.date)).toBe(true)

  // Day data: loaded in the states after loadingDay, for the selected date.
  const dayStates = dateStates.filter((s) => s !== 'calendar.loadingDay' && s !== 'calendar.dayError')
  expect(c.day !== null).toBe(inState(...dayStates))
  if (c.day) expect(c.day.date).toBe(c.date)
  if (inState('calendar.noTimes')) expect(c.day?.slots).toEqual([])
  if (inState('calendar.timesReady')) expect(c.day?.slots.length).toBeGreaterThan(0)

  // A slot is selected in the quantities and later, and it is selectable.
  const slotStates = ['calendar.quantities', 'calendar.refreshingDay', 'calendar.addError', 'adding', 'added']
  expect(c.slotIndex !== null).toBe(inState(...slotStates))
  const slot = selectedSlot(c)
  expect(slot !== null).toBe(inState(...slotStates))
  if (slot) {
    expect(isSlotSelectable(slot)).toBe(true)
    expect(findSlotIndex(c.day, slot.start)).toBe(c.slotIndex)
    expect(Object.keys(c.quantities).sort()).toEqual(c.offer.skus.map((s) => s.id).sort())
  } else {
    expect(c.quantities).toEqual({})
  }

  // Quantities within bounds; the places of a session are never oversold; one private variant at most.
  let places = 0
  let privateChosen = 0
  for (const sku of c.offer.skus) {
    const q = c.quantities[sku.id] ?? 0
    expect(Number.isInteger(q) && q >= 0).toBe(true)
    if (q === 0) continue
    const { min, max } = quantityBounds(c, sku.id)
    expect(q).toBeGreaterThanOrEqual(Math.max(1, sku.minQuantity, min))
    expect(q).toBeLessThanOrEqual(max)
    if (sku.type === 'activity') expect(q).toBeLessThanOrEqual(sku.maxQuantity)
    if (sku.type === 'private-service-slot') expect(q).toBe(1)
    if (sku.type === 'private-service-participant') expect(q).toBeLessThanOrEqual(sku.maxParticipants ?? sku.maxQuantity)
    if (sku.type !== 'activity') privateChosen++
    places += q * sku.blockCount
  }
  if (slot?.sessionId !== undefined) expect(places).toBeLessThanOrEqual(slot.placesLeft)
  expect(privateChosen).toBeLessThanOrEqual(1)

  const total = totalOf(c)
  expect(total.amount).toBeGreaterThanOrEqual(0)
  expect(total.amount).toBe(selectedItems(c).reduce((sum, item) => sum + item.quantity * (c.offer.skus.find((s) => s.id === item.sku)?.price.amount ?? NaN), 0))
  if (inState('adding', 'added')) expect(selectedItems(c).length).toBeGreaterThan(0)

  // Errors exactly in the error states.
  expect(c.error !== null).toBe(inState('monthError', 'calendar.dayError', 'calendar.addError'))
  if (c.error) expect(typeof c.error.message).toBe('string')

  // A lost race is said until the visitor chooses again; the day is reloaded first.
  if (inState('calendar.refreshingDay')) expect(c.raceLost).toBe('places.insufficient')
  if (c.raceLost !== null) expect(inState('calendar.refreshingDay', 'calendar.quantities', 'calendar.timesReady', 'calendar.noTimes')).toBe(true)

  expect(c.cartId !== null).toBe(inState('added'))
  expect(snapshot.status).toBe(inState('added') ? 'done' : 'active')
}

/** Every event type a path can contain. */
const EVENT_TYPES = [
  'xstate.init',
  ...(['month.next', 'month.previous', 'date.select', 'time.select', 'quantity.change', 'cart.add', 'retry'] satisfies BookingPanelEvent['type'][]),
  ...(['fetchMonth', 'fetchDay', 'addToCart'] as const).flatMap((id) => [`xstate.done.actor.${id}`, `xstate.error.actor.${id}`]),
]

const OFFERS: [string, OfferDetail][] = [
  ['group activity (two variants)', activityOffer],
  ['private start time', privateSlotOffer],
  ['private start time, two variants', privateChoiceOffer],
  ['private participants (on request)', privateParticipantOffer],
]

describe.each(OFFERS)('bookingPanelMachine model: %s', (_name, offer) => {
  const input: BookingPanelInput = { offer, month: '2025-06', now: NOW }
  const events = eventsFor(offer)
  // Keep the graph finite: June (dates) and July (none) are enough.
  const model = machineModel(machine, input, events, { filterEvents: (snapshot, event) => event.type !== 'month.next' || snapshot.context.month < '2025-07' })
  const paths = model.getShortestPaths()

  it('reaches every state node', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n) => n.id))))
    const all = getStateNodes(machine.root).map((n) => n.id)
    expect(all.filter((id) => !reached.has(id))).toEqual([])
    expect(all).toContain('bookingPanel.calendar.quantities')
  })

  it('uses every event type', () => {
    const used = new Set<string>(paths.flatMap((p) => p.steps.map((s) => s.event.type)))
    expect(EVENT_TYPES.filter((type) => !used.has(type))).toEqual([])
  })

  it(`replays ${paths.length} shortest paths on a real actor`, async () => {
    expect(paths.length).toBeGreaterThan(10)
    const exec = async (actor: Actor<typeof machine>, event: BookingPanelEvent, before: Snapshot) => {
      const outcome = actorOutcome(event)
      if (!outcome) {
        actor.send(event)
        return
      }
      const id = outcome.id as ActorId
      // The open call got the input the current context implies.
      if (id === 'fetchMonth') expect(pending.get('fetchMonth')?.input).toEqual({ slug: offer.slug, month: before.context.month })
      if (id === 'fetchDay') {
        const fresh = before.matches({ calendar: 'refreshingDay' }) ? { fresh: true } : {}
        expect(pending.get('fetchDay')?.input).toEqual({ slug: offer.slug, date: before.context.date, ...fresh })
      }
      if (id === 'addToCart') expect(pending.get('addToCart')?.input).toEqual({ items: selectedItems(before.context) })
      await pending.settle(actor, before, id, outcome.outcome, outcome.value)
    }
    await replayPaths({ machine, input, paths, eventTypes: EVENT_TYPES, reset: pending.reset }, exec, assertInvariants)
  })
})
