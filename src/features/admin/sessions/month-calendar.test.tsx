// @vitest-environment jsdom
import { useState } from 'react'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import axe from 'axe-core'
import type { AdminSession } from '~/api/admin-sessions.queries'
import { adminI18n, loadAdminMessages } from '../i18n'
import { dayAfterKey, monthOf, monthWeeks } from './month'
import { MonthCalendar } from './month-calendar'

afterEach(cleanup)

const session = (id: string, date: string, time: string, over: Partial<AdminSession> = {}): AdminSession => ({
  id,
  date,
  time,
  startsAt: `${date}T08:00:00.000Z`,
  endsAt: `${date}T10:00:00.000Z`,
  durationMinutes: 120,
  capacity: 12,
  placesTaken: 7,
  placesHeld: 0,
  bookings: 3,
  status: 'scheduled',
  closed: false,
  version: 1,
  updatedAt: '2026-03-01T00:00:00.000Z',
  ...over,
})
const SESSIONS = [
  session('open-session-0001', '2026-03-10', '09:00'),
  session('closed-session-001', '2026-03-10', '14:00', { closed: true }),
  session('cancelled-session1', '2026-03-12', '09:00', { status: 'cancelled', placesTaken: 0 }),
]

async function renderCalendar() {
  const i18n = adminI18n('en', await loadAdminMessages('en'))
  const onOpen = vi.fn()
  function Harness() {
    const [day, setDay] = useState('2026-03-10')
    return (
      <>
        <h2 id="month-title">{monthOf(day)}</h2>
        <MonthCalendar month={monthOf(day)} sessions={SESSIONS} focusedDay={day} onFocusDay={setDay} onOpen={onOpen} lang="en" labelledBy="month-title" />
      </>
    )
  }
  render(
    <I18nProvider i18n={i18n}>
      <Harness />
    </I18nProvider>,
  )
  return { onOpen }
}

const focusedDay = () => document.activeElement?.getAttribute('data-day')
const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key })

describe('the month grid', () => {
  it('has whole weeks from Monday to Sunday around the month', () => {
    const weeks = monthWeeks('2026-03')
    expect(weeks[0]![0]).toBe('2026-02-23')
    expect(weeks.at(-1)![6]).toBe('2026-04-05')
    expect(weeks.every((w) => w.length === 7)).toBe(true)
    expect(dayAfterKey('2026-01-31', 'PageDown')).toBe('2026-02-28')
    expect(dayAfterKey('2026-03-10', 'Enter')).toBeNull()
  })
})

describe('the staff calendar', () => {
  it('moves one focusable day with the arrow keys, Home/End and Page Up/Down, into other months too', async () => {
    await renderCalendar()
    const grid = screen.getByRole('grid', { name: '2026-03' })
    const start = within(grid).getByRole('gridcell', { name: /^Tuesday, 10 March 2026/ })
    start.focus()
    press('ArrowRight')
    expect(focusedDay()).toBe('2026-03-11')
    press('ArrowDown')
    expect(focusedDay()).toBe('2026-03-18')
    press('Home')
    expect(focusedDay()).toBe('2026-03-16')
    press('End')
    expect(focusedDay()).toBe('2026-03-22')
    press('ArrowUp')
    expect(focusedDay()).toBe('2026-03-15')
    press('PageDown')
    expect(focusedDay()).toBe('2026-04-15')
    expect(screen.getByRole('grid', { name: '2026-04' })).toBeTruthy()
    press('PageUp')
    press('ArrowLeft')
    expect(focusedDay()).toBe('2026-03-14')
    expect(
      screen
        .getAllByRole('gridcell')
        .filter((c) => c.getAttribute('tabindex') === '0')
        .map((c) => c.dataset.day),
    ).toEqual(['2026-03-14'])
  })

  it('lists each day’s dates with time and occupancy, closed and cancelled in words; Tab reaches only the focused day’s dates', async () => {
    const { onOpen } = await renderCalendar()
    const day = screen.getByRole('gridcell', { name: /10 March 2026/ })
    const buttons = within(day).getAllByRole('button')
    expect(buttons.map((b) => b.textContent?.replace(/\s+/g, ' ').trim())).toEqual(['09:00 7 / 12 places booked', '14:00 7 / 12 places booked Closed'])
    expect(buttons.every((b) => b.tabIndex === 0)).toBe(true)
    const cancelled = within(screen.getByRole('gridcell', { name: /12 March 2026/ })).getByRole('button')
    expect(cancelled.textContent).toContain('Cancelled')
    expect(cancelled.tabIndex).toBe(-1)
    // A key on a date button is the button's: the focus does not move to another day.
    buttons[1]!.focus()
    press('ArrowRight')
    expect(document.activeElement).toBe(buttons[1])
    fireEvent.click(buttons[1]!)
    expect(onOpen).toHaveBeenCalledWith(SESSIONS[1])

    // `region`: the staff shell puts the page in its main landmark; this test renders the grid alone.
    const audit = await axe.run(document.body, { rules: { region: { enabled: false } } })
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
  })
})
