import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import type { FieldErrors } from '../field-errors'
import { SessionField } from './field'
import { shortDay, weekdayNames } from './format'
import { useSessionFieldText } from './texts'

export type SeriesValues = {
  weekdays: number[]
  times: string
  from: string
  to: string
  exceptions: string[]
}

/** Start times as typed ("09:00, 14:30"): separated by commas or spaces. */
export const timesOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean)

/** Monday-first position → the contract's weekday (0 = Sunday). */
const WEEKDAY_OF_COLUMN = [1, 2, 3, 4, 5, 6, 0]

/** The fields of a weekly series: weekdays, start times, first and last day, days left out. */
export function SeriesFields(props: { values: SeriesValues; onChange: (values: SeriesValues) => void; errors: FieldErrors; lang: Locale }) {
  const { t } = useLingui()
  const text = useSessionFieldText()
  const [exception, setException] = useState('')
  const { values, onChange, errors } = props
  const names = weekdayNames(props.lang, 'long')
  const set = (patch: Partial<SeriesValues>) => onChange({ ...values, ...patch })
  const weekdaysError = text(errors['series.weekdays'])
  const timesError = Object.entries(errors).find(([k]) => k.startsWith('series.times'))?.[1]
  const exceptionsError = text(Object.entries(errors).find(([k]) => k.startsWith('series.exceptions'))?.[1])
  return (
    <div className="space-y-4">
      <fieldset aria-describedby={weekdaysError ? 'series-weekdays-error' : undefined}>
        <legend className="font-medium">
          <Trans>Weekdays</Trans>
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {WEEKDAY_OF_COLUMN.map((weekday, column) => (
            <label key={weekday} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5"
                checked={values.weekdays.includes(weekday)}
                onChange={(e) =>
                  set({
                    weekdays: e.target.checked ? [...values.weekdays, weekday] : values.weekdays.filter((w) => w !== weekday),
                  })
                }
              />
              {names[column]}
            </label>
          ))}
        </div>
        {weekdaysError ? (
          <p id="series-weekdays-error" className="mt-1 text-sm font-medium text-error">
            {weekdaysError}
          </p>
        ) : null}
      </fieldset>
      <SessionField
        id="series-times"
        label={t`Start times`}
        hint={t`24-hour times, separated by commas, e.g. 09:00, 14:30`}
        value={values.times}
        onChange={(times) => set({ times })}
        error={timesError}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SessionField id="series-from" type="date" label={t`First day`} value={values.from} onChange={(from) => set({ from })} error={errors['series.from']} required />
        <SessionField id="series-to" type="date" label={t`Last day`} value={values.to} onChange={(to) => set({ to })} error={errors['series.to']} required />
      </div>
      <fieldset>
        <legend className="font-medium">
          <Trans>Days left out</Trans>
        </legend>
        <div className="mt-1 flex items-end gap-2">
          <div className="grow">
            <SessionField id="series-exception" type="date" label={t`Day to leave out`} value={exception} onChange={setException} />
          </div>
          <Button
            variant="gray"
            disabled={!exception || values.exceptions.includes(exception)}
            onClick={() => {
              set({ exceptions: [...values.exceptions, exception].sort() })
              setException('')
            }}
          >
            <Trans>Leave out</Trans>
          </Button>
        </div>
        {exceptionsError ? <p className="mt-1 text-sm font-medium text-error">{exceptionsError}</p> : null}
        {values.exceptions.length ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {values.exceptions.map((day) => {
              const label = shortDay(day, props.lang)
              return (
                <li key={day} className="inline-flex items-center gap-1 rounded-full border border-gray-400 pl-3">
                  {label}
                  <button
                    type="button"
                    className="min-h-9 min-w-9 rounded-full hover:bg-black/5"
                    onClick={() =>
                      set({
                        exceptions: values.exceptions.filter((d) => d !== day),
                      })
                    }
                  >
                    <span aria-hidden="true">×</span>
                    <span className="sr-only">{t`Include ${label} again`}</span>
                  </button>
                </li>
              )
            })}
          </ul>
        ) : null}
      </fieldset>
    </div>
  )
}
