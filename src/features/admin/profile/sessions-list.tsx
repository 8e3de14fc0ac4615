import { useRouter } from '@tanstack/react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { mySessionsQuery, signOutEverywhere } from '~/api/admin.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { INTL_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { forgetOfflineData } from '../my-sessions/offline'
import { Section } from './section'

/** One's active sessions, this one first, and "sign out everywhere". */
export function SessionsList({ api, lang }: { api: AdminApi; lang: Locale }) {
  const { t } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const sessions = useQuery(mySessionsQuery(api))
  const everywhere = useMutation({
    mutationFn: () => signOutEverywhere(api),
    onSuccess: async () => {
      void forgetOfflineData()
      await router.navigate({ to: '/$lang/admin/sign-in', params: { lang }, search: {} })
      queryClient.removeQueries({ queryKey: ['admin'] })
    },
  })
  const format = new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Section id="profile-sessions" title={t`Active sessions`}>
      {sessions.isError ? <SubmitError error={sessions.error} /> : null}
      <ul className="space-y-2" data-testid="sessions">
        {(sessions.data ?? []).map((s) => {
          const lastSeen = format.format(new Date(s.lastSeenAt))
          return (
            <li key={s.id} className="rounded-md border border-gray-200 p-3">
              <p className="break-words font-medium">{s.userAgent || t`Unknown browser`}</p>
              <p className="text-sm">
                {s.current ? (
                  <strong>
                    <Trans>This session</Trans>
                  </strong>
                ) : (
                  <Trans>Last used {lastSeen}</Trans>
                )}
              </p>
            </li>
          )
        })}
      </ul>
      {everywhere.isError ? <SubmitError error={everywhere.error} /> : null}
      <Button className="mt-4" variant="danger" onClick={() => everywhere.mutate()} disabled={everywhere.isPending}>
        <Trans>Sign out everywhere</Trans>
      </Button>
    </Section>
  )
}
