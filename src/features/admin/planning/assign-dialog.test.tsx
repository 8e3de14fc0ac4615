// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { installDialogPolyfill } from '../rich-text/test-support'
import { AssignGuideDialog } from './assign-dialog'
import { ANNA, BEN, CANYON, canyon, CHRIS, fakeApi, GLACIER, glacier, problem, renderWithBoard, violations, WEEK } from './test-support'

beforeAll(installDialogPolyfill)
afterEach(cleanup)

const dialog = () => screen.getByRole('dialog', { name: 'Assign a guide' })
const choice = (name: RegExp) => within(dialog()).getByRole('button', { name })

describe('assigning a guide by the dialog', () => {
  it('lists the members not assigned yet, the likeliest first, with their answer for the date and what else they guide then', async () => {
    const { api } = fakeApi(WEEK)
    await renderWithBoard(api, WEEK, <AssignGuideDialog api={api} board={WEEK} session={canyon} lang="en" onClose={() => {}} />)
    const list = within(dialog()).getByRole('list', { name: 'Choose a guide' })
    const names = within(list)
      .getAllByRole('button')
      .map((b) => b.dataset.staff)
    // Chris (not stated) before Ben (unavailable in the afternoon), Anna last: she guides the glacier hike at that time.
    expect(names).toEqual([CHRIS, BEN, ANNA])
    expect(choice(/^Chris Rey/).textContent).toContain('Not stated')
    expect(choice(/^Ben Keller/).textContent).toContain('Unavailable: away')
    expect(choice(/^Ben Keller/).textContent).toContain('Needs a reason to be assigned.')
    expect(choice(/^Anna Muster/).textContent).toContain('Busy at this time: Glacier hike, 09:00–12:00')
    expect(within(dialog()).getByText('0 of 1 guides assigned')).toBeTruthy()
    expect(within(dialog()).getByText('Not enough guides')).toBeTruthy()
    expect(await violations()).toEqual([])
  })

  it('assigns a member who said MAYBE and reads out the warning with their note', async () => {
    const { api, writes } = fakeApi(WEEK, {
      assign: () => Response.json({ data: { ...glacier, guides: [...glacier.guides, { staffId: BEN, name: 'Ben Keller', availability: 'MAYBE', overrideReason: null }], understaffed: false }, warnings: ['guide.maybe'] }),
    })
    await renderWithBoard(api, WEEK, <AssignGuideDialog api={api} board={WEEK} session={glacier} lang="en" onClose={() => {}} />)
    expect(choice(/^Ben Keller/).textContent).toContain('Maybe: dentist at 11')
    fireEvent.click(choice(/^Ben Keller/))
    const status = within(dialog()).getByRole('status')
    await waitFor(() =>
      expect(status.textContent).toBe('Ben Keller is assigned to Glacier hike at 09:00–12:00, but said “maybe” for this time: please check with them. Their note: dentist at 11'),
    )
    expect(writes).toEqual([{ method: 'POST', path: `/api/admin/v1/sessions/${GLACIER}/guides`, body: { staffId: BEN } }])
    expect(await violations()).toEqual([])
  })

  it('asks the reason for assigning an UNAVAILABLE member, requires it, and sends it as overrideReason', async () => {
    const { api, writes } = fakeApi(WEEK, {
      assign: (body) =>
        body.overrideReason === '<b>'
          ? problem(400, { code: 'validation', errors: { overrideReason: { code: 'plain_text' } } })
          : Response.json({ data: { ...canyon, guides: [{ staffId: BEN, name: 'Ben Keller', availability: 'UNAVAILABLE', overrideReason: String(body.overrideReason) }], understaffed: false }, warnings: [] }),
    })
    await renderWithBoard(api, WEEK, <AssignGuideDialog api={api} board={WEEK} session={canyon} lang="en" onClose={() => {}} />)
    fireEvent.click(choice(/^Ben Keller/))
    const form = within(dialog()).getByRole('form', { name: 'Assign Ben Keller as an exception?' })
    const reason = within(form).getByRole('textbox', { name: /Reason for the exception/ })
    expect(reason.getAttribute('aria-required')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(reason))
    expect(within(form).getByText('Unavailable: away')).toBeTruthy()

    // Blank: refused here, nothing sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Assign anyway' }))
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(within(form).getByText('This field is required.')).toBeTruthy()
    expect(writes).toEqual([])
    expect(await violations()).toEqual([])

    // The server's field error shows at the field.
    fireEvent.change(reason, { target: { value: '<b>' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Assign anyway' }))
    await waitFor(() => expect(within(form).getByText(/Plain text only/)).toBeTruthy())

    fireEvent.change(reason, { target: { value: '  Only he knows the canyon  ' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Assign anyway' }))
    await waitFor(() =>
      expect(within(dialog()).getByRole('status').textContent).toBe('Ben Keller is assigned to Canyoning at 10:00–15:00 as an exception, although they said they are unavailable.'),
    )
    expect(writes.at(-1)).toEqual({ method: 'POST', path: `/api/admin/v1/sessions/${CANYON}/guides`, body: { staffId: BEN, overrideReason: 'Only he knows the canyon' } })
  })

  it('says the server’s refusals in the member’s language: double-booked, unavailable meanwhile (then asks the reason), date cancelled', async () => {
    let answer = () => problem(409, { code: 'guide.double_booked', sessionId: GLACIER, offerTitle: 'Glacier hike', startsAt: glacier.startsAt, endsAt: glacier.endsAt })
    const { api } = fakeApi(WEEK, { assign: () => answer() })
    await renderWithBoard(api, WEEK, <AssignGuideDialog api={api} board={WEEK} session={canyon} lang="en" onClose={() => {}} />)
    fireEvent.click(choice(/^Anna Muster/))
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert').textContent).toBe(
        'Anna Muster already guides Glacier hike (Tue, 10.03 09:00–12:00), which overlaps this date. Remove them there first or choose someone else.',
      ),
    )
    expect(await violations()).toEqual([])

    answer = () => problem(409, { code: 'guide.unavailable', availability: 'UNAVAILABLE', note: 'sick' })
    fireEvent.click(choice(/^Chris Rey/))
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert').textContent).toBe('Chris Rey said they are unavailable at this time. To assign them anyway, give the reason for the exception. Their note: sick'),
    )
    expect(within(dialog()).getByRole('textbox', { name: /Reason for the exception/ })).toBeTruthy()
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Back to the list' }))

    answer = () => problem(409, { code: 'session.cancelled' })
    fireEvent.click(choice(/^Chris Rey/))
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toBe('This date has been cancelled in the meantime: it needs no guides any more.'))
  })
})
