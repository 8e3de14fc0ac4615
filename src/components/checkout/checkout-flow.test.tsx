// @vitest-environment jsdom
/**
 * The checkout page in the browser (issue 22): the review of the whole order before the binding
 * click (point 8), a request that needs no names and calls itself not yet binding (point 11), and
 * the accessible form — error summary, required fields, participants' names (point 13).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatMoney } from '~/lib/dates'
import { getI18n } from '~/lib/i18n'
import { bookingFor, CANYONING, CONTACT, EXTRAS, ORDER_CART, PARAGLIDING, REQUEST_CART, YOGA } from '~/machines/checkout/checkout.fixtures'
import type { Booking, Cart, CheckoutDraft, PaymentMethod, SubmitCheckoutInput } from '~/machines/checkout/checkout.types'
import type { Saved } from './checkout-draft-storage'
import { CheckoutFlow } from './checkout-flow'

const money = (amount: number) => formatMoney(amount, 'CHF', 'en')

/** The checkout of `cart` (en, Zurich), with what this browser kept of it (`saved`). */
async function show(cart: Cart, options: { saved?: Saved; paymentOptions?: PaymentMethod[] } = {}) {
  if (options.saved) window.sessionStorage.setItem(`webshop:checkout:${cart.id}`, JSON.stringify(options.saved))
  const calls: SubmitCheckoutInput[] = []
  const submit = async (input: SubmitCheckoutInput): Promise<Booking> => {
    calls.push(input)
    return bookingFor(input.input)
  }
  const ui = (
    <CheckoutFlow
      cart={cart}
      extras={EXTRAS}
      paymentOptions={options.paymentOptions ?? ['PAY_ON_SITE', 'PAY_LATER']}
      lang="en"
      timeZone="Europe/Zurich"
      submit={submit}
      startPayment={async () => ({ paymentId: 'p', redirectUrl: 'https://pay.example/' })}
      onDone={() => {}}
    />
  )
  const root = createRootRoute({ component: () => <I18nProvider i18n={getI18n('en')}>{ui}</I18nProvider> })
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: [`/en/checkout/${cart.id}`] }) })} />)
  await screen.findByTestId('checkout')
  return { calls }
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' })
/**
 * The machine's state as the form shows it (`data-state`), once React has rendered the step the
 * last event led to: a run of the whole suite once read the step before that render.
 */
const stepIs = (value: string) => waitFor(() => expect(screen.getByTestId('checkout').getAttribute('data-state')).toBe(value))
const violations = async () =>
  (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`,
  )

/** The order cart, configured and with the contact: canyoning for Anna and Ben (Ben with a wetsuit), the flight for Cleo. */
const ORDER_DRAFT: CheckoutDraft = {
  items: {
    [CANYONING.id]: {
      participants: [
        { firstname: 'Anna', surname: 'Muster', forSelf: false, extras: [] },
        { firstname: 'Ben', surname: 'Muster', forSelf: false, extras: ['wetsuit', 'photos'] },
      ],
    },
    [PARAGLIDING.id]: { participants: [{ firstname: 'Cleo', surname: 'Muster', forSelf: false, extras: [] }] },
  },
  ...CONTACT,
  customer: { type: 'PRIVATE', company: '' },
  paymentMethod: 'PAY_ON_SITE',
  termsAccepted: false,
  message: '',
}

beforeEach(() => window.sessionStorage.clear())
afterEach(cleanup)

describe('checkout: the review before the binding click (issue 22, point 8)', () => {
  it('shows every item with date, variant, participants and their extras, the contact, the payment option and the total', async () => {
    await show(ORDER_CART, { saved: { draft: ORDER_DRAFT, step: 'payment' } })
    const review = await screen.findByTestId('order-review')
    expect(within(review).getByRole('heading', { name: 'Your booking' })).toBeTruthy()
    const [canyoning, flight] = within(review).getAllByTestId('review-item')
    const c = within(canyoning!)
    expect(c.getByText('canyoning')).toBeTruthy()
    expect(c.getByText('Friday, 20 June 2025, 10:00')).toBeTruthy()
    expect(c.getByTestId('review-variant').textContent).toBe(`Standard 2 × ${money(4500)}`)
    expect(c.getByTestId('review-variant').nextElementSibling?.textContent).toBe(money(9000))
    expect(c.getAllByTestId('review-extra').map((e) => [e.textContent, e.nextElementSibling?.textContent])).toEqual([
      [`Wetsuit 1 × ${money(1000)}`, money(1000)],
      [`Photos 1 × ${money(2500)}`, money(2500)],
    ])
    expect(within(c.getByTestId('review-participants')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Anna Muster',
      `Ben Muster: Wetsuit (${money(1000)}), Photos (${money(2500)})`,
    ])
    expect(c.getByTestId('review-item-total').textContent).toBe(money(9000 + 3500))
    expect(within(flight!).getByTestId('review-item-total').textContent).toBe(money(20000))
    expect(within(review).getByTestId('review-contact').textContent).toBe('Anna Muster\nanna@example.ch\n079 900 00 00\nSeestrasse 1\n3800 Interlaken\nSwitzerland')
    expect(within(review).getByTestId('review-payment').textContent).toBe('Pay on site')
    // the amount the form submits: the cart and the extras, as at the foot of the form
    expect(within(review).getByTestId('review-total').textContent).toBe(money(ORDER_CART.total.amount + 3500))
    expect(screen.getByTestId('checkout-total').textContent).toBe(money(ORDER_CART.total.amount + 3500))
    // the option chosen above is the one reviewed
    fireEvent.click(screen.getByRole('radio', { name: 'Pay later (payment link by e-mail)' }))
    expect(within(review).getByTestId('review-payment').textContent).toBe('Pay later (payment link by e-mail)')
    // before the terms and the button
    const terms = screen.getByRole('checkbox', { name: /I accept the/ })
    expect(review.compareDocumentPosition(terms) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(await violations()).toEqual([])
  })

  it('"Change" goes back to the contact details or the participants, keeping everything typed', async () => {
    await show(ORDER_CART, { saved: { draft: ORDER_DRAFT, step: 'payment' } })
    fireEvent.click(await screen.findByRole('button', { name: 'Change contact details' }))
    await stepIs('"contact"')
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('anna@example.ch')
    fireEvent.click(continueButton())
    fireEvent.click(await screen.findByRole('button', { name: 'Change participants and extras' }))
    await stepIs('"configuration"')
    expect((screen.getByRole('textbox', { name: 'First name (participant 2)' }) as HTMLInputElement).value).toBe('Ben')
  })
})

describe('checkout: a request needs no names and says what it is, as its e-mail does (issue 22, point 11)', () => {
  it('moves on without names, says the request is binding until confirmed and sends it as a request', async () => {
    const { calls } = await show(REQUEST_CART)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Send a binding request')
    // the spec's "binding enquiry": binding for the visitor, a booking with the shop's confirmation
    expect(screen.getByText(/Your request is binding\. .* with our confirmation it becomes your booking, and only then do you pay\./)).toBeTruthy()
    // names optional: not required, and the step passes without them
    const first = screen.getByRole('textbox', { name: 'First name (participant 1)' })
    expect(first.getAttribute('aria-required')).toBeNull()
    expect(screen.getByTestId('item-progress').textContent).toBe('Names are optional for a request (0 of 2 given): you can also tell us later.')
    fireEvent.click(continueButton())
    await stepIs('"contact"')
    expect(screen.queryByTestId('error-summary')).toBeNull()
    for (const [id, value] of Object.entries({ firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '079 900 00 00', street: 'Seestrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken' })) {
      fireEvent.change(document.getElementById(id)!, { target: { value } })
    }
    fireEvent.click(continueButton())
    await stepIs('"payment"')
    expect(screen.getByTestId('review-names-follow').textContent).toBe('2 participants requested; the names can follow.')
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send binding request' })))
    expect(calls).toHaveLength(1)
    expect(calls[0]!.input).toMatchObject({ mode: 'request', items: [{ itemId: YOGA.id, participants: [{ firstname: '', surname: '' }] }] })
  })
})

describe('checkout: an accessible form (issue 22, point 13)', () => {
  it('a refused "Continue" shows an error summary at the top, focused, each error a link that focuses its field', async () => {
    await show(ORDER_CART)
    expect(screen.queryByTestId('error-summary')).toBeNull()
    continueButton().focus()
    fireEvent.click(continueButton())
    const summary = screen.getByTestId('error-summary')
    expect(document.activeElement).toBe(summary)
    expect(within(summary).getByRole('alert')).toBeTruthy()
    const links = within(summary).getAllByRole('link')
    // in the order of the page, named by their fields (the offer's name: two items in the cart)
    expect(links.map((a) => a.textContent)).toEqual([
      'canyoning – Standard: Please add at least 2.',
      'First name (participant 1), canyoning – Standard: This field is required.',
      'Surname (participant 1), canyoning – Standard: This field is required.',
      'First name (participant 1), paragliding – Standard: This field is required.',
      'Surname (participant 1), paragliding – Standard: This field is required.',
    ])
    const target = links[3]!.getAttribute('href')!.slice(1)
    expect(target).toBe(`${PARAGLIDING.id}-0-firstname`)
    fireEvent.click(links[3]!)
    expect(document.activeElement).toBe(document.getElementById(target))
    expect(document.activeElement).toBe(within(screen.getAllByTestId('checkout-item')[1]!).getByRole('textbox', { name: 'First name (participant 1)' }))
    // each error is tied to its field
    expect(document.activeElement!.getAttribute('aria-describedby')).toBe(`${target}-error`)
    expect(document.getElementById(`${target}-error`)!.textContent).toBe('This field is required.')
    fireEvent.click(links[0]!)
    expect(document.activeElement).toBe(document.getElementById(`checkout-item-${CANYONING.id}`))
    expect(await violations()).toEqual([])
    // refused again: the summary takes the focus again; a fixed field leaves it
    fireEvent.change(document.getElementById(`${PARAGLIDING.id}-0-firstname`)!, { target: { value: 'Cleo' } })
    expect(within(summary).getAllByRole('link')).toHaveLength(4)
    continueButton().focus()
    fireEvent.click(continueButton())
    expect(document.activeElement).toBe(screen.getByTestId('error-summary'))
  })

  it('the contact step’s summary names its fields; the next step’s heading takes the focus once it passes', async () => {
    await show(ORDER_CART, { saved: { draft: { ...ORDER_DRAFT, person: { ...CONTACT.person, email: 'anna@' } }, step: 'contact' } })
    await screen.findByRole('button', { name: 'Back' })
    await stepIs('"contact"')
    fireEvent.click(continueButton())
    const summary = screen.getByTestId('error-summary')
    expect(document.activeElement).toBe(summary)
    expect(within(summary).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['E-mail: Please enter a valid e-mail address.', '#email']])
    fireEvent.change(document.getElementById('email')!, { target: { value: 'anna@example.ch' } })
    expect(screen.queryByTestId('error-summary')).toBeNull()
    fireEvent.click(continueButton())
    expect(document.activeElement).toBe(document.getElementById('checkout-step-heading'))
    // a refused "Book now": the terms
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    expect(within(screen.getByTestId('error-summary')).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['#terms'])
    expect(document.activeElement).toBe(screen.getByTestId('error-summary'))
  })

  it('marks the required fields and gives every participant’s fields a name of their own', async () => {
    await show(ORDER_CART, { saved: { draft: ORDER_DRAFT, step: 'configuration' } })
    const item = screen.getAllByTestId('checkout-item')[0]!
    // four fields, four names: each name finds exactly one field (getByRole refuses two), none is just "First name"
    const names = ['First name (participant 1)', 'Surname (participant 1)', 'First name (participant 2)', 'Surname (participant 2)']
    expect(within(item).getAllByRole('textbox')).toEqual(names.map((name) => within(item).getByRole('textbox', { name })))
    expect(within(item).queryAllByRole('textbox', { name: 'First name' })).toEqual([])
    // the visible labels stay short
    expect(within(item).getAllByText('First name')).toHaveLength(2)
    for (const input of within(item).getAllByRole('textbox')) expect(input.getAttribute('aria-required')).toBe('true')
    expect(await violations()).toEqual([])
    fireEvent.click(continueButton())
    for (const id of ['firstname', 'surname', 'email', 'phone', 'street', 'streetNumber', 'postalCode', 'city', 'country']) {
      expect(document.getElementById(id)!.getAttribute('aria-required'), id).toBe('true')
    }
    expect(await violations()).toEqual([])
  })
})
