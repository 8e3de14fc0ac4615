import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { AdminApi } from '~/api/admin-client'
import { workingTimeKey } from '~/api/admin-working-time.queries'
import { assignBookingGuide, assignGuide, PLANNING_KEY, unassignBookingGuide, unassignGuide, type PlanningBoard, type PlanningPrivateBooking, type PlanningSession } from '~/api/admin-planning.queries'

/** The members' lists of a board after a date or booking changed: each lists it exactly when they guide it now. */
function relist(board: PlanningBoard, key: 'sessionIds' | 'itemIds', id: string, guides: Set<string>): PlanningBoard['staff'] {
  return board.staff.map((member) => {
    const listed = member[key].includes(id)
    if (listed === guides.has(member.id)) return member
    return { ...member, [key]: listed ? member[key].filter((x) => x !== id) : [...member[key], id] }
  })
}

/** Puts a date or a private booking as the server answered it into every board that lists it (and the members' lists), before the boards are read again. */
function patchBoards(queryClient: QueryClient, answer: { kind: 'session'; data: PlanningSession } | { kind: 'booking'; data: PlanningPrivateBooking }) {
  const guides = new Set(answer.data.guides.map((g) => g.staffId))
  queryClient.setQueriesData<PlanningBoard>({ queryKey: PLANNING_KEY }, (board) => {
    if (!board) return board
    if (answer.kind === 'session') {
      const session = answer.data
      if (!board.sessions.some((s) => s.id === session.id)) return board
      return { ...board, sessions: board.sessions.map((s) => (s.id === session.id ? session : s)), staff: relist(board, 'sessionIds', session.id, guides) }
    }
    const booking = answer.data
    if (!board.privateBookings.some((b) => b.itemId === booking.itemId)) return board
    return { ...board, privateBookings: board.privateBookings.map((b) => (b.itemId === booking.itemId ? booking : b)), staff: relist(board, 'itemIds', booking.itemId, guides) }
  })
}

/** `sessionId`: the date's id, or the booking item's with `kind` `booking`. */
export type AssignVariables = { sessionId: string; staffId: string; overrideReason?: string; kind?: 'session' | 'booking' }

/**
 * The board's writes: assigning and removing a guide of a date or a private booking. The answer
 * (the date or booking as the board shows it)
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
    mutationFn: async ({ sessionId, staffId, overrideReason, kind }: AssignVariables) => {
      const body = { staffId, ...(overrideReason ? { overrideReason } : {}) }
      if (kind === 'booking') {
        const answer = await assignBookingGuide(api, sessionId, body)
        patchBoards(queryClient, { kind: 'booking', data: answer.data })
        return answer
      }
      const answer = await assignGuide(api, sessionId, body)
      patchBoards(queryClient, { kind: 'session', data: answer.data })
      return answer
    },
    onSettled: (_answer, _error, variables) => void reload(variables.sessionId),
  })
  const unassign = useMutation({
    mutationFn: async ({ sessionId, staffId, kind }: { sessionId: string; staffId: string; kind?: 'session' | 'booking' }) => {
      if (kind === 'booking') {
        const answer = await unassignBookingGuide(api, sessionId, staffId)
        patchBoards(queryClient, { kind: 'booking', data: answer.data })
        return answer
      }
      const answer = await unassignGuide(api, sessionId, staffId)
      patchBoards(queryClient, { kind: 'session', data: answer.data })
      return answer
    },
    onSettled: (_answer, _error, variables) => void reload(variables.sessionId),
  })
  return { assign, unassign }
}
