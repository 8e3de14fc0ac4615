import { useLingui } from '@lingui/react/macro'
import type { BookingListPaymentFilter, BookingListPaymentState } from '~/api/admin-bookings-list.queries'
import { useBookingStatusLabels } from '../status-labels'

/** The words of the bookings list: statuses, payment states, kinds and channels. */
export function useBookingListLabels() {
  const { t } = useLingui()
  const status = useBookingStatusLabels()
  const paymentState: Record<BookingListPaymentState, string> = {
    paid: t`Paid in full`,
    partially_paid: t`Partially paid`,
    unpaid: t`Unpaid`,
    refund_due: t`Refund due`,
    refunded: t`Refunded`,
    none: t`Nothing to pay`,
  }
  const paymentFilter: Record<BookingListPaymentFilter, string> = {
    open: t`Amount open`,
    paid: t`Paid in full`,
    refund_due: t`Refund due`,
  }
  const mode = { order: t`Booking`, request: t`Request` }
  const channel = { shop: t`Shop`, embed: t`Embedded widget` }
  return { status, paymentState, paymentFilter, mode, channel }
}
