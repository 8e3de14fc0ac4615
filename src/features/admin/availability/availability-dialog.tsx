import { useEffect, useId, useMemo, useRef, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { availabilityKey, setAvailability } from '~/api/admin-availability.queries'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import { availabilityFormMachine, type AvailabilitySaved } from '~/machines/admin/availability'
import { DateSelectionDialog } from '../date-selection/date-selection-dialog'
import { longDay } from '../sessions/format'
import { useAvailabilityErrorText } from './error-text'
import { AVAILABILITY_PARTS, AVAILABILITY_VALUES, AvailabilityGlyph, useAvailabilityWords } from './labels'

export type { AvailabilitySaved }

/**
 * The date-selection availability dialog: the staff app's date-selection dialog (several dates
 * at once: click, Shift+click, keyboard) with what the selected dates become — available, maybe,
 * unavailable or cleared (the weekly pattern applies again), for the whole day, the morning or
 * the afternoon, with a note — saved in one request.
 */
export function AvailabilityDialog(props: {
  open: boolean
  api: AdminApi
  lang: Locale
  /** Where the calendar opens. */
  start: string
  /** The earliest date that can be selected (today: availability is for planning ahead). */
  min: string
  /** The member, when it is not the caller (managers). */
  member?: { id: string; name: string }
  onClose: () => void
  onSaved: (saved: AvailabilitySaved) => void
}) {
  const { t } = useLingui()
  return (
    <DateSelectionDialog open={props.open} title={t`Set availability`} lang={props.lang} start={props.start} min={props.min} onClose={props.onClose} testId="availability-dialog">
      {(dates, done) => (
        <AvailabilityFields
          dates={dates}
          api={props.api}
          lang={props.lang}
          member={props.member}
          onSaved={(saved) => {
            props.onSaved(saved)
            done()
          }}
        />
      )}
    </DateSelectionDialog>
  )
}

/** The fields below the calendar: the value, the part of the day, the note; saving (the flow is `availabilityFormMachine`). */
export function AvailabilityFields(props: { dates: string[]; api: AdminApi; lang: Locale; member?: { id: string; name: string }; onSaved: (saved: AvailabilitySaved) => void }) {
  const { t } = useLingui()
  const words = useAvailabilityWords()
  const text = useAvailabilityErrorText(props.lang)
  const queryClient = useQueryClient()
  const id = useId()
  const { api } = props
  const machine = useMemo(
    () =>
      availabilityFormMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            const saved = await setAvailability(api, input)
            await queryClient.invalidateQueries({ queryKey: availabilityKey })
            return { dates: saved.dates, changed: saved.changed }
          }),
        },
      }),
    [api, queryClient],
  )
  const [state, send] = useMachine(machine, { input: { staffId: props.member?.id ?? null } })
  const { choice, part, note, errors, failed, saved } = state.context
  const saving = state.matches('saving')
  const problems = useRef<HTMLDivElement>(null)
  const clearing = choice === 'CLEAR'
  const memberName = props.member?.name
  const reported = useRef(false)
  const onSaved = useRef(props.onSaved)
  onSaved.current = props.onSaved

  useEffect(() => {
    if (!saved || reported.current) return
    reported.current = true
    onSaved.current(saved)
  }, [saved])

  const sentDates = state.context.dates
  const dateErrors = Object.entries(errors)
    .filter(([path]) => path === 'dates' || path.startsWith('dates.'))
    .map(([path, error]) => {
      const date = path === 'dates' ? undefined : sentDates[Number(path.slice('dates.'.length))]
      const message = text(error) ?? ''
      return date ? `${longDay(date, props.lang)}: ${message}` : message
    })
  const otherErrors = Object.entries(errors)
    .filter(([path]) => !['note', 'availability', 'part', 'dates', 'staffId'].includes(path) && !path.startsWith('dates.'))
    .map(([, error]) => text(error) ?? '')
  const noteError = text(errors.note)
  const valueError = text(errors.availability)
  const partError = text(errors.part)
  const anyProblem = dateErrors.length > 0 || otherErrors.length > 0 || failed

  useEffect(() => {
    if (anyProblem) problems.current?.focus()
  }, [anyProblem, errors, failed])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    send({ type: 'submit', dates: props.dates })
  }

  const radio = 'flex min-h-11 items-center gap-2'
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t`Availability of the selected dates`}>
      {memberName ? (
        <p>
          <Trans>For: {memberName}</Trans>
        </p>
      ) : null}
      <div ref={problems} tabIndex={-1} role="alert" className={anyProblem ? 'rounded-md border-2 border-error p-3' : undefined} data-testid="availability-problems">
        {dateErrors.length || otherErrors.length ? (
          <ul className="list-disc space-y-1 pl-5 text-sm font-medium text-error">
            {[...dateErrors, ...otherErrors].map((message, i) => (
              <li key={i}>{message}</li>
            ))}
          </ul>
        ) : null}
        {failed ? (
          <p className="text-sm font-medium text-error">
            <Trans>The availability could not be saved. Please try again.</Trans>
          </p>
        ) : null}
      </div>
      <fieldset aria-describedby={valueError ? `${id}-value-error` : undefined}>
        <legend className="font-medium">
          <Trans>Availability</Trans>
        </legend>
        <div className="mt-1 grid gap-x-6 sm:grid-cols-2">
          {AVAILABILITY_VALUES.map((value) => (
            <label key={value} className={radio}>
              <input type="radio" name={`${id}-value`} value={value} className="h-5 w-5" checked={choice === value} onChange={() => send({ type: 'choose', choice: value })} />
              <AvailabilityGlyph value={value} />
              {words.value[value]}
            </label>
          ))}
          <label className={radio}>
            <input type="radio" name={`${id}-value`} value="CLEAR" className="h-5 w-5" checked={clearing} onChange={() => send({ type: 'choose', choice: 'CLEAR' })} />
            <Trans>Clear (use the weekly pattern)</Trans>
          </label>
        </div>
        {valueError ? (
          <p id={`${id}-value-error`} className="mt-1 text-sm font-medium text-error">
            {valueError}
          </p>
        ) : null}
      </fieldset>
      <fieldset aria-describedby={partError ? `${id}-part-error` : undefined}>
        <legend className="font-medium">
          <Trans>Part of the day</Trans>
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {AVAILABILITY_PARTS.map((value) => (
            <label key={value} className={radio}>
              <input type="radio" name={`${id}-part`} value={value} className="h-5 w-5" checked={part === value} onChange={() => send({ type: 'part', part: value })} />
              {value === 'DAY' ? words.part.DAY : value === 'AM' ? <Trans>Morning (before 12:00)</Trans> : <Trans>Afternoon (from 12:00)</Trans>}
            </label>
          ))}
        </div>
        {partError ? (
          <p id={`${id}-part-error`} className="mt-1 text-sm font-medium text-error">
            {partError}
          </p>
        ) : null}
        {part === 'DAY' ? (
          <p className="mt-1 text-sm">
            <Trans>The whole day replaces what the dates say for the morning and the afternoon.</Trans>
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-note`} className="block font-medium">
          <Trans>Note (optional)</Trans>
        </label>
        <input
          id={`${id}-note`}
          type="text"
          value={note}
          maxLength={500}
          disabled={clearing}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={[`${id}-note-hint`, noteError ? `${id}-note-error` : ''].filter(Boolean).join(' ')}
          onChange={(e) => send({ type: 'note', value: e.target.value })}
          className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 disabled:bg-gray-100 aria-[invalid=true]:border-error"
        />
        <p id={`${id}-note-hint`} className="mt-1 text-sm">
          {clearing ? <Trans>Clearing removes the notes of the dates too.</Trans> : <Trans>Shown with the availability on the planning board, e.g. “until 15:00”.</Trans>}
        </p>
        {noteError ? (
          <p id={`${id}-note-error`} className="mt-1 text-sm font-medium text-error">
            {noteError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" aria-disabled={saving || undefined}>
          <Trans>Save availability</Trans>
        </Button>
      </div>
    </form>
  )
}
