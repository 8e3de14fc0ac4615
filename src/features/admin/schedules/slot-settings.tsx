import { useLingui } from '@lingui/react/macro'
import { TextField } from '~/components/checkout/text-field'
import type { FieldError } from '~/components/checkout/field-error-text'
import type { ScheduleDraft } from './schedule-state'
import { useScheduleErrorText } from './use-schedule-error-text'
import { scheduleFieldId } from './weekly-hours'

type Key = 'durationMinutes' | 'stepMinutes' | 'bufferMinutes'

/** How long a booking lasts, the interval between start times, the free time kept around other bookings (minutes). */
export function SlotSettings(props: { draft: ScheduleDraft; error: (path: string) => FieldError | undefined; onChange: (next: Partial<ScheduleDraft>) => void }) {
  const { t } = useLingui()
  const text = useScheduleErrorText()
  const fields: { key: Key; label: string; hint: string }[] = [
    { key: 'durationMinutes', label: t`Duration (minutes)`, hint: t`How long one booking lasts; it must end within the opening hours.` },
    { key: 'stepMinutes', label: t`Interval between start times (minutes)`, hint: t`30: start times at 09:00, 09:30, 10:00 …, counted from the start of each range.` },
    { key: 'bufferMinutes', label: t`Buffer between bookings (minutes)`, hint: t`Free time kept before and after every booking.` },
  ]
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {fields.map(({ key, label, hint }) => (
        <TextField
          key={key}
          id={scheduleFieldId(`schedule.${key}`)}
          type="number"
          label={label}
          hint={hint}
          required
          value={props.draft[key]}
          error={text(props.error(`schedule.${key}`))}
          onChange={(value) => props.onChange({ [key]: value })}
        />
      ))}
    </div>
  )
}
