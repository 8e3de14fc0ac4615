import { useLingui } from '@lingui/react/macro'

export type FieldError = { code: string; params?: Record<string, unknown> }

/**
 * Validation messages in the visitor's language, from the error codes the shared
 * validation (browser and server) produces.
 */
export function useFieldErrorText() {
  const { t, i18n } = useLingui()
  return (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined
    const p = error.params ?? {}
    const minimum = String(p.minimum ?? '')
    const maximum = String(p.maximum ?? '')
    switch (error.code) {
      case 'required':
        return t`This field is required.`
      case 'email':
        return t`Please enter a valid e-mail address.`
      case 'phone':
        return t`Phone number invalid.`
      case 'country':
        return t`Please choose a country from the list.`
      case 'postcode': {
        const country = regionName(String(p.country ?? ''), i18n.locale)
        return t`This postcode does not exist in the chosen country (${country}).`
      }
      case 'control_characters':
        return p.multiline
          ? t`Please remove invisible control characters from this text.`
          : t`Please enter this on one line, without line breaks or invisible control characters.`
      case 'invalid_type':
        return p.expected === 'number' ? t`A number was expected` : t`Mandatory field`
      case 'too_small':
        if (p.type === 'string') return t`Please enter at least ${minimum} characters.`
        if (p.type === 'date') return t`The date must be after ${minimum}.`
        if (p.type === 'number') return t`The value must be at least ${minimum}.`
        return t`Please add at least ${minimum}.`
      case 'too_big':
        if (p.type === 'string' || p.type === undefined) return t`Please enter at most ${maximum} characters.`
        if (p.type === 'date') return t`The date must be before ${maximum}.`
        if (p.type === 'number') return t`The value must be at most ${maximum}.`
        return t`Please add at most ${maximum}.`
      case 'places.insufficient':
        return t`There are not enough places left on this date any more. Please choose another date.`
      case 'slot.unavailable':
        return t`This start time is no longer available. Please choose another one.`
      case 'session.past':
        return t`This date has already started. Please choose another one.`
      default:
        return t`Please check this entry.`
    }
  }
}

/**
 * A country's name in the visitor's language (the ICU's, as in the footer: the full country list
 * stays out of the pages that only show messages); the code itself when unknown.
 */
function regionName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([`${locale}-CH`], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}
