import { useLingui } from '@lingui/react/macro'
import { calendarDate, formatLongDate } from '~/lib/dates'
import { toLocale, type Locale } from '~/lib/locale'

export type FieldError = { code: string; params?: Record<string, unknown> }

/**
 * Validation messages in the visitor's language, from the error codes the shared
 * validation (browser and server) produces. A size error's `params.type` (src/lib/field-errors.ts)
 * chooses its words (spec §5): characters of a text, a number's value, a list's entries, a date.
 */
export function useFieldErrorText() {
  const { t, i18n } = useLingui()
  return (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined
    const p = error.params ?? {}
    const lang = toLocale(i18n.locale)
    const minimum = limitText(p.minimum, p.type, lang)
    const maximum = limitText(p.maximum, p.type, lang)
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
        return p.expected === 'number' || p.expected === 'int' ? t`A number was expected` : t`Mandatory field`
      case 'too_small':
        if (p.type === 'string') return t`Please enter at least ${minimum} characters.`
        if (p.type === 'date') return t`The date must be after ${minimum}.`
        if (p.type === 'number') return t`The value must be at least ${minimum}.`
        return t`Please add at least ${minimum}.`
      case 'too_big':
        if (p.type === 'string') return t`Please enter at most ${maximum} characters.`
        if (p.type === 'date') return t`The date must be before ${maximum}.`
        if (p.type === 'number') return t`The value must be at most ${maximum}.`
        return t`Please add at most ${maximum}.`
      case 'places.insufficient':
        return t`There are not enough places left on this date any more. Please choose another date.`
      case 'slot.unavailable':
        return t`This start time is no longer available. Please choose another one.`
      case 'session.past':
        // The server says so of a date that has started and of one the shop cancelled (checkout.ts).
        return t`This date has already started or was cancelled. Please choose another one.`
      default:
        return t`Please check this entry.`
    }
  }
}

/** A size error's limit as the message shows it: a date (`YYYY-MM-DD`) written out in the visitor's language. */
function limitText(limit: unknown, type: unknown, lang: Locale): string {
  const text = String(limit ?? '')
  return type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatLongDate(calendarDate(text), lang, 'UTC') : text
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
