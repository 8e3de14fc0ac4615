// @vitest-environment jsdom
import { useState } from 'react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import axe from 'axe-core'
import type { Locale } from '~/lib/locale'
import { adminI18n, loadAdminMessages } from '../i18n'
import { addMonths, moveDate, weeksOf } from './calendar'
import { DateSelectionDialog } from './date-selection-dialog'

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
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') document.querySelector<HTMLDialogElement>('dialog[open]')?.close()
  })
})
afterEach(cleanup)

function Harness(props: { lang: Locale; onApply: (dates: string[]) => void; onClose: () => void }) {
  const [open, setOpen] = useState(true)
  const close = () => (setOpen(false), props.onClose())
  return (
    <DateSelectionDialog open={open} title="Choose dates" lang={props.lang} start="2026-03-27" min="2026-03-02" onClose={close}>
      {(dates, done) => (
        <button type="button" onClick={() => (props.onApply(dates), done())}>
          Apply
        </button>
      )}
    </DateSelectionDialog>
  )
}

async function open(lang: Locale = 'en') {
  const onApply = vi.fn()
  const onClose = vi.fn()
  render(
    <I18nProvider i18n={adminI18n(lang, await loadAdminMessages(lang))}>
      <Harness lang={lang} onApply={onApply} onClose={onClose} />
    </I18nProvider>,
  )
  return { onApply, onClose }
}

const grid = () => screen.getByRole('grid')
const key = (k: string, shift = false) => fireEvent.keyDown(document.activeElement!, { key: k, shiftKey: shift })
const focusedDate = () => document.activeElement?.getAttribute('data-date')
const selectedDates = () => [...grid().querySelectorAll('[aria-selected="true"]')].map((c) => c.getAttribute('data-date'))
const count = () => screen.getByRole('status').textContent

describe('calendar arithmetic', () => {
  it('lays a month out in weeks from Monday and keeps the day when changing months where it can', () => {
    const march = weeksOf('2026-03-01')
    expect(march[0]).toEqual([null, null, null, null, null, null, '2026-03-01'])
    expect(march.flat().filter(Boolean)).toHaveLength(31)
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(moveDate('Home', '2026-03-29')).toBe('2026-03-23')
    expect(moveDate('ArrowDown', '2026-03-29')).toBe('2026-04-05')
  })
})

describe('DateSelectionDialog', () => {
  it('is a labelled grid in the member\'s language: the month, named days, one Tab stop on the start date', async () => {
    await open('de')
    expect(screen.getByRole('heading', { name: 'März 2026' })).toBeTruthy()
    expect(screen.getByRole('gridcell', { name: 'Freitag, 27. März 2026' }).getAttribute('tabindex')).toBe('0')
    expect(grid().querySelectorAll('[tabindex="0"]')).toHaveLength(1)
    expect(grid().getAttribute('aria-multiselectable')).toBe('true')
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => v.id)).toEqual([])
  })

  it('moves with the arrows, toggles with Space and Enter, and announces the count', async () => {
    const { onApply } = await open()
    act(() => screen.getByRole('gridcell', { name: /March 27, 2026/ }).focus())
    expect(count()).toBe('No date selected.')
    key('ArrowRight')
    expect(focusedDate()).toBe('2026-03-28')
    key(' ')
    expect(count()).toBe('1 date selected.')
    key('ArrowDown')
    expect(focusedDate()).toBe('2026-04-04')
    key('Enter')
    expect(selectedDates()).toEqual(['2026-04-04'])
    expect(count()).toBe('2 dates selected.')
    key('Enter')
    expect(count()).toBe('1 date selected.')
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect(onApply).toHaveBeenCalledWith(['2026-03-28'])
  })

  it('selects a range with Shift+arrows and with Shift+click', async () => {
    await open()
    act(() => screen.getByRole('gridcell', { name: /March 27, 2026/ }).focus())
    key('ArrowRight', true)
    key('ArrowRight', true)
    expect(selectedDates()).toEqual(['2026-03-27', '2026-03-28', '2026-03-29'])
    expect(count()).toBe('3 dates selected.')
    fireEvent.click(screen.getByRole('gridcell', { name: /March 2, 2026/ }))
    fireEvent.click(screen.getByRole('gridcell', { name: /March 5, 2026/ }), { shiftKey: true })
    expect(selectedDates()).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-27', '2026-03-28', '2026-03-29'])
  })

  it('changes the month with PageDown and PageUp, keeping the selection, and never goes before the first allowed date', async () => {
    await open()
    act(() => screen.getByRole('gridcell', { name: /March 27, 2026/ }).focus())
    key(' ')
    key('PageDown')
    expect(screen.getByRole('heading', { name: 'April 2026' })).toBeTruthy()
    expect(focusedDate()).toBe('2026-04-27')
    key(' ')
    expect(count()).toBe('2 dates selected.')
    key('PageUp')
    key('PageUp')
    expect(focusedDate()).toBe('2026-03-02')
    // 1 March lies before the first allowed date: it cannot be selected.
    fireEvent.click(screen.getByRole('gridcell', { name: /March 1, 2026/ }))
    expect(count()).toBe('2 dates selected.')
  })

  it('closes on Escape without applying anything', async () => {
    const { onApply, onClose } = await open()
    act(() => screen.getByRole('gridcell', { name: /March 27, 2026/ }).focus())
    key(' ')
    vi.useFakeTimers()
    try {
      key('Escape')
      act(() => vi.runAllTimers())
    } finally {
      vi.useRealTimers()
    }
    expect(onClose).toHaveBeenCalled()
    expect(onApply).not.toHaveBeenCalled()
    expect(screen.queryByRole('grid')).toBeNull()
  })
})
