import { Trans } from '@lingui/react/macro'
import type { UseMutationResult } from '@tanstack/react-query'
import { FormSaveBar } from '../form-save-bar'

/** The settings forms' save bar (their texts; the bar itself is FormSaveBar). */
export function SaveBar(props: { save: Pick<UseMutationResult<unknown, Error, void>, 'isPending' | 'isSuccess' | 'error'>; dirty?: boolean; hasFieldErrors: boolean; onLoadCurrent: () => void }) {
  return (
    <FormSaveBar
      pending={props.save.isPending}
      saved={props.save.isSuccess}
      error={props.save.error}
      dirty={props.dirty}
      hasFieldErrors={props.hasFieldErrors}
      conflictCode="settings.version_conflict"
      onLoadCurrent={props.onLoadCurrent}
      texts={{
        save: <Trans>Save settings</Trans>,
        saved: <Trans>Saved. Visitors see the change on their next page.</Trans>,
        conflict: <Trans>Someone else changed the settings in the meantime. Your changes are not saved yet: load the current settings (your changes are lost) and make them again.</Trans>,
        loadCurrent: <Trans>Load the current settings</Trans>,
      }}
    />
  )
}
