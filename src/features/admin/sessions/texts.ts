import { useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import type { FieldError } from '~/components/checkout/field-error-text'
import { useAdminFieldErrorText } from '../field-errors'

/** The field messages of the dates' writes (capacity, series, moves), else the staff app's usual ones. */
export function useSessionFieldText() {
  const { t } = useLingui()
  const general = useAdminFieldErrorText()
  return (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined
    const p = error.params ?? {}
    const taken = String(p.taken ?? 0)
    const held = String(p.held ?? 0)
    const minimum = String(p.minimum ?? '')
    const maximum = String(p.maximum ?? '')
    const count = String(p.count ?? '')
    switch (error.code) {
      case 'capacity.below_taken':
        return t`${taken} places are booked and ${held} held in carts: the capacity must be at least ${minimum}.`
      case 'series.too_many':
        return t`This series would make ${count} dates; at most ${maximum} can be added at once. Shorten the period or choose fewer days or times.`
      case 'series.empty':
        return t`This series makes no date: choose weekdays that fall between the first and the last day.`
      case 'range.too_long':
        return t`At most ${maximum} days from the first to the last day.`
      case 'range.reversed':
        return t`The last day cannot be before the first.`
      case 'no_such_time':
        return t`The clock skips this time on this day (change to summer time). Choose another time.`
      case 'past':
        return t`This time is in the past.`
      case 'exists':
        return t`The offer already has a date at this time.`
      case 'invalid_date':
        return t`Enter a valid date.`
      default:
        return general(error)
    }
  }
}

/** The message of a date's conflict (409), or undefined for other errors. */
export function useSessionConflictText() {
  const { t } = useLingui()
  return (error: unknown): string | undefined => {
    if (!(error instanceof ApiError) || error.status !== 409) return undefined
    switch (error.code) {
      case 'session.version_conflict':
        return t`Someone else changed this date in the meantime. Load the current version, then make your change again.`
      case 'session.cancelled':
        return t`This date is cancelled and can no longer be changed.`
      case 'guide.double_booked': {
        const name = String((error.body.data as Record<string, unknown> | undefined)?.name ?? '')
        return t`${name} guides another date at the new time. Take them off one of the two dates on the planning board first, then move this one.`
      }
      default:
        return error.message || t`This change clashes with the current state. Please reload and try again.`
    }
  }
}

/** Whether an error is a version conflict (the form offers to load the current version). */
export const isVersionConflict = (error: unknown) => error instanceof ApiError && error.code === 'session.version_conflict'
