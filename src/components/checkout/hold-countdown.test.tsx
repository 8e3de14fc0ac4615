// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getI18n } from '~/lib/i18n'
import { HoldCountdown, minutesLeft } from './hold-countdown'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the hold countdown in the checkout (issue 22, point 1)', () => {
  it('counts whole minutes up, 0 once passed', () => {
    const until = Date.parse('2026-06-10T12:35:00.000Z')
    expect(minutesLeft(until, until - 12 * 60_000)).toBe(12)
    expect(minutesLeft(until, until - 11 * 60_000 - 1)).toBe(12)
    expect(minutesLeft(until, until - 1000)).toBe(1)
    expect(minutesLeft(until, until)).toBe(0)
    expect(minutesLeft(until, until + 60_000)).toBe(0)
  })

  it('shows until when the places are held, the minutes left as they pass, and what happens at the end', () => {
    vi.useFakeTimers({ now: Date.parse('2026-06-10T12:23:00.000Z'), toFake: ['Date', 'setInterval', 'clearInterval'] })
    render(
      <I18nProvider i18n={getI18n('en')}>
        <HoldCountdown heldUntil="2026-06-10T12:35:00.000Z" lang="en" timeZone="Europe/Zurich" />
      </I18nProvider>,
    )
    const status = screen.getByTestId('hold-countdown')
    expect(status.textContent).toBe('Places held until 14:35 (12 minutes left). After that they are released for others; you can still book as long as places are left.')
    act(() => vi.advanceTimersByTime(11 * 60_000))
    expect(status.textContent).toContain('(1 minute left)')
    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.getByTestId('hold-countdown').textContent).toBe('The hold has run out: your places are no longer reserved. You can still book as long as places are left.')
  })
})
