import { useEffect } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { loadContactChecks } from '~/machines/checkout/contact-checks'
import type { ContactField } from '~/machines/checkout/checkout.types'
import { fieldId } from './field-ids'
import { useFieldLabels } from './field-labels'
import type { StepProps } from './step-props'
import { TextField } from './text-field'
import { useCountryOptions } from './use-country-options'

type TextContactField = Exclude<ContactField, 'customer.type' | 'address.country'>

/** Step 2 of the checkout: who books (private person or company), name, e-mail, phone and address. */
export function ContactStep({ ctx, send, lang, fieldError }: StepProps) {
  const { t } = useLingui()
  const labels = useFieldLabels()
  const d = ctx.draft
  const change = (field: ContactField) => (value: string) => send({ type: 'contact.change', field, value })
  // the country names of this language and the phone and postcode checks load when the step is reached (ADR 040)
  const countries = useCountryOptions(lang)
  useEffect(() => {
    loadContactChecks().catch(() => undefined)
  }, [])
  const values: Record<TextContactField, string> = {
    'customer.company': d.customer.company,
    'person.firstname': d.person.firstname,
    'person.surname': d.person.surname,
    'person.email': d.person.email,
    'person.phone': d.person.phone,
    'address.street': d.address.street,
    'address.streetNumber': d.address.streetNumber,
    'address.postalCode': d.address.postalCode,
    'address.city': d.address.city,
  }
  /** A required text field of the contact, labelled and identified as everywhere in the checkout. */
  const field = (path: TextContactField, extra: { type?: string; autoComplete?: string; hint?: string } = {}) => (
    <TextField id={fieldId(path)} label={labels.field(path) ?? path} value={values[path]} error={fieldError(path)} onChange={change(path)} required {...extra} />
  )
  const countryId = fieldId('address.country')
  const countryError = fieldError('address.country')
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="font-medium">
          <Trans>I book as</Trans>
        </legend>
        <div className="mt-2 flex gap-6">
          {(['PRIVATE', 'COMPANY'] as const).map((type, index) => (
            <label key={type} className="flex items-center gap-2">
              <input
                id={index === 0 ? fieldId('customer.type') : undefined}
                type="radio"
                name="customer-type"
                className="h-5 w-5"
                checked={d.customer.type === type}
                onChange={() => change('customer.type')(type)}
              />
              {type === 'PRIVATE' ? t`Private person` : t`Company`}
            </label>
          ))}
        </div>
      </fieldset>
      {d.customer.type === 'COMPANY' ? field('customer.company', { autoComplete: 'organization' }) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('person.firstname', { autoComplete: 'given-name' })}
        {field('person.surname', { autoComplete: 'family-name' })}
        {field('person.email', { type: 'email', autoComplete: 'email' })}
        {field('person.phone', { type: 'tel', autoComplete: 'tel', hint: t`e.g. +41 79 900 00 00` })}
        {field('address.street', { autoComplete: 'address-line1' })}
        {field('address.streetNumber')}
        {field('address.postalCode', { autoComplete: 'postal-code' })}
        {field('address.city', { autoComplete: 'address-level2' })}
      </div>
      <div>
        <label htmlFor={countryId} className="block font-medium">
          <Trans>Country</Trans>
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id={countryId}
          value={d.address.country}
          onChange={(e) => change('address.country')(e.target.value)}
          autoComplete="country"
          aria-required="true"
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${countryId}-error` : undefined}
          className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900"
        >
          <option value="">{t`Please choose`}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {countryError ? (
          <p id={`${countryId}-error`} className="mt-1 text-sm font-medium text-error">
            {countryError}
          </p>
        ) : null}
      </div>
    </div>
  )
}
