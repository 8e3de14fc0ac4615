import { useLingui } from '@lingui/react/macro'
import type { FieldError } from '~/components/checkout/field-error-text'
import { useAdminFieldErrorText } from '../field-errors'

/** The hours page's field messages: the codes of opening hours, then the staff app's own. */
export function useScheduleErrorText() {
  const { t } = useLingui()
  const admin = useAdminFieldErrorText()
  return (error: FieldError | undefined): string | undefined => {
    switch (error?.code) {
      case 'time':
        return t`Enter a time such as 09:30.`
      case 'hours.end_before_start':
        return t`The end must be after the start (00:00 as the end means midnight).`
      case 'hours.overlap':
        return t`These hours overlap other hours of the same day.`
      case 'hours.too_many':
        return t`At most 12 ranges a day.`
      case 'date':
        return t`This date does not exist.`
      case 'exception.duplicate':
        return t`This date is listed twice.`
      case 'required':
        return t`Add at least one range of hours.`
      case 'preview.range':
        return t`Choose at most 14 days.`
      default:
        return admin(error)
    }
  }
}
