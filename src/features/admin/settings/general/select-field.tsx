import type { FieldError } from '~/components/checkout/field-error-text'
import { useAdminFieldErrorText } from '../../field-errors'

/** A labelled select of the settings with its error read out with it. */
export function SelectField(props: { id: string; label: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void; error?: FieldError; hint?: string }) {
  const text = useAdminFieldErrorText()
  const error = text(props.error)
  const describedBy = [props.hint ? `${props.id}-hint` : '', error ? `${props.id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={props.id} className="block font-medium">
        {props.label}
      </label>
      <select
        id={props.id}
        value={props.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
        className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900 aria-[invalid=true]:border-error"
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.hint ? (
        <p id={`${props.id}-hint`} className="mt-1 text-sm">
          {props.hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${props.id}-error`} className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
