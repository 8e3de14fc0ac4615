import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { formatMoney } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { checkoutTotal, persistableDraft } from '~/machines/checkout/checkout.draft'
import { checkoutMachine } from '~/machines/checkout/checkout.machine'
import { areContactChecksLoaded, loadContactChecks } from '~/machines/checkout/contact-checks'
import { areCountryNamesLoaded, loadCountryNames } from '~/lib/countries'
import type { Booking, Cart, ChangeCartInput, CheckoutStep, Extra, PaymentMethod, PaymentStart, SubmitCheckoutInput } from '~/machines/checkout/checkout.types'
import { forget, loadSaved, storeSaved, type Saved } from './checkout-draft-storage'
import { ContactStep } from './contact-step'
import { ErrorSummary, useErrorSummaryEntries } from './error-summary'
import { STEP_HEADING_ID } from './field-ids'
import { useFieldErrorText, type FieldError } from './field-error-text'
import { ParticipantsStep } from './participants-step'
import { PaymentStep } from './payment-step'
import { HoldCountdown } from './hold-countdown'
import { withSafeRedirect } from '~/lib/safe-url'

type Props = {
  cart: Cart
  extras: Record<string, Extra[]>
  paymentOptions: PaymentMethod[]
  lang: Locale
  /** The shop's time zone: times are shown in it. */
  timeZone: string
  submit: (input: SubmitCheckoutInput) => Promise<Booking>
  /** Pay now: starts the payment of the booking made from the cart. */
  startPayment: (cartId: string) => Promise<PaymentStart>
  /** Removes an item or changes its quantity; answers the cart. Without it the cart cannot be changed here. */
  changeCart?: (input: ChangeCartInput) => Promise<Cart>
  /**
   * What happens once the booking or request exists (default: the success page); `already`: the
   * cart was booked before (another tab or window) — that booking is shown, not these details.
   */
  onDone?: (cartId: string, outcome?: { already: boolean }) => void
  /** Off to the payment provider (default: this window; embeds: the top-level window). */
  redirect?: (url: string) => void
  /** Where "Find an appointment" leads when the cart is empty (default: the home page). */
  emptyCartLink?: ReactNode
  /**
   * Where "Choose another date" leads once the refused item has left the cart (default: the
   * offer's page; embeds: the widget's booking panel of that offer, adding to this cart).
   */
  anotherDate?: (offer: string, cartId: string) => void
}

/**
 * The checkout page, rendered from checkoutMachine's state: Configuration → Contact
 * details → Payment/Completion. What was typed is kept in sessionStorage, so a reload loses
 * nothing; the server validates everything again and its field errors land at their fields.
 */
export function CheckoutFlow(props: Props) {
  // The form depends on what this browser kept (sessionStorage): it renders after hydration.
  const [saved, setSaved] = useState<Saved | undefined | null>(null)
  useEffect(() => {
    const kept = loadSaved(props.cart.id)
    // Back at the contact or payment step: its checks and country names first (ADR 040); without them (a network error) the server checks.
    if ((kept?.step !== 'contact' && kept?.step !== 'payment') || (areContactChecksLoaded() && areCountryNamesLoaded(props.lang))) return setSaved(kept)
    let current = true
    const ready = () => current && setSaved(kept)
    Promise.all([loadContactChecks(), loadCountryNames(props.lang)]).then(ready, ready)
    return () => {
      current = false
    }
  }, [props.cart.id, props.lang])
  if (saved === null) {
    // As tall as the form will be, so nothing below it jumps when it appears (layout shift).
    return (
      <main className="mx-auto min-h-[110vh] max-w-3xl px-4 py-8" aria-busy="true">
        <h1 className="text-3xl font-bold">
          <Trans>Checkout</Trans>
        </h1>
      </main>
    )
  }
  return <CheckoutForm {...props} saved={saved} />
}

function CheckoutForm({ cart, extras, paymentOptions, lang, timeZone, submit, startPayment, changeCart, onDone, redirect, emptyCartLink, anotherDate: toAnotherDate, saved }: Props & { saved: Saved | undefined }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          submitCheckout: fromPromise(({ input }: { input: SubmitCheckoutInput }) => submit(input)),
          // the provider's page: https, or this origin (never javascript: or another scheme)
          startPayment: fromPromise(async ({ input }: { input: { cartId: string } }) => withSafeRedirect(await startPayment(input.cartId))),
          changeCart: fromPromise(({ input }: { input: ChangeCartInput }) => (changeCart ? changeCart(input) : Promise.reject(new Error('The cart cannot be changed here.')))),
        },
        actions: {
          redirect: (_, params: { url: string }) => {
            forget(cart.id)
            if (redirect) redirect(params.url)
            else window.location.assign(params.url)
          },
        },
      }),
    [submit, startPayment, changeCart, cart.id, redirect],
  )
  const [state, send, actor] = useMachine(machine, { input: { cart, extras, paymentOptions, draft: saved?.draft } })
  const ctx = state.context
  // Each refused "Continue" or submit: the error summary takes the focus (below).
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    const subscription = actor.on('refused', () => setRefusals((n) => n + 1))
    return () => subscription.unsubscribe()
  }, [actor])
  const changingCart = state.matches('changingCart')
  const step: CheckoutStep | 'done' = state.matches('configuration') || changingCart
    ? 'configuration'
    : state.matches('contact')
      ? 'contact'
      : state.matches('success') || state.matches('requestSent') || state.matches('alreadyBooked')
        ? 'done'
        : 'payment'

  // Back to the step the visitor was on before a reload (each step's checks still apply).
  const restored = useRef(false)
  useEffect(() => {
    if (restored.current) return
    restored.current = true
    const target = saved?.step === 'payment' ? 2 : saved?.step === 'contact' ? 1 : 0
    for (let i = 0; i < target; i++) send({ type: 'step.next' })
  }, [saved, send])

  const redirecting = state.matches('redirecting')
  useEffect(() => {
    if (step === 'done' || redirecting) return
    storeSaved(cart.id, { draft: persistableDraft(ctx), step })
  }, [ctx, cart.id, step, redirecting])

  // Booked before in another tab: that booking is shown with a notice (the success page's `already`).
  const already = state.matches('alreadyBooked')
  useEffect(() => {
    if (step === 'done') {
      forget(cart.id)
      if (onDone) onDone(cart.id, { already })
      else void navigate({ to: '/$lang/checkout/$cart/success', params: { lang, cart: cart.id }, search: already ? { already: 1 } : {}, replace: true })
    }
  }, [step, already, cart.id, lang, navigate, onDone])

  // "Choose another date": the refused item leaves the cart first, then the visitor goes to its offer.
  const [anotherDate, setAnotherDate] = useState<{ itemId: string; offer: string } | null>(null)
  useEffect(() => {
    if (!anotherDate || changingCart) return
    if (ctx.cart.items.some((i) => i.id === anotherDate.itemId)) {
      if (ctx.cartChange?.error) setAnotherDate(null) // the removal was refused: said on the item
      return
    }
    setAnotherDate(null)
    if (toAnotherDate) toAnotherDate(anotherDate.offer, cart.id)
    else void navigate({ to: '/$lang/listing/$slug', params: { lang, slug: anotherDate.offer } })
  }, [anotherDate, changingCart, ctx.cart, ctx.cartChange, lang, navigate, toAnotherDate, cart.id])

  const errorText = useFieldErrorText()
  const fieldError = (path: string) => errorText(ctx.fieldErrors[path] as FieldError | undefined)
  const summary = useErrorSummaryEntries(ctx, step, fieldError)

  // A new step: its heading takes the focus; a refused "Continue" or submit: the error summary does.
  const heading = useRef<HTMLHeadingElement>(null)
  const summaryBox = useRef<HTMLDivElement>(null)
  const focused = useRef<{ step: string; refusals: number } | null>(null)
  useEffect(() => {
    const before = focused.current
    focused.current = { step, refusals }
    if (before && before.refusals !== refusals && summaryBox.current) summaryBox.current.focus()
    else if (!before || before.step !== step) heading.current?.focus()
  }, [step, refusals])
  const total = checkoutTotal(ctx)
  const request = ctx.mode === 'request'
  const busy = changingCart || state.matches('submitting') || state.matches('startingPayment') || state.matches('redirecting')
  // Pay now: once the booking exists, only its payment is left to do here.
  const booked = ctx.booking !== null
  const bookedCode = ctx.booking?.code ?? ''

  // The cart as the server last answered it (the visitor may have emptied it here).
  if (ctx.cart.items.length === 0) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center" data-testid="cart-empty">
        <h1 className="text-2xl font-semibold">
          <Trans>Your cart is empty.</Trans>
        </h1>
        {emptyCartLink ?? (
          <Link to="/$lang" params={{ lang }} className="mt-6 inline-block underline">
            <Trans>Find an appointment</Trans>
          </Link>
        )}
      </main>
    )
  }

  const steps: { id: CheckoutStep; label: string }[] = [
    // the spec's names of the steps: Configuration, Contact details, Payment/Completion
    { id: 'configuration', label: t`Configuration` },
    { id: 'contact', label: t`Contact details` },
    { id: 'payment', label: request ? t`Completion` : t`Payment` },
  ]
  const stepIndex = steps.findIndex((s) => s.id === step)

  return (
    <main className="mx-auto max-w-3xl px-4 py-8" data-testid="checkout" data-state={JSON.stringify(state.value)}>
      <h1 className="text-3xl font-bold">{request ? <Trans>Send a binding request</Trans> : <Trans>Checkout</Trans>}</h1>
      {request ? (
        <p className="mt-2">
          <Trans>Your request is binding. We check availability and answer you by e-mail: with our confirmation it becomes your booking, and only then do you pay.</Trans>
        </p>
      ) : null}
      <nav aria-label={t`Checkout steps`} className="mt-6">
        <ol className="flex flex-wrap gap-2">
          {steps.map((s, index) => (
            <li key={s.id}>
              {index < stepIndex && !booked ? (
                <button type="button" className="rounded-full px-3 py-1 text-sm underline ring-1 ring-black/20" onClick={() => send({ type: 'step.goto', step: s.id })}>
                  {index + 1}. {s.label}
                </button>
              ) : (
                <span aria-current={index === stepIndex ? 'step' : undefined} className={`inline-block rounded-full px-3 py-1 text-sm ${index === stepIndex ? 'bg-primary text-on-primary' : 'ring-1 ring-black/20'}`}>
                  {index + 1}. {s.label}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>

      <h2 id={STEP_HEADING_ID} ref={heading} tabIndex={-1} className="mt-6 text-2xl font-semibold">
        {steps[Math.max(0, stepIndex)]?.label}
      </h2>
      <ErrorSummary entries={summary} ref={summaryBox} />
      {/* An order's places are held until the cart's earliest hold runs out (a request holds none). */}
      {!request && !booked && ctx.cart.heldUntil ? <HoldCountdown heldUntil={ctx.cart.heldUntil} lang={lang} timeZone={timeZone} /> : null}

      <form
        noValidate
        className="mt-4 space-y-6"
        onSubmit={(event) => {
          event.preventDefault()
          if (step === 'payment') send({ type: state.matches('serverError') || state.matches('paymentFailure') ? 'retry' : 'submit' })
          // the contact's phone and postcode checks are loading since the step appeared (ADR 040); without them (a network error) the server checks
          else if (step === 'contact' && !areContactChecksLoaded()) {
            const next = () => send({ type: 'step.next' })
            void loadContactChecks().then(next, next)
          }
          else send({ type: 'step.next' })
        }}
      >
        {step === 'configuration' ? (
          <ParticipantsStep ctx={ctx} send={send} lang={lang} fieldError={fieldError} timeZone={timeZone} cartControls={changeCart !== undefined}
            changingCart={changingCart}
            onAnotherDate={
              changeCart
                ? (itemId, offer) => {
                    setAnotherDate({ itemId, offer })
                    send({ type: 'item.remove', itemId })
                  }
                : undefined
            }
          />
        ) : null}
        {step === 'contact' ? <ContactStep ctx={ctx} send={send} lang={lang} fieldError={fieldError} /> : null}
        {step === 'payment' ? <PaymentStep ctx={ctx} send={send} lang={lang} fieldError={fieldError} timeZone={timeZone} /> : null}

        {state.matches('serverError') ? <SubmitError error={new ApiError(ctx.error?.status ?? 500, { statusCode: ctx.error?.status ?? 500, statusMessage: '', message: '', data: { code: ctx.error?.code } })} /> : null}
        {state.matches('paymentFailure') ? (
          <div role="alert" className="rounded-md border border-error p-4">
            <p>
              <Trans>The payment could not be processed. Please try again.</Trans>
            </p>
            {booked ? (
              <p className="mt-2">
                <Trans>
                  Your booking <strong>{bookedCode}</strong> is reserved. You can also pay later with the link in your confirmation e-mail.
                </Trans>{' '}
                {onDone ? (
                  <button type="button" onClick={() => onDone(cart.id)} className="underline">
                    <Trans>Show my booking</Trans>
                  </button>
                ) : (
                  <Link to="/$lang/checkout/$cart/success" params={{ lang, cart: cart.id }} className="underline">
                    <Trans>Show my booking</Trans>
                  </Link>
                )}
              </p>
            ) : null}
          </div>
        ) : null}

        <div className="flex items-center justify-between gap-4 border-t border-black/10 pt-4">
          <p className="text-lg font-semibold">
            <Trans>Total</Trans> <span data-testid="checkout-total">{formatMoney(total.amount, total.currency, lang)}</span>
          </p>
          <div className="flex gap-2">
            {step !== 'configuration' && !booked ? (
              <Button variant="outline" onClick={() => send({ type: 'step.back' })} disabled={busy}>
                <Trans>Back</Trans>
              </Button>
            ) : null}
            <Button type="submit" disabled={busy} aria-disabled={busy}>
              {step !== 'payment' ? (
                <Trans>Continue</Trans>
              ) : state.matches('startingPayment') || state.matches('redirecting') ? (
                <Trans>Redirecting to the payment page…</Trans>
              ) : state.matches('submitting') ? (
                <Trans>Sending…</Trans>
              ) : booked ? (
                <Trans>Try again</Trans>
              ) : request ? (
                <Trans>Send binding request</Trans>
              ) : (
                <Trans>Book now</Trans>
              )}
            </Button>
          </div>
        </div>
      </form>
    </main>
  )
}
