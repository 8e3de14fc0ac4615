import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { createSessions, type NewSessionsAnswer, type NewSessionsInput } from '~/api/admin-sessions.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import type { Locale } from '~/lib/locale'
import { Dialog } from '../dialog'
import { fieldErrorsOf } from '../field-errors'
import { useDebouncedValue } from '../icons/use-debounced-value'
import { DatesPreview } from './dates-preview'
import { SessionField } from './field'
import { SeriesFields, timesOf, type SeriesValues } from './series-fields'
import { useSessionFieldText } from './texts'

export type AddKind = 'single' | 'series'

/**
 * "Add a date" (one) or "Add a series" (weekly): capacity and duration, and the date and time or
 * the series' fields. A series shows the server's preview of the dates it will make as it is
 * filled in; nothing is made before "Add".
 */
type Props = {
  api: AdminApi
  offerId: string
  kind: AddKind | null
  day: string
  durationMinutes: number
  lang: Locale
  onClose: () => void
  onAdded: (answer: NewSessionsAnswer) => void
}

export function AddDatesDialog(props: Props) {
  const { t } = useLingui()
  const title = props.kind === 'series' ? t`Add a series of dates` : t`Add a date`
  return (
    <Dialog open={props.kind !== null} title={title} onClose={props.onClose} testId="add-dates-dialog">
      {/* Mounted while open only: each opening starts from the focused day. */}
      {props.kind ? <AddDatesForm {...props} /> : null}
    </Dialog>
  )
}

function AddDatesForm(props: Props) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const text = useSessionFieldText()
  const [single, setSingle] = useState({ date: props.day, time: '09:00' })
  const [series, setSeries] = useState<SeriesValues>({
    weekdays: [],
    times: '09:00',
    from: props.day,
    to: props.day,
    exceptions: [],
  })
  const [capacity, setCapacity] = useState('12')
  const [duration, setDuration] = useState(String(props.durationMinutes))
  const body = (dryRun: boolean): NewSessionsInput => ({
    ...(dryRun ? { dryRun } : {}),
    capacity: Number(capacity),
    durationMinutes: Number(duration),
    ...(props.kind === 'single'
      ? { single }
      : {
          series: {
            weekdays: series.weekdays,
            times: timesOf(series.times),
            from: series.from,
            to: series.to,
            exceptions: series.exceptions,
          },
        }),
  })
  const current = props.kind === 'series' ? JSON.stringify(body(true)) : ''
  const wanted = useDebouncedValue(current, 400)
  const complete = props.kind === 'series' && series.weekdays.length > 0 && timesOf(series.times).length > 0 && !!series.from && !!series.to && !!capacity && !!duration
  const preview = useQuery({
    queryKey: ['admin', 'offers', props.offerId, 'sessions-preview', wanted],
    queryFn: () => createSessions(props.api, props.offerId, JSON.parse(wanted) as NewSessionsInput),
    // only once the debounced series has caught up with the fields: never a preview of what
    // they held 400 ms ago (e.g. before the last weekday was ticked)
    enabled: complete && wanted !== '' && wanted === current,
    retry: false,
    staleTime: 60_000,
  })
  const add = useMutation({
    mutationFn: () => createSessions(props.api, props.offerId, body(false)),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({
        queryKey: ['admin', 'offers', props.offerId, 'sessions'],
      })
      props.onAdded(answer)
      props.onClose()
    },
  })
  const errors = {
    ...(complete ? fieldErrorsOf(preview.error) : {}),
    ...fieldErrorsOf(add.error),
  }
  const overall = text(errors.series ?? errors.single)
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        add.mutate()
      }}
    >
      {props.kind === 'single' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SessionField
            id="single-date"
            type="date"
            label={t`Date`}
            value={single.date}
            onChange={(date) => setSingle({ ...single, date })}
            error={errors['single.date'] ?? errors.date}
            required
          />
          <SessionField
            id="single-time"
            type="time"
            label={t`Start time`}
            value={single.time}
            onChange={(time) => setSingle({ ...single, time })}
            error={errors['single.time']}
            required
          />
        </div>
      ) : (
        <SeriesFields values={series} onChange={setSeries} errors={errors} lang={props.lang} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SessionField id="new-duration" type="number" label={t`Duration (minutes)`} value={duration} onChange={setDuration} error={errors.durationMinutes} required />
        <SessionField id="new-capacity" type="number" label={t`Places`} value={capacity} onChange={setCapacity} error={errors.capacity} required />
      </div>
      {props.kind === 'series' ? <DatesPreview preview={preview.data} pending={preview.isFetching} error={overall} lang={props.lang} /> : null}
      {add.isError && !Object.keys(fieldErrorsOf(add.error)).length ? <SubmitError error={add.error} /> : null}
      {props.kind === 'single' && overall ? <p className="font-medium text-error">{overall}</p> : null}
      <div className="flex justify-end gap-2">
        <Button variant="gray" onClick={props.onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={add.isPending || (props.kind === 'series' && !preview.data?.dates.length)}>
          {props.kind === 'series' ? <Trans>Add the dates</Trans> : <Trans>Add the date</Trans>}
        </Button>
      </div>
    </form>
  )
}
