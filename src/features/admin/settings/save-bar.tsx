import { Trans } from '@lingui/react/macro'
import type { UseMutationResult } from '@tanstack/react-query'
import { ApiError } from '~/api/client'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { Saved } from '../profile/section'

/**
 * The foot of a settings form, kept in view: save, "unsaved changes", the confirmation, and after
 * a refused save either the conflict (someone saved meanwhile: load the current settings) or the
 * error when no field error explains it.
 */
export function SaveBar(props: { save: Pick<UseMutationResult<unknown, Error, void>, 'isPending' | 'isSuccess' | 'isError' | 'error'>; dirty?: boolean; hasFieldErrors: boolean; onLoadCurrent: () => void }) {
  const { save } = props
  const conflict = save.error instanceof ApiError && save.error.code === 'settings.version_conflict'
  return (
    <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-4 border-t border-gray-300 bg-white py-3">
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save settings</Trans>}
      </Button>
      {props.dirty ? (
        <span className="text-sm">
          <Trans>Unsaved changes</Trans>
        </span>
      ) : null}
      <Saved show={save.isSuccess}>
        <Trans>Saved. Visitors see the change on their next page.</Trans>
      </Saved>
      {conflict ? (
        <div role="alert" className="w-full font-medium text-error">
          <p>
            <Trans>Someone else changed the settings in the meantime. Your changes are not saved yet: load the current settings (your changes are lost) and make them again.</Trans>
          </p>
          <Button className="mt-2" variant="outline" onClick={props.onLoadCurrent}>
            <Trans>Load the current settings</Trans>
          </Button>
        </div>
      ) : save.isError && !props.hasFieldErrors ? (
        <SubmitError error={save.error} />
      ) : null}
    </div>
  )
}
