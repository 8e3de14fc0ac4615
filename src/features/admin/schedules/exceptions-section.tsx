import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import type { FieldError } from '~/components/checkout/field-error-text'
import type { Locale } from '~/lib/locale'
import { DateSelectionDialog } from '../date-selection/date-selection-dialog'
import { ExceptionChoice } from './exception-choice'
import { withExceptions, type ExceptionDraft } from './schedule-state'
import { useScheduleErrorText } from './use-schedule-error-text'
import { longDate } from './weekday-names'
import { scheduleFieldId } from './weekly-hours'

const hoursText = (e: ExceptionDraft) => e.hours.map((r) => `${r.start}–${r.end === '00:00' ? '24:00' : r.end}`).join(', ')

/** Dates that differ from the week (closed, or special hours): the list, and adding several at once in the dialog. */
export function ExceptionsSection(props: {
  exceptions: ExceptionDraft[]
  lang: Locale
  today: string
  error: (path: string) => FieldError | undefined
  onChange: (exceptions: ExceptionDraft[]) => void
}) {
  const { t } = useLingui()
  const text = useScheduleErrorText()
  const [open, setOpen] = useState(false)
  const errorsOf = (i: number) => {
    const prefix = `schedule.exceptions.${i}`
    const own = ['date', 'hours'].map((f) => text(props.error(`${prefix}.${f}`)))
    const ranges = props.exceptions[i]!.hours.flatMap((_, j) => ['start', 'end'].map((f) => text(props.error(`${prefix}.hours.${j}.${f}`))))
    return [...new Set([...own, ...ranges].filter(Boolean))]
  }
  return (
    <div className="space-y-3">
      {props.exceptions.length === 0 ? (
        <p>
          <Trans>No exceptions: every date follows the weekly hours.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-gray-300 rounded-md border border-gray-300" data-testid="exceptions">
          {props.exceptions.map((e, i) => {
            const date = longDate(e.date, props.lang)
            const errors = errorsOf(i)
            return (
              <li key={e.date} id={scheduleFieldId(`schedule.exceptions.${i}.date`)} tabIndex={-1} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <p className="font-medium">{date}</p>
                  <p className="text-sm">{e.closed ? <Trans>Closed all day</Trans> : <Trans>Special hours: {hoursText(e)}</Trans>}</p>
                  {errors.map((message) => (
                    <p key={message} className="text-sm font-medium text-error">
                      {message}
                    </p>
                  ))}
                </div>
                <Button size="sm" variant="gray" className="min-h-11" onClick={() => props.onChange(props.exceptions.filter((x) => x.date !== e.date))}>
                  <Trans>Remove</Trans>
                  {' '}
              <span className="sr-only">({date})</span>
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Trans>Add closed days or special hours…</Trans>
      </Button>
      <DateSelectionDialog open={open} title={t`Choose dates`} lang={props.lang} start={props.today} min={props.today} onClose={() => setOpen(false)} testId="date-selection-dialog">
        {(dates, done) => (
          <ExceptionChoice
            dates={dates}
            onApply={(choice) => {
              props.onChange(withExceptions(props.exceptions, dates, choice))
              done()
            }}
          />
        )}
      </DateSelectionDialog>
    </div>
  )
}
