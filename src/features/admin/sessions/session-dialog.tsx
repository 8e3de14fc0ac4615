import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { sessionHistoryQuery, type AdminSession } from '~/api/admin-sessions.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import type { Locale } from '~/lib/locale'
import { Dialog } from '../dialog'
import { fieldErrorsOf } from '../field-errors'
import { HistoryList } from '../settings/history-list'
import { CancelConfirm } from './cancel-confirm'
import { longDay } from './format'
import { SessionForms } from './session-forms'
import { isVersionConflict, useSessionConflictText } from './texts'
import { useSessionWrites } from './use-session-write'

type Props = { api: AdminApi; offerId: string; session: AdminSession | null; timeZone: string; lang: Locale; onClose: () => void }

/** One session: its occupancy, the changes staff make to it, its cancellation and its history. */
export function SessionDialog(props: Props) {
  const { t } = useLingui()
  const s = props.session
  const day = s ? longDay(s.date, props.lang) : ''
  const time = s?.time ?? ''
  return (
    <Dialog open={s !== null} title={t`${day}, ${time}`} onClose={props.onClose} testId="session-dialog">
      {s ? <SessionPanel {...props} session={s} /> : null}
    </Dialog>
  )
}

function SessionPanel(props: Props & { session: AdminSession }) {
  const { t } = useLingui()
  const { session } = props
  const [confirming, setConfirming] = useState(false)
  const { update, cancel, reload } = useSessionWrites(props.api, props.offerId, session.id)
  const history = useQuery(sessionHistoryQuery(props.api, session.id))
  const conflictText = useSessionConflictText()
  const error = update.error ?? cancel.error
  const conflict = conflictText(error)
  const taken = session.placesTaken
  const capacity = session.capacity
  const held = session.placesHeld
  const bookings = session.bookings
  const result = cancel.data
  const codes = result?.notCancelled.join(', ')
  const cancelled = result?.cancelledBookings ?? 0
  return (
    <div className="space-y-4">
      <div role="status" className="space-y-1">
        <p className="font-medium">
          {session.status === 'cancelled' ? <Trans>Cancelled</Trans> : session.closed ? <Trans>Closed for booking.</Trans> : <Trans>Open for booking.</Trans>}
        </p>
        <p>
          <Trans>
            {taken} of {capacity} places booked, {held} held in carts
          </Trans>
          {' · '}
          <Plural value={bookings} one="# booking" other="# bookings" />
        </p>
        {result ? (
          <p>
            <Plural value={cancelled} _0="No booking had to be cancelled." one="# booking cancelled." other="# bookings cancelled." />
            {codes ? ` ${t`Not cancelled (cancel them one by one): ${codes}`}` : ''}
          </p>
        ) : null}
      </div>
      {conflict ? (
        <div role="alert" className="space-y-2 rounded-md border border-error p-3">
          <p className="font-medium text-error">{conflict}</p>
          {isVersionConflict(error) ? (
            <Button
              variant="outline"
              size="sm"
              onClick={async () => {
                await reload()
                update.reset()
                cancel.reset()
              }}
            >
              <Trans>Load the current version</Trans>
            </Button>
          ) : null}
        </div>
      ) : error && !Object.keys(fieldErrorsOf(error)).length ? (
        <SubmitError error={error} />
      ) : null}
      {session.status === 'cancelled' ? null : confirming ? (
        <CancelConfirm session={session} cancel={cancel} onBack={() => setConfirming(false)} />
      ) : (
        <>
          <SessionForms key={session.version} session={session} update={update} />
          <div className="border-t border-gray-300 pt-4">
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <Trans>Cancel this date…</Trans>
            </Button>
          </div>
        </>
      )}
      <section aria-labelledby="session-history-title" className="border-t border-gray-300 pt-4">
        <h3 id="session-history-title" className="font-medium">
          <Trans>Changes</Trans>
        </h3>
        <div className="mt-2">{history.data ? <HistoryList records={history.data} lang={props.lang} timeZone={props.timeZone} /> : <Trans>Loading…</Trans>}</div>
      </section>
    </div>
  )
}
