import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminApi } from '~/api/admin-client'
import { cancelSession, updateSession, type SessionUpdate } from '~/api/admin-sessions.queries'

/**
 * The writes of one session (change, cancel). Afterwards the calendar and the history are
 * reloaded; after a conflict too, so "load the current version" shows what someone else saved.
 */
export function useSessionWrites(api: AdminApi, offerId: string, sessionId: string) {
  const queryClient = useQueryClient()
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'offers', offerId, 'sessions'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'sessions', sessionId, 'history'] }),
    ])
  const update = useMutation({ mutationFn: (body: SessionUpdate) => updateSession(api, sessionId, body), onSuccess: reload })
  const cancel = useMutation({ mutationFn: (body: { version: number; message?: string }) => cancelSession(api, sessionId, body), onSuccess: reload })
  return { update, cancel, reload }
}
