import { ErrorSummary } from '../error-summary'
import type { FieldErrors } from '../field-errors'
import { useScheduleErrorText } from './use-schedule-error-text'
import { scheduleFieldId } from './weekly-hours'

/** The label a field is known by ("Monday: From"), read from the page; else its path. */
function labelOf(path: string): string {
  const element = typeof document === 'undefined' ? null : document.getElementById(scheduleFieldId(path))
  const label = (element instanceof HTMLInputElement ? element.labels?.[0]?.firstChild?.textContent : element?.querySelector('p')?.textContent) ?? null
  const group = element?.closest('fieldset')?.querySelector('legend')?.textContent
  return label ? [group, label].filter(Boolean).join(': ') : path
}

/** After a refused save of the opening hours: the summary, with the hours' field ids, labels and messages. */
export function ScheduleErrorSummary({ errors }: { errors: FieldErrors }) {
  const text = useScheduleErrorText()
  return <ErrorSummary errors={errors} idOf={scheduleFieldId} labelOf={labelOf} text={text} />
}
