import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useEffect } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { cartBookingQuery, cartQuery, changeCartItem, startCartPayment, submitCartCheckout } from '~/api/checkout.queries'
import { monthQuery, offerQuery } from '~/api/offers.queries'
import { OPAQUE_ID, parseSlug } from '~/lib/params'
import { pageTitle } from '~/lib/page-title'
import { utcToZonedMonth } from '~/lib/month'
import { formatDayTime, formatLongDate } from '~/lib/dates'
import { embedSearchOf, type EmbedSearch } from '~/features/embed/frame-config'
import { emitEmbedEvent, emitEmbedEventOnce } from '~/features/embed/embed-messaging'
import { bookingEventDetail } from '~/features/embed/booking-event'
import { BookingPanel } from '~/components/offers/booking-panel'
import { EmbedOfferHeader } from '~/features/embed/embed-parts'
import { PaymentPanel } from '~/components/payments/payment-panel'
import { AlreadyBookedNotice, BookedDates, BookingOutcomeIntro, BookingTotals, isAwaitingPayment, useCartBookingPayment } from '~/components/checkout/booking-outcome'
import { buttonClass } from '~/components/button'
import { TimeZoneNote } from '~/components/time-zone-note'
import { paymentOptionsOf } from '~/lib/shop-settings'

const title = msg`Booking`
const DATE = /^\d{4}-\d{2}-\d{2}$/

type BookingSearch = {
  /** The cart being checked out inside the frame. */
  cart?: string
  /** The booking exists: show its summary. */
  done?: 1
  /** The cart was booked before (another tab or window): its booking is shown with a notice. */
  already?: 1
  /** The cart the booking panel adds to ("choose another date" in the checkout keeps the rest). */
  into?: string
  /** Prefill from the host page. */
  date?: string
  participants?: number
}

function parseBookingSearch(search: Record<string, unknown>): BookingSearch {
  const result: BookingSearch = {}
  if (typeof search.cart === 'string' && OPAQUE_ID.test(search.cart)) result.cart = search.cart
  if (result.cart && (search.done === 1 || search.done === '1')) result.done = 1
  if (result.done && (search.already === 1 || search.already === '1')) result.already = 1
  if (!result.cart && typeof search.into === 'string' && OPAQUE_ID.test(search.into)) result.into = search.into
  if (typeof search.date === 'string' && DATE.test(search.date)) result.date = search.date
  const participants = Number(search.participants)
  if (Number.isInteger(participants) && participants >= 1 && participants <= 50) result.participants = participants
  return result
}

/**
 * The booking widget: the booking panel, then the checkout and its outcome, all
 * inside the frame (the cart travels in the frame's URL, so a reload keeps the place).
 */
/**
 * The checkout is loaded when a visitor gets there: most frames only ever show the booking panel,
 * and the checkout (form validation, phone numbers, country names) is the largest part of the
 * widget's JavaScript. `onAdded` starts loading it while the cart is being read.
 */
const loadCheckoutFlow = () => import('~/components/checkout/checkout-flow').then((m) => ({ default: m.CheckoutFlow }))
const CheckoutFlow = lazy(loadCheckoutFlow)

export const Route = createFileRoute('/$lang/_embedded/embed/v1/booking/$slug')({
  params: { parse: ({ slug }) => ({ slug: parseSlug(slug) }), stringify: ({ slug }) => ({ slug }) },
  validateSearch: parseBookingSearch,
  loaderDeps: ({ search }) => ({ cart: search.cart, done: search.done, date: search.date }),
  loader: async ({ context, params, deps }) => {
    const { queryClient, api, lang, config } = context
    try {
      const offer = await queryClient.ensureQueryData(offerQuery(api, lang, params.slug))
      if (deps.cart) {
        const cart = await queryClient.fetchQuery(cartQuery(api, lang, deps.cart))
        // A booked cart says so (its booking's code): its booking, read afresh, is shown.
        if (cart.bookingCode) {
          await queryClient.fetchQuery({ ...cartBookingQuery(api, lang, deps.cart), staleTime: 0 })
          return { view: 'done' as const, offerTitle: offer.title }
        }
        const slugs = [...new Set(cart.items.map((i) => i.offer))]
        const offers = await Promise.all(slugs.map((slug) => queryClient.ensureQueryData(offerQuery(api, lang, slug))))
        return { view: 'checkout' as const, offerTitle: offer.title, cart, extras: Object.fromEntries(offers.map((o) => [o.slug, o.extras ?? []])) }
      }
      const current = utcToZonedMonth(new Date(), config.timeZone)
      const wanted = deps.date?.slice(0, 7)
      const month = wanted && wanted > current ? wanted : current
      await queryClient.ensureQueryData(monthQuery(api, params.slug, month)).catch(() => null)
      return { view: 'book' as const, offerTitle: offer.title, month }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound({ data: { reason: 'validation' } })
      throw error
    }
  },
  staleTime: 0,
  head: ({ loaderData, match }) =>
    pageTitle(match.context.config, match.context.lang, loaderData?.offerTitle ?? title, { noindex: true }),
  component: BookingWidget,
})

function BookingWidget() {
  const { t } = useLingui()
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const { slug } = Route.useParams()
  const { api, lang, config } = Route.useRouteContext()
  const navigate = useNavigate({ from: Route.fullPath })
  const frame: EmbedSearch = embedSearchOf(search)
  const { data: offer } = useSuspenseQuery(offerQuery(api, lang, slug))

  const onAdded = useCallback(
    (cartId: string) => {
      emitEmbedEvent('booking-started', { offer: slug, offerTitle: offer.title })
      void loadCheckoutFlow()
      void navigate({ search: { ...frame, cart: cartId } })
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [navigate, slug, offer.title, JSON.stringify(frame)],
  )
  const onDone = useCallback((cartId: string, outcome?: { already: boolean }) => void navigate({ search: { ...frame, cart: cartId, done: 1, ...(outcome?.already ? { already: 1 as const } : {}) }, replace: true }), [navigate, JSON.stringify(frame)]) // eslint-disable-line react-hooks/exhaustive-deps

  if (data.view === 'checkout') {
    return (
      <Suspense
        fallback={
          <p role="status" className="min-h-[60vh] py-8">
            <Trans>Loading…</Trans>
          </p>
        }
      >
      <CheckoutFlow
        key={data.cart.id}
        cart={data.cart}
        extras={data.extras}
        paymentOptions={[...paymentOptionsOf(config)]}
        lang={lang}
        timeZone={config.timeZone}
        submit={async ({ cartId, input }) => {
          // The shop's reports count where visitors book: this widget, on the page the loader named (origin and path).
          const channel = { kind: 'embed' as const, ...(frame.origin ? { hostOrigin: frame.origin, ...(frame.path ? { hostPath: frame.path } : {}) } : {}) }
          return submitCartCheckout(api, cartId, { ...input, channel })
        }}
        startPayment={(cartId) => startCartPayment(api, cartId)}
        changeCart={(change) => changeCartItem(api, change)}
        onDone={onDone}
        redirect={redirectTop}
        anotherDate={(offerSlug, cartId) => void navigate({ to: '/$lang/embed/v1/booking/$slug', params: { lang, slug: offerSlug }, search: { ...frame, into: cartId } })}
        emptyCartLink={
          <Link to="." search={frame} className="mt-6 inline-block underline">
            <Trans>Find an appointment</Trans>
          </Link>
        }
      />
      </Suspense>
    )
  }
  if (data.view === 'done' && search.cart) return <BookingDone cart={search.cart} frame={frame} already={search.already === 1} />
  return (
    // Named: the host page has a main of its own, and landmarks on one page must differ (axe landmark-unique).
    <main aria-label={t({ message: `Book: ${offer.title}`, comment: 'the booking widget, as a landmark' })}>
      <EmbedOfferHeader offer={offer} lang={lang} frame={frame} />
      <BookingPanel offer={offer} month={data.view === 'book' ? data.month : utcToZonedMonth(new Date(), config.timeZone)} onAdded={onAdded} prefill={{ date: search.date, participants: search.participants }} cartId={search.into} />
    </main>
  )
}

/**
 * The payment provider's pages refuse to be framed (as they should): pay now leaves the frame
 * for the top-level window; if the browser does not allow that, a new tab.
 */
function redirectTop(url: string) {
  try {
    if (window.top && window.top !== window) {
      window.top.location.href = url
      return
    }
  } catch {
    // navigation of the top window refused (no user activation left)
  }
  const opened = window.open(url, '_blank', 'noopener')
  if (!opened) window.location.assign(url)
}

function BookingDone({ cart, frame, already }: { cart: string; frame: EmbedSearch; already: boolean }) {
  const { t } = useLingui()
  const { api, lang, config } = Route.useRouteContext()
  const { data: booking } = useSuspenseQuery(cartBookingQuery(api, lang, cart))
  const request = booking.mode === 'request'

  // The host page learns of the conversion once (not again on a reload of this view).
  useEffect(() => {
    // Booked before in another tab: that tab told the host page already.
    if (!already) emitEmbedEventOnce(cart, request ? 'request-sent' : 'checkout-completed', bookingEventDetail(booking))
  }, [cart, request, booking, already])

  const awaitingPayment = isAwaitingPayment(booking)
  const { load, start, onPaid } = useCartBookingPayment(api, lang, cart)
  const when = (iso: string) => formatDayTime(iso, lang, config.timeZone)
  const linkExpiry = booking.paymentLink ? formatLongDate(booking.paymentLink.expiresAt, lang, config.timeZone) : ''
  return (
    <main data-testid="checkout-success" aria-label={t`Booking complete`}>
      {already ? <AlreadyBookedNotice className="mb-4" /> : null}
      <BookingOutcomeIntro booking={booking} headingClassName="text-2xl font-bold" textClassName="mt-3" />
      {awaitingPayment ? (
        <div className="mt-6">
          <PaymentPanel lang={lang} view={booking} returnedPaymentId={null} load={load} start={start} source="checkout" onPaid={onPaid} redirect={redirectTop} />
        </div>
      ) : booking.paymentState === 'payable' && booking.paymentLink ? (
        <p className="mt-4" data-testid="pay-later">
          <Trans>You can pay the open amount online until {linkExpiry}; the link is also in your e-mail.</Trans>{' '}
          <a href={`/${lang}/aftersales/payment/${booking.paymentLink.token}`} target="_blank" rel="noopener" className="underline" data-testid="payment-link">
            <Trans>Pay online now (opens a new window)</Trans>
          </a>
        </p>
      ) : null}
      <TimeZoneNote timeZone={config.timeZone} className="mt-4 text-sm" />
      <BookedDates booking={booking} lang={lang} when={when} className="mt-4 divide-y divide-black/10 rounded-lg bg-surface px-4 text-on-surface ring-1 ring-black/10" />
      <BookingTotals booking={booking} lang={lang} className="mt-3 grid grid-cols-2 gap-1" />
      <div className="mt-4 flex flex-wrap gap-3">
        {!request ? (
          <a className={buttonClass('outline', 'sm')} href={`/api/webshop/v1/carts/${cart}/booking.ics`} download>
            <Trans>Add to my calendar (.ics)</Trans>
          </a>
        ) : null}
        <Link to="." search={frame} className={buttonClass('primary', 'sm')}>
          <Trans>Book another date</Trans>
        </Link>
      </div>
    </main>
  )
}
