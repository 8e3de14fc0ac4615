import { Trans } from '@lingui/react/macro'
import type { FieldError } from '~/components/checkout/field-error-text'
import type { Locale } from '~/lib/locale'
import { RangesEditor } from './ranges-editor'
import { DISPLAY_ORDER, weeklyIndexes, type Range } from './schedule-state'
import { useScheduleErrorText } from './use-schedule-error-text'
import { weekdayName } from './weekday-names'

/** The id of a schedule field by its path in the body (the error summary links to it). */
export const scheduleFieldId = (path: string) => `hours-${path.replace(/\./g, '-')}`

/** The week: per weekday closed, or one or more from–to ranges. */
export function WeeklyHours(props: { days: Range[][]; lang: Locale; error: (path: string) => FieldError | undefined; onChange: (days: Range[][]) => void }) {
  const text = useScheduleErrorText()
  const indexes = weeklyIndexes(props.days)
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {DISPLAY_ORDER.map((weekday) => {
        const name = weekdayName(weekday, props.lang)
        const ranges = props.days[weekday]!
        const path = (k: number) => `schedule.weeklyHours.${indexes[weekday]![k]}`
        const dayErrors = ranges.map((_, k) => text(props.error(path(k)))).filter(Boolean)
        return (
          <fieldset key={weekday} className="min-w-0 rounded-md border border-gray-300 p-3" data-testid={`weekday-${weekday}`}>
            <legend className="px-1 font-semibold">{name}</legend>
            {ranges.length === 0 ? (
              <p className="mb-2 text-sm">
                <Trans>Closed</Trans>
              </p>
            ) : null}
            <RangesEditor
              ranges={ranges}
              context={name}
              idOf={(k, part) => scheduleFieldId(`${path(k)}.${part}`)}
              errorOf={(k, part) => text(props.error(`${path(k)}.${part}`))}
              onChange={(next) => props.onChange(props.days.map((r, d) => (d === weekday ? next : r)))}
            />
            {dayErrors.map((message) => (
              <p key={message} className="mt-1 text-sm font-medium text-error">
                {message}
              </p>
            ))}
          </fieldset>
        )
      })}
    </div>
  )
}
