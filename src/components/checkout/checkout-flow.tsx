import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  allowedPaymentMethods,
  checkoutMachine,
  checkoutTotal,
  expectedParticipantsOf,
  extrasOf,
  itemCompleteness,
  participantsOf,
  persistableDraft,
  type Booking,
  type Cart,
  type CheckoutDraft,
  type CheckoutStep,
  type ContactField,
  type Extra,
  type PaymentMethod,
  type PaymentStart,
  type SubmitCheckoutInput,
} from '../../machines/checkout/checkout.machine'
import { countryOptions } from '../../lib/checkout-validation'
import { formatDate, formatMoney } from '../../lib/dates'
import type { Locale } from '../../lib/locale'
import { ApiError } from '../../api/client'
import { Button } from '../button'
import { SubmitError } from '../submit-error'
import { useFieldErrorText, type FieldError } from './field-error-text'
import { usePaymentMethodText } from './payment-method-text'

const draftKey = (cartId: string) => `webshop:checkout:${cartId}`

type Saved = { draft: CheckoutDraft; step: CheckoutStep }

function loadSaved(cartId: string): Saved | undefined {
  try {
    const raw = window.sessionStorage.getItem(draftKey(cartId))
    const saved = raw ? (JSON.parse(raw) as Partial<Saved>) : undefined
    return saved?.draft ? { draft: saved.draft, step: saved.step ?? 'configuration' } : undefined
  } catch {
    return undefined
  }
}

type Props = {
  cart: Cart
  extras: Record<string, Extra[]>
  paymentOptions: PaymentMethod[]
  lang: Locale
  submit: (input: SubmitCheckoutInput) => Promise<Booking>
  /** Pay now: starts the payment of the booking made from the cart. */
  startPayment: (cartId: string) => Promise<PaymentStart>
  /** What happens once the booking or request exists (default: the success page). */
  onDone?: (cartId: string) => void
  /** Off to the payment provider (default: this window; embeds: the top-level window). */
  redirect?: (url: string) => void
  /** Where "Find an appointment" leads when the cart is empty (default: the home page). */
  emptyCartLink?: ReactNode
}

/** The booking exists: what was typed is no longer needed. */
function forget(cartId: string) {
  try {
    window.sessionStorage.removeItem(draftKey(cartId))
    if (window.localStorage.getItem('webshop:cart') === cartId) window.localStorage.removeItem('webshop:cart')
  } catch {
    // nothing to clean
  }
}

/**
 * The checkout page (issue 5), rendered from checkoutMachine's state: Configuration → Contact
 * details → Payment/Completion. What was typed is kept in sessionStorage, so a reload loses
 * nothing; the server validates everything again and its field errors land at their fields.
 */
export function CheckoutFlow(props: Props) {
  // The form depends on what this browser kept (sessionStorage): it renders after hydration.
  const [saved, setSaved] = useState<Saved | undefined | null>(null)
  useEffect(() => setSaved(loadSaved(props.cart.id)), [props.cart.id])
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

function CheckoutForm({ cart, extras, paymentOptions, lang, submit, startPayment, onDone, redirect, emptyCartLink, saved }: Props & { saved: Saved | undefined }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          submitCheckout: fromPromise(({ input }: { input: SubmitCheckoutInput }) => submit(input)),
          startPayment: fromPromise(({ input }: { input: { cartId: string } }) => startPayment(input.cartId)),
        },
        actions: {
          redirect: (_, params: { url: string }) => {
            forget(cart.id)
            if (redirect) redirect(params.url)
            else window.location.assign(params.url)
          },
        },
      }),
    [submit, startPayment, cart.id, redirect],
  )
  const [state, send] = useMachine(machine, { input: { cart, extras, paymentOptions, draft: saved?.draft } })
  const ctx = state.context
  const step: CheckoutStep | 'done' = state.matches('configuration')
    ? 'configuration'
    : state.matches('contact')
      ? 'contact'
      : state.matches('success') || state.matches('requestSent')
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

  useEffect(() => {
    if (step === 'done' || state.matches('redirecting')) return
    try {
      window.sessionStorage.setItem(draftKey(cart.id), JSON.stringify({ draft: persistableDraft(ctx), step }))
    } catch {
      // storage full or blocked: the form still works, it only forgets on reload
    }
  }, [ctx, cart.id])

  useEffect(() => {
    if (step === 'done') {
      forget(cart.id)
      if (onDone) onDone(cart.id)
      else void navigate({ to: '/$lang/checkout/$cart/success', params: { lang, cart: cart.id }, replace: true })
    }
  }, [step, cart.id, lang, navigate, onDone])

  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [step])

  const errorText = useFieldErrorText()
  const paymentText = usePaymentMethodText()
  const fieldError = (path: string) => errorText(ctx.fieldErrors[path] as FieldError | undefined)
  const total = checkoutTotal(ctx)
  const request = ctx.mode === 'request'
  const busy = state.matches('submitting') || state.matches('startingPayment') || state.matches('redirecting')
  // Pay now: once the booking exists, only its payment is left to do here.
  const booked = ctx.booking !== null
  const bookedCode = ctx.booking?.code ?? ''

  if (cart.items.length === 0) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
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
    { id: 'configuration', label: t`Participants` },
    { id: 'contact', label: t`Contact details` },
    { id: 'payment', label: request ? t`Completion` : t`Payment` },
  ]
  const stepIndex = steps.findIndex((s) => s.id === step)

  return (
    <main className="mx-auto max-w-3xl px-4 py-8" data-testid="checkout" data-state={JSON.stringify(state.value)}>
      <h1 className="text-3xl font-bold">{request ? <Trans>Send a binding request</Trans> : <Trans>Checkout</Trans>}</h1>
      {request ? (
        <p className="mt-2">
          <Trans>Your request is binding. We check availability and answer you by e-mail; you pay only once we have confirmed.</Trans>
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

      <h2 id="checkout-step-heading" ref={heading} tabIndex={-1} className="mt-6 text-2xl font-semibold">
        {steps[Math.max(0, stepIndex)]?.label}
      </h2>

      <form
        noValidate
        className="mt-4 space-y-6"
        onSubmit={(event) => {
          event.preventDefault()
          if (step === 'payment') send({ type: state.matches('serverError') || state.matches('paymentFailure') ? 'retry' : 'submit' })
          else send({ type: 'step.next' })
        }}
      >
        {step === 'configuration' ? renderConfiguration() : null}
        {step === 'contact' ? renderContact() : null}
        {step === 'payment' ? renderPayment() : null}

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

  // Render helpers, not components: the inputs keep their identity (and focus) across renders.
  function renderConfiguration() {
    const completeness = itemCompleteness(ctx)
    const time = (iso: string) => formatDate(iso, lang, 'Europe/Zurich', 'dddd, LL, LT')
    return (
      <>
        {cart.items.map((item) => {
          const expected = expectedParticipantsOf(item)
          const participants = participantsOf(ctx, item.id)
          const itemExtras = extrasOf(ctx, item)
          const info = completeness[item.id]
          const itemError = fieldError(`items.${item.id}`) ?? fieldError(`items.${item.id}.participants`)
          return (
            <fieldset key={item.id} className="rounded-lg bg-surface p-4 text-on-surface ring-1 ring-black/10" data-testid="checkout-item">
              <legend className="px-1 text-lg font-semibold">
                {item.offerTitle} – {item.skuTitle}
              </legend>
              <p>{time(item.start)}</p>
              <p className="mt-1 text-sm" aria-live="polite" data-testid="item-progress">
                {info?.complete ? (
                  <Trans>All participants are filled in.</Trans>
                ) : (
                  <Trans>
                    {info?.filled ?? 0} of {expected} participants filled in. Please add the name of every participant.
                  </Trans>
                )}
              </p>
              {itemError ? (
                <p role="alert" className="mt-2 font-medium text-error">
                  {itemError}
                </p>
              ) : null}
              <ol className="mt-3 space-y-4">
                {participants.map((p, index) => {
                  const base = `items.${item.id}.participants.${index}`
                  const id = `${item.id}-${index}`
                  return (
                    <li key={index} className="rounded-md border border-black/10 p-3">
                      <p className="font-medium">
                        <Trans>Participant {index + 1}</Trans>
                      </p>
                      <div className="mt-2 grid gap-3 sm:grid-cols-2">
                        <TextField
                          id={`${id}-firstname`}
                          label={t`First name`}
                          value={p.firstname}
                          error={fieldError(`${base}.firstname`)}
                          autoComplete={p.forSelf ? 'given-name' : 'off'}
                          onChange={(value) => send({ type: 'participant.change', itemId: item.id, index, field: 'firstname', value })}
                        />
                        <TextField
                          id={`${id}-surname`}
                          label={t`Surname`}
                          value={p.surname}
                          error={fieldError(`${base}.surname`)}
                          autoComplete={p.forSelf ? 'family-name' : 'off'}
                          onChange={(value) => send({ type: 'participant.change', itemId: item.id, index, field: 'surname', value })}
                        />
                      </div>
                      <label className="mt-2 flex items-center gap-2">
                        <input type="checkbox" checked={!!p.forSelf} onChange={(e) => send({ type: 'participant.forSelf', itemId: item.id, index, value: e.target.checked })} className="h-5 w-5" />
                        <Trans>This is me (I take part myself)</Trans>
                      </label>
                      {itemExtras.length ? (
                        <fieldset className="mt-2">
                          <legend className="text-sm font-medium">
                            <Trans>Extras</Trans>
                          </legend>
                          {itemExtras.map((extra) => (
                            <label key={extra.id} className="mt-1 flex items-center gap-2">
                              <input type="checkbox" className="h-5 w-5" checked={p.extras.includes(extra.id)} onChange={() => send({ type: 'extra.toggle', itemId: item.id, index, extraId: extra.id })} />
                              {extra.title} (+{formatMoney(extra.price.amount, extra.price.currency, lang)})
                            </label>
                          ))}
                        </fieldset>
                      ) : null}
                      {participants.length > 1 ? (
                        <Button variant="ghost" size="sm" className="mt-2" onClick={() => send({ type: 'participant.remove', itemId: item.id, index })}>
                          <Trans>Remove participant {index + 1}</Trans>
                        </Button>
                      ) : null}
                    </li>
                  )
                })}
              </ol>
              {participants.length < expected ? (
                <Button variant="outline" size="sm" className="mt-3" onClick={() => send({ type: 'participant.add', itemId: item.id })}>
                  <Trans>Add participant</Trans>
                </Button>
              ) : null}
            </fieldset>
          )
        })}
      </>
    )
  }

  function renderContact() {
    const d = ctx.draft
    const change = (field: ContactField) => (value: string) => send({ type: 'contact.change', field, value })
    const countries = countryOptions(lang)
    return (
      <div className="space-y-4">
        <fieldset>
          <legend className="font-medium">
            <Trans>I book as</Trans>
          </legend>
          <div className="mt-2 flex gap-6">
            {(['PRIVATE', 'COMPANY'] as const).map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input type="radio" name="customer-type" className="h-5 w-5" checked={d.customer.type === type} onChange={() => change('customer.type')(type)} />
                {type === 'PRIVATE' ? t`Private person` : t`Company`}
              </label>
            ))}
          </div>
        </fieldset>
        {d.customer.type === 'COMPANY' ? (
          <TextField id="company" label={t`Company`} value={d.customer.company} error={fieldError('customer.company')} autoComplete="organization" onChange={change('customer.company')} required />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="firstname" label={t`First name`} value={d.person.firstname} error={fieldError('person.firstname')} autoComplete="given-name" onChange={change('person.firstname')} required />
          <TextField id="surname" label={t`Surname`} value={d.person.surname} error={fieldError('person.surname')} autoComplete="family-name" onChange={change('person.surname')} required />
          <TextField id="email" type="email" label={t`E-mail`} value={d.person.email} error={fieldError('person.email')} autoComplete="email" onChange={change('person.email')} required />
          <TextField id="phone" type="tel" label={t`Phone`} hint={t`e.g. +41 79 900 00 00`} value={d.person.phone} error={fieldError('person.phone')} autoComplete="tel" onChange={change('person.phone')} required />
          <TextField id="street" label={t`Street`} value={d.address.street} error={fieldError('address.street')} autoComplete="address-line1" onChange={change('address.street')} required />
          <TextField id="streetNumber" label={t`Number`} value={d.address.streetNumber} error={fieldError('address.streetNumber')} onChange={change('address.streetNumber')} required />
          <TextField id="postalCode" label={t`Postal code`} value={d.address.postalCode} error={fieldError('address.postalCode')} autoComplete="postal-code" onChange={change('address.postalCode')} required />
          <TextField id="city" label={t`City`} value={d.address.city} error={fieldError('address.city')} autoComplete="address-level2" onChange={change('address.city')} required />
        </div>
        <div>
          <label htmlFor="country" className="block font-medium">
            <Trans>Country</Trans>
          </label>
          <select
            id="country"
            value={d.address.country}
            onChange={(e) => change('address.country')(e.target.value)}
            autoComplete="country"
            aria-invalid={fieldError('address.country') ? true : undefined}
            aria-describedby={fieldError('address.country') ? 'country-error' : undefined}
            className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900"
          >
            <option value="">{t`Please choose`}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          {fieldError('address.country') ? (
            <p id="country-error" className="mt-1 text-sm font-medium text-error">
              {fieldError('address.country')}
            </p>
          ) : null}
        </div>
      </div>
    )
  }

  function renderPayment() {
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
}

function TextField(props: {
  id: string
  label: string
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
