import type { components } from '~/api/admin-schema.gen'
import type { FieldErrors } from '~/server/domain/errors'
import { isValidEmail, isValidPhone } from '~/lib/checkout-validation'
import type { CountryCode } from 'libphonenumber-js'

type GeneralSettings = components['schemas']['GeneralSettings']

/**
 * Markup or control characters in a field meant for plain text: a tag-like `<` (a letter, `/`,
 * `!` or `?` after it), or any C0/C1 control character. "Kinder <12 gratis" stays allowed.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const NOT_PLAIN = /<[a-z!/?]|[\u0000-\u001f\u007f-\u009f]/i

export function isPlainText(value: string): boolean {
  return !NOT_PLAIN.test(value)
}

/** Whether the runtime knows an IANA time zone (e.g. `Europe/Zurich`); links and offsets are not accepted. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

/** An ISO 4217 currency the runtime formats (e.g. `CHF`, `EUR`). */
export function isCurrency(value: string): boolean {
  return Intl.supportedValuesOf('currency').includes(value)
}

/**
 * What the contract's schema cannot say about the general settings, as field errors by dotted
 * path below `settings`: plain text without markup, a real e-mail address, phone number, time
 * zone and currency, a country the phone number can belong to, payment options that do not
 * include one another.
 */
export function generalSettingsProblems(settings: GeneralSettings): FieldErrors {
  const errors: FieldErrors = {}
  const plain = (path: string, value: string | undefined) => {
    if (value && !isPlainText(value)) errors[`settings.${path}`] = { code: 'plain_text' }
  }
  for (const key of ['title', 'slogan'] as const) for (const [lang, text] of Object.entries(settings.labels[key])) plain(`labels.${key}.${lang}`, text)
  for (const [lang, text] of Object.entries(settings.contact.openingHours ?? {})) plain(`contact.openingHours.${lang}`, text)
  plain('contact.name', settings.contact.name)
  for (const key of ['street', 'streetNumber', 'postalCode', 'city'] as const) plain(`contact.address.${key}`, settings.contact.address[key])
  if (!settings.contact.name.trim()) errors['settings.contact.name'] = { code: 'required' }
  if (!Object.values(settings.labels.title).some((t) => t?.trim())) errors['settings.labels.title.de'] = { code: 'required' }
  if (!isValidEmail(settings.contact.email)) errors['settings.contact.email'] = { code: 'email' }
  if (!isValidPhone(settings.contact.phone, settings.contact.address.country as CountryCode)) errors['settings.contact.phone'] = { code: 'phone' }
  if (!isTimeZone(settings.timeZone)) errors['settings.timeZone'] = { code: 'time_zone' }
  if (!isCurrency(settings.currency)) errors['settings.currency'] = { code: 'currency' }
  // "Later or on site" already lets the visitor pay later or on site: offered next to either, the
  // checkout would show one choice twice.
  const options = settings.booking.paymentOptions
  if (options.includes('PAY_LATER_OR_ON_SITE') && (options.includes('PAY_LATER') || options.includes('PAY_ON_SITE'))) {
    errors['settings.booking.paymentOptions'] = { code: 'payment_options_overlap' }
  }
  return errors
}
