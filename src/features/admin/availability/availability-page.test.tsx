// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AdminApi, Role } from '~/api/admin-client'
import { availabilityQuery, type StaffAvailability } from '~/api/admin-availability.queries'
import { adminI18n, loadAdminMessages } from '../i18n'
import { addDays, monthRange } from '../sessions/month'
import { AvailabilityPage } from './availability-page'

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
const { from, to } = monthRange('2026-04')

function availability(memberId: string): StaffAvailability {
  const days: StaffAvailability['days'] = []
  const none = { availability: null, note: null, source: null }
  for (let date = from; date <= to; date = addDays(date, 1)) days.push({ date, weekday: new Date(`${date}T00:00:00Z`).getUTCDay(), am: none, pm: none })
  const members = [
    { id: ME, name: 'Marco Rossi', role: 'manager' as const },
    { id: ZORA, name: 'Zora Zimmermann', role: 'guide' as const },
  ]
  return { member: members.find((m) => m.id === memberId)!, from, to, weekly: [], entries: [], days, members }
}

async function renderPage(options: { role?: Role; staffId?: string } = {}) {
  const POST = vi.fn(async () => ({ data: { data: { staffId: options.staffId ?? ME, dates: 2, changed: 1 } }, response: new Response(null, { status: 200 }) }))
  const api = { POST, GET: vi.fn(), PUT: vi.fn() } as unknown as AdminApi
  const query = { from, to, ...(options.staffId ? { staffId: options.staffId } : {}) }
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  queryClient.setQueryData(availabilityQuery(api, query).queryKey, availability(options.staffId ?? ME))
  const onMonth = vi.fn()
  const onMember = vi.fn()
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={adminI18n('en', await loadAdminMessages('en'))}>
        <main>
          <AvailabilityPage api={api} lang="en" today="2026-04-07" month="2026-04" query={query} role={options.role ?? 'manager'} meId={ME} onMonth={onMonth} onMember={onMember} />
        </main>
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { POST, onMonth, onMember }
}

describe('AvailabilityPage', () => {
  it('lets a manager choose the member, and moves month by month', async () => {
    const { onMonth, onMember } = await renderPage()
    const select = screen.getByRole('combobox', { name: 'Staff member' }) as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual(['Marco Rossi (you)', 'Zora Zimmermann'])
    fireEvent.change(select, { target: { value: ZORA } })
    expect(onMember).toHaveBeenCalledWith(ZORA)
    fireEvent.click(screen.getByRole('button', { name: /Previous month/ }))
    fireEvent.click(screen.getByRole('button', { name: /Next month/ }))
    expect(onMonth.mock.calls).toEqual([['2026-03'], ['2026-05']])
    expect(screen.getByRole('heading', { name: 'April 2026' })).toBeTruthy()
    // The month and the weekly pattern have tests of their own (axe over the month is slow).
    const results = await axe.run({ include: [['main']], exclude: [['[data-testid="availability-month"]'], ['[data-testid="availability-list"]']] }, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => v.id)).toEqual([])
  }, 60_000)

  it("names the member shown when it is someone else, and saves for them from the dialog", async () => {
    const { POST } = await renderPage({ staffId: ZORA })
    expect(screen.getByRole('heading', { name: 'Zora Zimmermann: April 2026' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Set availability…' }))
    const dialog = within(screen.getByTestId('availability-dialog'))
    // Opens on today; earlier dates cannot be chosen.
    expect(dialog.getByRole('gridcell', { name: /April 7, 2026/ }).getAttribute('tabindex')).toBe('0')
    expect(dialog.getByRole('gridcell', { name: /April 6, 2026/ }).getAttribute('aria-disabled')).toBe('true')
    act(() => dialog.getByRole('gridcell', { name: /April 7, 2026/ }).focus())
    fireEvent.keyDown(document.activeElement!, { key: ' ' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', shiftKey: true })
    fireEvent.click(dialog.getByRole('radio', { name: 'Maybe' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Save availability' }))
    await waitFor(() => expect(screen.getByText('Availability saved. Dates changed: 1 of 2.')).toBeTruthy())
    expect(POST).toHaveBeenCalledWith('/api/admin/v1/availability', { body: { staffId: ZORA, dates: ['2026-04-07', '2026-04-08'], part: 'DAY', availability: 'MAYBE' } })
  })

  it('shows a guide no member select', async () => {
    await renderPage({ role: 'guide' })
    expect(screen.queryByRole('combobox', { name: 'Staff member' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Set availability…' })).toBeTruthy()
  })
})
