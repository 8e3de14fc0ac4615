import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { allowedPaymentMethods } from '~/machines/checkout/checkout.draft'
import type { StepProps } from './step-props'
import { usePaymentMethodText } from '~/components/payments/payment-method-text'

/** Step 3 of the checkout: how to pay (a request: a message to the shop) and the terms. */
export function PaymentStep({ ctx, send, lang, fieldError }: StepProps) {
  const paymentText = usePaymentMethodText()
  const request = ctx.mode === 'request'
  const methods = allowedPaymentMethods(ctx)
  const d = ctx.draft
  return (
    <div className="space-y-4">
      <fieldset aria-describedby={fieldError('paymentMethod') ? 'payment-error' : undefined}>
        <legend className="font-medium">
          <Trans>How would you like to pay?</Trans>
        </legend>
        <div className="mt-2 space-y-2">
          {methods.map((method) => (
            <label key={method} className="flex items-center gap-2">
              <input type="radio" name="payment" className="h-5 w-5" checked={d.paymentMethod === method} onChange={() => send({ type: 'payment.select', method })} />
              {paymentText(method)}
            </label>
          ))}
        </div>
        {fieldError('paymentMethod') ? (
          <p id="payment-error" className="mt-1 text-sm font-medium text-error">
            {fieldError('paymentMethod')}
          </p>
        ) : null}
      </fieldset>
      {request ? (
        <div>
          <label htmlFor="message" className="block font-medium">
            <Trans>Message to us (optional)</Trans>
          </label>
          <textarea id="message" rows={3} maxLength={2000} value={d.message} onChange={(e) => send({ type: 'message.change', value: e.target.value })} className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900" />
        </div>
      ) : null}
      <div>
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5"
            checked={d.termsAccepted}
            onChange={(e) => send({ type: 'terms.toggle', value: e.target.checked })}
            aria-invalid={fieldError('termsAccepted') ? true : undefined}
            aria-describedby={fieldError('termsAccepted') ? 'terms-error' : undefined}
          />
          <span>
            <Trans>
              I accept the{' '}
              <Link to="/$lang/terms-and-conditions" params={{ lang }} target="_blank" className="underline">
                general terms and conditions
              </Link>
            </Trans>
          </span>
        </label>
        {fieldError('termsAccepted') ? (
          <p id="terms-error" className="mt-1 text-sm font-medium text-error">
            {fieldError('termsAccepted')}
          </p>
        ) : null}
      </div>
    </div>
  )
}
