import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import { MAX_RANGES, type Range } from './schedule-state'

type Part = 'start' | 'end'

/** One time input of a range, labelled "From"/"To" (the day and the range's number are added for screen readers). */
function TimeInput(props: { id: string; label: string; context: string; value: string; error?: string; onChange: (v: string) => void }) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium">
        {props.label}
        <span className="sr-only"> ({props.context})</span>
      </label>
      <input
        id={props.id}
        type="time"
        required
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        className="mt-1 block min-h-11 rounded-md border border-gray-400 bg-white px-2 py-1 text-gray-900 aria-[invalid=true]:border-error"
      />
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1 text-sm font-medium text-error">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The opening ranges of one day (a weekday or the special hours of dates): from–to per row,
 * remove a row, add one (up to the server's maximum). `context` names the day in the inputs'
 * accessible names ("From (Monday, range 2)").
 */
export function RangesEditor(props: {
  ranges: Range[]
  context: string
  idOf: (k: number, part: Part) => string
  errorOf?: (k: number, part: Part) => string | undefined
  onChange: (ranges: Range[]) => void
}) {
  const { t } = useLingui()
  const { ranges, context } = props
  const set = (k: number, part: Part) => (value: string) => props.onChange(ranges.map((r, i) => (i === k ? { ...r, [part]: value } : r)))
  const last = ranges[ranges.length - 1]
  // A new range starts where the last one ends, so adding the afternoon takes two keystrokes.
  const added: Range = last ? { start: last.end === '00:00' ? '23:00' : last.end, end: '00:00' } : { start: '09:00', end: '17:00' }
  return (
    <div className="space-y-2">
      {ranges.map((range, k) => {
        const where = t`${context}, range ${k + 1}`
        return (
          <div key={k} className="flex flex-wrap items-end gap-3">
            <TimeInput id={props.idOf(k, 'start')} label={t`From`} context={where} value={range.start} error={props.errorOf?.(k, 'start')} onChange={set(k, 'start')} />
            <TimeInput id={props.idOf(k, 'end')} label={t`To`} context={where} value={range.end} error={props.errorOf?.(k, 'end')} onChange={set(k, 'end')} />
            <Button size="sm" variant="gray" className="min-h-11" onClick={() => props.onChange(ranges.filter((_, i) => i !== k))}>
              <Trans>Remove</Trans>
              {' '}
              <span className="sr-only">({where})</span>
            </Button>
          </div>
        )
      })}
      {ranges.length < MAX_RANGES ? (
        <Button size="sm" variant="outline" onClick={() => props.onChange([...ranges, added])}>
          {ranges.length ? <Trans>Add a range</Trans> : <Trans>Add opening hours</Trans>}
          {' '}
              <span className="sr-only">({context})</span>
        </Button>
      ) : null}
    </div>
  )
}
