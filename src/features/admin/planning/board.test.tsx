// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { installDialogPolyfill } from '../rich-text/test-support'
import { PlanningBoardPage } from './board-page'
import { STAFF_DRAG_TYPE } from './session-card'
import { ANNA, BEN, CANYON, CHRIS, canyon, dayOf, fakeApi, GLACIER, glacier, problem, renderWithBoard, violations, WEEK } from './test-support'
import { weekDays } from './week'

beforeAll(installDialogPolyfill)
afterEach(cleanup)

const card = (id: string) => document.querySelector<HTMLElement>(`[data-session="${id}"]`)!
const text = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim()

/** A member's name dragged from the staff panel and dropped onto a date. */
function drop(target: HTMLElement, staffId: string) {
  const dataTransfer = { types: [STAFF_DRAG_TYPE, 'text/plain'], getData: (type: string) => (type === STAFF_DRAG_TYPE ? staffId : ''), dropEffect: 'none' }
  fireEvent.dragOver(target, { dataTransfer })
  fireEvent.drop(target, { dataTransfer })
}

describe('the planning board, week', () => {
  it('shows seven days from Monday with each date’s occupancy, guides and shortage in words, private bookings with their guide, the staff’s availability; axe finds nothing', async () => {
    const { api } = fakeApi(WEEK)
    await renderWithBoard(api, WEEK, <PlanningBoardPage api={api} lang="en" view="week" day="2026-03-11" today="2026-03-10" days={weekDays('2026-03-11')} />)
    expect((await screen.findByTestId('planning-range')).textContent).toBe('Week from Monday, 9 March 2026 to Sunday, 15 March 2026')
    const columns = screen.getAllByTestId('planning-day')
    expect(columns.map((c) => c.dataset.day)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15'])
    expect(within(columns[0]!).getByText('Nothing planned.')).toBeTruthy()
    expect(within(columns[1]!).getByRole('heading', { level: 3 }).textContent).toContain('(today)')
    expect(screen.getByText('2 dates without enough guides.')).toBeTruthy()

    const hike = within(card(GLACIER))
    expect(hike.getByRole('heading', { name: '09:00–12:00 Glacier hike' })).toBeTruthy()
    expect(text(card(GLACIER))).toContain('7 / 12')
    expect(hike.getByText('7 of 12 places booked')).toBeTruthy()
    expect(hike.getByText('Guides: 1 / 2')).toBeTruthy()
    expect(hike.getByText('1 of 2 guides assigned')).toBeTruthy()
    expect(hike.getByTestId('understaffed').textContent).toContain('Not enough guides')
    expect(hike.getByRole('list', { name: 'Guides of Glacier hike 09:00' }).textContent).toContain('Anna Muster')
    expect(hike.getByRole('button', { name: 'Remove Anna Muster from Glacier hike 09:00' })).toBeTruthy()
    expect(hike.getByRole('button', { name: 'Assign guide… Glacier hike 09:00' })).toBeTruthy()
    expect(text(card(CANYON))).toContain('Closed for booking')
    // Assigned against UNAVAILABLE: the reason shows on the board.
    expect(screen.getByText('Exception: Only he knows the route')).toBeTruthy()

    const booking = screen.getByTestId('planning-private-booking')
    expect(within(booking).getByRole('link', { name: 'ABC123' }).getAttribute('href')).toBe('/en/admin/sales/bookings/ABC123')
    expect(text(booking)).toContain('2 participants · Paid')
    // A private booking has its guide like a date: a chip to remove, "Assign guide…".
    expect(within(booking).getByRole('button', { name: 'Remove Chris Rey from Massage 14:00' })).toBeTruthy()
    expect(within(booking).getByRole('button', { name: 'Assign guide… Massage 14:00' })).toBeTruthy()

    const ben = within(screen.getByRole('table', { name: 'Availability of Ben Keller' }))
    expect(ben.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
    const morning = ben.getByRole('row', { name: /^Morning/ })
    const cells = within(morning).getAllByRole('cell')
    expect(within(cells[1]!).getByText('Maybe: dentist at 11')).toBeTruthy()
    expect(cells[1]!.querySelector('[data-availability]')?.getAttribute('data-availability')).toBe('MAYBE')
    expect(within(cells[0]!).getByText('Not stated')).toBeTruthy()
    expect(text(screen.getByTestId('planning-staff'))).toContain('Tue Afternoon: Unavailable: away')

    // Navigation: a week back and on, today, and the day view of a day.
    expect(screen.getByRole('link', { name: 'Previous week' }).getAttribute('href')).toBe('/en/admin/planning/board?day=2026-03-04')
    expect(screen.getByRole('link', { name: 'Next week' }).getAttribute('href')).toBe('/en/admin/planning/board?day=2026-03-18')
    expect(screen.getByRole('link', { name: 'Today' }).getAttribute('href')).toBe('/en/admin/planning/board')
    expect(screen.getByRole('link', { name: 'Week' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Day' }).getAttribute('href')).toBe('/en/admin/planning/board?view=day')
    expect(screen.getByRole('link', { name: 'Thursday, 12 March 2026' }).getAttribute('href')).toBe('/en/admin/planning/board?view=day&day=2026-03-12')

    expect(await violations()).toEqual([])
  })

  it('removes a guide from a chip and says so; a refused removal is said in an alert', async () => {
    let answer = () => Response.json({ data: { ...glacier, guides: [], understaffed: true }, warnings: [] })
    const { api, writes } = fakeApi(WEEK, { unassign: () => answer() })
    await renderWithBoard(api, WEEK, <PlanningBoardPage api={api} lang="en" view="week" day="2026-03-10" today="2026-03-10" days={weekDays('2026-03-10')} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Anna Muster from Glacier hike 09:00' }))
    await waitFor(() => expect(screen.getByTestId('planning-status').textContent).toBe('Anna Muster is no longer a guide of Glacier hike at 09:00.'))
    expect(writes).toEqual([{ method: 'DELETE', path: `/api/admin/v1/sessions/${GLACIER}/guides/${ANNA}`, body: undefined }])

    answer = () => problem(404, { code: 'guide.not_assigned' })
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ben Keller from Sunset tour 18:00' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Ben Keller was no longer a guide of this date.'))
  })

  it('assigns and removes the guide of a private booking through its own operations', async () => {
    const massage = WEEK.privateBookings[0]!
    const { api, writes } = fakeApi(WEEK, {
      assign: (body) => Response.json({ data: { ...massage, guides: [...massage.guides, { staffId: body.staffId, name: 'Anna Muster', availability: 'AVAILABLE', overrideReason: null }] }, warnings: [] }),
      unassign: () => Response.json({ data: { ...massage, guides: [], understaffed: true }, warnings: [] }),
    })
    await renderWithBoard(api, WEEK, <PlanningBoardPage api={api} lang="en" view="week" day="2026-03-10" today="2026-03-10" days={weekDays('2026-03-10')} />)
    await screen.findByTestId('planning-week')
    await act(async () => drop(screen.getByTestId('planning-private-booking'), ANNA))
    await waitFor(() => expect(screen.getByTestId('planning-status').textContent).toBe('Anna Muster is now a guide of Massage at 14:00.'))
    fireEvent.click(screen.getByRole('button', { name: 'Remove Chris Rey from Massage 14:00' }))
    await waitFor(() => expect(writes).toHaveLength(2))
    expect(writes).toEqual([
      { method: 'POST', path: `/api/admin/v1/booking-items/${massage.itemId}/guides`, body: { staffId: ANNA } },
      { method: 'DELETE', path: `/api/admin/v1/booking-items/${massage.itemId}/guides/${CHRIS}`, body: undefined },
    ])
  })

  it('assigns a name dropped onto a date (a MAYBE with its warning); an UNAVAILABLE one opens the dialog asking for the reason', async () => {
    const { api, writes } = fakeApi(WEEK, {
      assign: (body) =>
        Response.json({ data: { ...glacier, guides: [...glacier.guides, { staffId: body.staffId, name: 'Ben Keller', availability: 'MAYBE', overrideReason: null }] }, warnings: body.staffId === BEN ? ['guide.maybe'] : [] }),
    })
    await renderWithBoard(api, WEEK, <PlanningBoardPage api={api} lang="en" view="week" day="2026-03-10" today="2026-03-10" days={weekDays('2026-03-10')} />)
    await screen.findByTestId('planning-week')
    expect(screen.getAllByTestId('planning-member-chip').every((chip) => chip.getAttribute('draggable') === 'true')).toBe(true)

    await act(async () => drop(card(GLACIER), BEN))
    await waitFor(() =>
      expect(screen.getByTestId('planning-status').textContent).toBe(
        'Ben Keller is assigned to Glacier hike at 09:00, but said “maybe” for this time: please check with them. Their note: dentist at 11',
      ),
    )
    expect(writes.at(-1)).toEqual({ method: 'POST', path: `/api/admin/v1/sessions/${GLACIER}/guides`, body: { staffId: BEN } })

    // Already a guide of the date: said, nothing sent.
    await act(async () => drop(card(GLACIER), ANNA))
    expect(screen.getByTestId('planning-status').textContent).toBe('Anna Muster is already a guide of Glacier hike at 09:00.')
    expect(writes).toHaveLength(1)

    // Ben said UNAVAILABLE for the canyoning's afternoon: the dialog asks why, nothing is sent yet.
    await act(async () => drop(card(CANYON), BEN))
    const dialog = await screen.findByRole('dialog', { name: 'Assign a guide' })
    expect(within(dialog).getByRole('textbox', { name: /Reason for the exception/ })).toBeTruthy()
    expect(within(dialog).getByText('Unavailable: away')).toBeTruthy()
    expect(writes).toHaveLength(1)
    expect(await violations()).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the list' }))
    expect(within(dialog).getByRole('button', { name: /^Chris Rey/ })).toBeTruthy()
  })

  it('says a refused drop (double-booked) in an alert', async () => {
    const { api } = fakeApi(WEEK, {
      assign: () => problem(409, { code: 'guide.double_booked', sessionId: GLACIER, offerTitle: 'Glacier hike', startsAt: glacier.startsAt, endsAt: glacier.endsAt }),
    })
    await renderWithBoard(api, WEEK, <PlanningBoardPage api={api} lang="en" view="week" day="2026-03-10" today="2026-03-10" days={weekDays('2026-03-10')} />)
    await screen.findByTestId('planning-week')
    await act(async () => drop(card(CANYON), CHRIS))
    await waitFor(() =>
      expect(screen.getByTestId('planning-alert').textContent).toBe(
        'Chris Rey already guides Glacier hike (Tue, 10.03 09:00–12:00), which overlaps this date. Remove them there first or choose someone else.',
      ),
    )
  })
})

describe('the planning board, day', () => {
  it('shows one day as morning and afternoon with the staff’s answers in words; axe finds nothing', async () => {
    const board = dayOf(WEEK, '2026-03-10')
    const { api } = fakeApi(board)
    await renderWithBoard(api, board, <PlanningBoardPage api={api} lang="en" view="day" day="2026-03-10" today="2026-03-12" days={['2026-03-10']} />)
    expect((await screen.findByTestId('planning-range')).textContent).toBe('Tuesday, 10 March 2026')
    const morning = screen.getByRole('region', { name: 'Morning' })
    expect(within(morning).getAllByTestId('planning-session').map((s) => s.dataset.session)).toEqual([GLACIER, CANYON])
    expect(within(screen.getByRole('region', { name: 'Afternoon' })).getByText('Nothing planned.')).toBeTruthy()
    expect(screen.getByText('2 dates without enough guides.')).toBeTruthy()
    const ben = within(screen.getByRole('table', { name: 'Availability of Ben Keller' }))
    expect(ben.getByRole('row', { name: /^Morning/ }).textContent).toContain('Maybe: dentist at 11')
    expect(ben.getByRole('row', { name: /^Afternoon/ }).textContent).toContain('Unavailable: away')
    expect(screen.getByRole('link', { name: 'Previous day' }).getAttribute('href')).toBe('/en/admin/planning/board?view=day&day=2026-03-09')
    expect(screen.getByRole('link', { name: 'Next day' }).getAttribute('href')).toBe('/en/admin/planning/board?view=day&day=2026-03-11')
    expect(screen.getByRole('link', { name: 'Day' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Week' }).getAttribute('href')).toBe('/en/admin/planning/board?day=2026-03-10')
    expect(canyon.guides).toEqual([])
    expect(await violations()).toEqual([])
  })
})
