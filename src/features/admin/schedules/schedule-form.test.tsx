// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import axe from 'axe-core'
import { createAdminClient } from '~/api/admin-client'
import type { ServiceScheduleView } from '~/api/admin-schedules.queries'
import { installDialogPolyfill } from '../rich-text/test-support'
import { adminI18n, loadAdminMessages } from '../i18n'
import { ScheduleForm } from './schedule-form'

beforeAll(installDialogPolyfill)
afterEach(cleanup)

const VIEW: ServiceScheduleView = {
  offerId: 'offer-1',
  slug: 'private-climbing-lesson',
  title: 'Private climbing lesson',
  status: 'published',
  version: 3,
  updatedAt: '2026-03-01T10:00:00Z',
  timeZone: 'Europe/Zurich',
  schedule: { weeklyHours: [{ weekday: 0, start: '13:00', end: '24:00' }, { weekday: 1, start: '09:00', end: '12:00' }], exceptions: [], durationMinutes: 60, bufferMinutes: 15, stepMinutes: 30 },
}

type Answer = { status: number; body: unknown }
const problem = (status: number, data: Record<string, unknown>): Answer => ({ status, body: { statusCode: status, statusMessage: 'Error', message: 'Refused', data } })

/** The form with an API whose writes answer `answers` in turn; the requests are kept. */
async function renderForm(answers: Answer[] = []) {
  const requests: { method: string; path: string; body: any }[] = [] // eslint-disable-line @typescript-eslint/no-explicit-any -- request bodies read freely
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname
    requests.push({ method: request.method, path, body: request.method === 'GET' ? undefined : await request.json() })
    if (request.method === 'GET') return Response.json({ data: path.endsWith('/history') ? [] : { ...VIEW, version: 4, schedule: { ...VIEW.schedule, bufferMinutes: 0 } } })
    const next = answers.shift() ?? { status: 200, body: { data: { ...VIEW, version: 4 } } }
    return Response.json(next.body, { status: next.status })
  })
  const api = createAdminClient({ baseUrl: 'http://alpin.shop.test', fetch, getLocale: () => 'en', xsrfToken: async () => 'token' })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <I18nProvider i18n={adminI18n('en', await loadAdminMessages('en'))}>
        <ScheduleForm api={api} lang="en" today="2026-03-27" initial={VIEW} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { writes: () => requests.filter((r) => r.method !== 'GET'), requests }
}

const day = (name: string) => screen.getByRole('group', { name })
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save the opening hours' }))

describe('ScheduleForm', () => {
  it('shows the week from Monday, closed days and an end at midnight as 00:00; nothing for axe to find', async () => {
    await renderForm()
    const legends = [...document.querySelectorAll('legend')].map((l) => l.textContent)
    expect(legends.slice(0, 7)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    expect(within(day('Tuesday')).getByText('Closed')).toBeTruthy()
    expect((within(day('Sunday')).getByLabelText('To (Sunday, range 1)') as HTMLInputElement).value).toBe('00:00')
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => v.id)).toEqual([])
  })

  it('saves added ranges and slot settings with the version read, the end of day as 24:00', async () => {
    const { writes } = await renderForm()
    fireEvent.click(within(day('Monday')).getByRole('button', { name: 'Add a range (Monday)' }))
    fireEvent.change(within(day('Monday')).getByLabelText('To (Monday, range 2)'), { target: { value: '17:00' } })
    fireEvent.click(within(day('Tuesday')).getByRole('button', { name: 'Add opening hours (Tuesday)' }))
    fireEvent.change(screen.getByLabelText(/Interval between start times/), { target: { value: '15' } })
    save()
    await screen.findByText('Saved. Visitors see the new start times at once.')
    const [put] = writes()
    expect(put!.method).toBe('PUT')
    expect(put!.body.version).toBe(3)
    expect(put!.body.schedule).toMatchObject({
      weeklyHours: [
        { weekday: 0, start: '13:00', end: '24:00' },
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '12:00', end: '17:00' },
        { weekday: 2, start: '09:00', end: '17:00' },
      ],
      stepMinutes: 15,
    })
  })

  it('turns dates chosen in the dialog into exceptions: special hours for all of them', async () => {
    const { writes } = await renderForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add closed days or special hours…' }))
    const dialog = screen.getByRole('dialog', { name: 'Choose dates' })
    act(() => within(dialog).getByRole('gridcell', { name: /March 28, 2026/ }).focus())
    fireEvent.keyDown(document.activeElement!, { key: ' ' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', shiftKey: true })
    fireEvent.click(within(dialog).getByLabelText('Open with special hours'))
    fireEvent.change(within(dialog).getByLabelText('To (Special hours, range 1)'), { target: { value: '11:00' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to 2 dates' }))
    const list = screen.getByTestId('exceptions')
    expect(within(list).getAllByText('Special hours: 09:00–11:00')).toHaveLength(2)
    expect(within(list).getByText('Sunday, March 29, 2026')).toBeTruthy()
    save()
    await screen.findByText(/^Saved/)
    expect(writes()[0]!.body.schedule.exceptions).toEqual([
      { date: '2026-03-28', closed: false, hours: [{ start: '09:00', end: '11:00' }] },
      { date: '2026-03-29', closed: false, hours: [{ start: '09:00', end: '11:00' }] },
    ])
  })

  it('puts the server\'s field errors at their inputs and lists them', async () => {
    await renderForm([problem(400, { code: 'validation', errors: { 'schedule.weeklyHours.2.start': { code: 'hours.overlap' } } })])
    fireEvent.click(within(day('Monday')).getByRole('button', { name: 'Add a range (Monday)' }))
    save()
    const summary = await screen.findByTestId('error-summary')
    expect(summary.textContent).toContain('Monday: From: These hours overlap other hours of the same day.')
    const input = within(day('Monday')).getByLabelText('From (Monday, range 2)')
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })

  it('says when someone else saved first and loads the current hours on request', async () => {
    const { requests } = await renderForm([problem(409, { code: 'offer.version_conflict', version: 4 })])
    fireEvent.change(screen.getByLabelText(/Buffer between bookings/), { target: { value: '30' } })
    save()
    await screen.findByText(/Someone else changed this offer in the meantime/)
    fireEvent.click(screen.getByRole('button', { name: 'Load the current opening hours' }))
    await waitFor(() => expect((screen.getByLabelText(/Buffer between bookings/) as HTMLInputElement).value).toBe('0'))
    expect(requests.some((r) => r.method === 'GET' && r.path.endsWith('/offers/offer-1/schedule'))).toBe(true)
  })

  it('previews the start times of the hours as entered, without saving', async () => {
    const { writes } = await renderForm([{ status: 200, body: { data: { timeZone: 'Europe/Zurich', days: [{ date: '2026-03-29', startTimes: ['01:00', '01:30', '03:00'] }, { date: '2026-03-30', startTimes: [] }] } } }])
    fireEvent.click(screen.getByRole('button', { name: 'Show the start times of 7 days' }))
    const preview = await screen.findByTestId('slot-preview')
    expect(preview.textContent).toContain('Sunday, March 29, 2026')
    expect(preview.textContent).toContain('01:00, 01:30, 03:00')
    expect(preview.textContent).toContain('no start times')
    expect(writes()[0]).toMatchObject({ method: 'POST', path: '/api/admin/v1/offers/offer-1/schedule/preview', body: { from: '2026-03-27', to: '2026-04-02' } })
  })
})
