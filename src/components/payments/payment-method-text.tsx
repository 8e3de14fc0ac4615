import { useLingui } from '@lingui/react/macro'
import type { components } from '~/api/schema.gen'

type PaymentMethod = components['schemas']['PaymentMethod']

/** The payment options in words. */
export function usePaymentMethodText() {
  const { t } = useLingui()
  return (method: PaymentMethod) => {
    switch (method) {
      case 'PAY_NOW':
        return t`Pay now`
      case 'PAY_LATER':
        return t`Pay later (payment link by e-mail)`
      case 'PAY_ON_SITE':
        return t`Pay on site`
      case 'PAY_LATER_OR_ON_SITE':
        return t`Pay later or on site`
    }
  }
}
