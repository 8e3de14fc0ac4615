import { Fragment, useCallback, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Api } from '~/api/client'
import { cartBookingQuery, fetchCartBooking, startCartPayment } from '~/api/checkout.queries'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/dates'
import { bookedDates, quantityAndPrice, type BookedDate } from '~/lib/booking-summary'
import type { Money } from '~/lib/money'
import { usePaymentMethodText } from '~/components/payments/payment-method-text'

type Booking = Awaited<ReturnType<typeof fetchCartBooking>>

/** Pay now and not paid yet: the places are reserved, the payment panel is shown. */
export const isAwaitingPayment = (booking: Booking) => booking.paymentMethod === 'PAY_NOW' && booking.paymentState === 'payable'

/**
 * The cart was booked before (in another tab or window): what the visitor sees is that booking,
 * and what they just entered was not booked (issue 22, point 14).
 */
export function AlreadyBookedNotice({ className = 'mb-6' }: { className?: string }) {
  return (
    <div role="status" data-testid="already-booked" className={`rounded-md border border-black/20 bg-surface p-4 text-on-surface ${className}`}>
      <p className="font-semibold">
        <Trans>This booking was already completed (in another tab or window). Here it is.</Trans>
      </p>
      <p className="mt-1">
        <Trans>The details you just entered were not booked. To book again, start a new booking.</Trans>
      </p>
    </div>
  )
}

/**
 * The outcome of a checkout for the visitor: request sent, places reserved until paid,
 * or booking complete; with the booking code and where the confirmation goes. Shared by the
 * success page and the booking widget, which differ only in size.
 */
export function BookingOutcomeIntro({ booking, headingClassName, textClassName }: { booking: Booking; headingClassName: string; textClassName: string }) {
  const request = booking.mode === 'request'
  const awaitingPayment = isAwaitingPayment(booking)
  const cancelled = booking.status === 'CANCELLED'
  const code = booking.code
  const email = booking.email
  return (
    <>
      <h1 className={headingClassName}>
        {cancelled ? (
          <Trans>Booking cancelled</Trans>
        ) : request ? (
          <Trans>Request sent</Trans>
        ) : awaitingPayment ? (
          <Trans>Your places are reserved</Trans>
        ) : (
          <Trans>Booking complete</Trans>
        )}
      </h1>
      <p className={textClassName} data-testid={cancelled ? 'booking-cancelled' : undefined}>
        {cancelled ? (
          <Trans>
            The booking <strong data-testid="booking-code">{code}</strong> has been cancelled and its places are free again. We have sent you an e-mail about it.
          </Trans>
        ) : request ? (
          <Trans>
            Thank you! We check availability and answer you by e-mail at {booking.email}. Your request number is <strong data-testid="booking-code">{code}</strong>.
          </Trans>
        ) : awaitingPayment ? (
          <Trans>
            Your booking code is <strong data-testid="booking-code">{code}</strong>. Please complete the payment below; a confirmation is on its way to {email}.
          </Trans>
        ) : (
          <Trans>
            Thank you for your booking! A confirmation is on its way to {booking.email}. Your booking code is <strong data-testid="booking-code">{code}</strong>.
          </Trans>
        )}
      </p>
    </>
  )
}

/**
 * The booking's dates (src/lib/booking-summary.ts), each with the offer, its start (`when`
 * formats it), where to meet, a line per variant with its participants, the extras booked with it
 * and what it costs; as the e-mail and the calendar file tell them.
 */
export function BookedDates({ booking, lang, when, className }: { booking: Booking; lang: Locale; when: (iso: string) => string; className: string }) {
  return (
    <ul className={className}>
      {bookedDates(booking.items).map((date) => (
        <BookedDateRow key={date.index} date={date} lang={lang} when={when} />
      ))}
    </ul>
  )
}

function BookedDateRow({ date, lang, when }: { date: BookedDate; lang: Locale; when: (iso: string) => string }) {
  const money = (m: Money | undefined) => (m ? formatMoney(m.amount, m.currency, lang) : undefined)
  const meetingPoint = date.meetingPoint
  return (
    <li className="py-3" data-testid="booked-date">
      <p className="font-semibold">{date.offerTitle}</p>
      <p>{when(date.start)}</p>
      {meetingPoint ? (
        <p data-testid="meeting-point">
          <Trans>Meeting point: {meetingPoint}</Trans>
        </p>
      ) : null}
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {date.lines.map((line, i) => (
          <Fragment key={i}>
            <dt data-testid="booked-variant">
              {line.variant} <span className="whitespace-nowrap">{quantityAndPrice(line.quantity, money(line.unitPrice))}</span>
              {line.participants.length ? <span className="block text-sm">{line.participants.join(', ')}</span> : null}
            </dt>
            <dd className="text-right">{money(line.amount)}</dd>
          </Fragment>
        ))}
      </dl>
      {date.extras.length ? (
        <>
          <p className="mt-2 text-sm font-semibold">
            <Trans>Extras</Trans>
          </p>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            {date.extras.map((extra) => (
              <Fragment key={extra.id}>
                <dt data-testid="booked-extra">
                  {extra.title} <span className="whitespace-nowrap">{quantityAndPrice(extra.quantity, money(extra.unitPrice))}</span>
                </dt>
                <dd className="text-right">{money(extra.amount)}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      ) : null}
      <p className="mt-1 text-right font-semibold" data-testid="booked-date-total">
        {money(date.total)}
      </p>
    </li>
  )
}

/** The booking's total and payment method; `children` (e.g. the open amount) stand between them. */
export function BookingTotals({ booking, lang, className, children }: { booking: Booking; lang: Locale; className: string; children?: ReactNode }) {
  const { t } = useLingui()
  const paymentText = usePaymentMethodText()
  return (
    <dl className={className}>
      <dt className="font-semibold">{t`Total`}</dt>
      <dd className="text-right font-semibold">{formatMoney(booking.total.amount, booking.total.currency, lang)}</dd>
      {children}
      <dt>{t`Payment`}</dt>
      <dd className="text-right">{paymentText(booking.paymentMethod)}</dd>
    </dl>
  )
}

/** What the payment panel needs for a cart's booking: read it again, start a payment, refresh once paid. */
export function useCartBookingPayment(api: Api, lang: Locale, cart: string) {
  const queryClient = useQueryClient()
  // The API client sends the page's locale itself; `lang` renews the calls when it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `lang` renews the calls when the page's language changes (the client sends it)
  const load = useCallback(() => fetchCartBooking(api, cart), [api, lang, cart])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `lang` renews the calls when the page's language changes (the client sends it)
  const start = useCallback(() => startCartPayment(api, cart), [api, lang, cart])
  const onPaid = useCallback(() => void queryClient.invalidateQueries({ queryKey: cartBookingQuery(api, lang, cart).queryKey }), [queryClient, api, lang, cart])
  return { load, start, onPaid }
}
