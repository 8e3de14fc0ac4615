import { useLingui } from '@lingui/react/macro'
import type { Customer, CustomerType } from '~/api/admin-customers.queries'
import { useBookingStatusLabels } from '../bookings/status-labels'

type BookingStatus = Customer['bookings'][number]['status']

/** The words of the CRM pages: customer types, booking states, history actions. */
export function useCustomerLabels() {
  const { t } = useLingui()
  const type: Record<CustomerType, string> = { PRIVATE: t`Private person`, COMPANY: t`Company` }
  const status: Record<BookingStatus, string> = useBookingStatusLabels()
  const action = (name: string): string => {
    switch (name) {
      case 'created':
        return t`Created from a booking`
      case 'booked':
        return t`Booked again`
      case 'updated':
        return t`Details changed`
      case 'erased':
        return t`Personal data erased`
      default:
        return name
    }
  }
  return { type, status, action }
}
