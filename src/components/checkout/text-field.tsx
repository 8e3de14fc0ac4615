/**
 * A labelled text input of the checkout with its hint and error (described by both). A required
 * field is marked (a star for the eye, `aria-required` for assistive technology).
 */
export function TextField(props: {
  id: string
  label: string
  /** The name assistive technology reads when the visible label is not unique on the page (it starts with the label). */
  accessibleName?: string
  value: string
  error?: string
  hint?: string
  type?: string
  autoComplete?: string
  required?: boolean
  onChange: (value: string) => void
}) {
  const describedBy = [props.hint ? `${props.id}-hint` : '', props.error ? `${props.id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={props.id} className="block font-medium">
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        aria-label={props.accessibleName}
        aria-invalid={props.error ? true : undefined}
        aria-required={props.required || undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
        className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 aria-[invalid=true]:border-error"
      />
      {props.hint ? (
        <p id={`${props.id}-hint`} className="mt-1 text-sm">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1 text-sm font-medium text-error">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}
