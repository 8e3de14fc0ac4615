import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { AdminApi } from '~/api/admin-client'
import { workingTimeKey } from '~/api/admin-working-time.queries'
import { assignGuide, PLANNING_KEY, unassignGuide, type PlanningBoard, type PlanningSession } from '~/api/admin-planning.queries'

/** Puts a date as the server answered it into every board that lists it (and the members' lists of dates), before the boards are read again. */
function patchBoards(queryClient: QueryClient, session: PlanningSession) {
  const guides = new Set(session.guides.map((g) => g.staffId))
  queryClient.setQueriesData<PlanningBoard>({ queryKey: PLANNING_KEY }, (board) => {
    if (!board?.sessions.some((s) => s.id === session.id)) return board
    return {
      ...board,
      sessions: board.sessions.map((s) => (s.id === session.id ? session : s)),
      staff: board.staff.map((member) => {
        const listed = member.sessionIds.includes(session.id)
        if (listed === guides.has(member.id)) return member
        return { ...member, sessionIds: listed ? member.sessionIds.filter((id) => id !== session.id) : [...member.sessionIds, session.id] }
      }),
    }
  })
}

export type AssignVariables = { sessionId: string; staffId: string; overrideReason?: string }

/**
 * The board's writes: assigning and removing a guide. The answer (the date as the board shows it)
 * goes into the boards at once; afterwards, refused or not, the boards, the date's history, the
 * dashboard and the working-time sheets are read again (a refusal often means the board was out of date).
 */
export function usePlanningWrites(api: AdminApi) {
  const queryClient = useQueryClient()
  const reload = (sessionId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'sessions', sessionId, 'history'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      queryClient.invalidateQueries({ queryKey: workingTimeKey }),
    ])
  const assign = useMutation({
    mutationFn: ({ sessionId, staffId, overrideReason }: AssignVariables) => assignGuide(api, sessionId, { staffId, ...(overrideReason ? { overrideReason } : {}) }),
    onSuccess: (answer) => patchBoards(queryClient, answer.data),
    onSettled: (_answer, _error, variables) => void reload(variables.sessionId),
  })
  const unassign = useMutation({
    mutationFn: ({ sessionId, staffId }: { sessionId: string; staffId: string }) => unassignGuide(api, sessionId, staffId),
    onSuccess: (answer) => patchBoards(queryClient, answer.data),
    onSettled: (_answer, _error, variables) => void reload(variables.sessionId),
  })
  return { assign, unassign }
}
