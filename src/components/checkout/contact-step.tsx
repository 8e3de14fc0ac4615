import { Trans, useLingui } from '@lingui/react/macro'
import { countryOptions } from '~/lib/checkout-validation'
import type { ContactField } from '~/machines/checkout/checkout.types'
import type { StepProps } from './step-props'
import { TextField } from './text-field'

/** Step 2 of the checkout: who books (private person or company), name, e-mail, phone and address. */
export function ContactStep({ ctx, send, lang, fieldError }: StepProps) {
  const { t } = useLingui()
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
