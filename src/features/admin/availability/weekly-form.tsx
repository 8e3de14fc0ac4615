import { useId, useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { availabilityKey, saveWeeklyAvailability, type AvailabilityValue, type AvailabilityWeeklyEntry, type WeeklyAvailabilityInput } from '~/api/admin-availability.queries'
import { ApiError } from '~/api/client'
import { Button } from '~/components/button'
import { INTL_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { fieldErrorsOf, type FieldErrors } from '../field-errors'
import { useAvailabilityErrorText } from './error-text'
import { AVAILABILITY_VALUES, useAvailabilityWords, WEEKDAY_ORDER } from './labels'

type Value = AvailabilityValue | ''
export type WeekdayDraft = { am: Value; pm: Value; note: string }
export type WeeklyDraft = Record<number, WeekdayDraft>

/** The form's rows from the saved pattern: a weekday's half says its own entry, else the weekday's DAY entry. */
export function draftOf(entries: readonly AvailabilityWeeklyEntry[]): WeeklyDraft {
  const draft: WeeklyDraft = {}
  for (let weekday = 0; weekday < 7; weekday++) {
    const of = entries.filter((e) => e.weekday === weekday)
    const find = (part: 'DAY' | 'AM' | 'PM') => of.find((e) => e.part === part)
    const day = find('DAY')
    draft[weekday] = {
      am: (find('AM') ?? day)?.availability ?? '',
      pm: (find('PM') ?? day)?.availability ?? '',
      note: of.map((e) => e.note).find((n): n is string => Boolean(n)) ?? '',
    }
  }
  return draft
}

/**
 * The pattern to save: one DAY entry where morning and afternoon say the same, else an entry per
 * half that says something; the weekday's note with each. `weekdayOf[i]` is the weekday of entry i
 * (to put the API's `entries.i…` errors on the right row).
 */
export function entriesOf(draft: WeeklyDraft): { entries: WeeklyAvailabilityInput['entries']; weekdayOf: number[] } {
  const entries: WeeklyAvailabilityInput['entries'] = []
  const weekdayOf: number[] = []
  for (let weekday = 0; weekday < 7; weekday++) {
    const row = draft[weekday] ?? { am: '', pm: '', note: '' }
    const note = row.note.trim() ? { note: row.note.trim() } : {}
    const push = (part: 'DAY' | 'AM' | 'PM', availability: AvailabilityValue) => {
      entries.push({ weekday, part, availability, ...note })
      weekdayOf.push(weekday)
    }
    if (row.am && row.am === row.pm) push('DAY', row.am)
    else {
      if (row.am) push('AM', row.am)
      if (row.pm) push('PM', row.pm)
    }
  }
  return { entries, weekdayOf }
}

/** Names of the weekdays by the API's number (0 Sunday), in the member's language. 2024-01-07 was a Sunday. */
function weekdayName(weekday: number, lang: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + weekday)))
}

/**
 * The weekly pattern: for each weekday (Monday first) what the member says of its morning and
 * afternoon — or nothing — and a note; the dates' own entries override it. Saved as a whole.
 */
export function WeeklyForm(props: { api: AdminApi; lang: Locale; weekly: readonly AvailabilityWeeklyEntry[]; staffId?: string }) {
  const { t } = useLingui()
  const words = useAvailabilityWords()
  const text = useAvailabilityErrorText(props.lang)
  const queryClient = useQueryClient()
  const id = useId()
  const [draft, setDraft] = useState<WeeklyDraft>(() => draftOf(props.weekly))
  const [errors, setErrors] = useState<Record<number, string[]>>({})
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle')
  const change = (weekday: number, patch: Partial<WeekdayDraft>) => {
    setDraft((d) => ({ ...d, [weekday]: { ...d[weekday]!, ...patch } }))
    if (status === 'saved') setStatus('idle')
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (status === 'saving') return
    const { entries, weekdayOf } = entriesOf(draft)
    setErrors({})
    setStatus('saving')
    try {
      const saved = await saveWeeklyAvailability(props.api, { ...(props.staffId ? { staffId: props.staffId } : {}), entries })
      setDraft(draftOf(saved.weekly))
      await queryClient.invalidateQueries({ queryKey: availabilityKey })
      setStatus('saved')
    } catch (error) {
      const fields: FieldErrors = fieldErrorsOf(error)
      if (error instanceof ApiError && error.status === 400 && Object.keys(fields).length) {
        const byWeekday: Record<number, string[]> = {}
        for (const [path, fieldError] of Object.entries(fields)) {
          const index = /^entries\.(\d+)/.exec(path)?.[1]
          const weekday = index === undefined ? undefined : weekdayOf[Number(index)]
          const message = text(fieldError) ?? ''
          if (weekday === undefined) byWeekday[-1] = [...(byWeekday[-1] ?? []), message]
          else byWeekday[weekday] = [...(byWeekday[weekday] ?? []), message]
        }
        setErrors(byWeekday)
        setStatus('idle')
        const first = WEEKDAY_ORDER.find((w) => byWeekday[w])
        if (first !== undefined) document.getElementById(`${id}-${first}-note`)?.focus()
      } else setStatus('failed')
    }
  }

  const generalErrors = errors[-1] ?? []
  const options = [{ value: '', label: words.value.none }, ...AVAILABILITY_VALUES.map((value) => ({ value, label: words.value[value] }))]
  const select = 'mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900'
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        <Trans>Weekly pattern</Trans>
      </h2>
      <p>
        <Trans>The weekly pattern applies to every date without an entry of its own.</Trans>
      </p>
      <div className="divide-y divide-gray-300 rounded-md border border-gray-300">
        {WEEKDAY_ORDER.map((weekday) => {
          const name = weekdayName(weekday, props.lang)
          const row = draft[weekday]!
          const rowErrors = errors[weekday] ?? []
          return (
            <fieldset key={weekday} className="grid gap-3 p-3 sm:grid-cols-[10rem_1fr_1fr_2fr] sm:items-end" aria-describedby={rowErrors.length ? `${id}-${weekday}-error` : undefined} data-weekday={weekday}>
              <legend className="float-left font-medium sm:self-center">{name}</legend>
              {(['am', 'pm'] as const).map((half) => (
                <div key={half} className={half === 'am' ? 'clear-left sm:clear-none' : undefined}>
                  <label htmlFor={`${id}-${weekday}-${half}`} className="block text-sm font-medium">
                    {words.half[half]}
                  </label>
                  <select id={`${id}-${weekday}-${half}`} value={row[half]} onChange={(e) => change(weekday, { [half]: e.target.value as Value })} className={select}>
                    {options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
              <div>
                <label htmlFor={`${id}-${weekday}-note`} className="block text-sm font-medium">
                  <Trans>Note</Trans>
                </label>
                <input
                  id={`${id}-${weekday}-note`}
                  type="text"
                  maxLength={500}
                  value={row.note}
                  aria-invalid={rowErrors.length ? true : undefined}
                  onChange={(e) => change(weekday, { note: e.target.value })}
                  className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 aria-[invalid=true]:border-error"
                />
              </div>
              {rowErrors.length ? (
                <p id={`${id}-${weekday}-error`} className="text-sm font-medium text-error sm:col-span-4">
                  {rowErrors.join(' ')}
                </p>
              ) : null}
            </fieldset>
          )
        })}
      </div>
      {generalErrors.length ? (
        <p role="alert" className="font-medium text-error">
          {generalErrors.join(' ')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" aria-disabled={status === 'saving' || undefined}>
          <Trans>Save weekly pattern</Trans>
        </Button>
        <p role="status" className="font-medium">
          {status === 'saved' ? t`Weekly pattern saved.` : ''}
        </p>
      </div>
      {status === 'failed' ? (
        <p role="alert" className="font-medium text-error">
          <Trans>The weekly pattern could not be saved. Please try again.</Trans>
        </p>
      ) : null}
    </form>
  )
}
