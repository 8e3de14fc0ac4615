import { TextField } from '~/components/checkout/text-field'
import type { FieldError } from '~/components/checkout/field-error-text'
import { useAdminFieldErrorText } from './field-errors'

/** A labelled input of a staff form, with its error (from the API's code) read out with it. */
export function FormField(props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: FieldError
  hint?: string
  type?: string
  autoComplete?: string
  required?: boolean
}) {
  const text = useAdminFieldErrorText()
  const { error, ...rest } = props
  return <TextField {...rest} error={text(error)} />
}
