import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import {
  bookingKey,
  cancelStaffBooking,
  recordOnSitePayment,
  resendConfirmation,
  resendPaymentLink,
  updateParticipants,
  type OnSitePaymentInput,
  type ParticipantsInput,
  type StaffBooking,
} from '~/api/admin-booking-detail.queries'
import { ApiError } from '~/api/client'
import { useConflictText } from '../../conflict-text'

/**
 * The staff's writes on one booking. Each answer is the booking as it is now: it replaces the
 * page's copy, and the lists that show the booking are reloaded. A conflict (changed meanwhile,
 * no longer possible) reloads the booking, so that the page shows why.
 */
export function useBookingActions(api: AdminApi, code: string) {
  const queryClient = useQueryClient()
  const saved = (booking: StaffBooking) => {
    queryClient.setQueryData(bookingKey(code), booking)
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'bookings', 'list'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'sessions'] }),
    ])
  }
  const failed = (error: Error) => {
    if (error instanceof ApiError && error.status === 409) return queryClient.invalidateQueries({ queryKey: bookingKey(code) })
  }
  const options = { onSuccess: saved, onError: failed }
  return {
    pay: useMutation({ mutationFn: (body: OnSitePaymentInput) => recordOnSitePayment(api, code, body), ...options }),
    link: useMutation({ mutationFn: () => resendPaymentLink(api, code), ...options }),
    confirmation: useMutation({ mutationFn: () => resendConfirmation(api, code), ...options }),
    participants: useMutation({ mutationFn: (body: ParticipantsInput) => updateParticipants(api, code, body), ...options }),
    cancel: useMutation({ mutationFn: (body: { version: number; message?: string }) => cancelStaffBooking(api, code, body), ...options }),
  }
}

/** The message of a refused write on a booking, in the member's language (undefined: field errors or none). */
export function useBookingErrorText() {
  const { t } = useLingui()
  const conflictText = useConflictText()
  return (error: unknown): string | undefined => {
    if (!error) return undefined
    if (error instanceof ApiError && error.status === 409) {
      switch (error.code) {
        case 'booking.version_conflict':
          return t`This booking was changed in the meantime (by a colleague, a payment or the visitor). The page shows its current state now; please check it and try again.`
        case 'booking.not_cancellable':
          return t`An open request is not cancelled: answer it in the requests inbox.`
        case 'booking.not_payable':
          return t`This booking can no longer be paid.`
        case 'booking.not_payable_online':
          return t`Nothing of this booking can be paid online, so no payment link can be sent.`
        case 'booking.not_confirmed':
          return t`Only a confirmed booking has a confirmation to send.`
        case 'booking.not_editable':
          return t`A cancelled or declined booking can no longer be changed.`
        case 'payment.in_progress':
          return t`The visitor is paying this booking right now. Please wait a moment and try again.`
        default:
          return conflictText(error)
      }
    }
    if (error instanceof ApiError && error.code === 'validation') return undefined
    return t`This did not work. Please try again.`
  }
}
