// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRouteWithContext, createRouter, RouterProvider } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient, type Api } from '~/api/client'
import { getI18n } from '~/lib/i18n'
import { CART_KEY } from '~/lib/remembered-cart'
import { CANYONING, cart, YOGA } from '~/machines/checkout/checkout.fixtures'
import { ContinueBookingNotice } from './continue-booking-notice'

const CART = 'cartcartcartcartcartcart'
/** 12:00 in UTC, 14:00 in Zurich, 08:00 in New York (summer time everywhere). */
const NOW = new Date('2026-06-10T12:00:00Z')

type Answer = { status: number; body: unknown }
let answers: Answer[] = []
let requests: string[] = []

function show(path: string) {
  const api = createApiClient({
    baseUrl: 'http://shop.test',
    fetch: async (request) => {
      requests.push(new URL(request.url).pathname)
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
    },
    getLocale: () => 'en',
    xsrfToken: async () => undefined,
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const root = createRootRouteWithContext<{ api: Api; queryClient: QueryClient }>()({
    component: () => (
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={getI18n('en')}>
          <ContinueBookingNotice lang="en" />
        </I18nProvider>
      </QueryClientProvider>
    ),
  })
  const router = createRouter({ routeTree: root, context: { api, queryClient }, history: createMemoryHistory({ initialEntries: [path] }) })
  render(<RouterProvider router={router} />)
}

const held = (heldUntil: string | undefined, items = [CANYONING]) => {
  const { heldUntil: _, ...open } = cart(CART, items)
  return { status: 200, body: { data: { ...open, ...(heldUntil ? { heldUntil } : {}) } } }
}
const notFound = { status: 404, body: { statusCode: 404, statusMessage: 'Page not found', message: 'This cart does not exist.', data: { code: 'cart.not_found' } } }

describe('continue-your-booking notice', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'America/New_York' }
    })
    answers = []
    requests = []
    window.localStorage.clear()
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('points back to the held cart, with the hold’s end on the visitor’s clock', async () => {
    window.localStorage.setItem(CART_KEY, CART)
    answers = [held('2026-06-10T12:35:00.000Z')]
    show('/en/listing/canyoning')
    const notice = await screen.findByRole('complementary', { name: 'Your booking' })
    expect(notice.textContent).toBe('Your places are held until 08:35.Continue your booking')
    expect(screen.getByRole('link', { name: 'Continue your booking' }).getAttribute('href')).toBe(`/en/checkout/${CART}`)
    expect(requests).toEqual([`/api/webshop/v1/carts/${CART}`])
  })

  it('a request says so', async () => {
    window.localStorage.setItem(CART_KEY, CART)
    answers = [held('2026-06-10T12:35:00.000Z', [YOGA])]
    show('/en')
    expect((await screen.findByTestId('continue-booking')).textContent).toBe('Your request has not been sent yet.Continue your request')
  })

  it('is not on the checkout itself, which it does not even ask about', async () => {
    window.localStorage.setItem(CART_KEY, CART)
    answers = [held('2026-06-10T12:35:00.000Z')]
    show(`/en/checkout/${CART}`)
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByTestId('continue-booking')).toBeNull()
    expect(requests).toEqual([])
    expect(window.localStorage.getItem(CART_KEY)).toBe(CART)
  })

  it('asks nothing without a remembered cart', async () => {
    answers = [held('2026-06-10T12:35:00.000Z')]
    show('/en')
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByTestId('continue-booking')).toBeNull()
    expect(requests).toEqual([])
  })

  it('goes when the hold passes, and the cart is forgotten once nothing is held', async () => {
    window.localStorage.setItem(CART_KEY, CART)
    answers = [held('2026-06-10T12:00:00.300Z'), held(undefined)]
    show('/en')
    expect((await screen.findByTestId('continue-booking')).textContent).toContain('08:00')
    await waitFor(() => expect(screen.queryByTestId('continue-booking')).toBeNull(), { timeout: 4000 })
    expect(requests).toHaveLength(2)
    expect(window.localStorage.getItem(CART_KEY)).toBeNull()
  })

  it('forgets a cart that is gone (404)', async () => {
    window.localStorage.setItem(CART_KEY, CART)
    answers = [notFound]
    show('/en')
    await waitFor(() => expect(window.localStorage.getItem(CART_KEY)).toBeNull())
    expect(screen.queryByTestId('continue-booking')).toBeNull()
    expect(requests).toEqual([`/api/webshop/v1/carts/${CART}`])
  })

  it('forgets a booked cart', async () => {
    window.localStorage.setItem(CART_KEY, CART)
    answers = [{ status: 200, body: { data: { ...cart(CART, []), bookingCode: 'K7Q2-X9PM' } } }]
    show('/en')
    await waitFor(() => expect(window.localStorage.getItem(CART_KEY)).toBeNull())
    expect(screen.queryByTestId('continue-booking')).toBeNull()
  })
})
