import { createFileRoute, notFound } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '../../../api/client'
import { cartBookingQuery } from '../../../api/checkout.queries'
import { pageTitle } from '../../../lib/page-title'
import { formatDate, formatMoney } from '../../../lib/dates'
import { ButtonLink } from '../../../components/button'
import { usePaymentMethodText } from '../../../components/checkout/payment-method-text'

const complete = msg`Booking complete`

export const Route = createFileRoute('/$lang/_default/checkout/$cart/success')({
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
  const { data: booking } = useSuspenseQuery(cartBookingQuery(api, lang, cart))
  const paymentText = usePaymentMethodText()
  const request = booking.mode === 'request'
  // dayjs with its bundled locale data formats the same on the server and in the browser
  // (Intl's output differs between Node's and Chromium's ICU versions, breaking hydration).
  const when = (iso: string) => formatDate(iso, lang, config.timeZone, 'dddd, LL, LT')
  const code = booking.code
  return (
    <main className="mx-auto max-w-3xl px-4 py-12" data-testid="checkout-success">
      <h1 className="text-3xl font-bold">{request ? <Trans>Request sent</Trans> : <Trans>Booking complete</Trans>}</h1>
      <p className="mt-4 text-lg">
        {request ? (
          <Trans>
            Thank you! We check availability and answer you by e-mail at {booking.email}. Your request number is <strong data-testid="booking-code">{code}</strong>.
          </Trans>
        ) : (
          <Trans>
            Thank you for your booking! A confirmation is on its way to {booking.email}. Your booking code is <strong data-testid="booking-code">{code}</strong>.
          </Trans>
        )}
      </p>
      <section aria-labelledby="summary" className="mt-8 rounded-lg bg-surface p-4 text-on-surface ring-1 ring-black/10">
        <h2 id="summary" className="text-xl font-semibold">
          <Trans>Summary</Trans>
        </h2>
        <ul className="mt-3 divide-y divide-black/10">
          {booking.items.map((item, index) => (
            <li key={index} className="py-3">
              <p className="font-semibold">
                {item.offerTitle} – {item.skuTitle}
              </p>
              <p>{when(item.start)}</p>
              <p className="text-sm">{item.participants.map((p) => `${p.firstname} ${p.surname}`).join(', ')}</p>
              <p className="text-right">{formatMoney(item.total.amount, item.total.currency, lang)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid grid-cols-2 gap-1 border-t border-black/10 pt-3">
          <dt className="font-semibold">{t`Total`}</dt>
          <dd className="text-right font-semibold">{formatMoney(booking.total.amount, booking.total.currency, lang)}</dd>
          <dt>{t`Open amount`}</dt>
          <dd className="text-right">{formatMoney(booking.openAmount.amount, booking.openAmount.currency, lang)}</dd>
          <dt>{t`Payment`}</dt>
          <dd className="text-right">{paymentText(booking.paymentMethod)}</dd>
        </dl>
      </section>
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
