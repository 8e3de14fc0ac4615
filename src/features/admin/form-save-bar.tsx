import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { Saved } from './profile/section'

/**
 * The foot of a staff form, kept in view: save, "unsaved changes", the confirmation, and after a
 * refused save either the version conflict (someone saved meanwhile: `conflict` says what to do,
 * with a button that loads the current state) or the error when no field error explains it.
 */
export function FormSaveBar(props: {
  pending: boolean
  saved: boolean
  error: unknown
  dirty?: boolean
  hasFieldErrors: boolean
  /** The API's code of this form's version conflict, e.g. `settings.version_conflict`. */
  conflictCode: string
  texts: { save: ReactNode; saved: ReactNode; conflict: ReactNode; loadCurrent: ReactNode }
  onLoadCurrent: () => void
}) {
  const conflict = props.error instanceof ApiError && props.error.code === props.conflictCode
  return (
    <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-4 border-t border-gray-300 bg-white py-3">
      <Button type="submit" disabled={props.pending}>
        {props.pending ? <Trans>Saving…</Trans> : props.texts.save}
      </Button>
      {props.dirty ? (
        <span className="text-sm">
          <Trans>Unsaved changes</Trans>
        </span>
      ) : null}
      <Saved show={props.saved}>{props.texts.saved}</Saved>
      {conflict ? (
        <div role="alert" className="w-full font-medium text-error">
          <p>{props.texts.conflict}</p>
          <Button className="mt-2" variant="outline" onClick={props.onLoadCurrent}>
            {props.texts.loadCurrent}
          </Button>
        </div>
      ) : props.error && !props.hasFieldErrors ? (
        <SubmitError error={props.error} />
      ) : null}
    </div>
  )
}
