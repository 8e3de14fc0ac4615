// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AdminApi, Role } from '~/api/admin-client'
import { workingTimeQuery, type WorkingTimeSheet } from '~/api/admin-working-time.queries'
import { adminI18n, loadAdminMessages } from '../i18n'
import { bodyOf, draftOf } from './entry-dialog'
import { WorkingTimePage } from './sheet-page'

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return
    this.open = false
    setTimeout(() => this.dispatchEvent(new Event('close')))
  }
})
afterEach(cleanup)

const ME = 'manager-0000000001'
const ZORA = 'guide-00000000001'
const members = [
  { id: ME, name: 'Marco Rossi', role: 'manager' as const },
  { id: ZORA, name: 'Zora Zimmermann', role: 'guide' as const },
]

function sheet(over: Partial<WorkingTimeSheet> = {}): WorkingTimeSheet {
  return {
    member: members[1]!,
    month: '2026-10',
    timeZone: 'Europe/Zurich',
    lines: [
      { kind: 'session', id: 'session-000000000001', date: '2026-10-24', from: '23:00', to: '02:00', endDate: '2026-10-25', breakMinutes: 0, preparationMinutes: 30, minutes: 270, title: 'Canyoning', note: null, planned: false },
      { kind: 'entry', id: 'entry-00000000000001', date: '2026-10-26', from: '08:00', to: '12:30', endDate: '2026-10-26', breakMinutes: 30, preparationMinutes: 0, minutes: 240, title: null, note: 'Office', planned: false },
      { kind: 'session', id: 'session-000000000002', date: '2026-10-30', from: '09:00', to: '11:00', endDate: '2026-10-30', breakMinutes: 0, preparationMinutes: 30, minutes: 150, title: 'Hike', note: null, planned: true },
    ],
    totals: { sessionMinutes: 420, entryMinutes: 240, totalMinutes: 660, plannedMinutes: 150 },
    approval: null,
    fingerprint: 'F'.repeat(43),
    editable: true,
    canApprove: true,
    truncated: false,
    members,
    ...over,
  }
}

const ok = (data: unknown) => ({ data: { data }, response: new Response(null, { status: 200 }) })

async function renderPage(options: { role?: Role; data?: WorkingTimeSheet; staffId?: string } = {}) {
  const data = options.data ?? sheet()
  // The server's state: what the writes answer is what a reload reads.
  let current = data
  const answer = (next: WorkingTimeSheet) => ok((current = next))
  const POST = vi.fn(async (path: string, _init: unknown) =>
    answer(path.endsWith('/approvals') ? sheet({ approval: { approvedAt: '2026-10-28T09:00:00Z', approvedBy: 'Marco Rossi', minutes: 660, current: true }, editable: false }) : current),
  )
  const DELETE = vi.fn(async (_path: string, _init: unknown) => answer(sheet({ lines: data.lines.filter((l) => l.kind !== 'entry') })))
  const PUT = vi.fn()
  const GET = vi.fn(async () => ok(current))
  const api = { POST, GET, PUT, DELETE } as unknown as AdminApi
  const query = { month: '2026-10', ...(options.staffId === undefined ? { staffId: ZORA } : options.staffId ? { staffId: options.staffId } : {}) }
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  queryClient.setQueryData(workingTimeQuery(api, query).queryKey, data)
  const onMonth = vi.fn()
  const onMember = vi.fn()
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={adminI18n('en', await loadAdminMessages('en'))}>
        <main>
          <WorkingTimePage api={api} lang="en" today="2026-10-28" month="2026-10" query={query} role={options.role ?? 'manager'} meId={options.role === 'guide' ? ZORA : ME} onMonth={onMonth} onMember={onMember} />
        </main>
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { POST, DELETE, onMonth, onMember }
}

const axeClean = async () => {
  const results = await axe.run({ include: [['main']] }, { rules: { 'color-contrast': { enabled: false } } })
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
}

describe('WorkingTimePage', () => {
  it('shows a member’s month: dates with preparation, entries, totals, planned part; a manager chooses the member and the month', async () => {
    const { onMonth, onMember } = await renderPage()
    expect(screen.getByRole('heading', { name: 'Zora Zimmermann: October 2026' })).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Working time by day' })
    const rows = within(table).getAllByTestId('work-line').map((r) => [...r.querySelectorAll('td')].slice(0, 6).map((c) => c.textContent))
    expect(rows).toEqual([
      ['Sat, 24.10.2026', 'CanyoningGuided date', '23:00–Sun, 25.10.2026 02:00', '–', '30 min', '4 h 30 min'],
      ['Mon, 26.10.2026', 'OfficeOther work', '08:00–12:30', '30 min', '–', '4 h'],
      ['Fri, 30.10.2026', 'HikeGuided date · planned', '09:00–11:00', '–', '30 min', '2 h 30 min'],
    ])
    expect(within(table).getByRole('link', { name: 'Canyoning' }).getAttribute('href')).toBe('/en/admin/sales/sessions/session-000000000001/manifest')
    expect(screen.getByTestId('work-total').textContent).toBe('11 h (11.00 h)')
    expect(screen.getByText('of which still planned: 2 h 30 min')).toBeTruthy()
    expect(screen.getByText('Not approved yet.')).toBeTruthy()
    fireEvent.change(screen.getByRole('combobox', { name: 'Staff member' }), { target: { value: ME } })
    expect(onMember).toHaveBeenCalledWith(undefined)
    fireEvent.click(screen.getByRole('button', { name: /Previous month/ }))
    expect(onMonth).toHaveBeenCalledWith('2026-09')
    expect(screen.getByRole('link', { name: 'Totals per person' }).getAttribute('href')).toBe('/api/admin/v1/working-time/export?month=2026-10&layout=summary&lang=en')
    await axeClean()
  }, 60_000)

  it('shows a private booking the member guides as a line of its own, counted with the dates, without a link (guides cannot open bookings)', async () => {
    const booking = { kind: 'booking' as const, id: 'item-000000000000001', date: '2026-10-27', from: '09:00', to: '12:00', endDate: '2026-10-27', breakMinutes: 0, preparationMinutes: 15, minutes: 195, title: 'Private guide – Half day', note: null, planned: false }
    const base = sheet()
    await renderPage({ data: sheet({ lines: [...base.lines.slice(0, 2), booking, base.lines[2]!], totals: { sessionMinutes: 615, entryMinutes: 240, totalMinutes: 855, plannedMinutes: 150 } }) })
    const table = screen.getByRole('table', { name: 'Working time by day' })
    const rows = within(table).getAllByTestId('work-line')
    expect([...rows[2]!.querySelectorAll('td')].slice(0, 6).map((c) => c.textContent)).toEqual(['Tue, 27.10.2026', 'Private guide – Half dayPrivate booking', '09:00–12:00', '–', '15 min', '3 h 15 min'])
    expect(rows[2]!.querySelector('a')).toBeNull()
    expect(within(rows[2]!).queryByRole('button')).toBeNull()
    const totals = screen.getByTestId('work-totals')
    expect(totals.textContent).toContain('Guided dates and private bookings (with preparation)10 h 15 min')
    expect(screen.getByTestId('work-total').textContent).toBe('14 h 15 min (14.25 h)')
    await axeClean()
  }, 60_000)

  it('approves the sheet as it was shown (its fingerprint), after a confirmation naming the planned part', async () => {
    const { POST } = await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Approve…' }))
    const dialog = within(screen.getByTestId('work-confirm-dialog'))
    expect(dialog.getByRole('heading', { name: 'Approve the working time of Zora Zimmermann?' })).toBeTruthy()
    expect(dialog.getByText('2 h 30 min of it are dates that have not taken place yet.')).toBeTruthy()
    await axeClean()
    fireEvent.click(dialog.getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The working time is approved.'))
    expect(POST).toHaveBeenCalledWith('/api/admin/v1/working-time/approvals', { body: { staffId: ZORA, month: '2026-10', fingerprint: 'F'.repeat(43) } })
    expect(screen.getByTestId('work-approval').textContent).toContain('Approved by Marco Rossi')
    // Approved: no more changes to entries.
    expect(screen.queryByRole('button', { name: 'Add working time…' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Change the entry/ })).toBeNull()
  }, 60_000)

  it('says when the sheet changed after its approval, and lets a guide only read it and add their own work', async () => {
    await renderPage({ role: 'guide', staffId: '', data: sheet({ approval: { approvedAt: '2026-10-28T09:00:00Z', approvedBy: 'Marco Rossi', minutes: 600, current: false }, canApprove: false, editable: false, members: [members[1]!] }) })
    expect(screen.getByText('Changed since the approval: the approved total was 10 h, it is 11 h now.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Approve…' })).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Staff member' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Totals per person' })).toBeNull()
    expect(screen.getByRole('heading', { name: 'October 2026' })).toBeTruthy()
  })

  it('removes an entry after a confirmation, and adds one from the dialog, keeping what was typed when the browser refuses it', async () => {
    const { DELETE, POST } = await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Remove the entry of Mon, 26.10.2026, 08:00–12:30' }))
    fireEvent.click(within(screen.getByTestId('work-confirm-dialog')).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The entry was removed.'))
    expect(DELETE).toHaveBeenCalledWith('/api/admin/v1/working-time/entries/{entryId}', { params: { path: { entryId: 'entry-00000000000001' } } })

    fireEvent.click(screen.getByRole('button', { name: 'Add working time…' }))
    const dialog = within(screen.getByTestId('work-entry-dialog'))
    expect((dialog.getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2026-10-28')
    fireEvent.change(dialog.getByLabelText(/^From/), { target: { value: '13:00' } })
    fireEvent.change(dialog.getByLabelText(/^Break in minutes/), { target: { value: 'ten' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Add the entry' }))
    expect(await dialog.findByTestId('error-summary')).toBeTruthy()
    expect((dialog.getByLabelText(/^From/) as HTMLInputElement).value).toBe('13:00')
    expect(POST).not.toHaveBeenCalled()
    await axeClean()
    fireEvent.change(dialog.getByLabelText(/^To/), { target: { value: '00:00' } })
    fireEvent.change(dialog.getByLabelText(/^Break in minutes/), { target: { value: '15' } })
    fireEvent.change(dialog.getByLabelText(/^Note/), { target: { value: 'Maintenance' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Add the entry' }))
    await waitFor(() => expect(POST).toHaveBeenCalled())
    expect(POST.mock.calls[0]).toEqual(['/api/admin/v1/working-time/entries', { body: { date: '2026-10-28', from: '13:00', to: '24:00', breakMinutes: 15, note: 'Maintenance', staffId: ZORA } }])
  }, 60_000)
})

describe('the entry form’s body', () => {
  it('reads an end at 00:00 as midnight and an empty break as none; tells malformed fields', () => {
    expect(bodyOf({ date: '2026-10-01', from: '22:00', to: '00:00', breakMinutes: '', note: '' })).toEqual({ body: { date: '2026-10-01', from: '22:00', to: '24:00', breakMinutes: 0, note: '' } })
    expect(bodyOf({ date: '', from: '8', to: '09:00', breakMinutes: '-5', note: '' })).toEqual({
      errors: { date: { code: 'invalid_date' }, from: { code: 'invalid_time' }, breakMinutes: { code: 'invalid_type', params: { expected: 'number' } } },
    })
    expect(draftOf({ kind: 'entry', id: 'x', date: '2026-10-01', from: '22:00', to: '24:00', endDate: '2026-10-01', breakMinutes: 0, preparationMinutes: 0, minutes: 120, title: null, note: null, planned: false }, '2026-10-02')).toEqual({
      date: '2026-10-01',
      from: '22:00',
      to: '00:00',
      breakMinutes: '0',
      note: '',
    })
  })
})
