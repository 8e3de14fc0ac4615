import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { previewServiceSlots, type ServiceSchedule } from '~/api/admin-schedules.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { fieldErrorsOf, type FieldErrors } from '../field-errors'
import type { Locale } from '~/lib/locale'
import { longDate } from './weekday-names'

/** Days shown by the preview (the contract allows up to 14). */
const PREVIEW_DAYS = 7

const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

/**
 * The start times visitors would be offered on the next days with the hours as they are in the
 * form (not saved yet), around the bookings there are. Asked for on demand: `version` changes
 * with every edit, which clears an answer that no longer fits the form.
 */
export function SlotPreview(props: { api: AdminApi; offerId: string; lang: Locale; today: string; schedule: () => ServiceSchedule; version: number; onErrors: (errors: FieldErrors) => void }) {
  const { t } = useLingui()
  const [from, setFrom] = useState(props.today)
  const preview = useMutation({
    mutationFn: () => previewServiceSlots(props.api, props.offerId, { schedule: props.schedule(), from, to: plusDays(from, PREVIEW_DAYS - 1) }),
    // The hours' mistakes are shown at their fields, as after saving.
    onSettled: (_data, error) => props.onErrors(fieldErrorsOf(error)),
  })
  const [askedAt, setAskedAt] = useState(-1)
  const current = preview.isSuccess && askedAt === props.version
  const invalid = Object.keys(fieldErrorsOf(preview.error)).length > 0
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="hours-preview-from" className="block font-medium">
            <Trans>First day</Trans>
          </label>
          <input id="hours-preview-from" type="date" value={from} min={props.today} onChange={(e) => setFrom(e.target.value || props.today)} className="mt-1 block min-h-11 rounded-md border border-gray-400 bg-white px-2 py-1 text-gray-900" />
        </div>
        <Button variant="outline" disabled={preview.isPending} onClick={() => (setAskedAt(props.version), preview.mutate())}>
          <Trans>Show the start times of 7 days</Trans>
        </Button>
      </div>
      <div aria-live="polite">
        {current ? (
          <dl className="space-y-2" data-testid="slot-preview">
            {preview.data.days.map((day) => (
              <div key={day.date} className="sm:flex sm:gap-2">
                <dt className="font-medium sm:w-64 sm:shrink-0">{longDate(day.date, props.lang)}</dt>
                <dd>{day.startTimes.length ? day.startTimes.join(', ') : t`no start times`}</dd>
              </div>
            ))}
          </dl>
        ) : preview.isError && askedAt === props.version ? (
          invalid ? (
            <p className="font-medium text-error">
              <Trans>The hours have mistakes (see above): correct them to see the start times.</Trans>
            </p>
          ) : (
            <SubmitError error={preview.error} />
          )
        ) : null}
      </div>
    </div>
  )
}
