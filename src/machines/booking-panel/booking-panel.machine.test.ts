import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  addMonths,
  bookingPanelMachine,
  monthOf,
  quantityBounds,
  selectedItems,
  selectedSlot,
  toPanelError,
  totalOf,
  type AddToCartInput,
  type BookingPanelInput,
  type DayAvailability,
  type FetchDayInput,
  type FetchMonthInput,
  type MonthAvailability,
  type OfferDetail,
} from './booking-panel.machine'
import { activityOffer, ADULT, dayFor, FAMILY, monthFor, NOW, privateChoiceOffer, privateParticipantOffer, privateSlotOffer } from './booking-panel.fixtures'

type Failures = { month?: number; day?: number; add?: number }

/** An API-like error (status, code getter, message). */
class FakeApiError extends Error {
  readonly status: number
  constructor(status: number, private readonly errorCode: string, message: string) {
    super(message)
    this.status = status
  }
  get code() {
    return this.errorCode
  }
}

/** Starts the machine with deterministic actors; `fail` makes the first n calls of an actor fail. */
function start(offer: OfferDetail, options: { month?: string; now?: string; cartId?: string; fail?: Failures } = {}) {
  const calls = { month: [] as FetchMonthInput[], day: [] as FetchDayInput[], add: [] as AddToCartInput[] }
  const fail = { month: 0, day: 0, add: 0, ...options.fail }
  const machine = bookingPanelMachine.provide({
    actors: {
      fetchMonth: fromPromise<MonthAvailability, FetchMonthInput>(async ({ input }) => {
        calls.month.push(input)
        if (calls.month.length <= fail.month) throw new FakeApiError(503, 'unavailable', 'Service unavailable')
        return monthFor(input.month)
      }),
      fetchDay: fromPromise<DayAvailability, FetchDayInput>(async ({ input }) => {
        calls.day.push(input)
        if (calls.day.length <= fail.day) throw new FakeApiError(500, 'internal', 'Day failed')
        return dayFor(input.date, offer.kind)
      }),
      addToCart: fromPromise<{ cartId: string }, AddToCartInput>(async ({ input }) => {
        calls.add.push(input)
        if (calls.add.length <= fail.add) throw new FakeApiError(409, 'places_taken', 'Not enough places')
        return { cartId: input.cartId ?? 'cart-new' }
      }),
    },
  })
  const input: BookingPanelInput = { offer, month: options.month ?? '2025-06', now: options.now ?? NOW, ...(options.cartId ? { cartId: options.cartId } : {}) }
  const actor = createActor(machine, { input })
  actor.start()
  return { actor, calls }
}

type Actor = ReturnType<typeof start>['actor']
const until = (actor: Actor, state: Parameters<ReturnType<Actor['getSnapshot']>['matches']>[0]) =>
  waitFor(actor, (s) => s.matches(state), { timeout: 1000 })

/** Waits for the calendar, selects 20 June (it has times) and waits for its times. */
async function showTimes(actor: Actor) {
  await until(actor, { calendar: 'idle' })
  actor.send({ type: 'date.select', date: '2025-06-20' })
  await until(actor, { calendar: 'timesReady' })
}

describe('bookingPanelMachine', () => {
  it('books two variants of a group activity, clamped to the places left', async () => {
    const { actor, calls } = start(activityOffer)
    expect(actor.getSnapshot().value).toBe('loadingMonth')
    await until(actor, { calendar: 'idle' })
    expect(calls.month).toEqual([{ slug: 'canyoning', month: '2025-06' }])
    expect(actor.getSnapshot().context.monthData?.dates).toHaveLength(3)

    actor.send({ type: 'date.select', date: '2025-06-20' })
    expect(actor.getSnapshot().matches({ calendar: 'loadingDay' })).toBe(true)
    await until(actor, { calendar: 'timesReady' })
    expect(calls.day).toEqual([{ slug: 'canyoning', date: '2025-06-20' }])

    actor.send({ type: 'time.select', slot: 1 }) // sold out: ignored
    expect(actor.getSnapshot().matches({ calendar: 'timesReady' })).toBe(true)
    actor.send({ type: 'time.select', slot: 0 })
    let ctx = actor.getSnapshot().context
    expect(actor.getSnapshot().matches({ calendar: 'quantities' })).toBe(true)
    expect(selectedSlot(ctx)?.placesLeft).toBe(6)
    expect(ctx.quantities).toEqual({ [ADULT.id]: 0, [FAMILY.id]: 0 })

    const change = (sku: string, quantity: number) => {
      actor.send({ type: 'quantity.change', sku, quantity })
      return actor.getSnapshot().context.quantities
    }
    expect(change(ADULT.id, 2)).toEqual({ [ADULT.id]: 2, [FAMILY.id]: 0 })
    expect(change(FAMILY.id, 2)).toEqual({ [ADULT.id]: 2, [FAMILY.id]: 1 }) // 2 + 2×4 > 6
    expect(change(ADULT.id, 5)).toEqual({ [ADULT.id]: 2, [FAMILY.id]: 1 }) // 5 + 4 > 6
    expect(quantityBounds(actor.getSnapshot().context, FAMILY.id)).toEqual({ min: 1, max: 1 })
    expect(change(ADULT.id, 1.7)).toEqual({ [ADULT.id]: 1, [FAMILY.id]: 1 })
    expect(change('sku-unknown', 3)).toEqual({ [ADULT.id]: 1, [FAMILY.id]: 1 })
    expect(change(FAMILY.id, 0)).toEqual({ [ADULT.id]: 1, [FAMILY.id]: 0 })
    expect(change(ADULT.id, 99)).toEqual({ [ADULT.id]: 6, [FAMILY.id]: 0 })
    expect(change(FAMILY.id, 1)).toEqual({ [ADULT.id]: 6, [FAMILY.id]: 0 }) // no places left
    expect(change(ADULT.id, -3)).toEqual({ [ADULT.id]: 0, [FAMILY.id]: 0 })
    expect(change(ADULT.id, 2)).toEqual({ [ADULT.id]: 2, [FAMILY.id]: 0 })
    expect(change(FAMILY.id, 1)).toEqual({ [ADULT.id]: 2, [FAMILY.id]: 1 })

    ctx = actor.getSnapshot().context
    expect(totalOf(ctx)).toEqual({ amount: 2 * 4500 + 12000, currency: 'CHF' })
    expect(selectedItems(ctx)).toEqual([
      { offer: 'canyoning', sku: ADULT.id, sessionId: 'session-2025-06-20-0', quantity: 2 },
      { offer: 'canyoning', sku: FAMILY.id, sessionId: 'session-2025-06-20-0', quantity: 1 },
    ])

    actor.send({ type: 'cart.add' })
    expect(actor.getSnapshot().value).toBe('adding')
    // No navigation while adding.
    actor.send({ type: 'date.select', date: '2025-06-22' })
    actor.send({ type: 'month.next' })
    expect(actor.getSnapshot().value).toBe('adding')
    await until(actor, 'added')
    expect(calls.add).toEqual([{ items: selectedItems(ctx) }])
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().context.cartId).toBe('cart-new')
    expect(actor.getSnapshot().output).toEqual({ cartId: 'cart-new' })
    expect(JSON.parse(JSON.stringify(actor.getSnapshot().context))).toEqual(actor.getSnapshot().context)
  })

  it('keeps the quantities that still fit when another time is chosen (by start)', async () => {
    const { actor } = start(activityOffer)
    await showTimes(actor)
    actor.send({ type: 'time.select', slot: '2025-06-20T08:00:00.000Z' })
    actor.send({ type: 'quantity.change', sku: ADULT.id, quantity: 2 })
    actor.send({ type: 'quantity.change', sku: FAMILY.id, quantity: 1 })
    actor.send({ type: 'time.select', slot: '2025-06-20T12:00:00Z' }) // sold out (other notation): ignored
    expect(actor.getSnapshot().context.slotIndex).toBe(0)
    actor.send({ type: 'time.select', slot: '2025-06-20T14:00:00Z' }) // 3 places left
    const ctx = actor.getSnapshot().context
    expect(actor.getSnapshot().matches({ calendar: 'quantities' })).toBe(true)
    expect(ctx.slotIndex).toBe(2)
    expect(ctx.quantities).toEqual({ [ADULT.id]: 2, [FAMILY.id]: 0 })
    actor.send({ type: 'time.select', slot: '2025-06-20T09:00:00Z' }) // no such slot
    expect(actor.getSnapshot().context.slotIndex).toBe(2)
  })

  it('resets the time and quantities when another date is selected', async () => {
    const { actor, calls } = start(activityOffer)
    await showTimes(actor)
    actor.send({ type: 'time.select', slot: 0 })
    actor.send({ type: 'quantity.change', sku: ADULT.id, quantity: 2 })
    actor.send({ type: 'date.select', date: '2025-06-22' })
    const ctx = actor.getSnapshot().context
    expect(actor.getSnapshot().matches({ calendar: 'loadingDay' })).toBe(true)
    expect(ctx).toMatchObject({ date: '2025-06-22', day: null, slotIndex: null, quantities: {} })
    await until(actor, { calendar: 'noTimes' })
    // From "no times" another date can be picked.
    actor.send({ type: 'date.select', date: '2025-06-20' })
    await until(actor, { calendar: 'timesReady' })
    // Re-selecting the same date reloads it too.
    actor.send({ type: 'date.select', date: '2025-06-20' })
    expect(actor.getSnapshot().matches({ calendar: 'loadingDay' })).toBe(true)
    await until(actor, { calendar: 'timesReady' })
    expect(calls.day.map((c) => c.date)).toEqual(['2025-06-20', '2025-06-22', '2025-06-20', '2025-06-20'])
  })

  it('restarts the day load when another date is picked while loading', async () => {
    const { actor } = start(activityOffer)
    await until(actor, { calendar: 'idle' })
    actor.send({ type: 'date.select', date: '2025-06-22' })
    actor.send({ type: 'date.select', date: '2025-06-20' })
    await until(actor, { calendar: 'timesReady' })
    expect(actor.getSnapshot().context.day?.date).toBe('2025-06-20')
    await new Promise((r) => setTimeout(r, 10)) // the first (stopped) load must not land
    expect(actor.getSnapshot().matches({ calendar: 'timesReady' })).toBe(true)
    expect(actor.getSnapshot().context.day?.date).toBe('2025-06-20')
  })

  it('books a private start time with the quantity fixed at 1', async () => {
    const { actor, calls } = start(privateSlotOffer, { cartId: 'cart-7' })
    await showTimes(actor)
    actor.send({ type: 'time.select', slot: 2 })
    expect(actor.getSnapshot().context.quantities).toEqual({ 'sku-private': 1 })
    actor.send({ type: 'quantity.change', sku: 'sku-private', quantity: 3 })
    expect(actor.getSnapshot().context.quantities).toEqual({ 'sku-private': 1 })
    expect(quantityBounds(actor.getSnapshot().context, 'sku-private')).toEqual({ min: 1, max: 1 })
    expect(totalOf(actor.getSnapshot().context)).toEqual({ amount: 30000, currency: 'CHF' })
    actor.send({ type: 'cart.add' })
    await until(actor, 'added')
    expect(calls.add).toEqual([
      { cartId: 'cart-7', items: [{ offer: 'private-tour', sku: 'sku-private', start: '2025-06-20T14:00:00.000Z', quantity: 1 }] },
    ])
    expect(actor.getSnapshot().output).toEqual({ cartId: 'cart-7' })
  })

  it('books a private service per participant (1..maxParticipants), also on request', async () => {
    const { actor, calls } = start(privateParticipantOffer)
    await showTimes(actor)
    actor.send({ type: 'time.select', slot: 0 })
    expect(actor.getSnapshot().context.quantities).toEqual({ 'sku-person': 1 })
    actor.send({ type: 'quantity.change', sku: 'sku-person', quantity: 3 })
    expect(actor.getSnapshot().context.quantities).toEqual({ 'sku-person': 3 })
    actor.send({ type: 'quantity.change', sku: 'sku-person', quantity: 12 })
    expect(actor.getSnapshot().context.quantities).toEqual({ 'sku-person': 4 })
    expect(totalOf(actor.getSnapshot().context).amount).toBe(4 * 8000)
    actor.send({ type: 'cart.add' })
    await until(actor, 'added')
    expect(calls.add[0]?.items).toEqual([{ offer: 'private-guide', sku: 'sku-person', start: '2025-06-20T08:00:00.000Z', quantity: 4 }])
  })

  it('keeps one private variant at a time', async () => {
    const { actor } = start(privateChoiceOffer)
    await showTimes(actor)
    actor.send({ type: 'time.select', slot: 0 })
    expect(actor.getSnapshot().context.quantities).toEqual({ 'sku-60': 0, 'sku-90': 0 })
    actor.send({ type: 'quantity.change', sku: 'sku-60', quantity: 1 })
    actor.send({ type: 'quantity.change', sku: 'sku-90', quantity: 2 })
    expect(actor.getSnapshot().context.quantities).toEqual({ 'sku-60': 0, 'sku-90': 1 })
    expect(totalOf(actor.getSnapshot().context).amount).toBe(28000)
  })

  it('ignores sold-out dates and dates outside the month', async () => {
    const { actor, calls } = start(activityOffer)
    await until(actor, { calendar: 'idle' })
    actor.send({ type: 'date.select', date: '2025-06-21' })
    actor.send({ type: 'date.select', date: '2025-06-23' })
    actor.send({ type: 'date.select', date: 'garbage' })
    expect(actor.getSnapshot().matches({ calendar: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.date).toBeNull()
    expect(calls.day).toEqual([])
  })

  it('navigates months but never before the month of now', async () => {
    const { actor, calls } = start(activityOffer, { month: '2025-03' })
    expect(actor.getSnapshot().context).toMatchObject({ month: '2025-06', minMonth: '2025-06' })
    await until(actor, { calendar: 'idle' })
    actor.send({ type: 'month.previous' })
    expect(actor.getSnapshot().matches({ calendar: 'idle' })).toBe(true)
    actor.send({ type: 'month.next' })
    expect(actor.getSnapshot().value).toBe('loadingMonth')
    expect(actor.getSnapshot().context.monthData).toBeNull()
    await until(actor, 'noDates')
    actor.send({ type: 'month.next' })
    await until(actor, { calendar: 'idle' })
    expect(actor.getSnapshot().context.month).toBe('2025-08')
    actor.send({ type: 'month.previous' })
    actor.send({ type: 'month.previous' }) // while loading: reload June
    await until(actor, { calendar: 'idle' })
    actor.send({ type: 'month.previous' })
    expect(actor.getSnapshot().context.month).toBe('2025-06')
    expect(calls.month.map((c) => c.month)).toEqual(['2025-06', '2025-07', '2025-08', '2025-07', '2025-06'])
  })

  it('clears the selection when the month changes', async () => {
    const { actor } = start(activityOffer)
    await showTimes(actor)
    actor.send({ type: 'time.select', slot: 0 })
    actor.send({ type: 'month.next' })
    expect(actor.getSnapshot().context).toMatchObject({ month: '2025-07', date: null, day: null, slotIndex: null, quantities: {} })
  })

  it('takes the month of now in the offer time zone', () => {
    const { actor } = start(activityOffer, { now: '2025-06-30T22:30:00Z', month: '2025-06' })
    expect(actor.getSnapshot().context).toMatchObject({ minMonth: '2025-07', month: '2025-07' })
    actor.stop()
  })

  it('shows "no dates" for an empty month and still navigates', async () => {
    const { actor } = start(activityOffer, { month: '2025-07' })
    await until(actor, 'noDates')
    actor.send({ type: 'date.select', date: '2025-07-01' })
    expect(actor.getSnapshot().value).toBe('noDates')
    actor.send({ type: 'month.previous' })
    await until(actor, { calendar: 'idle' })
    expect(actor.getSnapshot().context.month).toBe('2025-06')
  })

  it('shows "no times" when the day has no slots', async () => {
    const { actor } = start(activityOffer)
    await until(actor, { calendar: 'idle' })
    actor.send({ type: 'date.select', date: '2025-06-22' })
    await until(actor, { calendar: 'noTimes' })
    actor.send({ type: 'time.select', slot: 0 })
    expect(actor.getSnapshot().matches({ calendar: 'noTimes' })).toBe(true)
    expect(actor.getSnapshot().context.day).toEqual({ date: '2025-06-22', slots: [] })
  })

  it('blocks adding to the cart with zero quantities', async () => {
    const { actor, calls } = start(activityOffer)
    await showTimes(actor)
    actor.send({ type: 'cart.add' })
    expect(actor.getSnapshot().matches({ calendar: 'timesReady' })).toBe(true)
    actor.send({ type: 'time.select', slot: 0 })
    actor.send({ type: 'cart.add' })
    actor.send({ type: 'quantity.change', sku: ADULT.id, quantity: 1 })
    actor.send({ type: 'quantity.change', sku: ADULT.id, quantity: 0 })
    actor.send({ type: 'cart.add' })
    expect(actor.getSnapshot().matches({ calendar: 'quantities' })).toBe(true)
    expect(totalOf(actor.getSnapshot().context)).toEqual({ amount: 0, currency: 'CHF' })
    expect(calls.add).toEqual([])
  })

  it('recovers from a month load error with retry', async () => {
    const { actor, calls } = start(activityOffer, { fail: { month: 2 } })
    await until(actor, 'monthError')
    expect(actor.getSnapshot().context.error).toEqual({ status: 503, code: 'unavailable', message: 'Service unavailable' })
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('loadingMonth')
    expect(actor.getSnapshot().context.error).toBeNull()
    await until(actor, 'monthError')
    actor.send({ type: 'retry' })
    await until(actor, { calendar: 'idle' })
    expect(calls.month).toHaveLength(3)
  })

  it('recovers from a day load error with retry', async () => {
    const { actor, calls } = start(activityOffer, { fail: { day: 1 } })
    await until(actor, { calendar: 'idle' })
    actor.send({ type: 'date.select', date: '2025-06-20' })
    await until(actor, { calendar: 'dayError' })
    expect(actor.getSnapshot().context.error).toEqual({ status: 500, code: 'internal', message: 'Day failed' })
    actor.send({ type: 'retry' })
    await until(actor, { calendar: 'timesReady' })
    expect(calls.day.map((c) => c.date)).toEqual(['2025-06-20', '2025-06-20'])
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('recovers from an add error with retry, keeping the selection', async () => {
    const { actor, calls } = start(activityOffer, { fail: { add: 1 } })
    await showTimes(actor)
    actor.send({ type: 'time.select', slot: 0 })
    actor.send({ type: 'quantity.change', sku: ADULT.id, quantity: 3 })
    actor.send({ type: 'cart.add' })
    await until(actor, { calendar: 'addError' })
    expect(actor.getSnapshot().context).toMatchObject({
      error: { status: 409, code: 'places_taken', message: 'Not enough places' },
      quantities: { [ADULT.id]: 3, [FAMILY.id]: 0 },
    })
    actor.send({ type: 'retry' })
    await until(actor, 'added')
    expect(calls.add).toHaveLength(2)
  })

  it('goes back to the quantities from an add error', async () => {
    const { actor } = start(activityOffer, { fail: { add: 1 } })
    await showTimes(actor)
    actor.send({ type: 'time.select', slot: 0 })
    actor.send({ type: 'quantity.change', sku: ADULT.id, quantity: 3 })
    actor.send({ type: 'cart.add' })
    await until(actor, { calendar: 'addError' })
    actor.send({ type: 'quantity.change', sku: ADULT.id, quantity: 2 })
    expect(actor.getSnapshot().matches({ calendar: 'quantities' })).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('after losing the race for the last places, reloads the day, keeps the time with what is left and says why', async () => {
    // Someone else takes 4 of the 6 places of 10:00 while this visitor wants 5.
    const days: FetchDayInput[] = []
    let taken = 0
    const machine = bookingPanelMachine.provide({
      actors: {
        fetchMonth: fromPromise<MonthAvailability, FetchMonthInput>(async ({ input }) => monthFor(input.month)),
        fetchDay: fromPromise<DayAvailability, FetchDayInput>(async ({ input }) => {
          days.push(input)
          const day = dayFor(input.date)
          return { ...day, slots: day.slots.map((s, i) => (i === 0 ? { ...s, placesLeft: s.placesLeft - taken } : s)) }
        }),
        addToCart: fromPromise<{ cartId: string }, AddToCartInput>(async () => {
          taken = 4
          throw new FakeApiError(409, 'places.insufficient', 'Only 2 places are left on this date.')
        }),
      },
    })
    const actor = createActor(machine, { input: { offer: activityOffer, month: '2025-06', now: NOW } })
    actor.start()
    await showTimes(actor)
    actor.send({ type: 'time.select', slot: 0 })
    actor.send({ type: 'quantity.change', sku: ADULT.id, quantity: 5 })
    actor.send({ type: 'cart.add' })
    await until(actor, { calendar: 'quantities' })
    const c = actor.getSnapshot().context
    expect(days.at(-1)).toEqual({ slug: activityOffer.slug, date: '2025-06-20', fresh: true })
    expect(c.raceLost).toBe('places.insufficient')
    expect(c.error).toBeNull()
    expect(selectedSlot(c)?.placesLeft).toBe(2)
    expect(c.quantities[ADULT.id]).toBe(2)
    // Choosing again clears the notice.
    actor.send({ type: 'quantity.change', sku: ADULT.id, quantity: 1 })
    expect(actor.getSnapshot().context.raceLost).toBeNull()
  })

  it('after losing a start time, reloads the day without it and asks for another time', async () => {
    let gone = false
    const machine = bookingPanelMachine.provide({
      actors: {
        fetchMonth: fromPromise<MonthAvailability, FetchMonthInput>(async ({ input }) => monthFor(input.month)),
        fetchDay: fromPromise<DayAvailability, FetchDayInput>(async ({ input }) => {
          const day = dayFor(input.date, 'private')
          return gone ? { ...day, slots: day.slots.map((s, i) => (i === 0 ? { ...s, status: 'SOLD_OUT' as const, placesLeft: 0 } : s)) } : day
        }),
        addToCart: fromPromise<{ cartId: string }, AddToCartInput>(async () => {
          gone = true
          throw new FakeApiError(409, 'slot.unavailable', 'This start time is no longer available.')
        }),
      },
    })
    const actor = createActor(machine, { input: { offer: privateSlotOffer, month: '2025-06', now: NOW } })
    actor.start()
    await showTimes(actor)
    actor.send({ type: 'time.select', slot: 0 })
    actor.send({ type: 'cart.add' })
    await until(actor, { calendar: 'timesReady' })
    const c = actor.getSnapshot().context
    expect(c.raceLost).toBe('slot.unavailable')
    expect(c.slotIndex).toBeNull()
    expect(c.day?.slots[0]?.status).toBe('SOLD_OUT')
    actor.send({ type: 'time.select', slot: 2 })
    expect(actor.getSnapshot().matches({ calendar: 'quantities' })).toBe(true)
    expect(actor.getSnapshot().context.raceLost).toBeNull()
  })

  it('fails with "not provided" when the app passes no actors', async () => {
    const actor = createActor(bookingPanelMachine, { input: { offer: activityOffer, month: '2025-06', now: NOW } }).start()
    await waitFor(actor, (s) => s.matches('monthError'), { timeout: 1000 })
    expect(actor.getSnapshot().context.error).toEqual({ message: 'fetchMonth not provided' })
  })
})

describe('helpers', () => {
  it('adds months across years', () => {
    expect(addMonths('2025-12', 1)).toBe('2026-01')
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(addMonths('2025-06', 14)).toBe('2026-08')
  })

  it('finds the month of an instant in a time zone', () => {
    expect(monthOf('2025-12-31T23:30:00Z', 'Europe/Zurich')).toBe('2026-01')
    expect(monthOf('2025-12-31T23:30:00Z', 'Not/AZone')).toBe('2025-12')
  })

  it('makes any error serialisable', () => {
    expect(toPanelError(new FakeApiError(404, 'not_found', 'Gone'))).toEqual({ status: 404, code: 'not_found', message: 'Gone' })
    expect(toPanelError({ statusCode: 422, message: 'Bad', data: { code: 'invalid' } })).toEqual({ status: 422, code: 'invalid', message: 'Bad' })
    expect(toPanelError({ statusCode: 400, message: 'Bad', data: { code: 'validation', errors: { quantity: { code: 'cart_limit', params: { maximum: 20 } } } } })).toEqual({
      status: 400,
      code: 'validation',
      message: 'Bad',
      quantity: { code: 'cart_limit', maximum: 20 },
    })
    expect(toPanelError(Object.assign(new FakeApiError(409, 'holds.too_many', 'Too many'), { body: { data: { code: 'holds.too_many', maximum: 40 } } }))).toEqual({
      status: 409,
      code: 'holds.too_many',
      message: 'Too many',
      maximum: 40,
    })
    expect(toPanelError('boom')).toEqual({ message: 'boom' })
    expect(toPanelError(undefined)).toEqual({ message: 'Unknown error' })
  })
})
