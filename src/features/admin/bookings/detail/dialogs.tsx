import { useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { OnSiteMethod, StaffBooking } from '~/api/admin-booking-detail.queries'
import type { FieldError } from '~/components/checkout/field-error-text'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'
import { Dialog } from '../../dialog'
import { ErrorSummary } from '../../error-summary'
import { fieldErrorsOf, useAdminFieldErrorText, type FieldErrors } from '../../field-errors'
import { FormField } from '../../form-field'
import { parsePrice, priceInput } from '../../offers/price'
import { useBookingDetailLabels } from './labels'
import { useBookingErrorText, type useBookingActions } from './use-booking-actions'

type Actions = ReturnType<typeof useBookingActions>
type DialogProps = { booking: StaffBooking; actions: Actions; lang: Locale; onClose: () => void; onDone: (message: string) => void }

const NOTE_MAX = 500
const MESSAGE_MAX = 2000
const METHODS: OnSiteMethod[] = ['cash', 'card', 'transfer', 'other']

/** The refused write's message (a conflict, a failure), shown at the top of a dialog's form. */
function FormAlert({ error }: { error: unknown }) {
  const text = useBookingErrorText()(error)
  return text ? (
    <p role="alert" className="rounded-md border-2 border-error p-4 font-medium" data-testid="booking-action-error">
      {text}
    </p>
  ) : null
}

/** Money received on site: the amount as typed in the member's habit (`120.50`, `120,50`), the method and a note. */
export function PaymentDialog(props: DialogProps & { open: boolean }) {
  const { booking, actions, lang } = props
  const { t } = useLingui()
  const labels = useBookingDetailLabels()
  const fieldText = useAdminFieldErrorText()
  const [amount, setAmount] = useState(() => priceInput(booking.open, booking.currency))
  const [method, setMethod] = useState<OnSiteMethod>('cash')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const open = formatMoney(booking.open, booking.currency, lang)
  const text = (error: FieldError | undefined) => {
    if (!error) return undefined
    if (error.code === 'amount.above_open') return t`At most the open amount of ${open}.`
    if (error.code === 'amount.invalid') return t`Enter an amount such as 120.50.`
    return fieldText(error)
  }
  const submit = () => {
    const minor = parsePrice(amount, booking.currency)
    if (minor === null || minor <= 0) return setErrors({ amount: { code: 'amount.invalid' } })
    if (minor > booking.open) return setErrors({ amount: { code: 'amount.above_open' } })
    setErrors({})
    const paid = formatMoney(minor, booking.currency, lang)
    actions.pay.mutate(
      { amount: minor, method, version: booking.version, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: (saved) => {
          props.onDone(saved.open === 0 ? t`${paid} recorded. The booking is paid in full.` : t`${paid} recorded.`)
          props.onClose()
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    )
  }
  const idOf = (path: string) => `payment-${path}`
  return (
    <Dialog open={props.open} title={t`Record a payment received on site`} onClose={props.onClose} testId="payment-dialog">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <ErrorSummary errors={errors} idOf={idOf} text={text} />
        <FormAlert error={actions.pay.error} />
        <p>
          <Trans>Open amount: {open}</Trans>
        </p>
        <div>
          <label htmlFor={idOf('amount')} className="block font-medium">
            <Trans>Amount received ({booking.currency})</Trans>
          </label>
          <input
            id={idOf('amount')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={`${idOf('amount')}-hint${errors.amount ? ` ${idOf('amount')}-error` : ''}`}
            onChange={(e) => setAmount(e.target.value)}
            className="mt-1 block w-full max-w-xs rounded-md border border-gray-400 bg-white px-3 py-2 tabular-nums text-gray-900 aria-[invalid=true]:border-error"
          />
          <p id={`${idOf('amount')}-hint`} className="mt-1 text-sm">
            <Trans>Part of the open amount or all of it, e.g. 120.50.</Trans>
          </p>
          {errors.amount ? (
            <p id={`${idOf('amount')}-error`} className="mt-1 text-sm font-medium text-error">
              {text(errors.amount)}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={idOf('method')} className="block font-medium">
            <Trans>Paid by</Trans>
          </label>
          <select
            id={idOf('method')}
            value={method}
            onChange={(e) => setMethod(e.target.value as OnSiteMethod)}
            className="mt-1 block min-h-11 rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900"
          >
            {METHODS.map((m) => (
              <option key={m} value={m}>
                {labels.method[m]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={idOf('note')} className="block font-medium">
            <Trans>Note (optional)</Trans>
          </label>
          <input
            id={idOf('note')}
            maxLength={NOTE_MAX}
            value={note}
            aria-invalid={errors.note ? true : undefined}
            onChange={(e) => setNote(e.target.value)}
            className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900"
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="gray" onClick={props.onClose}>
            <Trans>Back</Trans>
          </Button>
          <Button type="submit" disabled={actions.pay.isPending} data-testid="payment-save">
            <Trans>Record payment</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** The participants' names (their number and extras stay), item by item. */
export function ParticipantsDialog(props: DialogProps & { open: boolean }) {
  const { booking, actions } = props
  const { t } = useLingui()
  const fieldText = useAdminFieldErrorText()
  const editable = booking.items.filter((i) => i.participants.length > 0)
  const [names, setNames] = useState(() => Object.fromEntries(editable.map((i) => [i.id, i.participants.map((p) => ({ firstname: p.firstname, surname: p.surname }))])))
  const [errors, setErrors] = useState<FieldErrors>({})
  const idOf = (path: string) => `participants-${path.replace(/\./g, '-')}`
  const set = (itemId: string, index: number, field: 'firstname' | 'surname', value: string) =>
    setNames((all) => ({ ...all, [itemId]: all[itemId]!.map((p, i) => (i === index ? { ...p, [field]: value } : p)) }))
  const submit = () => {
    setErrors({})
    actions.participants.mutate(
      { version: booking.version, items: editable.map((i) => ({ itemId: i.id, participants: names[i.id]! })) },
      {
        onSuccess: () => {
          props.onDone(t`The participants’ names are saved.`)
          props.onClose()
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    )
  }
  return (
    <Dialog open={props.open} title={t`Change participants’ names`} onClose={props.onClose} testId="participants-dialog">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <ErrorSummary errors={errors} idOf={idOf} text={fieldText} />
        <FormAlert error={actions.participants.error} />
        <p className="text-sm">
          <Trans>Only the names change: the number of participants and their extras stay as booked.</Trans>
        </p>
        {editable.map((item) => (
          <fieldset key={item.id} className="space-y-3 rounded-md border border-gray-300 p-3">
            <legend className="px-1 font-semibold">
              {item.offerTitle} – {item.skuTitle}
            </legend>
            {names[item.id]!.map((p, index) => {
              const number = index + 1
              const path = `items.${item.id}.participants.${index}`
              return (
                <div key={index} className="grid gap-3 sm:grid-cols-2">
                  <FormField
                    id={idOf(`${path}.firstname`)}
                    label={t`Participant ${number}: first name`}
                    value={p.firstname}
                    required
                    autoComplete="off"
                    error={errors[`${path}.firstname`]}
                    onChange={(v) => set(item.id, index, 'firstname', v)}
                  />
                  <FormField
                    id={idOf(`${path}.surname`)}
                    label={t`Participant ${number}: surname`}
                    value={p.surname}
                    required
                    autoComplete="off"
                    error={errors[`${path}.surname`]}
                    onChange={(v) => set(item.id, index, 'surname', v)}
                  />
                </div>
              )
            })}
            {errors[`items.${item.id}.participants`] ? (
              <p className="text-sm font-medium text-error">{fieldText(errors[`items.${item.id}.participants`])}</p>
            ) : null}
          </fieldset>
        ))}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="gray" onClick={props.onClose}>
            <Trans>Back</Trans>
          </Button>
          <Button type="submit" disabled={actions.participants.isPending} data-testid="participants-save">
            <Trans>Save names</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** Cancelling, after saying what happens: places released, what is refunded and how, the visitor's e-mail and its language. */
export function CancelDialog(props: DialogProps & { open: boolean; visitorLanguage: string }) {
  const { booking, actions, lang, visitorLanguage } = props
  const { t } = useLingui()
  const fieldText = useAdminFieldErrorText()
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const places = booking.items.reduce((sum, i) => sum + i.places, 0)
  const refundable = Math.max(0, booking.paid - booking.refunded - booking.refundPending)
  const online = booking.payments.some((p) => p.status === 'succeeded' && p.provider !== 'on_site')
  const onSite = booking.payments.some((p) => p.status === 'succeeded' && p.provider === 'on_site')
  const refund = formatMoney(refundable, booking.currency, lang)
  const name = `${booking.contact.firstname} ${booking.contact.surname}`
  const messageError = fieldText(errors.message)
  const submit = () => {
    setErrors({})
    actions.cancel.mutate(
      { version: booking.version, ...(message.trim() ? { message: message.trim() } : {}) },
      {
        onSuccess: () => {
          props.onDone(t`The booking is cancelled. The visitor gets an e-mail in ${visitorLanguage}.`)
          props.onClose()
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    )
  }
  return (
    <Dialog open={props.open} title={t`Cancel booking ${booking.code}?`} onClose={props.onClose} testId="cancel-dialog">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <ErrorSummary errors={errors} idOf={() => 'cancel-message'} labelOf={() => t`Message to the visitor`} text={fieldText} />
        <FormAlert error={actions.cancel.error} />
        <ul className="list-disc space-y-1 pl-5" data-testid="cancel-consequences">
          <li>
            <Plural value={places} one="# place is released and goes back on sale." other="# places are released and go back on sale." />
          </li>
          {refundable > 0 && online ? (
            <li>
              <Trans>{refund} is refunded to the visitor through the payment provider.</Trans>
            </li>
          ) : null}
          {refundable > 0 && onSite && !online ? (
            <li>
              <Trans>{refund} was paid on site: it is recorded as a refund due, which you pay back and confirm in Finance.</Trans>
            </li>
          ) : null}
          {refundable > 0 && onSite && online ? (
            <li>
              <Trans>Money received on site is recorded as a refund due, which you pay back and confirm in Finance.</Trans>
            </li>
          ) : null}
          {booking.paymentLink ? (
            <li>
              <Trans>The payment link stops working.</Trans>
            </li>
          ) : null}
          <li>
            <Trans>
              {name} gets an e-mail in {visitorLanguage} saying that the booking is cancelled, with your message.
            </Trans>
          </li>
          <li>
            <Trans>This cannot be undone.</Trans>
          </li>
        </ul>
        <div>
          <label htmlFor="cancel-message" className="block font-medium">
            <Trans>Message to the visitor (optional)</Trans>
          </label>
          <textarea
            id="cancel-message"
            rows={4}
            maxLength={MESSAGE_MAX}
            value={message}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={`cancel-message-hint${messageError ? ' cancel-message-error' : ''}`}
            onChange={(e) => setMessage(e.target.value)}
            className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 aria-[invalid=true]:border-error"
          />
          <p id="cancel-message-hint" className="mt-1 text-sm">
            <Trans>Write it in {visitorLanguage}: it is sent as you write it.</Trans>
          </p>
          {messageError ? (
            <p id="cancel-message-error" className="mt-1 text-sm font-medium text-error">
              {messageError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="gray" onClick={props.onClose}>
            <Trans>Keep the booking</Trans>
          </Button>
          <Button type="submit" variant="danger" disabled={actions.cancel.isPending} data-testid="cancel-confirm">
            <Trans>Cancel the booking</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
