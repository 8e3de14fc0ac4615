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
      default:
        return error.message || t`This change clashes with the current state. Please reload and try again.`
    }
  }
}
