import { useLingui } from '@lingui/react/macro'
import type { BookingListStatus } from '~/api/admin-bookings-list.queries'

/** A booking's status as the staff app names it everywhere (a word, never a colour only). */
export function useBookingStatusLabels(): Record<BookingListStatus, string> {
  const { t } = useLingui()
  return {
    CONFIRMED: t`Confirmed`,
    REQUESTED: t`Requested`,
    ACCEPTED: t`Accepted`,
    DECLINED: t`Declined`,
    PAID: t`Paid`,
    CANCELLED: t({ message: 'Cancelled', context: 'booking status' }),
  }
}
