import { useLingui } from '@lingui/react/macro'
import { TextField } from '~/components/checkout/text-field'

/** The first and last day of a range (days of the shop's calendar), each labelled, with its error. */
export function RangeFields(props: { idPrefix: string; from: string; to: string; onFrom: (v: string) => void; onTo: (v: string) => void; errors: { from?: string; to?: string } }) {
  const { t } = useLingui()
  return (
    <>
      <TextField id={`${props.idPrefix}-from`} type="date" label={t`From`} value={props.from} onChange={props.onFrom} error={props.errors.from} required />
      <TextField id={`${props.idPrefix}-to`} type="date" label={t`To`} value={props.to} onChange={props.onTo} error={props.errors.to} required />
    </>
  )
}
