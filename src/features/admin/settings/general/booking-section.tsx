import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { FormField } from '../../form-field'
import { useAdminFieldErrorText } from '../../field-errors'
import { Section } from '../../profile/section'
import { fieldId, type SectionProps } from './form-state'

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
    </Section>
  )
}
