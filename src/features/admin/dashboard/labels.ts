import { useLingui } from '@lingui/react/macro'
import type { DashboardBookingStatus } from '~/api/admin-dashboard.queries'

/** A booking's status as the dashboard names it (a word, never a colour only). */
export function useBookingStatusLabels(): Record<DashboardBookingStatus, string> {
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
