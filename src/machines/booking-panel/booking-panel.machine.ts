/**
 * The booking panel of an offer page: month calendar → date → time → quantities → cart.
 *
 * Pure: no React, no fetch, no window. The I/O actors are placeholders that throw; the app
 * passes the real ones with `bookingPanelMachine.provide({ actors })`. The context is
 * serialisable (no Dates, no functions); `now` comes in through the input as an ISO string.
 *
 * States (value in brackets):
 * - loadingMonth → calendar.idle | noDates | monthError
 * - calendar.idle --date.select--> calendar.loadingDay → calendar.timesReady | calendar.noTimes | calendar.dayError
 * - calendar.timesReady --time.select--> calendar.quantities --cart.add--> adding → added (final) | calendar.addError
 * - adding → calendar.refreshingDay when someone else was faster (`RACE_CODES`): the day is loaded
 *   afresh, the chosen time kept (quantities clamped to what is left) → calendar.quantities, or
 *   dropped when it is gone → calendar.timesReady | calendar.noTimes; `raceLost` says why.
 * Month navigation (`month.next` / `month.previous`) works in every state but `adding` and
 * `added`, reloads the month and clears the selection; it never goes before the month of `now`.
 * `date.select` works anywhere inside `calendar` and resets the time and quantities.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { components } from '~/api/schema.gen'
import { monthFormat } from '~/lib/month'

type Schemas = components['schemas']
export type OfferDetail = Schemas['OfferDetail']
export type MonthAvailability = Schemas['MonthAvailability']
export type DayAvailability = Schemas['DayAvailability']
export type SessionSlot = Schemas['SessionSlot']
export type Sku = Schemas['Sku']
export type Money = Schemas['Money']

export type BookingPanelInput = {
  offer: OfferDetail
  /** The month shown first ('YYYY-MM'), e.g. the current one or the first available; never before the month of `now`. */
  month: string
  /** The current instant (ISO 8601). */
  now: string
  /** The visitor's cart, if there is one already. */
  cartId?: string
}

/** A failed call, serialisable. */
export type BookingPanelError = {
  status?: number
  code?: string
  message: string
  /** The field error on the quantity (e.g. `cart_limit`), if the answer had one. */
  quantity?: { code: string; maximum?: number }
  /** A limit the answer names (`holds.too_many`: the places one visitor can hold). */
  maximum?: number
}

export type CartItemInput = { offer: string; sku: string; sessionId?: string; start?: string; quantity: number }

export type FetchMonthInput = { slug: string; month: string }
/** `fresh`: bypass any cached answer (after losing a race for the last places). */
export type FetchDayInput = { slug: string; date: string; fresh?: boolean }
export type AddToCartInput = { cartId?: string; items: CartItemInput[] }
export type AddToCartOutput = { cartId: string }

export type BookingPanelContext = {
  offer: OfferDetail
  now: string
  /** The month of `now` in the offer's time zone: the earliest month that can be shown. */
  minMonth: string
  /** The month shown ('YYYY-MM'). */
  month: string
  /** The loaded month, or null while (re)loading. */
  monthData: MonthAvailability | null
  /** The selected date (YYYY-MM-DD). */
  date: string | null
  /** The selected date's slots, once loaded. */
  day: DayAvailability | null
  /** Index of the selected slot in `day.slots`. */
  slotIndex: number | null
  /** Quantity per SKU id (all SKUs of the offer once a time is selected). */
  quantities: Record<string, number>
  cartId: string | null
  error: BookingPanelError | null
  /**
   * The code of a lost race (`RACE_CODES`: someone else took the places or the start time first,
   * or the date started or closed meanwhile) until the visitor chooses again; the day was reloaded.
   */
  raceLost: RaceCode | null
}

/** Answers to adding places that mean someone or something was faster, not a failure. */
export const RACE_CODES = ['places.insufficient', 'slot.unavailable', 'session.past', 'session.closed'] as const
export type RaceCode = (typeof RACE_CODES)[number]

/** The race code of a failed add, or null for any other failure. */
export function raceCodeOf(error: unknown): RaceCode | null {
  const code = toPanelError(error).code
  return (RACE_CODES as readonly string[]).includes(code ?? '') ? (code as RaceCode) : null
}

export type BookingPanelEvent =
  | { type: 'month.next' }
  | { type: 'month.previous' }
  | { type: 'date.select'; date: string }
  /** `slot`: the index in the day's slots, or the slot's `start` (ISO). */
  | { type: 'time.select'; slot: number | string }
  | { type: 'quantity.change'; sku: string; quantity: number }
  | { type: 'cart.add' }
  | { type: 'retry' }

export type BookingPanelOutput = { cartId: string }

// ---------------------------------------------------------------------------------------------
// Pure helpers (exported for the UI and the tests)

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/

/** 'YYYY-MM' shifted by `by` months. */
export function addMonths(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const index = y * 12 + (m - 1) + by
  const year = Math.floor(index / 12)
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The month ('YYYY-MM') of an instant in a time zone (falls back to UTC). */
export function monthOf(instant: string, timeZone: string): string {
  const ms = Date.parse(instant)
  if (Number.isNaN(ms)) return instant.slice(0, 7)
  try {
    const parts = monthFormat(timeZone).formatToParts(ms)
    const year = parts.find((p) => p.type === 'year')?.value
    const month = parts.find((p) => p.type === 'month')?.value
    if (year && month) return `${year}-${month}`
  } catch {
    // unknown time zone: UTC below
  }
  return new Date(ms).toISOString().slice(0, 7)
}

/**
 * Any thrown value as a serialisable error (reads `status`/`statusCode`, `code`/`data.code`,
 * `message`, and of `data` (or an ApiError's `body.data`) the quantity's field error and `maximum`).
 */
export function toPanelError(error: unknown): BookingPanelError {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; statusCode?: unknown; code?: unknown; message?: unknown; data?: unknown; body?: { data?: unknown } }
    const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined
    const data = (e.data && typeof e.data === 'object' ? e.data : e.body?.data && typeof e.body.data === 'object' ? e.body.data : {}) as {
      code?: unknown
      maximum?: unknown
      errors?: { quantity?: { code?: unknown; params?: { maximum?: unknown } } }
    }
    const code = typeof e.code === 'string' ? e.code : typeof data.code === 'string' ? data.code : undefined
    const message = typeof e.message === 'string' && e.message ? e.message : 'Unknown error'
    const field = data.errors?.quantity
    const quantity =
      field && typeof field.code === 'string'
        ? { code: field.code, ...(typeof field.params?.maximum === 'number' ? { maximum: field.params.maximum } : {}) }
        : undefined
    return {
      ...(status !== undefined ? { status } : {}),
      ...(code !== undefined ? { code } : {}),
      message,
      ...(quantity ? { quantity } : {}),
      ...(typeof data.maximum === 'number' ? { maximum: data.maximum } : {}),
    }
  }
  return { message: typeof error === 'string' && error ? error : 'Unknown error' }
}

type SlotContext = Pick<BookingPanelContext, 'offer' | 'day' | 'slotIndex'>
type QuantityContext = SlotContext & Pick<BookingPanelContext, 'quantities'>

/** The selected slot, if any. */
export function selectedSlot(context: SlotContext): SessionSlot | null {
  if (context.slotIndex === null || !context.day) return null
  return context.day.slots[context.slotIndex] ?? null
}

/** Whether a slot can be chosen: not sold out and not over. */
export function isSlotSelectable(slot: SessionSlot): boolean {
  return slot.status !== 'SOLD_OUT' && slot.timeStatus !== 'inPast'
}

/** Index of a slot given by index or start, or -1. */
export function findSlotIndex(day: DayAvailability | null, slot: number | string): number {
  if (!day) return -1
  if (typeof slot === 'number') return Number.isInteger(slot) && slot >= 0 && slot < day.slots.length ? slot : -1
  const ms = Date.parse(slot)
  return day.slots.findIndex((s) => s.start === slot || (!Number.isNaN(ms) && Date.parse(s.start) === ms))
}

const isPrivateSku = (sku: Sku) => sku.type === 'private-service-slot' || sku.type === 'private-service-participant'

/** Places the other SKUs' quantities take in the selected session. */
function placesTakenByOthers(context: QuantityContext, skuId: string): number {
  let places = 0
  for (const sku of context.offer.skus) {
    if (sku.id !== skuId) places += (context.quantities[sku.id] ?? 0) * sku.blockCount
  }
  return places
}

/**
 * The quantities a SKU can have besides 0, given the selected slot and the other SKUs'
 * quantities: `max < min` means only 0 fits.
 * - private-service-slot: exactly 1;
 * - private-service-participant: participants, max(1, minQuantity)..(maxParticipants ?? maxQuantity);
 * - activity: max(1, minQuantity)..maxQuantity, and for a session the places left
 *   (Σ quantity × blockCount ≤ placesLeft).
 */
export function quantityBounds(context: QuantityContext, skuId: string): { min: number; max: number } {
  const sku = context.offer.skus.find((s) => s.id === skuId)
  const slot = selectedSlot(context)
  if (!sku || !slot) return { min: 1, max: 0 }
  if (sku.type === 'private-service-slot') return { min: 1, max: 1 }
  const min = Math.max(1, sku.minQuantity)
  if (sku.type === 'private-service-participant') return { min, max: sku.maxParticipants ?? sku.maxQuantity }
  let max = sku.maxQuantity
  if (slot.sessionId !== undefined) {
    const free = Math.max(0, slot.placesLeft - placesTakenByOthers(context, skuId))
    max = Math.min(max, Math.floor(free / Math.max(1, sku.blockCount)))
  }
  return { min, max }
}

/** A requested quantity clamped to the SKU's bounds; 0 (or less, or NaN) means none. */
export function clampQuantity(context: QuantityContext, skuId: string, quantity: number): number {
  if (!(quantity > 0)) return 0
  const { min, max } = quantityBounds(context, skuId)
  if (max < min) return 0
  return Math.min(max, Math.max(min, Math.floor(quantity)))
}

/** All SKUs' quantities clamped in SKU order (the earlier SKUs keep their places first). */
function clampAll(context: SlotContext, wanted: Record<string, number>): Record<string, number> {
  const quantities: Record<string, number> = {}
  for (const sku of context.offer.skus) quantities[sku.id] = 0
  let privateChosen = false
  for (const sku of context.offer.skus) {
    if (isPrivateSku(sku) && privateChosen) continue
    const q = clampQuantity({ ...context, quantities }, sku.id, wanted[sku.id] ?? 0)
    quantities[sku.id] = q
    if (q > 0 && isPrivateSku(sku)) privateChosen = true
  }
  return quantities
}

/** First quantities for a slot: a single-SKU offer starts at its smallest quantity, else all 0. */
function initialQuantities(context: SlotContext): Record<string, number> {
  const wanted: Record<string, number> = {}
  const [only, ...rest] = context.offer.skus
  if (only && rest.length === 0) wanted[only.id] = only.type === 'private-service-slot' ? 1 : Math.max(1, only.minQuantity)
  return clampAll(context, wanted)
}

/** The cart items of the current selection (quantity > 0). */
export function selectedItems(context: Pick<BookingPanelContext, 'offer' | 'day' | 'slotIndex' | 'quantities'>): CartItemInput[] {
  const slot = selectedSlot(context)
  if (!slot) return []
  return context.offer.skus
    .filter((sku) => (context.quantities[sku.id] ?? 0) > 0)
    .map((sku) => ({
      offer: context.offer.slug,
      sku: sku.id,
      ...(slot.sessionId !== undefined ? { sessionId: slot.sessionId } : { start: slot.start }),
      quantity: context.quantities[sku.id] ?? 0,
    }))
}

/** Σ quantity × price of the selection, in the offer's currency. */
export function totalOf(context: Pick<BookingPanelContext, 'offer' | 'quantities'>): Money {
  let amount = 0
  for (const sku of context.offer.skus) amount += Math.max(0, context.quantities[sku.id] ?? 0) * sku.price.amount
  return { amount, currency: context.offer.skus[0]?.price.currency ?? '' }
}

/** Whether `month.previous` is possible. */
export function canShowPreviousMonth(context: Pick<BookingPanelContext, 'month' | 'minMonth'>): boolean {
  return context.month > context.minMonth
}

/** Whether a date can be selected: one of the month's dates and not sold out. */
export function isDateSelectable(context: Pick<BookingPanelContext, 'monthData'>, date: string): boolean {
  const day = context.monthData?.dates.find((d) => d.date === date)
  return day !== undefined && day.status !== 'SOLD_OUT'
}

const emptySelection = { date: null, day: null, slotIndex: null, quantities: {}, raceLost: null } satisfies Partial<BookingPanelContext>

/**
 * The selection on a reloaded day: the same start time if it can still be chosen (its quantities
 * clamped to what is left now), else no time.
 */
export function reselect(context: BookingPanelContext, day: DayAvailability): Pick<BookingPanelContext, 'day' | 'slotIndex' | 'quantities'> {
  const previous = selectedSlot(context)
  const index = previous ? findSlotIndex(day, previous.start) : -1
  const slot = index >= 0 ? day.slots[index] : undefined
  if (!slot || !isSlotSelectable(slot)) return { day, slotIndex: null, quantities: {} }
  const next = { ...context, day, slotIndex: index }
  return { day, slotIndex: index, quantities: clampAll(next, context.quantities) }
}

// ---------------------------------------------------------------------------------------------

/** Month navigation (re-entering `loadingMonth` restarts a running load). */
const monthNavigation = {
  'month.next': { target: '#bookingPanel.loadingMonth', reenter: true, actions: [{ type: 'shiftMonth', params: { by: 1 } }] },
  'month.previous': { guard: 'canShowPreviousMonth', target: '#bookingPanel.loadingMonth', reenter: true, actions: [{ type: 'shiftMonth', params: { by: -1 } }] },
} as const

export const bookingPanelMachine = setup({
  types: {
    context: {} as BookingPanelContext,
    events: {} as BookingPanelEvent,
    input: {} as BookingPanelInput,
    output: {} as BookingPanelOutput,
  },
  actors: {
    fetchMonth: fromPromise<MonthAvailability, FetchMonthInput>(async () => {
      throw new Error('fetchMonth not provided')
    }),
    fetchDay: fromPromise<DayAvailability, FetchDayInput>(async () => {
      throw new Error('fetchDay not provided')
    }),
    addToCart: fromPromise<AddToCartOutput, AddToCartInput>(async () => {
      throw new Error('addToCart not provided')
    }),
  },
  guards: {
    canShowPreviousMonth: ({ context }) => canShowPreviousMonth(context),
    hasDates: (_, params: { month: MonthAvailability }) => params.month.dates.length > 0,
    hasSlots: (_, params: { day: DayAvailability }) => params.day.slots.length > 0,
    isSelectableDate: ({ context }, params: { date: string }) => isDateSelectable(context, params.date),
    isSelectableSlot: ({ context }, params: { slot: number | string }) => {
      const slot = context.day?.slots[findSlotIndex(context.day, params.slot)]
      return slot !== undefined && isSlotSelectable(slot)
    },
    hasSelection: ({ context }) => selectedItems(context).length > 0,
    isRaceLost: (_, params: { error: unknown }) => raceCodeOf(params.error) !== null,
    keepsSlot: ({ context }, params: { day: DayAvailability }) => reselect(context, params.day).slotIndex !== null,
  },
  actions: {
    shiftMonth: assign(({ context }, params: { by: number }) => {
      const month = addMonths(context.month, params.by)
      return { month: month < context.minMonth ? context.minMonth : month, monthData: null, ...emptySelection, error: null }
    }),
    assignMonth: assign((_, params: { month: MonthAvailability }) => ({ monthData: params.month, error: null })),
    assignDate: assign((_, params: { date: string }) => ({ ...emptySelection, date: params.date, error: null })),
    assignDay: assign((_, params: { day: DayAvailability }) => ({ day: params.day, slotIndex: null, quantities: {}, error: null })),
    assignSlot: assign(({ context }, params: { slot: number | string }) => {
      const slotIndex = findSlotIndex(context.day, params.slot)
      const next = { ...context, slotIndex }
      const hadQuantities = Object.values(context.quantities).some((q) => q > 0)
      return { slotIndex, quantities: hadQuantities ? clampAll(next, context.quantities) : initialQuantities(next), error: null, raceLost: null }
    }),
    assignRefreshedDay: assign(({ context }, params: { day: DayAvailability }) => reselect(context, params.day)),
    assignRaceLost: assign((_, params: { error: unknown }) => ({ raceLost: raceCodeOf(params.error), error: null })),
    assignQuantity: assign(({ context }, params: { sku: string; quantity: number }) => {
      const sku = context.offer.skus.find((s) => s.id === params.sku)
      if (!sku) return {}
      const quantities = { ...context.quantities, [sku.id]: clampQuantity(context, sku.id, params.quantity) }
      // A private booking takes the whole start time: one private variant at a time.
      if (isPrivateSku(sku) && (quantities[sku.id] ?? 0) > 0) {
        for (const other of context.offer.skus) if (other.id !== sku.id && isPrivateSku(other)) quantities[other.id] = 0
      }
      return { quantities, error: null, raceLost: null }
    }),
    assignCart: assign((_, params: { cartId: string }) => ({ cartId: params.cartId, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toPanelError(params.error) })),
    clearError: assign({ error: null, raceLost: null }),
    dropDay: assign({ day: null, slotIndex: null, quantities: {}, raceLost: null }),
  },
}).createMachine({
  id: 'bookingPanel',
  context: ({ input }) => {
    const minMonth = monthOf(input.now, input.offer.timeZone)
    const month = MONTH_RE.test(input.month) && input.month > minMonth ? input.month : minMonth
    return {
      offer: input.offer,
      now: input.now,
      minMonth,
      month,
      monthData: null,
      ...emptySelection,
      cartId: input.cartId ?? null,
      error: null,
    }
  },
  initial: 'loadingMonth',
  output: ({ context }) => ({ cartId: context.cartId ?? '' }),
  states: {
    loadingMonth: {
      invoke: {
        id: 'fetchMonth',
        src: 'fetchMonth',
        input: ({ context }) => ({ slug: context.offer.slug, month: context.month }),
        onDone: [
          {
            guard: { type: 'hasDates', params: ({ event }) => ({ month: event.output }) },
            target: 'calendar',
            actions: { type: 'assignMonth', params: ({ event }) => ({ month: event.output }) },
          },
          { target: 'noDates', actions: { type: 'assignMonth', params: ({ event }) => ({ month: event.output }) } },
        ],
        onError: { target: 'monthError', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { ...monthNavigation },
    },
    monthError: {
      on: {
        ...monthNavigation,
        retry: { target: 'loadingMonth', actions: 'clearError' },
      },
    },
    noDates: {
      on: { ...monthNavigation },
    },
    calendar: {
      initial: 'idle',
      on: {
        ...monthNavigation,
        'date.select': {
          guard: { type: 'isSelectableDate', params: ({ event }) => ({ date: event.date }) },
          target: '.loadingDay',
          actions: { type: 'assignDate', params: ({ event }) => ({ date: event.date }) },
        },
      },
      states: {
        idle: {},
        loadingDay: {
          invoke: {
            id: 'fetchDay',
            src: 'fetchDay',
            input: ({ context }) => ({ slug: context.offer.slug, date: context.date ?? '' }),
            onDone: [
              {
                guard: { type: 'hasSlots', params: ({ event }) => ({ day: event.output }) },
                target: 'timesReady',
                actions: { type: 'assignDay', params: ({ event }) => ({ day: event.output }) },
              },
              { target: 'noTimes', actions: { type: 'assignDay', params: ({ event }) => ({ day: event.output }) } },
            ],
            onError: { target: 'dayError', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        dayError: {
          on: { retry: { target: 'loadingDay', actions: 'clearError' } },
        },
        refreshingDay: {
          invoke: {
            id: 'fetchDay',
            src: 'fetchDay',
            input: ({ context }) => ({ slug: context.offer.slug, date: context.date ?? '', fresh: true }),
            onDone: [
              {
                guard: { type: 'keepsSlot', params: ({ event }) => ({ day: event.output }) },
                target: 'quantities',
                actions: { type: 'assignRefreshedDay', params: ({ event }) => ({ day: event.output }) },
              },
              {
                guard: { type: 'hasSlots', params: ({ event }) => ({ day: event.output }) },
                target: 'timesReady',
                actions: { type: 'assignRefreshedDay', params: ({ event }) => ({ day: event.output }) },
              },
              { target: 'noTimes', actions: { type: 'assignRefreshedDay', params: ({ event }) => ({ day: event.output }) } },
            ],
            // The old day is stale now: nothing of it stays selectable ("Try again" reloads it).
            onError: {
              target: 'dayError',
              actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'dropDay'],
            },
          },
        },
        noTimes: {},
        timesReady: {
          on: {
            'time.select': {
              guard: { type: 'isSelectableSlot', params: ({ event }) => ({ slot: event.slot }) },
              target: 'quantities',
              actions: { type: 'assignSlot', params: ({ event }) => ({ slot: event.slot }) },
            },
          },
        },
        quantities: {
          on: {
            'time.select': {
              guard: { type: 'isSelectableSlot', params: ({ event }) => ({ slot: event.slot }) },
              actions: { type: 'assignSlot', params: ({ event }) => ({ slot: event.slot }) },
            },
            'quantity.change': { actions: { type: 'assignQuantity', params: ({ event }) => ({ sku: event.sku, quantity: event.quantity }) } },
            'cart.add': { guard: 'hasSelection', target: '#bookingPanel.adding', actions: 'clearError' },
          },
        },
        addError: {
          on: {
            retry: { guard: 'hasSelection', target: '#bookingPanel.adding', actions: 'clearError' },
            'cart.add': { guard: 'hasSelection', target: '#bookingPanel.adding', actions: 'clearError' },
            'time.select': {
              guard: { type: 'isSelectableSlot', params: ({ event }) => ({ slot: event.slot }) },
              target: 'quantities',
              actions: { type: 'assignSlot', params: ({ event }) => ({ slot: event.slot }) },
            },
            'quantity.change': {
              target: 'quantities',
              actions: { type: 'assignQuantity', params: ({ event }) => ({ sku: event.sku, quantity: event.quantity }) },
            },
          },
        },
      },
    },
    adding: {
      invoke: {
        id: 'addToCart',
        src: 'addToCart',
        input: ({ context }) => ({ ...(context.cartId ? { cartId: context.cartId } : {}), items: selectedItems(context) }),
        onDone: { target: 'added', actions: { type: 'assignCart', params: ({ event }) => ({ cartId: event.output.cartId }) } },
        onError: [
          {
            guard: { type: 'isRaceLost', params: ({ event }) => ({ error: event.error }) },
            target: '#bookingPanel.calendar.refreshingDay',
            actions: { type: 'assignRaceLost', params: ({ event }) => ({ error: event.error }) },
          },
          { target: '#bookingPanel.calendar.addError', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    added: {
      type: 'final',
    },
  },
})

export type BookingPanelMachine = typeof bookingPanelMachine
