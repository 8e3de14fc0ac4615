import { useLingui } from '@lingui/react/macro'
import type { OnSiteMethod } from '~/api/admin-booking-detail.queries'

/** The words of one booking: payment methods and providers, refund and e-mail states, e-mail kinds, history actions. */
export function useBookingDetailLabels() {
  const { t } = useLingui()
  const method: Record<OnSiteMethod, string> = { cash: t`Cash`, card: t`Card`, transfer: t`Bank transfer`, other: t`Other` }
  const provider = (id: string) => (id === 'on_site' ? t`On site` : id === 'sandbox' ? t`Test payment (sandbox)` : id)
  const paymentStatus: Record<'pending' | 'succeeded' | 'failed' | 'cancelled', string> = {
    pending: t`In progress`,
    succeeded: t`Received`,
    failed: t`Failed`,
    cancelled: t`Abandoned`,
  }
  const source: Record<'checkout' | 'link' | 'staff', string> = { checkout: t`Checkout`, link: t`Payment link`, staff: t`Recorded by staff` }
  const refundStatus: Record<'pending' | 'succeeded' | 'failed', string> = { pending: t`Refund pending`, succeeded: t`Refunded`, failed: t`Refund failed` }
  const emailStatus: Record<'pending' | 'sent' | 'failed', string> = { pending: t`Queued`, sent: t`Sent`, failed: t`Not delivered` }
  const paymentMethod: Record<'PAY_NOW' | 'PAY_LATER' | 'PAY_ON_SITE' | 'PAY_LATER_OR_ON_SITE', string> = {
    PAY_NOW: t`Pay now online`,
    PAY_LATER: t`Pay later online`,
    PAY_ON_SITE: t`Pay on site`,
    PAY_LATER_OR_ON_SITE: t`Pay later online or on site`,
  }
  const emailKind = (kind: string) => {
    switch (kind) {
      case 'booking.confirmation':
        return t`Booking confirmation`
      case 'request.received':
        return t`Request received`
      case 'request.accepted':
        return t`Request accepted`
      case 'request.declined':
        return t`Request declined`
      case 'payment.received':
        return t`Payment receipt`
      case 'booking.cancelled':
        return t`Cancellation`
      case 'booking.moved':
        return t`Booking moved`
      case 'booking.visitor_cancelled':
        return t`Cancelled by the visitor (to the shop)`
      case 'booking.visitor_moved':
        return t`Moved by the visitor (to the shop)`
      case 'refund.sent':
        return t`Refund made`
      default:
        return kind.startsWith('staff.') ? t`Notification to the staff` : kind
    }
  }
  const historyAction = (action: string) => {
    switch (action) {
      case 'cancelled':
        return t({ message: 'Cancelled', context: 'booking status' })
      case 'payment_recorded':
        return t`Payment recorded`
      case 'payment_link_sent':
        return t`Payment link sent`
      case 'confirmation_sent':
        return t`Confirmation sent again`
      case 'participants_changed':
        return t`Participants changed`
      case 'refund_confirmed':
        return t`Refund confirmed`
      case 'moved':
        return t`Moved to another date`
      default:
        return action
    }
  }
  const cancelReason: Record<'payment_deadline' | 'staff' | 'visitor', string> = {
    payment_deadline: t`not paid in time`,
    staff: t`by the staff`,
    visitor: t`by the visitor`,
  }
  return { method, provider, paymentStatus, source, refundStatus, emailStatus, paymentMethod, emailKind, historyAction, cancelReason }
}
