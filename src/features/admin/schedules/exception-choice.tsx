import { useId, useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import { RangesEditor } from './ranges-editor'
import { rangesProblem, type Range } from './schedule-state'
import { useScheduleErrorText } from './use-schedule-error-text'

/**
 * Inside the date-selection dialog: what the selected dates become, closed all day or special
 * hours (checked here already, so a wrong range is fixed before it reaches the list).
 */
export function ExceptionChoice(props: { dates: string[]; onApply: (choice: { closed: boolean; hours: Range[] }) => void }) {
  const { t } = useLingui()
  const text = useScheduleErrorText()
  const name = useId()
  const [closed, setClosed] = useState(true)
  const [hours, setHours] = useState<Range[]>([{ start: '09:00', end: '12:00' }])
  const [tried, setTried] = useState(false)
  const problem = closed ? null : rangesProblem(hours)
  const count = props.dates.length
  const apply = () => {
    setTried(true)
    if (count > 0 && !problem) props.onApply({ closed, hours })
  }
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="font-medium">
          <Trans>The selected dates are</Trans>
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name={name} className="h-5 w-5" checked={closed} onChange={() => setClosed(true)} />
            <Trans>Closed all day</Trans>
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name={name} className="h-5 w-5" checked={!closed} onChange={() => setClosed(false)} />
            <Trans>Open with special hours</Trans>
          </label>
        </div>
      </fieldset>
      {closed ? null : (
        <RangesEditor ranges={hours} context={t`Special hours`} idOf={(k, part) => `${name}-${k}-${part}`} onChange={setHours} />
      )}
      {tried && problem ? (
        <p role="alert" className="text-sm font-medium text-error">
          {text({ code: problem })}
        </p>
      ) : null}
      {tried && count === 0 ? (
        <p role="alert" className="text-sm font-medium text-error">
          <Trans>Select at least one date in the calendar.</Trans>
        </p>
      ) : null}
      <Button onClick={apply}>
        {count === 0 ? <Trans>Apply to the selected dates</Trans> : <Plural value={count} one="Apply to # date" other="Apply to # dates" />}
      </Button>
    </div>
  )
}
