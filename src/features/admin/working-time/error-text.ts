import { useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import type { FieldError } from '~/components/checkout/field-error-text'
import type { Locale } from '~/lib/locale'
import { useAdminFieldErrorText } from '../field-errors'
import { longDay } from '../sessions/format'

/** The entry form's messages, from the API's codes (the staff app's wording for the rest). */
export function useEntryErrorText(lang: Locale) {
  const { t } = useLingui()
  const admin = useAdminFieldErrorText()
  return (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined
    const p = error.params ?? {}
    switch (error.code) {
      case 'invalid_date':
        return t`Enter a date.`
      case 'invalid_time':
        return t`Enter a time such as 08:30.`
      case 'range.reversed':
        return t`The end must be after the start.`
      case 'work_time.date_out_of_range': {
        const min = typeof p.min === 'string' ? longDay(p.min, lang) : ''
        const max = typeof p.max === 'string' ? longDay(p.max, lang) : ''
        return t`Working time can be entered from ${min} to ${max}.`
      }
      case 'work_time.break_too_long':
        return t`The break must be shorter than the time from start to end.`
      case 'work_time.overlap': {
        const from = String(p.from ?? '')
        const to = String(p.to ?? '')
        return t`This overlaps another entry of the same day (${from}–${to}).`
      }
      default:
        return admin(error)
    }
  }
}

/** The message of a refused working-time change in the member's language, or undefined for a field error. */
export function useWorkingTimeRefusal() {
  const { t } = useLingui()
  return (error: unknown): string | undefined => {
    if (!(error instanceof ApiError)) return error ? t`The change could not be saved. Please try again.` : undefined
    switch (error.code) {
      case 'validation':
        return undefined
      case 'work_time.approved':
        return t`This month’s working time is approved: nothing can be changed until a manager withdraws the approval.`
      case 'work_time.changed':
        return t`The working time changed while you were looking at it. The page shows it as it is now: check it again, then approve it.`
      case 'work_time.month_not_started':
        return t`A month can be approved once it has begun.`
      case 'work_time.too_many':
        return t`A month holds at most 200 entries per person.`
      case 'work_time.not_approved':
        return t`This working time is not approved (any more).`
      case 'work_time.entry_not_found':
        return t`This entry no longer exists. The page shows the current state now.`
      case 'auth.forbidden':
        return t`You may not do this for this person’s working time.`
      default:
        return t`The change could not be saved. Please try again.`
    }
  }
}
