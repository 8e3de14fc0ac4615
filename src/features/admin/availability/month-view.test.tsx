// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import axe from 'axe-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminApi } from '~/api/admin-client'
import type { AvailabilityDay, AvailabilityHalfDay, AvailabilityWeeklyEntry } from '~/api/admin-availability.queries'
import type { Locale } from '~/lib/locale'
import { adminI18n, loadAdminMessages } from '../i18n'
import { addDays, monthRange } from '../sessions/month'
import { AvailabilityMonth } from './month-view'
import { draftOf, entriesOf, WeeklyForm } from './weekly-form'

afterEach(cleanup)

const none: AvailabilityHalfDay = { availability: null, note: null, source: null }
/** April 2026 as whole weeks (30 March to 10 May), with a few entries. */
function april(): AvailabilityDay[] {
  const { from, to } = monthRange('2026-04')
  const days: AvailabilityDay[] = []
  for (let date = from; date <= to; date = addDays(date, 1)) days.push({ date, weekday: new Date(`${date}T00:00:00Z`).getUTCDay(), am: none, pm: none })
  const set = (date: string, am: AvailabilityHalfDay, pm: AvailabilityHalfDay) => Object.assign(days.find((d) => d.date === date)!, { am, pm })
  set('2026-04-06', { availability: 'UNAVAILABLE', note: 'Easter Monday', source: 'date' }, { availability: 'UNAVAILABLE', note: 'Easter Monday', source: 'date' })
  set('2026-04-07', { availability: 'AVAILABLE', note: null, source: 'weekly' }, { availability: 'MAYBE', note: 'until 15:00', source: 'date' })
  return days
}

async function withI18n(lang: Locale, ui: React.ReactNode) {
  const queryClient = new QueryClient()
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={adminI18n(lang, await loadAdminMessages(lang))}>{ui}</I18nProvider>
    </QueryClientProvider>,
  )
}

const axeViolations = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)

describe('AvailabilityMonth', () => {
  const renderMonth = (lang: Locale = 'en') =>
    withI18n(
      lang,
      <main>
        <h2 id="month">April 2026</h2>
        <AvailabilityMonth month="2026-04" days={april()} today="2026-04-07" lang={lang} labelledBy="month" />
      </main>,
    )

  it('says each half-day in words (not by colour or sign alone), with the weekly pattern and the notes', async () => {
    await renderMonth()
    const table = screen.getByTestId('availability-month')
    expect(table.getAttribute('aria-labelledby')).toBe('month')
    expect(within(table).getAllByRole('columnheader').map((h) => h.getAttribute('abbr'))).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    const easter = table.querySelector('[data-date="2026-04-06"]') as HTMLElement
    expect(within(easter).getByText('Monday, 6 April 2026')).toBeTruthy()
    expect(within(easter).getByText('Morning: Unavailable – Easter Monday')).toBeTruthy()
    expect(within(easter).getByText('Afternoon: Unavailable – Easter Monday')).toBeTruthy()
    const tuesday = table.querySelector('[data-date="2026-04-07"]') as HTMLElement
    expect(tuesday.getAttribute('aria-current')).toBe('date')
    expect(within(tuesday).getByText('Morning: Available, from the weekly pattern')).toBeTruthy()
    expect(within(tuesday).getByText('Afternoon: Maybe – until 15:00')).toBeTruthy()
    expect(within(table.querySelector('[data-date="2026-04-08"]') as HTMLElement).getByText('Morning: Not stated')).toBeTruthy()
    // The signs are hidden from screen readers (the words say it) and differ in shape, not only in colour.
    const signs = [...tuesday.querySelectorAll('[data-availability]')]
    expect(signs.map((s) => [s.getAttribute('data-availability'), s.getAttribute('aria-hidden'), s.textContent])).toEqual([
      ['AVAILABLE', 'true', '✓↻'],
      ['MAYBE', 'true', '?'],
    ])
    expect(screen.getByTestId('availability-legend').textContent).toContain('Not stated')
    expect(await axeViolations()).toEqual([])
  }, 60_000)

  it('lists only the days of the month on phones, in words', async () => {
    await renderMonth()
    const list = screen.getByTestId('availability-list')
    const items = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list)
    expect(items).toHaveLength(30)
    expect(items[0]!.textContent).toContain('Wednesday, 1 April 2026')
    expect(items[6]!.textContent).toContain('Tuesday, 7 April 2026(today)')
    expect(items[6]!.textContent).toContain('Afternoon: Maybe – until 15:00')
  })

  it('has no axe violations in German and French', async () => {
    for (const lang of ['de', 'fr'] as const) {
      await renderMonth(lang)
      expect(await axeViolations()).toEqual([])
      cleanup()
    }
  }, 60_000)
})

describe('the weekly pattern', () => {
  const saved: AvailabilityWeeklyEntry[] = [
    { weekday: 1, part: 'DAY', availability: 'AVAILABLE', note: null },
    { weekday: 1, part: 'PM', availability: 'MAYBE', note: 'school run' },
    { weekday: 6, part: 'AM', availability: 'UNAVAILABLE', note: null },
  ]

  it('shows a weekday half as its own entry, else the weekday’s whole day; saves one DAY entry where both halves agree', () => {
    const draft = draftOf(saved)
    expect(draft[1]).toEqual({ am: 'AVAILABLE', pm: 'MAYBE', note: 'school run' })
    expect(draft[6]).toEqual({ am: 'UNAVAILABLE', pm: '', note: '' })
    expect(draft[0]).toEqual({ am: '', pm: '', note: '' })
    const { entries, weekdayOf } = entriesOf({ ...draft, 0: { am: 'MAYBE', pm: 'MAYBE', note: ' ' }, 3: { am: '', pm: 'AVAILABLE', note: ' late ' } })
    expect(entries).toEqual([
      { weekday: 0, part: 'DAY', availability: 'MAYBE' },
      { weekday: 1, part: 'AM', availability: 'AVAILABLE', note: 'school run' },
      { weekday: 1, part: 'PM', availability: 'MAYBE', note: 'school run' },
      { weekday: 3, part: 'PM', availability: 'AVAILABLE', note: 'late' },
      { weekday: 6, part: 'AM', availability: 'UNAVAILABLE' },
    ])
    expect(weekdayOf).toEqual([0, 1, 1, 3, 6])
  })

  function fakeApi(answer: { status: number; body: unknown }) {
    const PUT = vi.fn(async () => {
      const response = new Response(null, { status: answer.status })
      return answer.status < 400 ? { data: answer.body, response } : { error: answer.body, response }
    })
    return { api: { PUT } as unknown as AdminApi, PUT }
  }

  it('has a labelled select for each half of each weekday, Monday first, and saves the whole pattern', async () => {
    const { api, PUT } = fakeApi({ status: 200, body: { data: { staffId: 'guide-000000000001', weekly: saved } } })
    await withI18n('en', <WeeklyForm api={api} lang="en" weekly={saved} staffId="guide-000000000001" />)
    const groups = screen.getAllByRole('group')
    expect(groups.map((g) => g.querySelector('legend')!.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    const monday = within(groups[0]!)
    expect((monday.getByRole('combobox', { name: 'Morning' }) as HTMLSelectElement).value).toBe('AVAILABLE')
    expect((monday.getByRole('combobox', { name: 'Afternoon' }) as HTMLSelectElement).value).toBe('MAYBE')
    expect(within(monday.getByRole('combobox', { name: 'Morning' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Not stated', 'Available', 'Maybe', 'Unavailable'])
    expect(await axeViolations()).toEqual([])

    fireEvent.change(within(groups[6]!).getByRole('combobox', { name: 'Afternoon' }), { target: { value: 'UNAVAILABLE' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save weekly pattern' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Weekly pattern saved.'))
    expect(PUT).toHaveBeenCalledWith('/api/admin/v1/availability/weekly', {
      body: {
        staffId: 'guide-000000000001',
        entries: [
          { weekday: 0, part: 'PM', availability: 'UNAVAILABLE' },
          { weekday: 1, part: 'AM', availability: 'AVAILABLE', note: 'school run' },
          { weekday: 1, part: 'PM', availability: 'MAYBE', note: 'school run' },
          { weekday: 6, part: 'AM', availability: 'UNAVAILABLE' },
        ],
      },
    })
  })

  it("puts the API's errors on the weekday they belong to", async () => {
    const { api } = fakeApi({
      status: 400,
      body: { statusCode: 400, statusMessage: 'Invalid enquiry', message: '', data: { code: 'validation', errors: { 'entries.1.note': { code: 'control_characters', params: { multiline: false } } } } },
    })
    await withI18n('en', <WeeklyForm api={api} lang="en" weekly={saved} />)
    fireEvent.click(screen.getByRole('button', { name: 'Save weekly pattern' }))
    const message = await screen.findByText('Please enter this on one line, without line breaks or invisible control characters.')
    const monday = screen.getAllByRole('group')[0]!
    expect(monday.contains(message)).toBe(true)
    expect(monday.getAttribute('aria-describedby')).toBe(message.id)
    expect(document.activeElement).toBe(within(monday).getByRole('textbox', { name: 'Note' }))
  })
})
