import { Trans } from '@lingui/react/macro'
import type { AdminSession } from '~/api/admin-sessions.queries'
import type { Locale } from '~/lib/locale'
import { longDay } from './format'
import { monthOf } from './month'
import { SessionButton } from './session-button'

/** The month's sessions as a list of days (the calendar of a phone). */
export function SessionList(props: { month: string; sessions: AdminSession[]; onOpen: (session: AdminSession) => void; lang: Locale }) {
  const days = new Map<string, AdminSession[]>()
  for (const s of props.sessions) if (monthOf(s.date) === props.month) days.set(s.date, [...(days.get(s.date) ?? []), s])
  if (days.size === 0) {
    return (
      <p data-testid="session-list">
        <Trans>No dates this month.</Trans>
      </p>
    )
  }
  return (
    <ul className="space-y-3" data-testid="session-list">
      {[...days].map(([day, sessions]) => (
        <li key={day}>
          <h3 className="font-medium">{longDay(day, props.lang)}</h3>
          <ul className="mt-1 space-y-1">
            {sessions.map((s) => (
              <li key={s.id}>
                <SessionButton session={s} onOpen={props.onOpen} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}
