import { useEffect, useRef } from 'react'
import { Plural } from '@lingui/react/macro'
import type { FieldError } from '~/components/checkout/field-error-text'
import { useAdminFieldErrorText } from '../../field-errors'
import { fieldId } from './form-state'

/** The visible label of a field (the summary is shown only in the browser, after a save), else its path. */
function labelOf(path: string): string {
  const id = fieldId(path)
  const element = typeof document === 'undefined' ? null : document.getElementById(id)
  const label = element && (document.querySelector(`label[for="${id}"]`) ?? (element.getAttribute('aria-labelledby') ? document.getElementById(element.getAttribute('aria-labelledby')!.split(' ')[0]!) : null))
  const group = element?.closest('fieldset')?.querySelector('legend')?.textContent
  const text = label?.textContent?.replace(/\s*\*$/, '').trim()
  return text ? (group && group !== text ? `${group}: ${text}` : text) : path
}

/** After a refused save: the number of fields to check, each a link to its field; focused so it is read out. */
export function ErrorSummary({ errors }: { errors: Record<string, FieldError> }) {
  const text = useAdminFieldErrorText()
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
            <a className="underline" href={`#${fieldId(path)}`} onClick={(e) => {
              const target = document.getElementById(fieldId(path))
              if (!target) return
              e.preventDefault()
              target.focus()
            }}>
              {labelOf(path)}
            </a>
            : {text(error)}
          </li>
        ))}
      </ul>
    </div>
  )
}
