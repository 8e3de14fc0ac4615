import { useEffect, useRef } from 'react'
import { Plural } from '@lingui/react/macro'
import type { FieldError } from '~/components/checkout/field-error-text'
import { useAdminFieldErrorText } from './field-errors'
import { fieldId } from './settings/general/form-state'

/** The visible label of a field (the summary is shown only in the browser, after a save), with its group's legend; else its path. */
function visibleLabel(id: string, path: string): string {
  const element = typeof document === 'undefined' ? null : document.getElementById(id)
  const labelledBy = element?.getAttribute('aria-labelledby')?.split(' ')[0]
  const label = element && (document.querySelector(`label[for="${id}"]`) ?? (labelledBy ? document.getElementById(labelledBy) : null))
  const group = element?.closest('fieldset')?.querySelector('legend')?.textContent
  const text = label?.textContent?.replace(/\s*\*$/, '').trim()
  return text ? (group && group !== text ? `${group}: ${text}` : text) : path
}

/**
 * After a refused save: the number of fields to check, each a link to its field (found by
 * `idOf`, default the settings forms' ids) with its message; focused so it is read out.
 */
export function ErrorSummary(props: {
  errors: Record<string, FieldError>
  idOf?: (path: string) => string
  text?: (error: FieldError) => string | undefined
  labelOf?: (path: string) => string
}) {
  const adminText = useAdminFieldErrorText()
  const ref = useRef<HTMLDivElement>(null)
  const { errors } = props
  const idOf = props.idOf ?? fieldId
  const text = props.text ?? adminText
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
              href={`#${idOf(path)}`}
              onClick={(e) => {
                const target = document.getElementById(idOf(path))
                if (!target) return
                e.preventDefault()
                target.focus()
              }}
            >
              {props.labelOf ? props.labelOf(path) : visibleLabel(idOf(path), path)}
            </a>
            : {text(error)}
          </li>
        ))}
      </ul>
    </div>
  )
}
