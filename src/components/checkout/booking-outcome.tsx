import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import type { Api } from '~/api/client'
import { cartBookingQuery, fetchCartBooking, startCartPayment } from '~/api/checkout.queries'
import type { Locale } from '~/lib/locale'

type Booking = Awaited<ReturnType<typeof fetchCartBooking>>

/** Pay now and not paid yet: the places are reserved, the payment panel is shown. */
export const isAwaitingPayment = (booking: Booking) => booking.paymentMethod === 'PAY_NOW' && booking.paymentState === 'payable'

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
