// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import type { FinanceTotals } from '~/api/admin-finance.queries'
import type { Locale } from '~/lib/locale'
import { adminI18n, loadAdminMessages } from '../i18n'
import { useFinanceLabels } from './labels'
import { Pager } from './parts'
import { MethodTable, PeriodTable, TotalsSummary } from './totals'

const figures = (received: number, refunded: number, payments = 1, refunds = 0) => ({ received, refunded, net: received - refunded, payments, refunds })

const totals: FinanceTotals = {
  from: '2026-03-30',
  to: '2026-04-12',
  granularity: 'week',
  timeZone: 'Europe/Zurich',
  currency: 'CHF',
  periods: [
    { key: '2026-W14', start: '2026-03-30', end: '2026-04-05', figures: figures(145000, 12000, 3, 1) },
    { key: '2026-W15', start: '2026-04-06', end: '2026-04-12', figures: figures(0, 0, 0, 0) },
  ],
  methods: [
    { provider: 'sandbox', method: null, figures: figures(120000, 12000, 2, 1) },
    { provider: 'on_site', method: 'cash', figures: figures(25000, 0) },
  ],
  total: figures(145000, 12000, 3, 1),
  otherCurrency: { payments: 0, refunds: 0 },
}

function Tables({ lang }: { lang: Locale }) {
  const labels = useFinanceLabels()
  return (
    <main>
      <TotalsSummary totals={totals} lang={lang} />
      <MethodTable totals={totals} lang={lang} labels={labels} />
      <PeriodTable totals={totals} lang={lang} labels={labels} />
      <Pager page={2} perPage={50} total={120} lang={lang} link={(page, rel) => <a href={`?page=${page}`}>{rel}</a>} />
    </main>
  )
}

afterEach(cleanup)

describe('finance totals', () => {
  for (const lang of ['de', 'fr'] as const) {
    it(`shows received, refunded and net, per method and per ISO week, in Swiss ${lang} money (axe clean)`, async () => {
      const i18n = adminI18n(lang, await loadAdminMessages(lang))
      const root = createRootRoute({ component: () => <I18nProvider i18n={i18n}><Tables lang={lang} /></I18nProvider> })
      render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: [`/${lang}/admin/finance`] }) })} />)
      const received = await screen.findByTestId('finance-total-received')
      expect(received.textContent).toBe(lang === 'de' ? 'CHF\u00a01’450.00' : '1\u202f450.00\u00a0CHF')
      expect(screen.getByTestId('finance-total-net').textContent).toBe(lang === 'de' ? 'CHF\u00a01’330.00' : '1\u202f330.00\u00a0CHF')
      const [methods, periods] = screen.getAllByRole('table')
      const methodRows = within(methods!).getAllByRole('row')
      expect(methodRows).toHaveLength(3)
      expect(within(methodRows[2]!).getByRole('rowheader').textContent).not.toBe('on_site')
      const periodRows = within(periods!).getAllByRole('row')
      // header, two weeks, the total
      expect(periodRows).toHaveLength(4)
      expect(periodRows[1]!.textContent).toMatch(/14/)
      expect(within(periods!).getAllByRole('rowheader').at(-1)!.textContent).toBeTruthy()
      expect(screen.getByRole('navigation').textContent).toMatch(/51.*100.*120/)
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
      expect(results.violations.map((v) => v.id)).toEqual([])
    })
  }
})
