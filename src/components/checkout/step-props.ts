import type { CheckoutContext, CheckoutEvent } from '~/machines/checkout/checkout.types'
import type { Locale } from '~/lib/locale'

/** What every step of the checkout form gets from the form. */
export type StepProps = {
  ctx: CheckoutContext
  send: (event: CheckoutEvent) => void
  lang: Locale
  /** The text of a field's error, if it has one. */
  fieldError: (path: string) => string | undefined
}
