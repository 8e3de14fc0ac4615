// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { I18nProvider } from '@lingui/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getI18n } from '~/lib/i18n'
import { clocksDiffer, TimeZoneNote } from './time-zone-note'

/** The browser's time zone as Intl reports it. */
function visitorIn(timeZone: string) {
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone }
  })
}

const note = (timeZone: string) => (
  <I18nProvider i18n={getI18n('en')}>
    <TimeZoneNote timeZone={timeZone} />
  </I18nProvider>
)

describe('time zone note', () => {
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
  })

  it('tells a visitor in New York that a Zurich shop’s times are local there', () => {
    visitorIn('America/New_York')
    render(note('Europe/Zurich'))
    expect(screen.getByTestId('time-zone-note').textContent).toBe('All times are local time at the activity (Europe/Zurich).')
  })

  it('says nothing to a visitor whose clock shows the shop’s time', () => {
    visitorIn('Europe/Zurich')
    render(note('Europe/Zurich'))
    expect(screen.queryByTestId('time-zone-note')).toBeNull()
    cleanup()
    visitorIn('Europe/Berlin')
    render(note('Europe/Zurich'))
    expect(screen.queryByTestId('time-zone-note')).toBeNull()
  })

  it('is not in the server’s markup (the browser adds it after hydration)', () => {
    visitorIn('America/New_York')
    expect(renderToString(note('Europe/Zurich'))).toBe('')
  })

  it('compares clocks over a year: summer time starting on other days counts', () => {
    const january = Date.UTC(2026, 0, 15)
    expect(clocksDiffer('Europe/Zurich', 'Europe/Berlin', january)).toBe(false)
    expect(clocksDiffer('Europe/Zurich', 'Africa/Lagos', january)).toBe(true) // UTC+1 all year: differs in summer only
    expect(clocksDiffer('Europe/Zurich', 'Europe/London', january)).toBe(true)
    expect(clocksDiffer('Europe/Zurich', 'Not/AZone', january)).toBe(false)
  })
})
