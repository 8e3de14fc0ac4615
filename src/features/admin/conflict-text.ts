import { useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'

/** The message of a staff write's conflict (409) in the member's language, or undefined for other errors. */
export function useConflictText() {
  const { t } = useLingui()
  return (error: unknown): string | undefined => {
    if (!(error instanceof ApiError) || error.status !== 409) return undefined
    switch (error.code) {
      case 'staff.version_conflict':
        return t`Someone else changed this staff member in the meantime. The list shows the current state now; please try again.`
      case 'staff.last_owner':
        return t`The shop needs at least one active owner: this change would leave it without one.`
      case 'staff.already_active':
        return t`This staff member has set a password already: no invitation is needed.`
      case 'staff.email_taken':
        return t`A staff member with this e-mail address exists already.`
      case 'customer.version_conflict':
        return t`This customer was changed in the meantime (by a colleague or a new booking). The page shows the current details now; please make your change again.`
      case 'customer.email_taken':
        return t`Another customer has this e-mail address. Open that customer instead, or use another address.`
      case 'customer.erased':
        return t`This customer’s personal data were erased: nothing can be changed any more.`
      case 'customer.upcoming_bookings':
        return t`This customer has bookings still to come, and their details are needed to run them. Cancel those bookings first, or erase the data after their date.`
      case 'request.already_answered':
        return t`Someone else answered this request in the meantime. The page shows their answer now.`
      case 'places.insufficient':
        return t`There are not enough free places any more for this request: nothing was changed. You can decline it, or make room and try again.`
      case 'slot.unavailable':
        return t`The start time of this request is no longer free: nothing was changed. You can decline it and suggest another time.`
      case 'session.past':
        return t`A date of this request has passed or was cancelled: nothing was changed. You can decline it and suggest another date.`
      default:
        return error.message || t`This change clashes with the current state. Please reload and try again.`
    }
  }
}
