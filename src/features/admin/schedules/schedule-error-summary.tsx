import { useEffect, useRef } from 'react'
import { Plural } from '@lingui/react/macro'
import type { FieldErrors } from '../field-errors'
import { useScheduleErrorText } from './use-schedule-error-text'
import { scheduleFieldId } from './weekly-hours'

/** The label a field is known by ("Monday: From"), read from the page; else its path. */
function labelOf(path: string): string {
  const element = typeof document === 'undefined' ? null : document.getElementById(scheduleFieldId(path))
  const label = (element instanceof HTMLInputElement ? element.labels?.[0]?.firstChild?.textContent : element?.querySelector('p')?.textContent) ?? null
  const group = element?.closest('fieldset')?.querySelector('legend')?.textContent
  return label ? [group, label].filter(Boolean).join(': ') : path
}

/** After a refused save: how many fields to check, each a link to its field; focused so it is read out. */
export function ScheduleErrorSummary({ errors }: { errors: FieldErrors }) {
  const text = useScheduleErrorText()
  const ref = useRef<HTMLDivElement>(null)
  const entries = Object.entries(errors)
  const count = entries.length
  useEffect(() => {
    if (count) ref.current?.focus()
  }, [errors, count])
  if (!count) return null
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="rounded-md border-2 border-error p-4" data-testid="error-summary">
      <p className="font-semibold">
        <Plural value={count} one="Not saved: please check # field." other="Not saved: please check # fields." />
      </p>
      <ul className="mt-2 list-disc pl-5">
        {entries.map(([path, error]) => (
          <li key={path}>
            <a
              className="underline"
              href={`#${scheduleFieldId(path)}`}
              onClick={(e) => {
                const target = document.getElementById(scheduleFieldId(path))
                if (!target) return
                e.preventDefault()
                target.focus()
              }}
            >
              {labelOf(path)}
            </a>
            : {text(error)}
          </li>
        ))}
      </ul>
    </div>
  )
}
