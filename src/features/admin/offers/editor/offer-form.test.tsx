// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OfferView } from '~/api/admin-offers.queries'
import { adminI18n, loadAdminMessages } from '../../i18n'
import { adminApiFor } from '../../api'
import { OfferForm } from './offer-form'

// The staff API client as the browser builds it, its fetch answered by the test.
const transport = vi.hoisted(() => ({ fetch: vi.fn<(request: Request) => Promise<Response>>() }))
vi.mock('~/functions/api-transport', () => ({
  createTransport: () => ({ baseUrl: 'http://alpin.shop.test', fetch: (request: Request) => transport.fetch(request), xsrfToken: async () => 'xsrf-token-1' }),
}))
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const problem = (status: number, data: unknown) => json(status, { statusCode: status, statusMessage: 'x', message: 'x', data })

const offer = (version: number, title: string): OfferView => ({
  id: 'offer-0000000000000001',
  status: 'draft',
  kind: 'activity',
  version,
  updatedAt: '2026-03-01T08:00:00.000Z',
  content: {
    slug: 'canyoning', title: { de: title }, intro: {}, description: {}, images: [], tags: [], meetingPoint: {}, mode: 'order', variants: [], extras: [], related: [],
    location: { name: '', street: '', streetNumber: '', postalCode: '', city: '', country: 'CH', latitude: 0, longitude: 0 },
  },
  completeness: { de: ['intro', 'description'], en: ['title', 'intro', 'description'], fr: ['title', 'intro', 'description'] },
  hasBookings: false,
  hasHours: false,
  history: [],
})

async function renderForm(initial: OfferView) {
  const i18n = adminI18n('en', await loadAdminMessages('en'))
  const queryClient = new QueryClient()
  const api = adminApiFor(queryClient, 'en')
  const ui = <OfferForm api={api} lang="en" offer={initial} languages={['de']} currency="CHF" tags={[]} others={[]} />
  const root = createRootRoute({ component: () => <QueryClientProvider client={queryClient}><I18nProvider i18n={i18n}>{ui}</I18nProvider></QueryClientProvider> })
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/en/admin/offers/x'] }) })} />)
  return screen.findByRole('textbox', { name: 'Title (Deutsch)' })
}

afterEach(() => {
  cleanup()
  transport.fetch.mockReset()
})

describe('offer form', () => {
  it('keeps what was typed after a version conflict and loads the current version on request', async () => {
    const title = await renderForm(offer(3, 'Canyoning'))
    fireEvent.change(title, { target: { value: 'Canyoning Grimsel' } })
    transport.fetch.mockImplementation(async (request) =>
      request.method === 'PUT' ? problem(409, { code: 'offer.version_conflict', version: 4 }) : json(200, { data: offer(4, 'Canyoning (neu)') }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Save offer' }))
    const alert = await screen.findByText(/Someone else changed this offer in the meantime/)
    expect(alert).toBeTruthy()
    const sent = transport.fetch.mock.calls[0]![0]
    expect(await sent.clone().json()).toMatchObject({ version: 3, content: { title: { de: 'Canyoning Grimsel' } } })
    expect(title).toHaveProperty('value', 'Canyoning Grimsel')
    fireEvent.click(screen.getByRole('button', { name: 'Load the current version' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title (Deutsch)' })).toHaveProperty('value', 'Canyoning (neu)'))
  })

  it('says what publishing lacks, and sends no price that is not one', async () => {
    await renderForm(offer(3, 'Canyoning'))
    transport.fetch.mockImplementation(async () => problem(400, { code: 'validation', errors: { 'content.variants': { code: 'variant.required' } } }))
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Add at least one variant with a price.')).toBeTruthy()
    transport.fetch.mockReset()
    fireEvent.click(screen.getByRole('button', { name: 'Add a variant' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Price of variant 1 (CHF)' }), { target: { value: 'zwölf' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save offer' }))
    expect(await screen.findByText('Enter a price such as 120.50.', { selector: 'p' })).toBeTruthy()
    expect(transport.fetch).not.toHaveBeenCalled()
  })

  it('leaves axe nothing to find in the whole editor', async () => {
    await renderForm({ ...offer(3, 'Canyoning'), content: { ...offer(3, 'Canyoning').content, images: [{ id: 'img-a', alt: {} }] } })
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
})
