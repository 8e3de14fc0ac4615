import { useLingui } from '@lingui/react/macro'
import { countryOptions } from '~/features/admin/country-names'
import type { Locale } from '~/lib/locale'
import { FormField } from '../../form-field'
import { LANGUAGE_NAMES } from '../../labels'
import { Section } from '../../profile/section'
import { fieldId, type SectionProps } from './form-state'
import { SelectField } from './select-field'

type Address = SectionProps['settings']['contact']['address']

/** The shop's contact details and address, as the footer, the e-mails and the legal pages show them. */
export function ContactSection({ settings, change, error, lang }: SectionProps & { lang: Locale }) {
  const { t } = useLingui()
  const contact = settings.contact
  const text = (path: 'name' | 'email' | 'phone' | 'website', label: string, type = 'text', autoComplete?: string) => (
    <FormField
      id={fieldId(`contact.${path}`)}
      label={label}
      type={type}
      autoComplete={autoComplete}
      required={path !== 'website'}
      value={contact[path] ?? ''}
      error={error(`contact.${path}`)}
      onChange={(v) =>
        change((d) => {
          if (path === 'website' && !v) delete d.contact.website
          else d.contact[path] = v
        })
      }
    />
  )
  const address = (key: Exclude<keyof Address, 'country'>, label: string, autoComplete: string) => (
    <FormField id={fieldId(`contact.address.${key}`)} label={label} autoComplete={autoComplete} required value={contact.address[key]} error={error(`contact.address.${key}`)} onChange={(v) => change((d) => void (d.contact.address[key] = v))} />
  )
  return (
    <Section id="settings-contact" title={t`Contact and address`}>
      <div className="grid gap-4 md:grid-cols-2">
        {text('name', t`Name of the business`, 'text', 'organization')}
        {text('email', t`E-mail address`, 'email', 'email')}
        {text('phone', t`Phone number`, 'tel', 'tel')}
        {text('website', t`Website (https://…)`, 'url', 'url')}
        {address('street', t`Street`, 'address-line1')}
        {address('streetNumber', t`Number`, 'off')}
        {address('postalCode', t`Postcode`, 'postal-code')}
        {address('city', t`Town`, 'address-level2')}
        <SelectField
          id={fieldId('contact.address.country')}
          label={t`Country`}
          value={contact.address.country}
          options={countryOptions(lang).map((c) => ({ value: c.code, label: c.name }))}
          error={error('contact.address.country')}
          onChange={(v) => change((d) => void (d.contact.address.country = v))}
        />
      </div>
      <fieldset className="mt-4 space-y-3">
        <legend className="font-semibold">{t`Opening hours`}</legend>
        {settings.languages.map((l) => (
          <FormField
            key={l}
            id={fieldId(`contact.openingHours.${l}`)}
            label={LANGUAGE_NAMES[l]}
            value={contact.openingHours?.[l] ?? ''}
            error={error(`contact.openingHours.${l}`)}
            onChange={(v) => change((d) => void (d.contact.openingHours = { ...d.contact.openingHours, [l]: v }))}
          />
        ))}
      </fieldset>
    </Section>
  )
}
