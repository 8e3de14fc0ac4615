import { TextField } from '~/components/checkout/text-field'
import type { FieldError } from '~/components/checkout/field-error-text'
import { useSessionFieldText } from './texts'

/** A labelled input of the dates' forms, its error (from the API's code) worded for dates and read out with it. */
export function SessionField(props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: FieldError
  hint?: string
  type?: string
  required?: boolean
}) {
  const text = useSessionFieldText()
  const { error, ...rest } = props
  return <TextField {...rest} error={text(error)} />
}
