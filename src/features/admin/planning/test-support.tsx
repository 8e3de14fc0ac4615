/**
 * The planning board's component tests: a board answer of one week (Zurich, Monday 9 to Sunday
 * 15 March 2026), a fake staff API that answers the board and records the writes, and a render
 * inside the providers the board needs (query cache with the board, router, English catalogue).
 */
import type { PlanningTarget } from './targets'
import type { ReactNode } from 'react'
import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { vi } from 'vitest'
import { createAdminClient, type AdminApi } from '~/api/admin-client'
import { planningBoardQuery, type PlanningBoard, type PlanningSession, type PlanningStaff, type PlanningStaffDay } from '~/api/admin-planning.queries'
import { adminI18n, loadAdminMessages } from '../i18n'
import { weekDays } from './week'

export const ANNA = 'staff-anna-000000001'
export const BEN = 'staff-ben-0000000001'
export const CHRIS = 'staff-chris-00000001'
export const GLACIER = 'session-glacier-0001'
export const CANYON = 'session-canyon-00001'
export const SUNSET = 'session-sunset-00001'

const free = { availability: null, note: null }
const days = (over: Record<string, Partial<Pick<PlanningStaffDay, 'am' | 'pm'>>> = {}, fill: PlanningStaffDay['am'] = free): PlanningStaffDay[] =>
  weekDays('2026-03-09').map((date) => ({ date, am: fill, pm: fill, ...over[date] }))

const session = (over: Partial<PlanningSession> & Pick<PlanningSession, 'id' | 'offerTitle' | 'date' | 'time' | 'startsAt' | 'endsAt' | 'halfDays'>): PlanningTarget => ({
  kind: 'session',
  bookingCode: null,
  bookingStatus: null,
  offerId: 'offer-0000000000000001',
  capacity: 12,
  placesTaken: 3,
  status: 'scheduled',
  closed: false,
  participantsPerGuide: null,
  guidesNeeded: 1,
  understaffed: true,
  guides: [],
  ...over,
})

export const glacier = session({
  id: GLACIER,
  offerTitle: 'Glacier hike',
  date: '2026-03-10',
  time: '09:00',
  startsAt: '2026-03-10T08:00:00.000Z',
  endsAt: '2026-03-10T11:00:00.000Z',
  halfDays: [{ date: '2026-03-10', part: 'AM' }],
  placesTaken: 7,
  participantsPerGuide: 4,
  guidesNeeded: 2,
  guides: [{ staffId: ANNA, name: 'Anna Muster', availability: 'AVAILABLE', overrideReason: null }],
})

export const canyon = session({
  id: CANYON,
  offerTitle: 'Canyoning',
  date: '2026-03-10',
  time: '10:00',
  startsAt: '2026-03-10T09:00:00.000Z',
  endsAt: '2026-03-10T14:00:00.000Z',
  halfDays: [
    { date: '2026-03-10', part: 'AM' },
    { date: '2026-03-10', part: 'PM' },
  ],
  closed: true,
})

export const sunset = session({
  id: SUNSET,
  offerTitle: 'Sunset tour',
  date: '2026-03-12',
  time: '18:00',
  startsAt: '2026-03-12T17:00:00.000Z',
  endsAt: '2026-03-12T19:00:00.000Z',
  halfDays: [{ date: '2026-03-12', part: 'PM' }],
  understaffed: false,
  guides: [{ staffId: BEN, name: 'Ben Keller', availability: 'UNAVAILABLE', overrideReason: 'Only he knows the route' }],
})

const staff: PlanningStaff[] = [
  { id: ANNA, name: 'Anna Muster', role: 'manager', days: days({}, { availability: 'AVAILABLE', note: null }), sessionIds: [GLACIER], itemIds: [] },
  {
    id: BEN,
    name: 'Ben Keller',
    role: 'guide',
    days: days({
      '2026-03-10': { am: { availability: 'MAYBE', note: 'dentist at 11' }, pm: { availability: 'UNAVAILABLE', note: 'away' } },
      '2026-03-12': { pm: { availability: 'UNAVAILABLE', note: null } },
    }),
    sessionIds: [SUNSET],
    itemIds: [],
  },
  { id: CHRIS, name: 'Chris Rey', role: 'guide', days: days(), sessionIds: [], itemIds: ['item-massage-000001'] },
]

/** The week's board: three dates (two short of guides), a private booking, three members. */
export const WEEK: PlanningBoard = {
  from: '2026-03-09',
  to: '2026-03-15',
  timeZone: 'Europe/Zurich',
  truncated: false,
  sessions: [glacier, canyon, sunset],
  privateBookings: [
    {
      bookingCode: 'ABC123',
      itemId: 'item-massage-000001',
      offerId: 'offer-0000000000000002',
      offerTitle: 'Massage',
      startsAt: '2026-03-11T13:00:00.000Z',
      endsAt: '2026-03-11T14:00:00.000Z',
      date: '2026-03-11',
      time: '14:00',
      participants: 2,
      status: 'PAID',
      halfDays: [{ date: '2026-03-11', part: 'PM' }],
      guidesNeeded: 1,
      understaffed: false,
      guides: [{ staffId: CHRIS, name: 'Chris Rey', availability: null, overrideReason: null }],
    },
  ],
  staff,
}

/** The board of one day of the week. */
export function dayOf(board: PlanningBoard, day: string): PlanningBoard {
  return {
    ...board,
    from: day,
    to: day,
    sessions: board.sessions.filter((s) => s.date === day),
    privateBookings: board.privateBookings.filter((b) => b.date === day),
    staff: board.staff.map((m) => ({ ...m, days: m.days.filter((d) => d.date === day), sessionIds: m.sessionIds.filter((id) => board.sessions.some((s) => s.id === id && s.date === day)),
      itemIds: m.itemIds.filter((id) => board.privateBookings.some((b) => b.itemId === id && b.date === day)),
    })),
  }
}

export const problem = (status: number, data: Record<string, unknown>) => Response.json({ statusCode: status, statusMessage: 'x', message: 'x', data }, { status })

type Write = { method: string; path: string; body?: Record<string, unknown> }

/** The staff API answering the board (`board`) and the writes (`answers`), recording what was written. */
export function fakeApi(board: PlanningBoard, answers: { assign?: (body: Record<string, unknown>) => Response; unassign?: () => Response } = {}) {
  const writes: Write[] = []
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url)
    if (request.method === 'GET') return Response.json({ data: board })
    const body = request.method === 'POST' ? ((await request.json()) as Record<string, unknown>) : undefined
    writes.push({ method: request.method, path: url.pathname, body })
    if (request.method === 'POST') return answers.assign!(body!)
    return answers.unassign!()
  })
  const api = createAdminClient({ baseUrl: 'http://alpin.shop.test', fetch, getLocale: () => 'en', xsrfToken: async () => undefined })
  return { api, writes }
}

/** Renders `ui` with the board in the query cache (under its range's key) and a router at the board's address. */
export async function renderWithBoard(api: AdminApi, board: PlanningBoard, ui: ReactNode) {
  const i18n = adminI18n('en', await loadAdminMessages('en'))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(planningBoardQuery(api, board.from, board.to).queryKey, board)
  const root = createRootRoute({
    component: () => (
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>
          <main>{ui}</main>
        </I18nProvider>
      </QueryClientProvider>
    ),
  })
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/en/admin/planning/board'] }) })} />)
  await screen.findByRole('main')
  return { queryClient }
}

/** axe's findings on the page (none expected). */
export const violations = async () => (await axe.run(document.body)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)
