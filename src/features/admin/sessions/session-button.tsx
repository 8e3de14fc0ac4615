import { Trans } from '@lingui/react/macro'
import type { AdminSession } from '~/api/admin-sessions.queries'

/**
 * A session in the calendar or the list: its time and occupancy ("7 / 12"), and "Cancelled" or
 * "Closed" in words (never colour alone). Opens the session's dialog.
 */
export function SessionButton(props: { session: AdminSession; onOpen: (session: AdminSession) => void; tabIndex?: number }) {
  const { session } = props
  const taken = session.placesTaken
  const capacity = session.capacity
  const cancelled = session.status === 'cancelled'
  return (
    <button
      type="button"
      tabIndex={props.tabIndex}
      onClick={() => props.onOpen(session)}
      data-testid="session"
      className={`block min-h-9 w-full rounded px-1.5 py-0.5 text-left text-sm focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent ${
        cancelled
          ? 'bg-gray-100 text-gray-700 line-through'
          : session.closed
            ? 'border border-dashed border-gray-600 bg-white text-gray-900'
            : 'bg-primary/10 text-gray-900 hover:bg-primary/20'
      }`}
    >
      <span className="font-medium">{session.time}</span>{' '}
      <span>
        {taken} / {capacity}
      </span>
      <span className="sr-only">
        {' '}
        <Trans>places booked</Trans>
      </span>
      {cancelled ? (
        <span className="ml-1">
          {' '}
          <Trans>Cancelled</Trans>
        </span>
      ) : session.closed ? (
        <span className="ml-1">
          {' '}
          <Trans>Closed</Trans>
        </span>
      ) : null}
    </button>
  )
}
