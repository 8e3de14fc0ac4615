import { useEffect, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { mySessionsQuery, type MySession, type MySessions } from '~/api/admin-my-sessions.queries'
import { ApiError } from '~/api/client'
import { SubmitError } from '~/components/submit-error'
import { dateTimeFormat } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { localParts, longDay } from '../planning/format'
import { registerOfflineWorker } from './offline-worker'
import { SessionCard } from './session-card'
import { readOfflineCopy, saveOfflineCopy } from './storage'

/** A call that never reached the server (no network): the page shows its copy then. */
export const isNetworkFailure = (error: unknown) => error !== null && error !== undefined && !(error instanceof ApiError)

/** The dates grouped by their day in the shop's time zone (the answer is ordered by start). */
function byDay(sessions: MySession[], timeZone: string): { day: string; sessions: MySession[] }[] {
  const days: { day: string; sessions: MySession[] }[] = []
  for (const session of sessions) {
    const day = localParts(session.startsAt, timeZone).date
    const last = days.at(-1)
    if (last?.day === day) last.sessions.push(session)
    else days.push({ day, sessions: [session] })
  }
  return days
}

/**
 * "My sessions": the member's own dates of the next 14 days with their participants, made for a
 * phone. Each answer is kept in this browser (storage.ts); when the call fails because there is
 * no network, the kept copy is shown with the time it was loaded. The page registers the staff
 * app's service worker (offline-worker.ts) so that it also reloads without network.
 */
export function MySessionsPage(props: { api: AdminApi; lang: Locale; staffId: string; storage?: Storage }) {
  const { api, lang, staffId, storage } = props
  const { t } = useLingui()
  const query = useQuery(mySessionsQuery(api, lang))

  useEffect(() => {
    void registerOfflineWorker(lang)
  }, [lang])
  useEffect(() => {
    if (query.data) saveOfflineCopy(staffId, lang, query.data, new Date(query.dataUpdatedAt), storage)
  }, [query.data, query.dataUpdatedAt, staffId, lang, storage])

  const offline = query.isError && isNetworkFailure(query.error)
  // What was loaded before: this page's last answer, else the copy kept in this browser (read only
  // after a failed call, never during the server's render: no storage there).
  const { data, dataUpdatedAt } = query
  const copy = useMemo(
    () => (offline ? (data ? { loadedAt: new Date(dataUpdatedAt), data } : readOfflineCopy(staffId, lang, storage)) : null),
    [offline, data, dataUpdatedAt, staffId, lang, storage],
  )

  if (query.isPending) {
    return (
      <p role="status" data-testid="my-sessions-loading">
        <Trans>Loading your sessions…</Trans>
      </p>
    )
  }
  if (!offline) {
    return (
      <div className="space-y-4">
        {query.isError ? <SubmitError error={query.error} /> : null}
        {data ? <SessionsList data={data} lang={lang} /> : null}
      </div>
    )
  }
  const retry = (
    <button type="button" className="min-h-11 rounded-md border border-gray-400 px-3 font-medium" onClick={() => void query.refetch()} disabled={query.isFetching}>
      <Trans>Try again</Trans>
    </button>
  )
  if (!copy) {
    return (
      <div className="space-y-3" data-testid="my-sessions-offline">
        <p role="alert" className="rounded-md border-2 border-gray-900 p-3">
          <Trans>You are offline, and this device has no copy of your sessions yet. Open this page once with a connection to read it offline later.</Trans>
        </p>
        {retry}
      </div>
    )
  }
  const loaded = dateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: copy.data.timeZone }).format(copy.loadedAt)
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 rounded-md border-2 border-gray-900 p-3" data-testid="my-sessions-offline">
        <p role="status" className="min-w-0 flex-1 font-semibold">
          {t`Offline: shown as loaded on ${loaded}`}
        </p>
        {retry}
      </div>
      <SessionsList data={copy.data} lang={lang} />
    </div>
  )
}

function SessionsList({ data, lang }: { data: MySessions; lang: Locale }) {
  const days = byDay(data.sessions, data.timeZone)
  const today = localParts(new Date().toISOString(), data.timeZone).date
  if (!days.length) {
    return (
      <p data-testid="my-sessions-empty">
        <Trans>You have no sessions in the next 14 days. They appear here once you are assigned to a date.</Trans>
      </p>
    )
  }
  return (
    <div className="space-y-6" data-testid="my-sessions">
      {data.truncated ? (
        <p>
          <Trans>Only the first 50 dates are shown.</Trans>
        </p>
      ) : null}
      {days.map(({ day, sessions }, index) => (
        <section key={day} aria-labelledby={`my-day-${day}`} className="space-y-3">
          <h2 id={`my-day-${day}`} className="break-words text-xl font-semibold">
            {longDay(day, lang)}
            {day === today ? (
              <>
                {' '}
                (<Trans>today</Trans>)
              </>
            ) : null}
          </h2>
          {sessions.map((session, position) => (
            <SessionCard key={session.id} session={session} timeZone={data.timeZone} lang={lang} open={index === 0 && position === 0} />
          ))}
        </section>
      ))}
    </div>
  )
}
