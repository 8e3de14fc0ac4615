// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '~/api/admin-reports.queries'
import { adminI18n, loadAdminMessages } from '../i18n'
import { ReportBody } from './report-body'

const figures = (bookings: number, revenue: number, capacity = 0, placesTaken = 0) => ({ bookings, participants: bookings * 2, revenue, cancelled: 0, sessions: capacity ? 2 : 0, capacity, placesTaken })
const requests = (received: number, medianHours: number | null) => ({ received, answered: medianHours === null ? 0 : received, accepted: medianHours === null ? 0 : received, declined: 0, open: medianHours === null ? received : 0, medianHours, p90Hours: medianHours })

const report: Report = {
  from: '2026-03-01',
  to: '2026-04-30',
  granularity: 'month',
  timeZone: 'Europe/Zurich',
  currency: 'CHF',
  periods: [
    { key: '2026-03', start: '2026-03-01', end: '2026-03-31', figures: figures(3, 44700, 16, 12), requests: requests(2, 1.5) },
    { key: '2026-04', start: '2026-04-01', end: '2026-04-30', figures: figures(0, 0), requests: requests(1, null) },
  ],
  offers: [
    { offerId: 'offer-canyoning-0001', title: 'Canyoning Grimsel', kind: 'activity', figures: figures(2, 29800, 16, 12) },
    { offerId: 'offer-massage-00001', title: 'Massage', kind: 'service', figures: figures(1, 14900) },
  ],
  channels: [
    { channel: 'shop', host: null, bookings: 2, revenue: 29800 },
    { channel: 'embed', host: 'www.hotel-example.ch', bookings: 1, revenue: 14900 },
  ],
  requests: { received: 3, answered: 2, accepted: 1, declined: 1, open: 1, medianHours: 1.5, p90Hours: 2.2 },
  total: figures(3, 44700, 16, 12),
}

beforeAll(() => {
  // recharts measures its container; jsdom has no layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
})
afterEach(cleanup)

describe('the report', () => {
  it('shows the totals in Swiss German, each chart as an image with words and its table behind it (axe clean)', async () => {
    const i18n = adminI18n('de', await loadAdminMessages('de'))
    render(
      <I18nProvider i18n={i18n}>
        <main>
          <ReportBody report={report} lang="de" />
        </main>
      </I18nProvider>,
    )
    expect(screen.getByText('Umsatz', { selector: 'dt' }).nextElementSibling!.textContent).toBe('CHF\u00a0447.00')
    expect(screen.getByText('Auslastung', { selector: 'dt' }).nextElementSibling!.textContent).toMatch(/^75\s?%$/)
    expect(screen.getAllByText('Antwortzeit (Median)', { selector: 'dt' })[0]!.nextElementSibling!.textContent).toBe('1.5 Std.') // de-CH: a decimal point

    const charts = screen.getAllByRole('img')
    expect(charts.length).toBe(6)
    const bookings = charts[0]!
    expect(bookings.getAttribute('aria-label')).toBe('Balkendiagramm: Buchungen, März 26 bis Apr. 26. Höchster Wert: März 26 mit 3. Die Tabelle zum Diagramm enthält alle Werte.')
    // Nothing inside a chart takes the keyboard's focus.
    for (const chart of charts) expect(chart.querySelectorAll('[tabindex]:not([tabindex="-1"]), a, button').length).toBe(0)

    // The channels: the widget's host page by name.
    const channels = screen.getByRole('figure', { name: 'Buchungen pro Kanal' })
    fireEvent.click(within(channels).getByText('Zahlen als Tabelle'))
    const rows = within(within(channels).getByRole('table')).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual(['KanalBuchungenUmsatz', 'Die Seiten des Shops2CHF\u00a0298.00', 'Widget auf www.hotel-example.ch1CHF\u00a0149.00'])

    // Per offer: a private service has no occupancy.
    const offers = screen.getByRole('figure', { name: 'Umsatz pro Angebot' })
    fireEvent.click(within(offers).getByText('Zahlen als Tabelle'))
    const massage = within(offers).getByRole('rowheader', { name: 'Massage' }).closest('tr')!
    expect(massage.textContent).toContain('—')

    expect(screen.getByText('1 Anfrage aus diesem Zeitraum wartet noch auf eine Antwort.')).toBeTruthy()
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
  })

  it('names weeks the French way and says when a range has no bookings', async () => {
    const i18n = adminI18n('fr', await loadAdminMessages('fr'))
    const weekly: Report = {
      ...report,
      granularity: 'week',
      periods: [{ key: '2026-W14', start: '2026-03-30', end: '2026-04-05', figures: figures(0, 0), requests: requests(0, null) }],
      offers: [],
      channels: [],
      total: figures(0, 0),
    }
    render(
      <I18nProvider i18n={i18n}>
        <ReportBody report={weekly} lang="fr" />
      </I18nProvider>,
    )
    expect(screen.getAllByRole('img')[0]!.getAttribute('aria-label')).toBe('Diagramme en barres : réservations, de S14 à S14 : aucune valeur sur cette période.')
    expect(screen.getByText('Aucune réservation sur cette période.')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Par offre' })).toBeNull()
  })
})
