// @vitest-environment jsdom
import { useState } from 'react'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AdminApi } from '~/api/admin-client'
import type { Locale } from '~/lib/locale'
import { adminI18n, loadAdminMessages } from '../i18n'
import { AvailabilityDialog, type AvailabilitySaved } from './availability-dialog'

beforeAll(() => {
  // jsdom has no modal dialogs: open and close as a browser does, and Escape cancels the open one.
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

type Answer = { status: number; body: unknown }
const ok = (data: unknown): Answer => ({ status: 200, body: { data } })
const refused = (errors: Record<string, unknown>): Answer => ({
  status: 400,
  body: { statusCode: 400, statusMessage: 'Invalid enquiry', message: 'Please check your entries and try again.', data: { code: 'validation', errors } },
})

/** An API whose POST answers `answers` in turn (the body sent is recorded). */
function fakeApi(...answers: Answer[]) {
  const POST = vi.fn(async (_path: string, _init: { body: unknown }) => {
    const answer = answers.shift() ?? ok({ staffId: 'm', dates: 1, changed: 1 })
    const response = new Response(null, { status: answer.status })
    return answer.status < 400 ? { data: answer.body, response } : { error: answer.body, response }
  })
  return { api: { POST } as unknown as AdminApi, POST }
}

function Harness(props: { api: AdminApi; lang: Locale; member?: { id: string; name: string }; onSaved: (saved: AvailabilitySaved) => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Set availability…
      </button>
      <AvailabilityDialog open={open} api={props.api} lang={props.lang} start="2026-03-27" min="2026-03-20" member={props.member} onClose={() => setOpen(false)} onSaved={props.onSaved} />
    </>
  )
}

async function setup(options: { lang?: Locale; answers?: Answer[]; member?: { id: string; name: string } } = {}) {
  const lang = options.lang ?? 'en'
  const { api, POST } = fakeApi(...(options.answers ?? []))
  const onSaved = vi.fn()
  const queryClient = new QueryClient()
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={adminI18n(lang, await loadAdminMessages(lang))}>
        <Harness api={api} lang={lang} member={options.member} onSaved={onSaved} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  const opener = screen.getByRole('button', { name: 'Set availability…' })
  act(() => opener.focus())
  fireEvent.click(opener)
  return { POST, onSaved, invalidate, opener }
}

const dialog = () => screen.getByTestId('availability-dialog')
const key = (k: string, shift = false) => fireEvent.keyDown(document.activeElement!, { key: k, shiftKey: shift })
const sentBody = (POST: ReturnType<typeof fakeApi>['POST'], call = 0) => POST.mock.calls[call]![1].body
const axeViolations = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)

describe('AvailabilityDialog', () => {
  it('is the date-selection dialog with the value, the part of the day and a note, labelled and without axe violations', async () => {
    await setup()
    const d = within(dialog())
    expect(dialog().getAttribute('aria-labelledby')).toBeTruthy()
    expect(d.getByRole('heading', { name: 'Set availability' })).toBeTruthy()
    expect(d.getByRole('grid')).toBeTruthy()
    const value = d.getByRole('group', { name: 'Availability' })
    const names = (group: HTMLElement, list: string[]) => list.map((name) => within(group).getByRole('radio', { name }))
    expect(names(value, ['Available', 'Maybe', 'Unavailable', 'Clear (use the weekly pattern)'])).toEqual(within(value).getAllByRole('radio'))
    expect((within(value).getByRole('radio', { name: 'Available' }) as HTMLInputElement).checked).toBe(true)
    const part = d.getByRole('group', { name: 'Part of the day' })
    expect(names(part, ['Whole day', 'Morning (before 12:00)', 'Afternoon (from 12:00)'])).toEqual(within(part).getAllByRole('radio'))
    expect((within(part).getByRole('radio', { name: 'Whole day' }) as HTMLInputElement).checked).toBe(true)
    expect(d.getByRole('textbox', { name: 'Note (optional)' })).toBeTruthy()
    expect(d.getByRole('button', { name: 'Save availability' })).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('works by keyboard alone: dates picked with Space and Shift+arrows, values chosen, saved in one request', async () => {
    const { POST, onSaved, invalidate, opener } = await setup({ answers: [ok({ staffId: 'guide-000000000001', dates: 3, changed: 2 })] })
    const d = within(dialog())
    act(() => d.getByRole('gridcell', { name: /March 27, 2026/ }).focus())
    key(' ')
    key('ArrowRight', true)
    key('ArrowDown')
    key(' ')
    expect(screen.getByTestId('selection-count').textContent).toBe('3 dates selected.')
    fireEvent.click(d.getByRole('radio', { name: 'Unavailable' }))
    fireEvent.click(d.getByRole('radio', { name: 'Morning (before 12:00)' }))
    fireEvent.change(d.getByRole('textbox', { name: 'Note (optional)' }), { target: { value: '  Dentist ' } })
    // Enter in the note submits the form.
    fireEvent.submit(d.getByRole('textbox', { name: 'Note (optional)' }).closest('form')!)
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ dates: 3, changed: 2 }))
    expect(POST).toHaveBeenCalledTimes(1)
    expect(POST.mock.calls[0]![0]).toBe('/api/admin/v1/availability')
    expect(sentBody(POST)).toEqual({ dates: ['2026-03-27', '2026-03-28', '2026-04-04'], part: 'AM', availability: 'UNAVAILABLE', note: 'Dentist' })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'availability'] })
    // Closed, and the focus is back on the button that opened it.
    await waitFor(() => expect(document.activeElement).toBe(opener))
    expect(screen.queryByRole('grid')).toBeNull()
  })

  it('clears with null (no note) and names the member a manager acts for', async () => {
    const { POST, onSaved } = await setup({ member: { id: 'guide-000000000001', name: 'Zora Zimmermann' } })
    const d = within(dialog())
    expect(d.getByText('For: Zora Zimmermann')).toBeTruthy()
    fireEvent.click(d.getByRole('gridcell', { name: /March 30, 2026/ }))
    fireEvent.click(d.getByRole('radio', { name: 'Clear (use the weekly pattern)' }))
    expect((d.getByRole('textbox', { name: 'Note (optional)' }) as HTMLInputElement).disabled).toBe(true)
    fireEvent.click(d.getByRole('button', { name: 'Save availability' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(sentBody(POST)).toEqual({ staffId: 'guide-000000000001', dates: ['2026-03-30'], part: 'DAY', availability: null })
  })

  it('asks for a date before sending anything', async () => {
    const { POST } = await setup()
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save availability' }))
    const alert = await screen.findByText('Select at least one date in the calendar.')
    expect(alert.closest('[role="alert"]')).toBe(document.activeElement)
    expect(POST).not.toHaveBeenCalled()
  })

  it("shows the API's field errors at the dates and at the note, and stays open", async () => {
    const { onSaved } = await setup({
      answers: [refused({ 'dates.1': { code: 'availability.date_out_of_range', params: { min: '2024-03-20', max: '2028-03-20' } }, note: { code: 'control_characters', params: { multiline: false } } })],
    })
    const d = within(dialog())
    fireEvent.click(d.getByRole('gridcell', { name: /March 27, 2026/ }))
    fireEvent.click(d.getByRole('gridcell', { name: /March 28, 2026/ }))
    fireEvent.change(d.getByRole('textbox', { name: 'Note (optional)' }), { target: { value: 'x' } })
    fireEvent.click(d.getByRole('button', { name: 'Save availability' }))
    const problem = await d.findByText(/^Saturday, 28 March 2026: Availability can be given up to two years ahead/)
    expect(problem.textContent).toContain('from Wednesday, 20 March 2024 to Monday, 20 March 2028')
    const note = d.getByRole('textbox', { name: 'Note (optional)' })
    expect(note.getAttribute('aria-invalid')).toBe('true')
    expect(d.getByText('Please enter this on one line, without line breaks or invisible control characters.').id).toBe(note.getAttribute('aria-describedby')!.split(' ')[1])
    expect(onSaved).not.toHaveBeenCalled()
    expect(screen.getByRole('grid')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('says when saving failed otherwise', async () => {
    await setup({ answers: [{ status: 503, body: { statusCode: 503, statusMessage: 'Unavailable', message: 'down', data: { code: 'unavailable' } } }] })
    const d = within(dialog())
    fireEvent.click(d.getByRole('gridcell', { name: /March 27, 2026/ }))
    fireEvent.click(d.getByRole('button', { name: 'Save availability' }))
    expect(await d.findByText('The availability could not be saved. Please try again.')).toBeTruthy()
  })

  it('has no axe violations in German and French either', async () => {
    for (const lang of ['de', 'fr'] as const) {
      await setup({ lang })
      expect(within(dialog()).getByRole('grid')).toBeTruthy()
      expect(await axeViolations()).toEqual([])
      cleanup()
    }
  }, 60_000)
})
