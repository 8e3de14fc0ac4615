import { useState } from 'react'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { cartBookingQuery } from '~/api/checkout.queries'
import { OPAQUE_ID } from '~/lib/params'
import { PaymentPanel } from '~/components/payments/payment-panel'
import { pageTitle } from '~/lib/page-title'
import { formatDayTime, formatLongDate, formatMoney } from '~/lib/dates'
import { ButtonLink } from '~/components/button'
import { AlreadyBookedNotice, BookedDates, BookingOutcomeIntro, BookingTotals, useCartBookingPayment } from '~/components/checkout/booking-outcome'
import { TimeZoneNote } from '~/components/time-zone-note'

const complete = msg`Booking complete`

/** `already`: the checkout found the cart booked before (another tab or window): this is that booking. */
type Search = { payment?: string; already?: 1 }

export const Route = createFileRoute('/$lang/_default/checkout/$cart/success')({
  // `payment`: back from the provider after pay now (its `outcome` hint is ignored: the server,
  // told by the provider's signed webhook, says whether it was paid).
  validateSearch: (search: Record<string, unknown>): Search => ({
    ...(typeof search.payment === 'string' && OPAQUE_ID.test(search.payment) ? { payment: search.payment } : {}),
    ...(search.already === 1 || search.already === '1' ? { already: 1 as const } : {}),
  }),
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(cartBookingQuery(context.api, context.lang, params.cart))
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound({ data: { reason: 'validation' } })
      throw error
    }
  },
  head: ({ match }) => pageTitle(match.context.config, match.context.lang, complete, { noindex: true }),
  component: SuccessPage,
})

function SuccessPage() {
  const { t } = useLingui()
  const { api, lang, config } = Route.useRouteContext()
  const { cart } = Route.useParams()
  const { payment, already } = Route.useSearch()
  const { data: booking } = useSuspenseQuery(cartBookingQuery(api, lang, cart))
  const request = booking.mode === 'request'
  // The manage link's token comes only with the checkout's answer (it is stored hashed): kept
  // while the page lives; after a reload the e-mail has it.
  const [manageToken] = useState(booking.manageToken)
  // Pay now: the payment panel until it is paid (and after the return, to show the outcome).
  const payNow = booking.paymentMethod === 'PAY_NOW' && (payment !== undefined || booking.paymentState === 'payable')
  const { load, start, onPaid } = useCartBookingPayment(api, lang, cart)
  const when = (iso: string) => formatDayTime(iso, lang, config.timeZone)
  const deadline = booking.paymentDeadline ? when(booking.paymentDeadline) : ''
  const linkExpiry = booking.paymentLink ? formatLongDate(booking.paymentLink.expiresAt, lang, config.timeZone) : ''
  return (
    <main className="mx-auto max-w-3xl px-4 py-12" data-testid="checkout-success">
      {already ? <AlreadyBookedNotice /> : null}
      <BookingOutcomeIntro booking={booking} headingClassName="text-3xl font-bold" textClassName="mt-4 text-lg" />
      {booking.paymentDeadline ? (
        <p className="mt-4" data-testid="payment-deadline">
          <Trans>Please pay by {deadline}. If it is still unpaid then, the booking is cancelled and the places are released.</Trans>
        </p>
      ) : null}
      {payNow ? (
        <div className="mt-8">
          <PaymentPanel lang={lang} view={booking} returnedPaymentId={payment ?? null} load={load} start={start} source="checkout" onPaid={onPaid} />
        </div>
      ) : booking.paymentState === 'payable' && booking.paymentLink ? (
        <section aria-labelledby="pay-later" className="mt-8 rounded-lg bg-surface p-4 text-on-surface ring-1 ring-black/10" data-testid="pay-later">
          <h2 id="pay-later" className="text-xl font-semibold">
            <Trans>Pay online</Trans>
          </h2>
          <p className="mt-2">
            <Trans>You can pay the open amount online whenever it suits you, until {linkExpiry}. We have also sent you the link by e-mail.</Trans>
          </p>
          <ButtonLink className="mt-4" to="/$lang/aftersales/payment/$token" params={{ lang, token: booking.paymentLink.token }} data-testid="payment-link">
            <Trans>Pay online now</Trans>
          </ButtonLink>
        </section>
      ) : null}
      <section aria-labelledby="summary" className="mt-8 rounded-lg bg-surface p-4 text-on-surface ring-1 ring-black/10">
        <h2 id="summary" className="text-xl font-semibold">
          <Trans>Summary</Trans>
        </h2>
        <TimeZoneNote timeZone={config.timeZone} className="mt-1 text-sm" />
        <BookedDates booking={booking} lang={lang} when={when} className="mt-3 divide-y divide-black/10" />
        <BookingTotals booking={booking} lang={lang} className="mt-3 grid grid-cols-2 gap-1 border-t border-black/10 pt-3">
          <dt>{t`Open amount`}</dt>
          <dd className="text-right">{formatMoney(booking.openAmount.amount, booking.openAmount.currency, lang)}</dd>
        </BookingTotals>
      </section>
      {!request ? (
        <section aria-labelledby="manage-booking" className="mt-8" data-testid="manage-booking-link">
          <h2 id="manage-booking" className="text-xl font-semibold">
            <Trans>Manage my booking</Trans>
          </h2>
          <p className="mt-2">
            <Trans>Need to cancel or change the date? Within the cancellation policy you can do it yourself with the link in your confirmation e-mail.</Trans>
          </p>
          {manageToken ? (
            <ButtonLink className="mt-4" variant="outline" to="/$lang/aftersales/booking/$token" params={{ lang, token: manageToken }}>
              <Trans>Manage my booking</Trans>
            </ButtonLink>
          ) : null}
        </section>
      ) : null}
      <div className="mt-8 flex flex-wrap gap-3">
        {!request ? (
          <a className="inline-flex min-h-11 items-center rounded-md border-2 border-primary px-4 font-medium text-primary" href={`/api/webshop/v1/carts/${cart}/booking.ics`} download>
            <Trans>Add to my calendar (.ics)</Trans>
          </a>
        ) : null}
        <ButtonLink to="/$lang" params={{ lang }}>
          <Trans>Back to the home page</Trans>
        </ButtonLink>
      </div>
    </main>
  )
}
