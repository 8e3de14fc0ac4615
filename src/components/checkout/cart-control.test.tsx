// @vitest-environment jsdom
/**
 * The visitor controls the cart in the checkout (issue 22, point 1): remove an item, change a
 * quantity (the server moves the holds), a refusal said on the item, an emptied cart.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getI18n } from '~/lib/i18n'
import { cart, CANYONING, CONTACT, EXTRAS, FakeApiError, ORDER_CART, PARAGLIDING } from '~/machines/checkout/checkout.fixtures'
import type { Cart, ChangeCartInput, CheckoutDraft } from '~/machines/checkout/checkout.types'
import { CheckoutFlow } from './checkout-flow'

/** The checkout whose server answers each cart change with `answers` in turn. */
async function show(answers: (Cart | Error)[], submitError: Error = new Error('not submitted here')) {
  const changes: ChangeCartInput[] = []
  const ui = (
    <CheckoutFlow
      cart={ORDER_CART}
      extras={EXTRAS}
      paymentOptions={['PAY_ON_SITE']}
      lang="en"
      timeZone="Europe/Zurich"
      submit={async () => {
        throw submitError
      }}
      startPayment={async () => ({ paymentId: 'p', redirectUrl: 'https://pay.example/' })}
      changeCart={async (input) => {
        changes.push(input)
        const answer = answers.shift()
        if (!answer || answer instanceof Error) throw answer ?? new Error('no answer')
        return answer
      }}
      onDone={() => {}}
    />
  )
  const root = createRootRoute({ component: () => <I18nProvider i18n={getI18n('en')}>{ui}</I18nProvider> })
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/en/checkout/cart-order'] }) })
  render(<RouterProvider router={router} />)
  await screen.findByTestId('checkout')
  return { changes, router }
}
const items = () => screen.getAllByTestId('checkout-item')
const itemOf = (title: RegExp) => items().find((el) => title.test(el.querySelector('legend')?.textContent ?? ''))!

beforeEach(() => window.sessionStorage.clear())
afterEach(cleanup)

describe('checkout: the visitor controls the cart (issue 22, point 1)', () => {
  it('removes an item: it and its participants leave the form, the total follows', async () => {
    const { changes } = await show([cart('cart-order', [PARAGLIDING])])
    expect(items()).toHaveLength(2)
    await act(async () => fireEvent.click(within(itemOf(/canyoning/)).getByRole('button', { name: 'Remove canyoning from the cart' })))
    expect(changes).toEqual([{ cartId: 'cart-order', change: { kind: 'remove', itemId: CANYONING.id } }])
    expect(items()).toHaveLength(1)
    expect(screen.queryByRole('textbox', { name: 'First name (participant 2)' })).toBeNull()
    expect(screen.getByTestId('checkout-total').textContent).toContain('200.00')
  })

  it('changes the quantity with fewer / more; a private start time has no quantity to change', async () => {
    const three = { ...CANYONING, quantity: 3, places: 3, total: { amount: 13500, currency: 'CHF' } }
    const { changes } = await show([cart('cart-order', [three, PARAGLIDING])])
    const canyoning = within(itemOf(/canyoning/))
    expect(canyoning.getByTestId('item-quantity').textContent).toBe('Quantity: 2')
    expect(within(itemOf(/paragliding/)).queryByTestId('item-quantity')).toBeNull()
    await act(async () => fireEvent.click(canyoning.getByRole('button', { name: 'One more' })))
    expect(changes).toEqual([{ cartId: 'cart-order', change: { kind: 'quantity', itemId: CANYONING.id, quantity: 3 } }])
    expect(within(itemOf(/canyoning/)).getByTestId('item-quantity').textContent).toBe('Quantity: 3')
  })

  it('a refused change keeps the item and says why on it', async () => {
    await show([new FakeApiError(409, { code: 'places.insufficient', placesLeft: 0 }, 'There are no places left on this date.')])
    await act(async () => fireEvent.click(within(itemOf(/canyoning/)).getByRole('button', { name: 'One more' })))
    const canyoning = within(itemOf(/canyoning/))
    expect(canyoning.getByTestId('item-quantity').textContent).toBe('Quantity: 2')
    expect(canyoning.getByRole('alert').textContent).toBe('There are not enough places left on this date for that quantity.')
  })

  it('an emptied cart says so and leads back to the offers', async () => {
    await show([cart('cart-order', [PARAGLIDING]), cart('cart-order', [])])
    await act(async () => fireEvent.click(within(itemOf(/canyoning/)).getByRole('button', { name: 'Remove canyoning from the cart' })))
    await act(async () => fireEvent.click(within(itemOf(/paragliding/)).getByRole('button', { name: 'Remove paragliding from the cart' })))
    const empty = await screen.findByTestId('cart-empty')
    expect(within(empty).getByRole('heading').textContent).toBe('Your cart is empty.')
    expect(within(empty).getByRole('link', { name: 'Find an appointment' })).toBeTruthy()
  })
})

describe('checkout: a date taken meanwhile (issue 22, point 1)', () => {
  const DRAFT: CheckoutDraft = {
    items: {
      [CANYONING.id]: { participants: [{ firstname: 'Anna', surname: 'Muster', extras: [] }, { firstname: 'Ben', surname: 'Muster', extras: [] }] },
      [PARAGLIDING.id]: { participants: [{ firstname: 'Cleo', surname: 'Muster', extras: [] }] },
    },
    ...CONTACT,
    customer: { type: 'PRIVATE', company: '' },
    paymentMethod: 'PAY_ON_SITE',
    termsAccepted: false,
    message: '',
  }

  it('marks the item, keeps the rest; "Choose another date" removes it and goes to its offer', async () => {
    window.sessionStorage.setItem('webshop:checkout:cart-order', JSON.stringify({ draft: DRAFT, step: 'payment' }))
    const conflict = new FakeApiError(409, { code: 'items.unavailable', items: { [CANYONING.id]: 'places.insufficient' } }, 'Some dates are no longer available.')
    const { changes, router } = await show([cart('cart-order', [PARAGLIDING])], conflict)
    // Back on the payment step (restored after the first render).
    fireEvent.click(await screen.findByRole('checkbox', { name: /I accept the/ }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Book now' })))
    expect(screen.getByTestId('checkout').getAttribute('data-state')).toBe('"configuration"')
    // Only the refused item offers another date; the other keeps its participant.
    expect(within(itemOf(/paragliding/)).queryByTestId('item-another-date')).toBeNull()
    expect(within(itemOf(/canyoning/)).getByTestId('item-another-date')).toBeTruthy()
    expect((within(itemOf(/paragliding/)).getByRole('textbox', { name: 'First name (participant 1)' }) as HTMLInputElement).value).toBe('Cleo')
    await act(async () => fireEvent.click(within(itemOf(/canyoning/)).getByRole('button', { name: 'Choose another date' })))
    expect(changes).toEqual([{ cartId: 'cart-order', change: { kind: 'remove', itemId: CANYONING.id } }])
    expect(router.state.location.pathname).toBe('/en/listing/canyoning')
    // What was typed for the rest of the cart is kept for the return.
    const saved = JSON.parse(window.sessionStorage.getItem('webshop:checkout:cart-order')!)
    expect(Object.keys(saved.draft.items)).toEqual([PARAGLIDING.id])
    expect(saved.draft.items[PARAGLIDING.id].participants[0].firstname).toBe('Cleo')
  })
})
