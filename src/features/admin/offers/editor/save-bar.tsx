import { Trans } from '@lingui/react/macro'
import { FormSaveBar } from '../../form-save-bar'

/** The offer editor's save bar (its texts; the bar itself is FormSaveBar). */
export function OfferSaveBar(props: { pending: boolean; saved: boolean; error: unknown; dirty: boolean; hasFieldErrors: boolean; onLoadCurrent: () => void }) {
  return (
    <FormSaveBar
      {...props}
      conflictCode="offer.version_conflict"
      texts={{
        save: <Trans>Save offer</Trans>,
        saved: <Trans>Saved.</Trans>,
        conflict: (
          <Trans>
            Someone else changed this offer in the meantime. Your changes are not saved yet and are still in the form: copy what you need, then load the current version (your changes are lost) and make them again.
          </Trans>
        ),
        loadCurrent: <Trans>Load the current version</Trans>,
      }}
    />
  )
}
