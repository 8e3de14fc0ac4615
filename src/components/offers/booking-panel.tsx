import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { addChoiceToCart } from '~/api/cart-add'
import { dayQuery, monthQuery } from '~/api/offers.queries'
import {
  bookingPanelMachine,
  canShowPreviousMonth,
  isSlotSelectable,
  quantityBounds,
  selectedSlot,
  totalOf,
  type AddToCartInput,
  type BookingPanelError,
  type RaceCode,
  type FetchDayInput,
  type FetchMonthInput,
  type OfferDetail,
} from '~/machines/booking-panel/booking-panel.machine'
import { calendarDate, formatDate, formatDay, formatMonth, formatMoney, formatTime, formatWeekdayDate } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { ApiError } from '~/api/client'
import { useDurationText } from '~/components/offers/duration'
import { TimeZoneNote } from '~/components/time-zone-note'
import { nextSelectable } from '~/components/offers/calendar-keys'
import { useHydrated } from '~/lib/use-hydrated'
import { rememberCart, rememberedCart } from '~/lib/remembered-cart'

const LangRoute = getRouteApi('/$lang')

/**
 * The booking panel: month calendar with date statuses → time or start time →
 * variant and quantity → add to cart → on to the checkout. Driven by bookingPanelMachine; the
 * I/O actors are the contract's calls through TanStack Query.
 */
export function BookingPanel({
  offer,
  month,
  onAdded,
  prefill,
  cartId: intoCart,
}: {
  offer: OfferDetail
  month: string
  /** What happens once the cart holds the places (default: on to the checkout page). */
  onAdded?: (cartId: string) => void
  /** Preselected date and number of participants (embeds: the host page's attributes). */
  prefill?: { date?: string; participants?: number }
  /** The cart the places go into (embeds: the one being checked out); default: the one this browser remembers. */
  cartId?: string
}) {
  const { t } = useLingui()
  const formatDuration = useDurationText()
  const { api, lang } = LangRoute.useRouteContext()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const machine = useMemo(
    () =>
      bookingPanelMachine.provide({
        actors: {
          fetchMonth: fromPromise(({ input }: { input: FetchMonthInput }) => queryClient.fetchQuery(monthQuery(api, input.slug, input.month))),
          // `fresh` after a lost race: the places as they are now, not as cached a moment ago.
          fetchDay: fromPromise(({ input }: { input: FetchDayInput }) =>
            queryClient.fetchQuery({ ...dayQuery(api, input.slug, input.date), ...(input.fresh ? { staleTime: 0 } : {}) }),
          ),
          addToCart: fromPromise(async ({ input }: { input: AddToCartInput }) => {
            // all or nothing; a remembered cart that is gone or already booked: the places go into a new one
            const { cartId, cart } = await addChoiceToCart(api, input.cartId, input.items)
            // Remembered with its holds: once they have all run out, the cart is not picked up again.
            rememberCart(cart ?? { id: cartId, items: [] })
            await queryClient.invalidateQueries({ queryKey: ['offers', 'day', input.items[0]?.offer] })
            return { cartId }
          }),
        },
      }),
    [api, queryClient],
  )
  const [state, send] = useMachine(machine, {
    input: { offer, month, now: new Date().toISOString(), cartId: intoCart ?? (typeof window === 'undefined' ? undefined : rememberedCart()) },
  })
  const ctx = state.context
  /** The limits of holding places, in words; null for any other error (SubmitError then). */
  const limitText = (error: BookingPanelError | null): string | null => {
    if (error?.quantity?.code === 'cart_limit') {
      const maximum = String(error.quantity.maximum ?? '')
      return t`One booking can include at most ${maximum} places. Please choose fewer, or book these first and then start another booking.`
    }
    if (error?.code === 'holds.too_many') {
      const maximum = String(error.maximum ?? '')
      return t`You are already holding as many places as one visitor can hold at once (${maximum}). Please complete or remove your other bookings first, or wait until their places are released.`
    }
    if (error?.code === 'cart.booked') return t`This booking has already been completed. Please reload the page to start a new booking.`
    return null
  }

  useEffect(() => {
    if (state.matches('added') && ctx.cartId) {
      if (onAdded) onAdded(ctx.cartId)
      else void navigate({ to: '/$lang/checkout/$cart', params: { lang, cart: ctx.cartId } })
    }
  }, [state, ctx.cartId, lang, navigate, onAdded])

  // Prefill, once each: the date when the calendar is there, the participants when a time is.
  const prefilled = useRef({ date: false, participants: false })
  useEffect(() => {
    if (prefill?.date && !prefilled.current.date && state.matches('calendar') && ctx.date === null) {
      prefilled.current.date = true
      send({ type: 'date.select', date: prefill.date })
    }
    if (prefill?.participants && !prefilled.current.participants && ctx.slotIndex !== null) {
      prefilled.current.participants = true
      const sku = offer.skus.find((k) => (ctx.quantities[k.id] ?? 0) > 0) ?? offer.skus[0]
      if (sku) send({ type: 'quantity.change', sku: sku.id, quantity: prefill.participants })
    }
  }, [state, ctx.date, ctx.slotIndex, ctx.quantities, prefill, offer.skus, send])

  const slot = selectedSlot(ctx)
  const total = totalOf(ctx)
  /** Why the visitor has to choose again after someone else was faster; null otherwise. */
  const raceText = (code: RaceCode | null): string | null => {
    if (code === 'places.insufficient') {
      return slot
        ? t`Someone was faster: fewer places are left at this time now. We have adjusted your selection; please check it and add it again.`
        : t`Someone was faster: this time is fully booked now. Please choose another time.`
    }
    if (code === 'slot.unavailable') return t`Someone was faster: this start time has just been booked. Please choose another one.`
    if (code === 'session.past') return t`This date has already started. Please choose another one.`
    if (code === 'session.closed') return t`This date can no longer be booked. Please choose another one.`
    return null
  }
  const privateSlotSkus = offer.skus.filter((s) => s.type === 'private-service-slot')
  const chosenPrivate = offer.skus.find((s) => s.type !== 'activity' && (ctx.quantities[s.id] ?? 0) > 0)
  /** A private service's length: the chosen variant's, else the start times' own. */
  const durationMinutes =
    chosenPrivate?.durationMinutes ?? (ctx.day?.slots[0] ? Math.round((Date.parse(ctx.day.slots[0].end) - Date.parse(ctx.day.slots[0].start)) / 60_000) : null)
  // dayjs formats the same on the server and in the browser (Intl differs between ICU versions)
  const time = (iso: string) => formatTime(iso, lang, offer.timeZone)
  const longDate = (date: string) => formatDay(calendarDate(date), lang, 'UTC')

  return (
    <section aria-labelledby="booking-panel" className="rounded-lg bg-surface p-4 text-on-surface shadow-sm ring-1 ring-black/10" data-testid="booking-panel">
      <h2 id="booking-panel" className="text-lg font-semibold">
        {offer.mode === 'request' ? <Trans>Send a request</Trans> : <Trans>Book</Trans>}
      </h2>

      <Calendar
        lang={lang}
        month={ctx.month}
        dates={ctx.monthData?.dates ?? []}
        loading={state.matches('loadingMonth')}
        selected={ctx.date}
        canPrevious={canShowPreviousMonth(ctx)}
        onPrevious={() => send({ type: 'month.previous' })}
        onNext={() => send({ type: 'month.next' })}
        onSelect={(date) => send({ type: 'date.select', date })}
      />

      {state.matches('monthError') ? <LoadError className="mt-3" status={ctx.error?.status} onRetry={() => send({ type: 'retry' })} /> : null}
      {state.matches('noDates') ? (
        <p className="mt-3" data-testid="no-dates">
          <Trans>No dates available</Trans>
        </p>
      ) : null}

      {ctx.date ? (
        <div className="mt-4" aria-live="polite">
          <h3 className="font-semibold">{longDate(ctx.date)}</h3>
          {state.matches({ calendar: 'loadingDay' }) || state.matches({ calendar: 'refreshingDay' }) ? (
            <p className="mt-2 text-sm">
              <Trans>Loading times…</Trans>
            </p>
          ) : null}
          {state.matches({ calendar: 'noTimes' }) ? (
            <p className="mt-2" data-testid="no-times">
              <Trans>There are no dates available on this date</Trans>
            </p>
          ) : null}
          {state.matches({ calendar: 'dayError' }) ? <LoadError className="mt-2" status={ctx.error?.status} onRetry={() => send({ type: 'retry' })} /> : null}
          {ctx.day && ctx.day.slots.length ? (
            <fieldset className="mt-2">
              <legend className="text-sm font-medium">{offer.kind === 'private' ? t`Start time` : t`Time`}</legend>
              <TimeZoneNote timeZone={offer.timeZone} />
              {offer.kind === 'private' && durationMinutes ? (
                <p className="text-sm" data-testid="private-duration">
                  <Trans>Duration: {formatDuration(durationMinutes)}</Trans>
                </p>
              ) : null}
              <div className="mt-1 flex flex-wrap gap-2">
                {ctx.day.slots.map((s, index) => {
                  const selectable = isSlotSelectable(s)
                  const chosen = ctx.slotIndex === index
                  return (
                    <button
                      key={s.start}
                      type="button"
                      disabled={!selectable}
                      aria-pressed={chosen}
                      onClick={() => send({ type: 'time.select', slot: index })}
                      className={`min-h-11 rounded-md px-3 py-1 text-sm ring-1 ${chosen ? 'bg-primary text-on-primary ring-primary' : 'ring-black/20 hover:ring-primary'} disabled:cursor-not-allowed disabled:opacity-50`}
                    >
                      {time(s.start)}
                      {offer.kind === 'activity' ? (
                        <span className="block text-xs">
                          {s.status === 'SOLD_OUT' ? t`no free places` : s.status === 'UPON_REQUEST' ? t`on request` : <Plural value={s.placesLeft} one="# place left" other="# places left" />}
                        </span>
                      ) : null}
                    </button>
                  )
                })}
              </div>
            </fieldset>
          ) : null}
          {raceText(ctx.raceLost) ? (
            <p role="alert" className="mt-3 rounded-md border border-warning bg-warning/15 p-3 text-sm font-medium" data-testid="race-lost">
              {raceText(ctx.raceLost)}
            </p>
          ) : null}
        </div>
      ) : null}

      {slot && (state.matches({ calendar: 'quantities' }) || state.matches({ calendar: 'addError' }) || state.matches('adding')) ? (
        <div className="mt-4 space-y-3">
          {privateSlotSkus.length > 1 ? (
            <fieldset>
              <legend className="font-medium">
                <Trans>Choose an option</Trans>
              </legend>
              <div className="mt-1 space-y-2">
                {privateSlotSkus.map((sku) => (
                  <label key={sku.id} className="flex cursor-pointer items-start gap-3 rounded-md p-2 ring-1 ring-black/20 has-[:checked]:ring-2 has-[:checked]:ring-primary">
                    <input
                      type="radio"
                      name={`variant-${offer.slug}`}
                      value={sku.id}
                      checked={(ctx.quantities[sku.id] ?? 0) > 0}
                      onChange={() => send({ type: 'quantity.change', sku: sku.id, quantity: 1 })}
                      className="mt-1 h-4 w-4"
                    />
                    <span className="flex-1">
                      <span className="block font-medium">{sku.title}</span>
                      <span className="text-sm">
                        {formatDuration(sku.durationMinutes)} · {formatMoney(sku.price.amount, sku.price.currency, lang)}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {offer.skus.filter((sku) => !(privateSlotSkus.length > 1 && sku.type === 'private-service-slot')).map((sku) => {
            const bounds = quantityBounds(ctx, sku.id)
            const value = ctx.quantities[sku.id] ?? 0
            const label = sku.type === 'private-service-participant' ? t`Participants` : sku.title
            return (
              <div key={sku.id} className="flex items-center justify-between gap-3">
                {sku.type === 'private-service-slot' ? (
                  // The one way to book this start time: nothing to choose, only to read.
                  <p className="flex-1" data-testid="private-variant">
                    <span className="block font-medium">{label}</span>
                    <span className="text-sm">
                      {formatDuration(sku.durationMinutes)} · {formatMoney(sku.price.amount, sku.price.currency, lang)}
                    </span>
                  </p>
                ) : (
                  <label htmlFor={`qty-${sku.id}`} className="flex-1">
                    <span className="block font-medium">{label}</span>
                    <span className="text-sm">{formatMoney(sku.price.amount, sku.price.currency, lang)}</span>
                  </label>
                )}
                {sku.type === 'private-service-slot' ? null : (
                  <input
                    id={`qty-${sku.id}`}
                    type="number"
                    inputMode="numeric"
                    min={bounds.min}
                    max={bounds.max}
                    value={value}
                    onChange={(e) => send({ type: 'quantity.change', sku: sku.id, quantity: Number(e.target.value) || 0 })}
                    className="w-20 rounded-md border border-gray-400 bg-white px-2 py-2 text-gray-900"
                  />
                )}
              </div>
            )
          })}
          <p className="flex justify-between border-t border-black/10 pt-3 font-semibold">
            <span>
              <Trans>Total</Trans>
            </span>
            <span data-testid="panel-total">{formatMoney(total.amount, total.currency, lang)}</span>
          </p>
          {state.matches({ calendar: 'addError' }) ? (
            limitText(ctx.error) ? (
              <p role="alert" className="rounded-md border border-error bg-error/10 p-4" data-testid="add-limit-error">
                {limitText(ctx.error)}
              </p>
            ) : (
              <SubmitError error={new ApiError(ctx.error?.status ?? 500, { statusCode: ctx.error?.status ?? 500, statusMessage: '', message: '', data: { code: ctx.error?.code } })} />
            )
          ) : null}
          <Button className="w-full" disabled={state.matches('adding') || total.amount <= 0 && !offer.skus.some((s) => (ctx.quantities[s.id] ?? 0) > 0)} onClick={() => send({ type: 'cart.add' })}>
            {state.matches('adding') ? <Trans>Adding…</Trans> : offer.mode === 'request' ? <Trans>Continue to the request</Trans> : <Trans>Add to cart and continue</Trans>}
          </Button>
        </div>
      ) : null}
    </section>
  )
}

const STATUS_CLASS: Record<string, string> = {
  AVAILABLE: 'bg-success/15 ring-success font-semibold',
  STOCK_LOW: 'bg-warning/25 ring-warning font-semibold',
  UPON_REQUEST: 'bg-secondary/15 ring-secondary font-semibold',
  SOLD_OUT: 'line-through opacity-60 ring-transparent',
}

function Calendar(props: {
  lang: Locale
  month: string
  dates: { date: string; status: string }[]
  loading: boolean
  selected: string | null
  canPrevious: boolean
  onPrevious: () => void
  onNext: () => void
  onSelect: (date: string) => void
}) {
  const { t } = useLingui()
  const { lang, month, dates } = props
  const grid = useRef<HTMLDivElement>(null)
  // Until the page has hydrated a tap on the month buttons would be lost: they wait, visibly.
  const hydrated = useHydrated()
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  const first = new Date(Date.UTC(year, monthNumber - 1, 1))
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()
  const offset = (first.getUTCDay() + 6) % 7 // weeks start on Monday in Switzerland
  const byDate = new Map(dates.map((d) => [d.date, d.status]))
  const title = formatMonth(first, lang, 'UTC')
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    formatDate(new Date(Date.UTC(2024, 0, 1 + i, 12)), lang, 'UTC', 'dd'),
  )
  const statusText = (status: string | undefined) =>
    status === 'AVAILABLE' ? t`available` : status === 'STOCK_LOW' ? t`few places left` : status === 'SOLD_OUT' ? t`no free places` : status === 'UPON_REQUEST' ? t`on request` : t`no dates`

  // One Tab stop for the whole month (the chosen day, else the first one that can be chosen);
  // arrow keys, Home and End move between the days that can be chosen.
  const allDates = Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)
  const selectable = (date: string) => {
    const status = byDate.get(date)
    return !!status && status !== 'SOLD_OUT'
  }
  const [focusDate, setFocusDate] = useState<string | null>(null)
  const tabStop =
    [focusDate, props.selected].find((d): d is string => !!d && allDates.includes(d) && selectable(d)) ?? allDates.find(selectable) ?? null
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (document.activeElement as HTMLElement | null)?.dataset.day
    const index = from ? allDates.indexOf(from) : -1
    if (index < 0) return
    const next = nextSelectable(allDates, selectable, index, event.key)
    if (next === undefined) return
    event.preventDefault()
    if (next === null) return
    setFocusDate(next)
    grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${next}"]`)?.focus()
  }

  return (
    <div className="mt-3" aria-busy={props.loading}>
      <div className="flex items-center justify-between">
        <button type="button" onClick={props.onPrevious} disabled={!props.canPrevious || !hydrated} className="min-h-11 min-w-11 rounded-md ring-1 ring-black/20 disabled:opacity-40" aria-label={t`Previous month`}>
          ‹
        </button>
        <p className="font-semibold" aria-live="polite">
          {title}
        </p>
        <button type="button" onClick={props.onNext} disabled={!hydrated} className="min-h-11 min-w-11 rounded-md ring-1 ring-black/20 disabled:opacity-40" aria-label={t`Next month`}>
          ›
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys pressed on a day button bubble here (roving focus between the buttons) */}
      <div ref={grid} role="group" aria-label={title} onKeyDown={onKeyDown} className="mt-2 grid grid-cols-7 gap-1 text-center">
        {weekdays.map((w) => (
          <span key={w} className="text-xs font-medium" aria-hidden="true">
            {w}
          </span>
        ))}
        {Array.from({ length: offset }, (_, i) => (
          <span key={`blank-${i}`} aria-hidden="true" />
        ))}
        {Array.from({ length: days }, (_, i) => {
          const day = i + 1
          const date = `${month}-${String(day).padStart(2, '0')}`
          const status = byDate.get(date)
          const choosable = selectable(date)
          const label = `${formatWeekdayDate(calendarDate(date), lang, 'UTC')}, ${statusText(status)}`
          return (
            <button
              key={date}
              type="button"
              data-day={date}
              data-status={status ?? 'NONE'}
              disabled={!choosable}
              tabIndex={date === tabStop ? 0 : -1}
              onFocus={() => setFocusDate(date)}
              aria-label={label}
              aria-pressed={props.selected === date}
              onClick={() => props.onSelect(date)}
              className={`min-h-10 rounded-md text-sm ring-1 ${status ? STATUS_CLASS[status] : 'opacity-50 ring-transparent'} ${props.selected === date ? '!bg-primary !text-on-primary' : ''} disabled:cursor-not-allowed`}
            >
              {day}
            </button>
          )
        })}
      </div>
    </div>
  )
}

/** A month or a day that could not be loaded: the server's error in words, and "Try again". */
function LoadError(props: { className: string; status: number | undefined; onRetry: () => void }) {
  const status = props.status ?? 500
  return (
    <div className={props.className}>
      <SubmitError error={new ApiError(status, { statusCode: status, statusMessage: '', message: '', data: {} })} />
      <Button variant="outline" size="sm" className="mt-2" onClick={props.onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  )
}
