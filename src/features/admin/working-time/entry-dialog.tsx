import { useId, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { createWorkTimeEntry, updateWorkTimeEntry, workingTimeKey, type WorkingTimeLine, type WorkingTimeSheet } from '~/api/admin-working-time.queries'
import { Button } from '~/components/button'
import type { FieldError } from '~/components/checkout/field-error-text'
import type { Locale } from '~/lib/locale'
import { Dialog } from '../dialog'
import { ErrorSummary } from '../error-summary'
import { fieldErrorsOf, type FieldErrors } from '../field-errors'
import { FormField } from '../form-field'
import { useEntryErrorText, useWorkingTimeRefusal } from './error-text'

export type EntryDraft = { date: string; from: string; to: string; breakMinutes: string; note: string }

/** What the form shows for an entry (a new one: the day given, no times). */
export function draftOf(line: WorkingTimeLine | null, day: string): EntryDraft {
  if (!line) return { date: day, from: '', to: '', breakMinutes: '0', note: '' }
  return { date: line.date, from: line.from, to: line.to === '24:00' ? '00:00' : line.to, breakMinutes: String(line.breakMinutes), note: line.note ?? '' }
}

/**
 * The body the form sends, or the field errors the browser can tell by itself. A time field
 * cannot show 24:00, so an end at 00:00 after a later start means midnight (`24:00`).
 */
export function bodyOf(draft: EntryDraft): { body: { date: string; from: string; to: string; breakMinutes: number; note: string } } | { errors: FieldErrors } {
  const errors: FieldErrors = {}
  if (!draft.date) errors.date = { code: 'invalid_date' }
  if (!/^\d{2}:\d{2}$/.test(draft.from)) errors.from = { code: 'invalid_time' }
  if (!/^\d{2}:\d{2}$/.test(draft.to)) errors.to = { code: 'invalid_time' }
  const pause = draft.breakMinutes.trim() === '' ? '0' : draft.breakMinutes.trim()
  if (!/^\d{1,4}$/.test(pause)) errors.breakMinutes = { code: 'invalid_type', params: { expected: 'number' } }
  if (Object.keys(errors).length > 0) return { errors }
  const to = draft.to === '00:00' && draft.from !== '00:00' ? '24:00' : draft.to
  return { body: { date: draft.date, from: draft.from, to, breakMinutes: Number(pause), note: draft.note } }
}

const FIELDS = ['date', 'from', 'to', 'breakMinutes', 'note'] as const

/**
 * Adding or changing a manual working-time entry (work that is not a guided date): date,
 * from–to, break and note. A refused save keeps what was typed and says per field what to
 * change; the answer (the month's sheet) goes into the page at once.
 */
export function EntryDialog(props: {
  open: boolean
  api: AdminApi
  lang: Locale
  /** The member the entry is for (`undefined`: the caller). */
  staffId: string | undefined
  /** The entry changed, or `null` for a new one. */
  entry: WorkingTimeLine | null
  /** The date a new entry starts with. */
  day: string
  onClose: () => void
  onSaved: (sheet: WorkingTimeSheet, kind: 'added' | 'changed') => void
}) {
  const { t } = useLingui()
  return (
    <Dialog open={props.open} title={props.entry ? t`Change the entry` : t`Add working time`} onClose={props.onClose} testId="work-entry-dialog">
      <EntryForm key={props.entry?.id ?? `new-${props.day}`} {...props} />
    </Dialog>
  )
}

function EntryForm(props: Parameters<typeof EntryDialog>[0]) {
  const { t } = useLingui()
  const formId = useId()
  const queryClient = useQueryClient()
  const text = useEntryErrorText(props.lang)
  const refusal = useWorkingTimeRefusal()
  const [draft, setDraft] = useState(() => draftOf(props.entry, props.day))
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useMutation({
    mutationFn: (body: { date: string; from: string; to: string; breakMinutes: number; note: string }) =>
      props.entry ? updateWorkTimeEntry(props.api, props.entry.id, body) : createWorkTimeEntry(props.api, { ...body, ...(props.staffId ? { staffId: props.staffId } : {}) }),
    onSuccess: async (sheet) => {
      props.onSaved(sheet, props.entry ? 'changed' : 'added')
      await queryClient.invalidateQueries({ queryKey: workingTimeKey })
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  })
  const idOf = (field: string) => `${formId}-${field}`
  const set = (field: keyof EntryDraft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }))
  const errorOf = (field: string): FieldError | undefined => errors[field]
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const checked = bodyOf(draft)
    if ('errors' in checked) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    save.mutate(checked.body)
  }
  const problem = refusal(save.error)
  const shown = Object.fromEntries(FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f]!]))
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ErrorSummary errors={shown} idOf={idOf} text={text} />
      {problem ? (
        <p role="alert" className="rounded-md border-2 border-error p-3">
          {problem}
        </p>
      ) : null}
      <FormField id={idOf('date')} label={t`Date`} type="date" value={draft.date} onChange={set('date')} error={errorOf('date')} required />
      <div className="grid grid-cols-2 gap-3">
        <FormField id={idOf('from')} label={t`From`} type="time" value={draft.from} onChange={set('from')} error={errorOf('from')} required />
        <FormField id={idOf('to')} label={t`To`} type="time" value={draft.to} onChange={set('to')} error={errorOf('to')} hint={t`00:00 means midnight.`} required />
      </div>
      <FormField id={idOf('breakMinutes')} label={t`Break in minutes`} value={draft.breakMinutes} onChange={set('breakMinutes')} error={errorOf('breakMinutes')} />
      <FormField id={idOf('note')} label={t`Note`} value={draft.note} onChange={set('note')} error={errorOf('note')} hint={t`What the time was for, e.g. office work or equipment check.`} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="gray" onClick={props.onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {props.entry ? <Trans>Save the entry</Trans> : <Trans>Add the entry</Trans>}
        </Button>
      </div>
    </form>
  )
}
