// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import type { OfferListItem } from '~/api/admin-offers.queries'
import { adminI18n, loadAdminMessages } from '../i18n'
import { OfferTable } from './offer-table'

const item: OfferListItem = {
  id: 'offer-0000000000000001', slug: 'canyoning', title: 'Canyoning', status: 'published', kind: 'activity', mode: 'order',
  nextDates: ['2026-07-04T07:00:00.000Z'], placesSold: 1234, capacity: 2000,
  completeness: { de: [], en: ['intro'], fr: [] }, updatedAt: '2026-03-01T08:00:00.000Z', version: 2,
}

afterEach(cleanup)

describe('offer table', () => {
  it('shows status, dates in the shop time zone and numbers in the member locale, and leaves axe nothing to find', async () => {
    const i18n = adminI18n('de', await loadAdminMessages('de'))
    const ui = <OfferTable offers={[item, { ...item, id: 'offer-0000000000000002', slug: 'massage', title: '', kind: 'private', status: 'draft', nextDates: [] }]} lang="de" languages={['de', 'en']} timeZone="Europe/Zurich" />
    const root = createRootRoute({ component: () => <I18nProvider i18n={i18n}>{ui}</I18nProvider> })
    render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/de/admin/offers'] }) })} />)
    const rows = await screen.findAllByRole('row')
    expect(rows).toHaveLength(3)
    const first = within(rows[1]!)
    expect(first.getByRole('link', { name: 'Canyoning' }).getAttribute('href')).toBe('/de/admin/offers/offer-0000000000000001')
    expect(first.getByText(/04\.07\.2026, 09:00/)).toBeTruthy()
    expect(rows[1]!.textContent).toContain(`${new Intl.NumberFormat('de-CH').format(1234)} / ${new Intl.NumberFormat('de-CH').format(2000)}`)
    // An offer without a title yet is listed by its slug.
    expect(within(rows[2]!).getByRole('link', { name: 'massage' })).toBeTruthy()
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(results.violations.map((v) => v.id)).toEqual([])
  })
})
