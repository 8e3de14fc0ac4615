import type { FieldError } from '~/components/checkout/field-error-text'
import type { GeneralSettings } from '~/api/admin-settings.queries'

/** Changes a copy of the settings (the form's state is never mutated in place). */
export type Change = (edit: (draft: GeneralSettings) => void) => void

/** What each section of the general settings gets: the values, a way to change them, the field errors. */
export type SectionProps = {
  settings: GeneralSettings
  change: Change
  /** The API's field error of a path below `settings` (e.g. `labels.title.de`). */
  error: (path: string) => FieldError | undefined
}

/** The id of the input of a settings path: the error summary links to it. */
export const fieldId = (path: string) => `settings-${path.replace(/\./g, '-')}`

/** The settings path of an API field error (`settings.labels.title.de` → `labels.title.de`). */
export const pathOfError = (key: string) => key.replace(/^settings\./, '')
