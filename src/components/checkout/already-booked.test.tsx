// @vitest-environment jsdom
/**
 * Two tabs on one cart (issue 22, point 14): after tab 1 booked, tab 2's "Book now" never passes
 * tab 1's booking off as its own. The checkout's 200 (booked before) becomes a 409 `cart.booked`;
 * the checkout ends there, forgets the cart and shows that booking with a notice.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, type Api } from '~/api/client'
import { submitCartCheckout } from '~/api/checkout.queries'
import { getI18n } from '~/lib/i18n'
import { CART_KEY } from '~/lib/remembered-cart'
import { bookingFor, CANYONING, CONTACT, ORDER_CART, PARAGLIDING, EXTRAS } from '~/machines/checkout/checkout.fixtures'
import type { CheckoutDraft, SubmitCheckoutInput } from '~/machines/checkout/checkout.types'
import { AlreadyBookedNotice } from './booking-outcome'
import { CheckoutFlow } from './checkout-flow'

const DRAFT: CheckoutDraft = {
  items: {
    [CANYONING.id]: {
      participants: [
        { firstname: 'Anna', surname: 'Muster', forSelf: false, extras: [] },
        { firstname: 'Ben', surname: 'Muster', forSelf: false, extras: [] },
      ],
    },
    [PARAGLIDING.id]: { participants: [{ firstname: 'Cleo', surname: 'Muster', forSelf: false, extras: [] }] },
  },
  ...CONTACT,
  customer: { type: 'PRIVATE', company: '' },
  paymentMethod: 'PAY_LATER',
  termsAccepted: false,
  message: '',
}

const within = (ui: React.ReactNode) => {
  const root = createRootRoute({ component: () => <I18nProvider i18n={getI18n('en')}>{ui}</I18nProvider> })
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/en'] }) })} />)
}

/** A fake API whose checkout answers `status` with a booking. */
const apiAnswering = (status: number) => {
  const calls: unknown[] = []
  const api = {
    POST: async (path: string, init: { body: SubmitCheckoutInput['input'] }) => {
      calls.push([path, init])
      return { data: { data: bookingFor(init.body) }, response: new Response(null, { status }) }
    },
  } as unknown as Api
  return { api, calls }
}

beforeEach(() => {
  window.sessionStorage.clear()
  window.localStorage.clear()
})
afterEach(cleanup)

describe('two tabs on one cart (issue 22, point 14)', () => {
  it('a booking made now (201) is answered; a booking made before (200) is a 409 cart.booked, not this draft’s booking', async () => {
    const input = { mode: 'order', items: [], ...CONTACT, customer: { type: 'PRIVATE' }, paymentMethod: 'PAY_LATER', termsAccepted: true } as unknown as SubmitCheckoutInput['input']
    const fresh = apiAnswering(201)
    await expect(submitCartCheckout(fresh.api, ORDER_CART.id, input)).resolves.toMatchObject({ paymentMethod: 'PAY_LATER' })
    const earlier = apiAnswering(200)
    const failure = await submitCartCheckout(earlier.api, ORDER_CART.id, input).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 409, code: 'cart.booked' })
    expect(earlier.calls).toHaveLength(1)
  })

  it('tab 2’s "Book now" ends with the earlier booking and the notice; the cart and the draft are forgotten', async () => {
    window.localStorage.setItem(CART_KEY, ORDER_CART.id)
    window.sessionStorage.setItem(`webshop:checkout:${ORDER_CART.id}`, JSON.stringify({ draft: DRAFT, step: 'payment' }))
    const done: unknown[] = []
    const submits: SubmitCheckoutInput[] = []
    within(
      <CheckoutFlow
        cart={ORDER_CART}
        extras={EXTRAS}
        paymentOptions={['PAY_ON_SITE', 'PAY_LATER']}
        lang="en"
        timeZone="Europe/Zurich"
        submit={async (input) => {
          submits.push(input)
          throw new ApiError(409, { statusCode: 409, statusMessage: 'Conflict', message: 'This cart was booked before.', data: { code: 'cart.booked' } })
        }}
        startPayment={async () => ({ paymentId: 'p', redirectUrl: 'https://pay.example/' })}
        onDone={(cartId, outcome) => void done.push([cartId, outcome])}
      />,
    )
    // Back on the payment step, where this tab was (restored after the first render).
    fireEvent.click(await screen.findByRole('checkbox', { name: /I accept the/ }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Book now' })))
    expect(submits).toHaveLength(1)
    expect(done).toEqual([[ORDER_CART.id, { already: true }]])
    expect(window.localStorage.getItem(CART_KEY)).toBeNull()
    expect(window.sessionStorage.getItem(`webshop:checkout:${ORDER_CART.id}`)).toBeNull()
  })

  it('a booking made now is not announced as made before', async () => {
    window.sessionStorage.setItem(`webshop:checkout:${ORDER_CART.id}`, JSON.stringify({ draft: DRAFT, step: 'payment' }))
    const done: unknown[] = []
    within(
      <CheckoutFlow
        cart={ORDER_CART}
        extras={EXTRAS}
        paymentOptions={['PAY_ON_SITE', 'PAY_LATER']}
        lang="en"
        timeZone="Europe/Zurich"
        submit={async ({ input }) => bookingFor(input)}
        startPayment={async () => ({ paymentId: 'p', redirectUrl: 'https://pay.example/' })}
        onDone={(cartId, outcome) => void done.push([cartId, outcome])}
      />,
    )
    // Back on the payment step, where this tab was (restored after the first render).
    fireEvent.click(await screen.findByRole('checkbox', { name: /I accept the/ }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Book now' })))
    expect(done).toEqual([[ORDER_CART.id, { already: false }]])
  })

  it('the notice says the booking shown was completed elsewhere and these details were not booked', async () => {
    within(<AlreadyBookedNotice />)
    const notice = await screen.findByRole('status')
    expect(notice.getAttribute('data-testid')).toBe('already-booked')
    expect(notice.textContent).toBe(
      'This booking was already completed (in another tab or window). Here it is.The details you just entered were not booked. To book again, start a new booking.',
    )
  })
})
