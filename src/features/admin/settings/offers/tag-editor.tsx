import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import type { FieldError } from '~/components/checkout/field-error-text'
import { Button } from '~/components/button'
import { pickLabel, type Locale } from '~/lib/locale'
import { FormField } from '../../form-field'
import { useAdminFieldErrorText } from '../../field-errors'
import { IconField } from '../../icons/icon-field'
import { LANGUAGE_NAMES } from '../../labels'
import type { OfferSettings } from '~/api/admin-settings.queries'

export type TagDraft = OfferSettings['tags'][number] & { key: string; isNew: boolean }

/** One tag: its name in each of the shop's languages, its icon (chosen in the picker), its use, and removing it. */
export function TagEditor(props: {
  api: AdminApi
  tag: TagDraft
  index: number
  lang: Locale
  languages: Locale[]
  usage: number
  error: (path: string) => FieldError | undefined
  onChange: (tag: TagDraft) => void
  onRemove: () => void
}) {
  const { t } = useLingui()
  const errorText = useAdminFieldErrorText()
  const { tag, index } = props
  const name = pickLabel(tag.label, props.lang) || t`New tag`
  const usage = props.usage
  const slugError = errorText(props.error(`tags.${index}.slug`))
  const iconError = errorText(props.error(`tags.${index}.icon`))
  return (
    <fieldset className="min-w-0 rounded-lg border border-gray-300 p-4" data-testid="tag-editor">
      <legend className="px-1 text-lg font-semibold">{name}</legend>
      <p className="text-sm">
        {tag.isNew ? <Trans>New: its address is made from its name when you save.</Trans> : <Trans>Address in filters: {tag.slug}</Trans>}{' '}
        {usage ? <Plural value={usage} one="Used by # offer." other="Used by # offers." /> : <Trans>Not used by any offer.</Trans>}
      </p>
      {slugError ? <p className="text-sm font-medium text-error">{slugError}</p> : null}
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {props.languages.map((l) => (
          <FormField
            key={l}
            id={`settings-tags-${index}-label-${l}`}
            label={t`Name (${LANGUAGE_NAMES[l]})`}
            value={tag.label[l] ?? ''}
            error={props.error(`tags.${index}.label.${l}`)}
            onChange={(v) => props.onChange({ ...tag, label: { ...tag.label, [l]: v } })}
          />
        ))}
      </div>
      <div className="mt-3">
        <IconField api={props.api} label={t`Icon`} value={tag.icon} onChange={(icon) => props.onChange({ ...tag, icon })} />
        {iconError ? <p className="mt-1 text-sm font-medium text-error">{iconError}</p> : null}
      </div>
      <div className="mt-3 flex justify-end">
        <Button size="sm" variant="gray" onClick={props.onRemove}>
          <Trans>Remove the tag {name}</Trans>
        </Button>
      </div>
    </fieldset>
  )
}
