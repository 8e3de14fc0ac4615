import { useEffect, useMemo, useRef } from 'react'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { Trans, useLingui } from '@lingui/react/macro'
import { paymentMachine, type PaymentStart, type PaymentView } from '~/machines/payments/payment.machine'
import { formatMoney } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { Button } from '~/components/button'
import { usePaymentMethodText } from './payment-method-text'
import { withSafeRedirect } from '~/lib/safe-url'

type Props = {
  lang: Locale
  /** As loaded for the first render (SSR); null when the link is unknown or expired. */
  view: PaymentView | null
  /** Whether `view` is null because the link does not exist or has expired. */
  linkInvalid?: boolean
  /** Back from the provider: the attempt to wait for. */
  returnedPaymentId?: string | null
  load: () => Promise<PaymentView>
  start: () => Promise<PaymentStart>
  /** `link`: the after-sales page; `checkout`: the return of pay now on the success page. */
  source: 'link' | 'checkout'
  /** Called once the payment is confirmed (e.g. to refresh the booking shown around the panel). */
  onPaid?: () => void
  /** Off to the provider (default: this window; embeds: the top-level window). */
  redirect?: (url: string) => void
}

/**
 * Pays a booking's open amount, driven by paymentMachine. The page
 * leaves for the provider and comes back with `?payment=`; it then waits for the server to learn
 * the outcome from the provider's webhook and shows it.
 */
export function PaymentPanel({ lang, view, linkInvalid, returnedPaymentId, load, start, source, onPaid, redirect }: Props) {
  const { t } = useLingui()
  const paymentText = usePaymentMethodText()
  const machine = useMemo(
    () =>
      paymentMachine.provide({
        actors: { loadPayment: fromPromise(() => load()), startPayment: fromPromise(async () => withSafeRedirect(await start())) },
        actions: { redirect: (_, params: { url: string }) => (redirect ? redirect(params.url) : window.location.assign(params.url)) },
      }),
    [load, start, redirect],
  )
  // An invalid link has nothing to load: the machine starts from the server's answer.
  const [state, send] = useMachine(machine, { input: { view, returnedPaymentId: linkInvalid ? null : returnedPaymentId } })
  const invalid = linkInvalid && !state.context.view
  const current = state.context.view ?? view
  const status = useRef<HTMLDivElement>(null)
  const value = invalid ? 'linkInvalid' : typeof state.value === 'string' ? state.value : 'returned'
  // Waiting for an answer of the server (loading, starting, asking for the outcome): the status says it is busy.
  const busy = (value === 'loading' && !invalid) || value === 'starting' || state.matches({ returned: 'checking' })
  useEffect(() => {
    if (value === 'success') onPaid?.()
  }, [value, onPaid])
  useEffect(() => {
    if (value !== 'payable' && value !== 'returned' && value !== 'starting') status.current?.focus()
  }, [value])

  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, lang)
  const attempt = current?.payments.find((p) => p.id === state.context.paymentId)
  const code = current?.code ?? ''
  const open = current ? money(current.openAmount) : ''

  return (
    <section aria-labelledby="payment-heading" className="rounded-lg bg-surface p-6 text-on-surface ring-1 ring-black/10" data-testid="payment-panel" data-state={value}>
      {source === 'link' ? (
        <h1 id="payment-heading" className="text-2xl font-bold">
          {current ? <Trans>Payment for booking {code}</Trans> : <Trans>Payment</Trans>}
        </h1>
      ) : (
        <h2 id="payment-heading" className="text-xl font-semibold">
          <Trans>Payment</Trans>
        </h2>
      )}
      {current && !invalid ? (
        <dl className="mt-4 grid grid-cols-2 gap-1">
          <dt>{t`Booking code`}</dt>
          <dd className="text-right font-semibold" data-testid="payment-code">
            {current.code}
          </dd>
          <dt>{t`Total`}</dt>
          <dd className="text-right">{money(current.total)}</dd>
          <dt className="font-semibold">{t`Open amount`}</dt>
          <dd className="text-right font-semibold" data-testid="payment-open-amount">
            {money(current.openAmount)}
          </dd>
          <dt>{t`Payment`}</dt>
          <dd className="text-right">{paymentText(current.paymentMethod)}</dd>
        </dl>
      ) : null}

      <div ref={status} tabIndex={-1} className="mt-6 outline-none" aria-live="polite" aria-busy={busy} data-testid="payment-status">
        {invalid || value === 'linkInvalid' ? (
          <p role="alert" className="font-medium">
            <Trans>This payment link has expired or does not exist. Please contact us for a new link.</Trans>
          </p>
        ) : value === 'loading' ? (
          <p>
            <Trans>Loading…</Trans>
          </p>
        ) : value === 'payable' || value === 'starting' || value === 'redirecting' ? (
          <>
            <p>
              <Trans>You will be taken to our payment partner’s secure page to pay {open}.</Trans>
            </p>
            <Button className="mt-4" onClick={() => send({ type: 'pay' })} disabled={value !== 'payable'} aria-disabled={value !== 'payable'} data-testid="pay-button">
              {value === 'payable' ? <Trans>Pay {open} now</Trans> : <Trans>Redirecting to the payment page…</Trans>}
            </Button>
          </>
        ) : value === 'returned' ? (
          <p role="status">
            <Trans>We are waiting for the confirmation of your payment. This usually takes a few seconds…</Trans>
          </p>
        ) : value === 'success' ? (
          <p role="status" className="text-lg font-semibold" data-testid="payment-success">
            <Trans>Payment successful. Thank you! A receipt is on its way to you by e-mail.</Trans>
          </p>
        ) : value === 'failed' ? (
          <>
            <p role="alert" className="rounded-md border border-error bg-error/10 p-4 font-medium" data-testid="payment-failed">
              {attempt?.status === 'cancelled' ? (
                <Trans>The payment was cancelled. You can try again whenever you like.</Trans>
              ) : (
                <Trans>The payment could not be processed. Please try again.</Trans>
              )}
            </p>
            <Button className="mt-4" onClick={() => send({ type: 'retry' })} data-testid="pay-retry">
              <Trans>Try again</Trans>
            </Button>
          </>
        ) : value === 'delayed' ? (
          <>
            <p role="alert">
              <Trans>We have not received the confirmation of your payment yet. If it went through, you will receive an e-mail; you can also check again.</Trans>
            </p>
            <Button className="mt-4" variant="outline" onClick={() => send({ type: 'reload' })}>
              <Trans>Check again</Trans>
            </Button>
          </>
        ) : value === 'alreadyPaid' ? (
          <p role="status" className="font-semibold" data-testid="payment-already-paid">
            <Trans>This booking is already paid in full. Thank you!</Trans>
          </p>
        ) : value === 'notPayable' ? (
          <p role="alert" data-testid="payment-not-payable">
            <Trans>This booking cannot be paid online. Please contact us if you have any questions.</Trans>
          </p>
        ) : (
          <>
            <p role="alert">
              <Trans>Unfortunately, an unknown error has occurred. Please try again later.</Trans>
            </p>
            <Button className="mt-4" variant="outline" onClick={() => send({ type: 'retry' })}>
              <Trans>Try again</Trans>
            </Button>
          </>
        )}
      </div>
    </section>
  )
}

export type { PaymentView }
