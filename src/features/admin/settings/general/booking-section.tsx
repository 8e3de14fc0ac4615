import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { FormField } from '../../form-field'
import { useAdminFieldErrorText } from '../../field-errors'
import { Section } from '../../profile/section'
import { fieldId, type SectionProps } from './form-state'
import { SelectField } from './select-field'

type Booking = SectionProps['settings']['booking']
type NumberKey = 'holdMinutes' | 'paymentLinkDays' | 'stockLowThreshold' | 'payNowMinutes' | 'maxPlacesPerCart'
type Method = Booking['paymentOptions'][number]

const METHODS: { method: Method; label: MessageDescriptor }[] = [
  { method: 'PAY_NOW', label: msg`Pay now online` },
  { method: 'PAY_LATER', label: msg`Pay later by payment link` },
  { method: 'PAY_ON_SITE', label: msg`Pay on site` },
  { method: 'PAY_LATER_OR_ON_SITE', label: msg`Pay later by link or on site` },
]

/** How long places are held, how long payment links last, when "few places left" shows, which payment options are offered. */
export function BookingSection({ settings, change, error: fieldError }: SectionProps) {
  // These fields hold whole numbers: the limits are values, not lengths.
  const error = (path: string) => {
    const e = fieldError(path)
    return e && path !== 'booking.paymentOptions' ? { ...e, params: { ...e.params, type: 'number', expected: 'number' } } : e
  }
  const { t, i18n } = useLingui()
  const errorText = useAdminFieldErrorText()
  const booking = settings.booking
  const number = (key: NumberKey, label: string, hint: string, optional = false) => (
    <FormField
      id={fieldId(`booking.${key}`)}
      label={label}
      hint={hint}
      type="number"
      required={!optional}
      value={booking[key] === undefined ? '' : String(booking[key])}
      error={error(`booking.${key}`)}
      onChange={(v) =>
        change((d) => {
          // What was typed is kept as typed: the contract says what is wrong with it on saving.
          if (v.trim() === '' && optional) delete d.booking[key]
          else (d.booking as Record<NumberKey, unknown>)[key] = /^-?\d+$/.test(v.trim()) ? Number(v) : v
        })
      }
    />
  )
  const optionsError = errorText(error('booking.paymentOptions'))
  return (
    <Section id="settings-booking" title={t`Booking`}>
      <div className="grid gap-4 md:grid-cols-2">
        {number('holdMinutes', t`Hold places in a cart (minutes)`, t`From 1 to 240.`)}
        {number('payNowMinutes', t`Time to pay online (minutes)`, t`From 1 to 1440; empty: 30.`, true)}
        {number('paymentLinkDays', t`Payment links valid for (days)`, t`From 1 to 365; a link ends at the latest when the activity starts.`)}
        {number('stockLowThreshold', t`"Few places left" from (places)`, t`From 1 to 100.`)}
        {number('maxPlacesPerCart', t`Places per cart at most`, t`From 1 to 500; empty: 20.`, true)}
      </div>
      <fieldset className="mt-4" id={fieldId('booking.paymentOptions')} tabIndex={-1} aria-describedby={optionsError ? 'settings-payment-options-error' : undefined}>
        <legend className="font-semibold">
          <Trans>Payment options offered</Trans>
        </legend>
        <div className="mt-2 space-y-2">
          {METHODS.map(({ method, label }) => (
            <label key={method} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={booking.paymentOptions.includes(method)}
                onChange={(e) =>
                  change((d) => void (d.booking.paymentOptions = e.target.checked ? [...d.booking.paymentOptions, method] : d.booking.paymentOptions.filter((m) => m !== method)))
                }
              />
              {i18n._(label)}
            </label>
          ))}
        </div>
        {optionsError ? (
          <p id="settings-payment-options-error" className="mt-1 text-sm font-medium text-error">
            {optionsError}
          </p>
        ) : null}
      </fieldset>
      <CancellationPolicyFields settings={settings} change={change} error={error} />
    </Section>
  )
}

type Policy = NonNullable<Booking['cancellationPolicy']>
const NO_POLICY: Policy = { cancellation: 'none', hoursBefore: 48, late: 'refused', lateFeePercent: 100, moves: true }

/**
 * What visitors may change themselves through the "manage my booking" link: nothing, or free
 * cancellation until N hours before the start, then a fee in percent or no cancellation; moves to
 * another date until the same moment.
 */
function CancellationPolicyFields({ settings, change, error }: Pick<SectionProps, 'settings' | 'change'> & { error: SectionProps['error'] }) {
  const { t } = useLingui()
  const policy = settings.booking.cancellationPolicy ?? NO_POLICY
  const edit = (apply: (p: Policy) => void) =>
    change((d) => {
      const next = { ...(d.booking.cancellationPolicy ?? NO_POLICY) }
      apply(next)
      d.booking.cancellationPolicy = next
    })
  const number = (key: 'hoursBefore' | 'lateFeePercent', label: string, hint: string) => (
    <FormField
      id={fieldId(`booking.cancellationPolicy.${key}`)}
      label={label}
      hint={hint}
      type="number"
      required
      value={String(policy[key])}
      error={error(`booking.cancellationPolicy.${key}`)}
      onChange={(v) => edit((p) => void ((p as Record<string, unknown>)[key] = /^-?\d+$/.test(v.trim()) ? Number(v) : v))}
    />
  )
  const free = policy.cancellation === 'free_until'
  return (
    <fieldset className="mt-6" id={fieldId('booking.cancellationPolicy')} data-testid="settings-cancellation-policy">
      <legend className="font-semibold">
        <Trans>Cancellations and changes by visitors</Trans>
      </legend>
      <p className="mt-1 text-sm">
        <Trans>
          Visitors get a "manage my booking" link with their confirmation. Within this policy they cancel or move their booking themselves; what they paid
          online is refunded through the payment provider, less the fee.
        </Trans>
      </p>
      <div className="mt-3 space-y-2">
        <label className="flex items-center gap-2">
          <input type="radio" className="h-5 w-5" name="cancellation" checked={!free} onChange={() => edit((p) => void (p.cancellation = 'none'))} />
          <Trans>Not allowed: visitors contact the shop</Trans>
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" className="h-5 w-5" name="cancellation" checked={free} onChange={() => edit((p) => void (p.cancellation = 'free_until'))} />
          <Trans>Free of charge until some hours before the start</Trans>
        </label>
      </div>
      {free ? (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {number('hoursBefore', t`Free until (hours before the start)`, t`From 0 to 2160; counted from the first date of the booking. Moves are possible until the same moment.`)}
          <SelectField
            id={fieldId('booking.cancellationPolicy.late')}
            label={t`After that`}
            value={policy.late}
            options={[
              { value: 'fee', label: t`Cancellation with a fee` },
              { value: 'refused', label: t`No cancellation any more` },
            ]}
            error={error('booking.cancellationPolicy.late')}
            onChange={(v) => edit((p) => void (p.late = v === 'fee' ? 'fee' : 'refused'))}
          />
          {policy.late === 'fee' ? number('lateFeePercent', t`Fee (percent of the total)`, t`From 0 to 100; 100 means nothing is refunded.`) : null}
          <label className="flex items-center gap-2 md:col-span-2">
            <input type="checkbox" className="h-5 w-5" checked={policy.moves} onChange={(e) => edit((p) => void (p.moves = e.target.checked))} />
            <Trans>Visitors may move their booking to another date of the same offer</Trans>
          </label>
        </div>
      ) : null}
    </fieldset>
  )
}
