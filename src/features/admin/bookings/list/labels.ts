import { useLingui } from '@lingui/react/macro'
import type { BookingListPaymentFilter, BookingListPaymentState, BookingListStatus } from '~/api/admin-bookings-list.queries'

/** The words of the bookings list: statuses, payment states, kinds and channels. */
export function useBookingListLabels() {
  const { t } = useLingui()
  const status: Record<BookingListStatus, string> = {
    CONFIRMED: t`Confirmed`,
    REQUESTED: t`Requested`,
    ACCEPTED: t`Accepted`,
    DECLINED: t`Declined`,
    PAID: t`Paid`,
    CANCELLED: t({ message: 'Cancelled', context: 'booking status' }),
  }
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
