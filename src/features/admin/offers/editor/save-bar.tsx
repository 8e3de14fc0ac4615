import { Trans } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { Saved } from '../../profile/section'

/**
 * The foot of the offer editor, kept in view: save, "unsaved changes", the confirmation, and after
 * a refused save either the conflict (someone saved meanwhile: what was typed stays, or load the
 * current version) or the error when no field error explains it.
 */
export function OfferSaveBar(props: { pending: boolean; saved: boolean; error: unknown; dirty: boolean; hasFieldErrors: boolean; onLoadCurrent: () => void }) {
  const conflict = props.error instanceof ApiError && props.error.code === 'offer.version_conflict'
  return (
    <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-4 border-t border-gray-300 bg-white py-3">
      <Button type="submit" disabled={props.pending}>
        {props.pending ? <Trans>Saving…</Trans> : <Trans>Save offer</Trans>}
      </Button>
      {props.dirty ? (
        <span className="text-sm">
          <Trans>Unsaved changes</Trans>
        </span>
      ) : null}
      <Saved show={props.saved}>
        <Trans>Saved.</Trans>
      </Saved>
      {conflict ? (
        <div role="alert" className="w-full font-medium text-error">
          <p>
            <Trans>Someone else changed this offer in the meantime. Your changes are not saved yet and are still in the form: copy what you need, then load the current version (your changes are lost) and make them again.</Trans>
          </p>
          <Button className="mt-2" variant="outline" onClick={props.onLoadCurrent}>
            <Trans>Load the current version</Trans>
          </Button>
        </div>
      ) : props.error && !props.hasFieldErrors ? (
        <SubmitError error={props.error} />
      ) : null}
    </div>
  )
}
