import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { allowedPaymentMethods } from '~/machines/checkout/checkout.draft'
import type { StepProps } from './step-props'
import { usePaymentMethodText } from '~/components/payments/payment-method-text'
import { fieldId } from './field-ids'
import { OrderReview } from './order-review'

type Props = StepProps & {
  /** The shop's time zone: the review shows the items' start times in it. */
  timeZone: string
}

/**
 * Step 3 of the checkout: how to pay (a request: a message to the shop), the review of the whole
 * order and the terms, right before the binding click (a request's sending).
 */
export function PaymentStep({ ctx, send, lang, fieldError, timeZone }: Props) {
  const paymentText = usePaymentMethodText()
  const request = ctx.mode === 'request'
  const methods = allowedPaymentMethods(ctx)
  const d = ctx.draft
  const paymentError = fieldError('paymentMethod')
  const messageId = fieldId('message')
  const messageError = fieldError('message')
  const termsId = fieldId('termsAccepted')
  const termsError = fieldError('termsAccepted')
  return (
    <div className="space-y-4">
      <fieldset aria-describedby={paymentError ? 'payment-error' : undefined}>
        <legend className="font-medium">
          <Trans>How would you like to pay?</Trans>
          <span aria-hidden="true"> *</span>
        </legend>
        <div className="mt-2 space-y-2">
          {methods.map((method, index) => (
            <label key={method} className="flex items-center gap-2">
              <input
                id={index === 0 ? fieldId('paymentMethod') : undefined}
                type="radio"
                name="payment"
                className="h-5 w-5"
                required
                checked={d.paymentMethod === method}
                onChange={() => send({ type: 'payment.select', method })}
              />
              {paymentText(method)}
            </label>
          ))}
        </div>
        {paymentError ? (
          <p id="payment-error" className="mt-1 text-sm font-medium text-error">
            {paymentError}
          </p>
        ) : null}
      </fieldset>
      {request ? (
        <div>
          <label htmlFor={messageId} className="block font-medium">
            <Trans>Message to us (optional)</Trans>
          </label>
          <textarea
            id={messageId}
            rows={3}
            maxLength={2000}
            value={d.message}
            onChange={(e) => send({ type: 'message.change', value: e.target.value })}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? `${messageId}-error` : undefined}
            className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900"
          />
          {messageError ? (
            <p id={`${messageId}-error`} className="mt-1 text-sm font-medium text-error">
              {messageError}
            </p>
          ) : null}
        </div>
      ) : null}
      <OrderReview ctx={ctx} send={send} lang={lang} timeZone={timeZone} />
      <div>
        <label className="flex items-start gap-2">
          <input
            id={termsId}
            type="checkbox"
            className="mt-0.5 h-5 w-5"
            checked={d.termsAccepted}
            onChange={(e) => send({ type: 'terms.toggle', value: e.target.checked })}
            aria-required="true"
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${termsId}-error` : undefined}
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
        {termsError ? (
          <p id={`${termsId}-error`} className="mt-1 text-sm font-medium text-error">
            {termsError}
          </p>
        ) : null}
      </div>
    </div>
  )
}
