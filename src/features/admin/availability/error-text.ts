import { useLingui } from '@lingui/react/macro'
import type { FieldError } from '~/components/checkout/field-error-text'
import type { Locale } from '~/lib/locale'
import { useAdminFieldErrorText } from '../field-errors'
import { longDay } from '../sessions/format'

/** The availability forms' messages, from the API's codes (the staff app's wording for the rest). */
export function useAvailabilityErrorText(lang: Locale) {
  const { t } = useLingui()
  const admin = useAdminFieldErrorText()
  return (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined
    switch (error.code) {
      case 'availability.date_out_of_range': {
        const min = typeof error.params?.min === 'string' ? longDay(error.params.min, lang) : ''
        const max = typeof error.params?.max === 'string' ? longDay(error.params.max, lang) : ''
        return t`Availability can be given up to two years ahead (and back): from ${min} to ${max}.`
      }
      case 'availability.duplicate_date':
        return t`This date is selected twice.`
      case 'availability.duplicate_entry':
        return t`This weekday and part of the day is listed twice.`
      case 'too_small':
        return error.params?.minimum === 1 ? t`Select at least one date in the calendar.` : admin(error)
      case 'too_big':
        return typeof error.params?.maximum === 'number' && error.params.maximum === 366 ? t`Select at most 366 dates at once.` : admin(error)
      default:
        return admin(error)
    }
  }
}
