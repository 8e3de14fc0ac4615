// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import axe from 'axe-core'
import { createAdminClient } from '~/api/admin-client'
import type { AdminSession } from '~/api/admin-sessions.queries'
import { adminI18n, loadAdminMessages } from '../i18n'
import { AddDatesDialog } from './add-dates-dialog'
import { SessionDialog } from './session-dialog'

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false
  }
})
afterEach(cleanup)

const SESSION: AdminSession = {
  id: 'session-under-test',
  date: '2026-03-10',
  time: '09:00',
  startsAt: '2026-03-10T08:00:00.000Z',
  endsAt: '2026-03-10T10:00:00.000Z',
  durationMinutes: 120,
  capacity: 12,
  placesTaken: 7,
  placesHeld: 2,
  bookings: 3,
  status: 'scheduled',
  closed: false,
  version: 4,
  updatedAt: '2026-03-01T00:00:00.000Z',
}

const problem = (status: number, data: Record<string, unknown>) => Response.json({ statusCode: status, statusMessage: 'x', message: 'x', data }, { status })

/** The API as the dialogs call it; `answers` decides the writes. */
function fakeApi(answers: { patch?: () => Response; create?: (body: Record<string, unknown>) => Response }) {
  const bodies: Record<string, unknown>[] = []
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url)
    const body = request.method === 'GET' ? undefined : ((await request.json()) as Record<string, unknown>)
    if (body) bodies.push(body)
    if (url.pathname.endsWith('/history')) return Response.json({ data: [] })
    if (request.method === 'PATCH') return answers.patch!()
    return answers.create!(body!)
  })
  const api = createAdminClient({ baseUrl: 'http://alpin.shop.test', fetch, getLocale: () => 'en', xsrfToken: async () => undefined })
  return { api, bodies }
}

async function renderWith(node: React.ReactNode) {
  const i18n = adminI18n('en', await loadAdminMessages('en'))
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>{node}</I18nProvider>
    </QueryClientProvider>,
  )
}

const violations = async () => (await axe.run(document.body, { rules: { region: { enabled: false } } })).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)

describe('a date’s dialog', () => {
  it('says why the capacity cannot go lower, and offers the current version after a conflict', async () => {
    let answer = () => problem(400, { code: 'validation', errors: { capacity: { code: 'capacity.below_taken', params: { taken: 7, held: 2, minimum: 9 } } } })
    const { api, bodies } = fakeApi({ patch: () => answer() })
    await renderWith(<SessionDialog api={api} offerId="offer-under-test" session={SESSION} timeZone="Europe/Zurich" lang="en" onClose={() => {}} />)
    expect(screen.getByRole('dialog', { name: 'Tuesday, 10 March 2026, 09:00' })).toBeTruthy()
    expect(screen.getByText(/7 of 12 places booked, 2 held in carts/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Places'), { target: { value: '5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save capacity' }))
    await waitFor(() => expect(screen.getByText('7 places are booked and 2 held in carts: the capacity must be at least 9.')).toBeTruthy())
    expect(bodies.at(-1)).toEqual({ version: 4, capacity: 5 })
    expect(screen.getByLabelText('Places').getAttribute('aria-invalid')).toBe('true')
    expect(await violations()).toEqual([])

    answer = () => problem(409, { code: 'session.version_conflict', version: 5 })
    fireEvent.click(screen.getByRole('button', { name: 'Close for booking' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Someone else changed this date in the meantime'))
    expect(bodies.at(-1)).toEqual({ version: 4, closed: true })
    expect(screen.getByRole('button', { name: 'Load the current version' })).toBeTruthy()
  })

  it('asks before cancelling, saying how many bookings and places it affects', async () => {
    const { api } = fakeApi({})
    await renderWith(<SessionDialog api={api} offerId="offer-under-test" session={SESSION} timeZone="Europe/Zurich" lang="en" onClose={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this date…' }))
    expect(screen.getByText(/3 bookings \(7 places\) will be cancelled/)).toBeTruthy()
    expect(screen.getByLabelText('Message to the visitors (optional)')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel the date' })).toBeTruthy()
    expect(await violations()).toEqual([])
  })
})

describe('adding a series', () => {
  it('previews the dates the server would make as the fields are filled in, and shows a refused series’ reason', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { api, bodies } = fakeApi({
      create: (body) =>
        (body.series as { times: string[] }).times.length > 3
          ? problem(400, { code: 'validation', errors: { series: { code: 'series.too_many', params: { count: 10220, maximum: 1000 } } } })
          : Response.json({
              data: {
                dates: [{ date: '2026-03-21', time: '09:00', startsAt: '2026-03-21T08:00:00.000Z', endsAt: '2026-03-21T09:30:00.000Z' }],
                skipped: [{ date: '2026-03-29', time: '02:30', reason: 'no_such_time' }],
                created: [],
              },
            }),
    })
    await renderWith(<AddDatesDialog api={api} offerId="offer-under-test" kind="series" day="2026-03-21" durationMinutes={90} lang="en" onClose={() => {}} onAdded={() => {}} />)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }))
    fireEvent.change(screen.getByLabelText(/Last day/), { target: { value: '2026-03-29' } })
    await act(async () => void vi.advanceTimersByTime(500))
    await waitFor(() => expect(screen.getByText('1 new date will be added.')).toBeTruthy())
    expect(bodies.at(-1)).toMatchObject({ dryRun: true, durationMinutes: 90, series: { weekdays: [6], times: ['09:00'], from: '2026-03-21', to: '2026-03-29' } })
    // never a preview of what the fields held a moment before (no weekday yet: a request the contract refuses)
    expect(bodies.map((b) => (b.series as { weekdays: number[] }).weekdays.length)).not.toContain(0)
    expect(screen.getByText(/the clock skips this time/)).toBeTruthy()
    expect(await violations()).toEqual([])

    fireEvent.change(screen.getByLabelText(/Start times/), { target: { value: '08:00, 09:00, 10:00, 11:00' } })
    await act(async () => void vi.advanceTimersByTime(500))
    await waitFor(() => expect(screen.getByText(/This series would make 10220 dates; at most 1000/)).toBeTruthy())
    expect(screen.getByRole('button', { name: 'Add the dates' }).hasAttribute('disabled')).toBe(true)
    vi.useRealTimers()
  })
})
