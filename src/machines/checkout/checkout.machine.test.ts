import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  checkoutMachine,
} from './checkout.machine'
import {
  type Booking,
  type Cart,
  type ChangeCartInput,
  type CheckoutDraft,
  type CheckoutEvent,
  type CheckoutMachineInput,
  type PaymentMethod,
  type SubmitCheckoutInput,
} from './checkout.types'
import {
  checkoutTotal,
  expectedParticipantsOf,
  extraCharges,
  itemCompleteness,
  itemTotal,
  persistableDraft,
  toCheckoutInput,
} from './checkout.draft'
import {
  classifySubmitError,
  toCheckoutError,
} from './checkout.errors'
import { bookingFor, cart, CANYONING, CONTACT, EXTRAS, FakeApiError, ORDER_CART, PARAGLIDING, REQUEST_CART, YOGA } from './checkout.fixtures'

type Answer = 'ok' | Error | Record<string, unknown>

/** Starts the machine; the submit actor answers with `answers` in turn (then ok). */
function start(options: { cart?: Cart; paymentOptions?: PaymentMethod[]; draft?: CheckoutDraft; answers?: Answer[]; carts?: Cart[] } = {}) {
  const calls: SubmitCheckoutInput[] = []
  const answers = [...(options.answers ?? [])]
  const carts = [...(options.carts ?? [])]
  const machine = checkoutMachine.provide({
    actors: {
      submitCheckout: fromPromise<Booking, SubmitCheckoutInput>(async ({ input }) => {
        calls.push(input)
        const answer = answers.shift() ?? 'ok'
        if (answer !== 'ok') throw answer
        return bookingFor(input.input)
      }),
      // The server's cart after each change, in turn.
      changeCart: fromPromise<Cart, ChangeCartInput>(async () => {
        const next = carts.shift()
        if (!next) throw new Error('no cart')
        return next
      }),
    },
  })
  const input: CheckoutMachineInput = {
    cart: options.cart ?? ORDER_CART,
    extras: EXTRAS,
    paymentOptions: options.paymentOptions ?? ['PAY_ON_SITE', 'PAY_LATER'],
    ...(options.draft ? { draft: options.draft } : {}),
  }
  const actor = createActor(machine, { input }).start()
  const send = (...events: CheckoutEvent[]) => events.forEach((event) => actor.send(event))
  return { actor, calls, send, snapshot: () => actor.getSnapshot() }
}

type Started = ReturnType<typeof start>
const until = (actor: Started['actor'], state: string) => waitFor(actor, (s) => s.matches(state as never), { timeout: 1000 })

const fill = (itemId: string, index: number, firstname: string, surname: string): CheckoutEvent[] => [
  { type: 'participant.change', itemId, index, field: 'firstname', value: firstname },
  { type: 'participant.change', itemId, index, field: 'surname', value: surname },
]

const fillContact = (values: Partial<Record<string, string>> = {}): CheckoutEvent[] =>
  Object.entries({
    'person.firstname': 'Anna',
    'person.surname': 'Muster',
    'person.email': ' anna@example.ch ',
    'person.phone': '079 900 00 00',
    'address.street': 'Seestrasse',
    'address.streetNumber': '1',
    'address.postalCode': '3800',
    'address.city': 'Interlaken',
    'address.country': 'CH',
    ...values,
  }).map(([field, value]) => ({ type: 'contact.change', field, value: value ?? '' }) as CheckoutEvent)

/** Configuration of the order cart done: canyoning for two (one wetsuit), the flight's pilot guest. */
const CONFIGURE_ORDER: CheckoutEvent[] = [
  { type: 'participant.add', itemId: CANYONING.id },
  ...fill(CANYONING.id, 0, 'Anna', 'Muster'),
  ...fill(CANYONING.id, 1, 'Ben', 'Muster'),
  { type: 'extra.toggle', itemId: CANYONING.id, index: 1, extraId: 'wetsuit' },
  ...fill(PARAGLIDING.id, 0, ' Cleo ', 'Muster'),
]

/** From the start to the payment step with a valid order, ready to submit. */
function toPayment(started: Started) {
  started.send(...CONFIGURE_ORDER, { type: 'step.next' }, ...fillContact(), { type: 'step.next' })
  expect(started.snapshot().value).toBe('payment')
  started.send({ type: 'payment.select', method: 'PAY_ON_SITE' }, { type: 'terms.toggle', value: true })
}

describe('checkoutMachine', () => {
  it('books an order paid on site', async () => {
    const started = start()
    const { actor, calls, send, snapshot } = started
    expect(snapshot().value).toBe('configuration')
    expect(snapshot().context.mode).toBe('order')
    expect(snapshot().context.draft.items[CANYONING.id]?.participants).toHaveLength(1)
    expect(snapshot().context.draft.paymentMethod).toBeUndefined() // two options: the visitor chooses

    send(...CONFIGURE_ORDER)
    expect(itemCompleteness(snapshot().context)).toEqual({
      [CANYONING.id]: { expected: 2, filled: 2, complete: true, missing: [] },
      [PARAGLIDING.id]: { expected: 1, filled: 1, complete: true, missing: [] },
    })
    expect(checkoutTotal(snapshot().context)).toEqual({ amount: ORDER_CART.total.amount + 1000, currency: 'CHF' })

    send({ type: 'step.next' })
    expect(snapshot().value).toBe('contact')
    send(...fillContact(), { type: 'step.next' })
    expect(snapshot().value).toBe('payment')
    send({ type: 'payment.select', method: 'PAY_ON_SITE' }, { type: 'terms.toggle', value: true }, { type: 'message.change', value: '  See you!  ' })
    send({ type: 'submit' })
    expect(snapshot().value).toBe('submitting')
    await until(actor, 'success')

    expect(calls).toHaveLength(1)
    expect(calls[0]).toEqual({
      cartId: 'cart-order',
      input: {
        mode: 'order',
        items: [
          {
            itemId: CANYONING.id,
            participants: [
              { firstname: 'Anna', surname: 'Muster', forSelf: false, extras: [] },
              { firstname: 'Ben', surname: 'Muster', forSelf: false, extras: ['wetsuit'] },
            ],
          },
          { itemId: PARAGLIDING.id, participants: [{ firstname: 'Cleo', surname: 'Muster', forSelf: false, extras: [] }] },
        ],
        customer: { type: 'PRIVATE' },
        person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '+41799000000' },
        address: { street: 'Seestrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
        paymentMethod: 'PAY_ON_SITE',
        termsAccepted: true,
        message: 'See you!',
      },
    })
    expect(snapshot().status).toBe('done')
    expect(snapshot().output).toEqual({ booking: bookingFor(calls[0]!.input) })
    expect(snapshot().context.booking?.status).toBe('CONFIRMED')
  })

  it('selects the only payment option of an order', () => {
    const { snapshot } = start({ paymentOptions: ['PAY_ON_SITE'] })
    expect(snapshot().context.draft.paymentMethod).toBe('PAY_ON_SITE')
  })

  it('sends a request, paid later by link', async () => {
    const { actor, calls, send, snapshot } = start({ cart: REQUEST_CART, paymentOptions: ['PAY_ON_SITE'] })
    expect(snapshot().context.mode).toBe('request')
    expect(snapshot().context.draft.paymentMethod).toBe('PAY_LATER')

    send({ type: 'participant.add', itemId: 'item-yoga' }, { type: 'participant.add', itemId: 'item-yoga' }) // the second one is too many
    expect(snapshot().context.draft.items['item-yoga']?.participants).toHaveLength(2)
    send(...fill('item-yoga', 0, 'Anna', 'Muster'), ...fill('item-yoga', 1, 'Ben', 'Muster'), { type: 'step.next' })
    send(...fillContact(), { type: 'step.next' })
    expect(snapshot().value).toBe('payment')
    send({ type: 'payment.select', method: 'PAY_ON_SITE' }) // not for a request
    expect(snapshot().context.draft.paymentMethod).toBe('PAY_LATER')
    send({ type: 'message.change', value: 'Is 9 am possible?' }, { type: 'terms.toggle', value: true }, { type: 'submit' })
    await until(actor, 'requestSent')

    expect(calls).toHaveLength(1)
    expect(calls[0]!.input).toMatchObject({ mode: 'request', paymentMethod: 'PAY_LATER', message: 'Is 9 am possible?' })
    expect(snapshot().status).toBe('done')
    expect(snapshot().context.booking?.status).toBe('REQUESTED')
  })

  it('adds participants up to the expected number; removing one removes its extras', () => {
    const { send, snapshot } = start()
    const participants = () => snapshot().context.draft.items[CANYONING.id]!.participants
    send({ type: 'participant.remove', itemId: CANYONING.id, index: 0 }) // the last one stays
    expect(participants()).toHaveLength(1)
    send({ type: 'participant.add', itemId: CANYONING.id }, { type: 'participant.add', itemId: CANYONING.id })
    expect(participants()).toHaveLength(2)
    send({ type: 'participant.add', itemId: PARAGLIDING.id }) // a private slot: the lead participant only
    expect(snapshot().context.draft.items[PARAGLIDING.id]!.participants).toHaveLength(1)
    send({ type: 'participant.add', itemId: 'unknown' })
    expect(Object.keys(snapshot().context.draft.items)).toEqual([CANYONING.id, PARAGLIDING.id])

    send(
      ...fill(CANYONING.id, 1, 'Ben', 'Muster'),
      { type: 'extra.toggle', itemId: CANYONING.id, index: 1, extraId: 'wetsuit' },
      { type: 'extra.toggle', itemId: CANYONING.id, index: 1, extraId: 'photos' },
      { type: 'extra.toggle', itemId: CANYONING.id, index: 1, extraId: 'video' }, // another offer's extra
      { type: 'extra.toggle', itemId: CANYONING.id, index: 0, extraId: 'photos' },
      { type: 'extra.toggle', itemId: CANYONING.id, index: 0, extraId: 'photos' }, // off again
    )
    expect(participants().map((p) => p.extras)).toEqual([[], ['wetsuit', 'photos']])
    expect(checkoutTotal(snapshot().context).amount).toBe(ORDER_CART.total.amount + 3500)

    send({ type: 'step.next' }) // participant 0 has no name
    expect(snapshot().context.fieldErrors).toEqual({
      'items.item-canyon.participants.0.firstname': { code: 'required' },
      'items.item-canyon.participants.0.surname': { code: 'required' },
      'items.item-para.participants.0.firstname': { code: 'required' },
      'items.item-para.participants.0.surname': { code: 'required' },
    })
    send({ type: 'participant.remove', itemId: CANYONING.id, index: 0 })
    expect(participants()).toEqual([{ firstname: 'Ben', surname: 'Muster', forSelf: false, extras: ['wetsuit', 'photos'] }])
    // The removed participant's errors are gone, the count error is up to the next check.
    expect(Object.keys(snapshot().context.fieldErrors)).toEqual(['items.item-para.participants.0.firstname', 'items.item-para.participants.0.surname'])

    send({ type: 'participant.remove', itemId: CANYONING.id, index: 0 }) // the last one stays
    expect(participants()).toHaveLength(1)
    send({ type: 'participant.add', itemId: CANYONING.id }, { type: 'extra.toggle', itemId: CANYONING.id, index: 1, extraId: 'photos' })
    send({ type: 'participant.remove', itemId: CANYONING.id, index: 1 })
    expect(participants()).toEqual([{ firstname: 'Ben', surname: 'Muster', forSelf: false, extras: ['wetsuit', 'photos'] }])
    expect(checkoutTotal(snapshot().context).amount).toBe(ORDER_CART.total.amount + 3500)
  })

  it('keeps the participant "for self" in sync with the person booking, one at most', () => {
    const { send, snapshot } = start()
    const canyon = () => snapshot().context.draft.items[CANYONING.id]!.participants
    const para = () => snapshot().context.draft.items[PARAGLIDING.id]!.participants

    // The person's name is still empty: the participant's name becomes the person's.
    send(...fill(CANYONING.id, 0, 'Anna', 'Muster'), { type: 'participant.forSelf', itemId: CANYONING.id, index: 0, value: true })
    expect(snapshot().context.draft.person).toMatchObject({ firstname: 'Anna', surname: 'Muster' })
    expect(canyon()[0]).toMatchObject({ forSelf: true })

    // Only one participant is the person booking.
    send({ type: 'participant.forSelf', itemId: PARAGLIDING.id, index: 0, value: true })
    expect(canyon()[0]?.forSelf).toBe(false)
    expect(para()[0]).toEqual({ firstname: 'Anna', surname: 'Muster', forSelf: true, extras: [] })

    // Changing the participant changes the person…
    send({ type: 'participant.change', itemId: PARAGLIDING.id, index: 0, field: 'firstname', value: 'Anne' })
    expect(snapshot().context.draft.person.firstname).toBe('Anne')

    send({ type: 'participant.add', itemId: CANYONING.id }, ...fill(CANYONING.id, 1, 'Ben', 'Muster'), { type: 'step.next' })
    expect(snapshot().value).toBe('contact')
    // …and the other way round.
    send({ type: 'contact.change', field: 'person.surname', value: 'Meier' }, { type: 'contact.change', field: 'person.firstname', value: 'Anna' })
    expect(para()[0]).toEqual({ firstname: 'Anna', surname: 'Meier', forSelf: true, extras: [] })
    expect(canyon()[0]).toEqual({ firstname: 'Anna', surname: 'Muster', forSelf: false, extras: [] })

    // With a name in the contact, setting "for self" copies the person's name into the participant.
    send({ type: 'step.back' }, { type: 'participant.forSelf', itemId: CANYONING.id, index: 1, value: true })
    expect(canyon()[1]).toEqual({ firstname: 'Anna', surname: 'Meier', forSelf: true, extras: [] })
    expect(para()[0]?.forSelf).toBe(false)
    send({ type: 'participant.forSelf', itemId: CANYONING.id, index: 1, value: false })
    expect([...canyon(), ...para()].some((p) => p.forSelf)).toBe(false)
    send({ type: 'participant.change', itemId: CANYONING.id, index: 1, field: 'firstname', value: 'Ben' })
    expect(snapshot().context.draft.person.firstname).toBe('Anna')
  })

  it('refuses a pasted line break in a name or address in the form, before anything is sent', () => {
    const { calls, send, snapshot } = start()
    send(...CONFIGURE_ORDER, { type: 'step.next' })
    expect(snapshot().value).toBe('contact')
    send(...fillContact({ 'person.surname': 'Muster\nBcc: victim@example.com', 'address.city': 'Inter\u2028laken' }), { type: 'step.next' })
    expect(snapshot().value).toBe('contact')
    expect(snapshot().context.fieldErrors).toEqual({
      'person.surname': { code: 'control_characters', params: { multiline: false } },
      'address.city': { code: 'control_characters', params: { multiline: false } },
    })
    expect(calls).toHaveLength(0)
  })

  it('blocks each step with the right field errors until they are fixed', async () => {
    const { actor, send, snapshot } = start()
    const errors = () => snapshot().context.fieldErrors

    send({ type: 'step.next' })
    expect(snapshot().value).toBe('configuration')
    expect(errors()).toEqual({
      'items.item-canyon.participants': { code: 'too_small', params: { type: 'array', minimum: 2 } },
      'items.item-canyon.participants.0.firstname': { code: 'required' },
      'items.item-canyon.participants.0.surname': { code: 'required' },
      'items.item-para.participants.0.firstname': { code: 'required' },
      'items.item-para.participants.0.surname': { code: 'required' },
    })
    expect(itemCompleteness(snapshot().context)[CANYONING.id]).toEqual({
      expected: 2,
      filled: 0,
      complete: false,
      missing: ['items.item-canyon.participants', 'items.item-canyon.participants.0.firstname', 'items.item-canyon.participants.0.surname'],
    })
    send({ type: 'participant.change', itemId: PARAGLIDING.id, index: 0, field: 'firstname', value: 'Cleo' })
    expect(errors()['items.item-para.participants.0.firstname']).toBeUndefined() // cleared by the change
    send({ type: 'participant.add', itemId: CANYONING.id })
    expect(errors()['items.item-canyon.participants']).toBeUndefined()

    send(...CONFIGURE_ORDER.slice(1), { type: 'step.next' })
    expect(snapshot().value).toBe('contact')
    expect(errors()).toEqual({})

    send(...fillContact({ 'person.email': 'anna@', 'person.phone': '12345', 'address.country': 'XX', 'address.city': '' }))
    send({ type: 'contact.change', field: 'customer.type', value: 'COMPANY' }, { type: 'contact.change', field: 'customer.type', value: 'ALIEN' })
    send({ type: 'step.next' })
    expect(snapshot().value).toBe('contact')
    expect(snapshot().context.draft.customer.type).toBe('COMPANY')
    expect(errors()).toEqual({
      'customer.company': { code: 'required' },
      'person.email': { code: 'email' },
      'person.phone': { code: 'phone' },
      'address.city': { code: 'required' },
      'address.country': { code: 'country' },
    })
    send({ type: 'contact.change', field: 'customer.type', value: 'PRIVATE' })
    expect(errors()['customer.company']).toBeUndefined()
    send(...fillContact({ 'address.country': 'LI', 'address.postalCode': '9490', 'address.city': 'Vaduz' }), { type: 'step.next' })
    expect(snapshot().value).toBe('payment')
    expect(errors()).toEqual({})

    send({ type: 'submit' })
    expect(snapshot().value).toBe('payment')
    expect(errors()).toEqual({ paymentMethod: { code: 'required' }, termsAccepted: { code: 'required' } })
    send({ type: 'payment.select', method: 'PAY_NOW' }) // not offered
    expect(snapshot().context.draft.paymentMethod).toBeUndefined()
    send({ type: 'payment.select', method: 'PAY_LATER' })
    expect(errors()).toEqual({ termsAccepted: { code: 'required' } })
    send({ type: 'message.change', value: 'x'.repeat(2001) }, { type: 'terms.toggle', value: true }, { type: 'submit' })
    expect(errors()).toEqual({ message: { code: 'too_big', params: { type: 'string', maximum: 2000 } } })
    send({ type: 'message.change', value: '' }, { type: 'submit' })
    expect(snapshot().value).toBe('submitting')
    await until(actor, 'success')
  })

  it('goes back to earlier steps only, keeping what was typed', () => {
    const started = start()
    toPayment(started)
    const { send, snapshot } = started
    send({ type: 'step.goto', step: 'payment' })
    expect(snapshot().value).toBe('payment')
    send({ type: 'step.back' })
    expect(snapshot().value).toBe('contact')
    send({ type: 'step.goto', step: 'payment' }) // not backwards
    expect(snapshot().value).toBe('contact')
    send({ type: 'step.goto', step: 'configuration' })
    expect(snapshot().value).toBe('configuration')
    send({ type: 'step.next' }, { type: 'step.next' })
    expect(snapshot().value).toBe('payment')
    send({ type: 'step.goto', step: 'contact' })
    expect(snapshot().value).toBe('contact')
    expect(snapshot().context.draft.person.firstname).toBe('Anna')
    expect(snapshot().context.draft.paymentMethod).toBe('PAY_ON_SITE')
  })

  it.each([
    ['contact', { 'person.email': { code: 'email' }, termsAccepted: { code: 'required' } }],
    ['payment', { paymentMethod: { code: 'invalid' } }],
    ['configuration', { termsAccepted: { code: 'required' }, 'items.item-canyon.participants.1.extras': { code: 'invalid', params: { extra: 'wetsuit' } } }],
  ] as const)('goes back to the %s step on a 400 with field errors', async (step, serverErrors) => {
    const started = start({ answers: [new FakeApiError(400, { code: 'validation', errors: serverErrors }, 'Please check your entries and try again.')] })
    toPayment(started)
    const { actor, send, snapshot, calls } = started
    send({ type: 'submit' })
    await until(actor, step)
    expect(snapshot().context.fieldErrors).toEqual(serverErrors)
    expect(snapshot().context.error).toEqual({ status: 400, code: 'validation', message: 'Please check your entries and try again.' })
    expect(calls).toHaveLength(1)
    // The visitor can go on again; the server's errors stay until their fields change.
    if (step === 'contact') {
      send({ type: 'contact.change', field: 'person.email', value: 'anna@example.com' })
      expect(snapshot().context.fieldErrors).toEqual({ termsAccepted: { code: 'required' } })
      send({ type: 'step.next' })
      expect(snapshot().context.error).toBeNull()
      send({ type: 'terms.toggle', value: true })
      expect(snapshot().context.fieldErrors).toEqual({})
    }
  })

  it('goes back to the configuration with errors on the items on a 409; a new cart clears them', async () => {
    const conflict = new FakeApiError(409, { code: 'items.unavailable', items: { [CANYONING.id]: 'places.insufficient' } }, 'Some dates are no longer available.')
    const started = start({ answers: [conflict], carts: [cart('cart-order', [PARAGLIDING])] })
    toPayment(started)
    const { actor, send, snapshot, calls } = started
    send({ type: 'submit' })
    await until(actor, 'configuration')
    expect(snapshot().context.fieldErrors).toEqual({ 'items.item-canyon': { code: 'places.insufficient' } })
    expect(snapshot().context.error).toMatchObject({ status: 409, code: 'items.unavailable' })
    expect(itemCompleteness(snapshot().context)[CANYONING.id]).toMatchObject({ complete: false, missing: ['items.item-canyon'] })

    // Still unavailable: the item blocks the step.
    send({ type: 'step.next' })
    expect(snapshot().value).toBe('configuration')
    expect(snapshot().context.fieldErrors).toEqual({ 'items.item-canyon': { code: 'places.insufficient' } })

    // The visitor removes the item from the cart; the server answers the cart without it.
    send({ type: 'item.remove', itemId: CANYONING.id })
    await until(actor, 'configuration')
    expect(snapshot().context.fieldErrors).toEqual({})
    expect(Object.keys(snapshot().context.draft.items)).toEqual([PARAGLIDING.id])
    expect(snapshot().context.draft.items[PARAGLIDING.id]?.participants[0]?.firstname).toBe(' Cleo ')
    send({ type: 'step.next' }, { type: 'step.next' }, { type: 'submit' })
    await until(actor, 'success')
    expect(calls).toHaveLength(2)
    expect(calls[1]!.input.items).toEqual([{ itemId: PARAGLIDING.id, participants: [{ firstname: 'Cleo', surname: 'Muster', forSelf: false, extras: [] }] }])
  })

  it('reads a 409 places.insufficient without item details', () => {
    expect(classifySubmitError({ status: 409, data: { code: 'places.insufficient' }, message: 'Full' })).toEqual({
      kind: 'conflict',
      error: { status: 409, code: 'places.insufficient', message: 'Full' },
      fieldErrors: {},
    })
  })

  it('shows a server error, keeps everything and retries', async () => {
    const started = start({ answers: [new FakeApiError(500, { code: 'internal' }, 'Internal error')] })
    toPayment(started)
    const { actor, send, snapshot, calls } = started
    const draft = snapshot().context.draft
    send({ type: 'submit' })
    await until(actor, 'serverError')
    expect(snapshot().context.error).toEqual({ status: 500, code: 'internal', message: 'Internal error' })
    expect(snapshot().context.draft).toEqual(draft)
    send({ type: 'retry' })
    expect(snapshot().value).toBe('submitting')
    expect(snapshot().context.error).toBeNull()
    await until(actor, 'success')
    expect(calls).toHaveLength(2)
    expect(calls[1]).toEqual(calls[0])
  })

  it('ends in alreadyBooked, not success, when the cart was booked before in another tab (issue 22, point 14)', async () => {
    const started = start({ answers: [new FakeApiError(409, { code: 'cart.booked' }, 'This cart is already booked.')] })
    toPayment(started)
    const { actor, send, snapshot, calls } = started
    send({ type: 'submit' })
    await waitFor(actor, (s) => s.status === 'done', { timeout: 1000 })
    expect(snapshot().value).toBe('alreadyBooked')
    // No booking of this draft is claimed: the app shows the earlier one and says so.
    expect(snapshot().context.booking).toBeNull()
    expect(snapshot().output).toEqual({ booking: null })
    expect(snapshot().context.error).toEqual({ status: 409, code: 'cart.booked', message: 'This cart is already booked.' })
    // Nothing is sent again.
    send({ type: 'retry' }, { type: 'submit' })
    expect(calls).toHaveLength(1)
  })

  it('treats a network failure and a 400 without field errors as server errors', async () => {
    for (const failure of [new TypeError('Failed to fetch'), new FakeApiError(400, { code: 'cart.empty' })]) {
      const started = start({ answers: [failure] })
      toPayment(started)
      started.send({ type: 'submit' })
      await until(started.actor, 'serverError')
      started.send({ type: 'step.back' })
      expect(started.snapshot().value).toBe('payment')
      expect(started.snapshot().context.error).toBeNull()
    }
  })

  it('shows a failed payment and retries', async () => {
    const started = start({ answers: [{ code: 'payment.failed', message: 'Card declined' }] })
    toPayment(started)
    const { actor, send, snapshot, calls } = started
    send({ type: 'submit' })
    await until(actor, 'paymentFailure')
    expect(snapshot().context.error).toEqual({ code: 'payment.failed', message: 'Card declined' })
    send({ type: 'submit' }) // not here
    expect(snapshot().value).toBe('paymentFailure')
    send({ type: 'retry' })
    await until(actor, 'success')
    expect(calls).toHaveLength(2)
  })

  it('submits once however often the visitor clicks', async () => {
    let release: (booking: Booking) => void = () => {}
    const calls: SubmitCheckoutInput[] = []
    const machine = checkoutMachine.provide({
      actors: {
        submitCheckout: fromPromise<Booking, SubmitCheckoutInput>(({ input }) => {
          calls.push(input)
          return new Promise<Booking>((resolve) => {
            release = () => resolve(bookingFor(input.input))
          })
        }),
      },
    })
    const actor = createActor(machine, { input: { cart: ORDER_CART, extras: EXTRAS, paymentOptions: ['PAY_ON_SITE'] } }).start()
    const started = { actor, calls, send: (...events: CheckoutEvent[]) => events.forEach((e) => actor.send(e)), snapshot: () => actor.getSnapshot() } as unknown as Started
    toPayment(started)
    actor.send({ type: 'submit' })
    actor.send({ type: 'submit' })
    actor.send({ type: 'retry' })
    actor.send({ type: 'step.back' })
    actor.send({ type: 'terms.toggle', value: false })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(actor.getSnapshot().context.draft.termsAccepted).toBe(true)
    expect(calls).toHaveLength(1)
    release(bookingFor(calls[0]!.input))
    await until(actor, 'success')
    expect(calls).toHaveLength(1)
  })

  it('restores a draft fitted to the cart', () => {
    const draft: CheckoutDraft = {
      items: {
        [CANYONING.id]: {
          participants: [
            { firstname: 'Anna', surname: 'Muster', forSelf: true, extras: ['wetsuit', 'video', 'wetsuit'] },
            { firstname: 'Ben', surname: 'Muster', extras: ['photos'] },
            { firstname: 'Too', surname: 'Many', extras: [] },
          ],
        },
        [PARAGLIDING.id]: { participants: [{ firstname: 'Cleo', surname: 'Muster', forSelf: true, extras: [] }] },
        'item-gone': { participants: [{ firstname: 'Gone', surname: 'Away', extras: [] }] },
      },
      customer: { type: 'COMPANY', company: 'Muster AG' },
      person: { ...CONTACT.person, firstname: '', surname: '' },
      address: CONTACT.address,
      paymentMethod: 'PAY_NOW',
      termsAccepted: true,
      message: 'Hello',
    }
    const { send, snapshot } = start({ draft })
    const context = snapshot().context
    expect(context.draft).toEqual({
      items: {
        [CANYONING.id]: {
          participants: [
            { firstname: 'Anna', surname: 'Muster', forSelf: true, extras: ['wetsuit'] },
            { firstname: 'Ben', surname: 'Muster', forSelf: false, extras: ['photos'] },
          ],
        },
        [PARAGLIDING.id]: { participants: [{ firstname: 'Cleo', surname: 'Muster', forSelf: false, extras: [] }] },
      },
      customer: { type: 'COMPANY', company: 'Muster AG' },
      person: { ...CONTACT.person, firstname: 'Anna', surname: 'Muster' }, // from the participant "for self"
      address: CONTACT.address,
      termsAccepted: true,
      message: 'Hello',
    })
    expect(context.draft.paymentMethod).toBeUndefined() // PAY_NOW is not offered

    // What the app keeps: everything but the acceptance of the terms.
    const kept = persistableDraft(context)
    expect(JSON.parse(JSON.stringify(kept))).toEqual({ ...context.draft, termsAccepted: false })
    const again = start({ draft: kept })
    expect(again.snapshot().context.draft).toEqual({ ...context.draft, termsAccepted: false })

    send({ type: 'step.next' }, { type: 'step.next' })
    expect(snapshot().value).toBe('payment')
    expect(toCheckoutInput(snapshot().context).customer).toEqual({ type: 'COMPANY', company: 'Muster AG' })
  })

  it('starts with an empty draft when the stored one is unusable', () => {
    const { snapshot } = start({ draft: { items: 'nonsense', person: null } as unknown as CheckoutDraft })
    expect(snapshot().context.draft.items[CANYONING.id]?.participants).toEqual([{ firstname: '', surname: '', forSelf: false, extras: [] }])
    expect(snapshot().context.draft.person).toEqual({ firstname: '', surname: '', email: '', phone: '' })
    expect(snapshot().context.draft.address).toEqual({ street: '', streetNumber: '', postalCode: '', city: '', country: 'CH' })
  })

  it('turns thrown values into serialisable errors', () => {
    expect(toCheckoutError(new FakeApiError(503, { code: 'unavailable' }, 'Down'))).toEqual({ status: 503, code: 'unavailable', message: 'Down' })
    expect(toCheckoutError({ statusCode: 400, data: { code: 'x' }, message: 'Bad' })).toEqual({ status: 400, code: 'x', message: 'Bad' })
    expect(toCheckoutError(new Error(''))).toEqual({ message: 'Unknown error' })
    expect(toCheckoutError('boom')).toEqual({ message: 'boom' })
    expect(toCheckoutError(null)).toEqual({ message: 'Unknown error' })
    expect(classifySubmitError(new FakeApiError(400, { errors: { 'person.email': { code: 'email', params: { a: 1 } }, odd: 'x' } }))).toEqual({
      kind: 'invalid',
      error: { status: 400, message: 'HTTP 400' },
      fieldErrors: { 'person.email': { code: 'email', params: { a: 1 } }, odd: { code: 'invalid' } },
      step: 'contact',
    })
  })
})

describe('checkoutMachine: pay now', () => {
  /** Like `start`, with the payment start scripted as well (then ok) and the redirect recorded. */
  function startPayNow(startAnswers: (Error | 'ok')[] = []) {
    const submits: SubmitCheckoutInput[] = []
    const starts: { cartId: string }[] = []
    const redirects: string[] = []
    const answers = [...startAnswers]
    const machine = checkoutMachine.provide({
      actors: {
        submitCheckout: fromPromise<Booking, SubmitCheckoutInput>(async ({ input }) => {
          submits.push(input)
          return bookingFor(input.input)
        }),
        startPayment: fromPromise(async ({ input }: { input: { cartId: string } }) => {
          starts.push(input)
          const answer = answers.shift() ?? 'ok'
          if (answer !== 'ok') throw answer
          return { paymentId: 'pay_AAAAAAAAAAAAAAAAAAAAAA', redirectUrl: 'https://pay.example/1' }
        }),
      },
      actions: { redirect: (_, params: { url: string }) => void redirects.push(params.url) },
    })
    const actor = createActor(machine, { input: { cart: ORDER_CART, extras: EXTRAS, paymentOptions: ['PAY_NOW', 'PAY_ON_SITE'] } }).start()
    const send = (...events: CheckoutEvent[]) => events.forEach((event) => actor.send(event))
    send(...CONFIGURE_ORDER, { type: 'step.next' }, ...fillContact(), { type: 'step.next' })
    send({ type: 'payment.select', method: 'PAY_NOW' }, { type: 'terms.toggle', value: true })
    return { actor, send, submits, starts, redirects }
  }

  it('books, then starts the payment and leaves for the provider', async () => {
    const { actor, send, submits, starts, redirects } = startPayNow()
    send({ type: 'submit' })
    await waitFor(actor, (s) => s.matches('redirecting'), { timeout: 1000 })
    expect(submits).toHaveLength(1)
    expect(starts).toEqual([{ cartId: ORDER_CART.id }])
    expect(redirects).toEqual(['https://pay.example/1'])
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().context.booking?.paymentMethod).toBe('PAY_NOW')
  })

  it('retries the payment start, never the booking, and cannot go back to editing', async () => {
    const { actor, send, submits, starts, redirects } = startPayNow([new FakeApiError(502, { code: 'payment.provider_unavailable' })])
    send({ type: 'submit' })
    await waitFor(actor, (s) => s.matches('paymentFailure'), { timeout: 1000 })
    expect(actor.getSnapshot().context.error?.code).toBe('payment.provider_unavailable')
    send({ type: 'step.back' }, { type: 'step.goto', step: 'contact' })
    expect(actor.getSnapshot().value).toBe('paymentFailure')
    send({ type: 'retry' })
    await waitFor(actor, (s) => s.matches('redirecting'), { timeout: 1000 })
    expect(submits).toHaveLength(1)
    expect(starts).toHaveLength(2)
    expect(redirects).toEqual(['https://pay.example/1'])
  })

  it('ends in success when the booking turns out to be paid already', async () => {
    const { actor, send, redirects } = startPayNow([new FakeApiError(409, { code: 'payment.already_paid' })])
    send({ type: 'submit' })
    await waitFor(actor, (s) => s.matches('success'), { timeout: 1000 })
    expect(redirects).toEqual([])
  })

  it('does not start a payment for a booking paid on site', async () => {
    const { actor, send, starts } = startPayNow()
    send({ type: 'payment.select', method: 'PAY_ON_SITE' }, { type: 'submit' })
    await waitFor(actor, (s) => s.matches('success'), { timeout: 1000 })
    expect(starts).toEqual([])
  })
})

describe('checkoutMachine: a request needs the contact and its places, names can follow (issue 22, point 11)', () => {
  it('sends a request without a single name', async () => {
    const { actor, calls, send, snapshot } = start({ cart: REQUEST_CART })
    expect(itemCompleteness(snapshot().context)[YOGA.id]).toEqual({ expected: 2, filled: 0, complete: true, missing: [] })
    send({ type: 'step.next' })
    expect(snapshot().value).toBe('contact')
    expect(snapshot().context.fieldErrors).toEqual({})
    send(...fillContact(), { type: 'step.next' }, { type: 'terms.toggle', value: true }, { type: 'submit' })
    await until(actor, 'requestSent')
    expect(calls[0]!.input).toMatchObject({ mode: 'request', items: [{ itemId: YOGA.id, participants: [{ firstname: '', surname: '', forSelf: false, extras: [] }] }] })
  })

  it('takes the names the visitor gives, but no more participants than places and no line breaks', () => {
    const { send, snapshot } = start({ cart: REQUEST_CART })
    send({ type: 'participant.add', itemId: YOGA.id }, ...fill(YOGA.id, 1, 'Ben', ''), { type: 'step.next' })
    expect(snapshot().value).toBe('contact')
    send({ type: 'step.goto', step: 'configuration' }, ...fill(YOGA.id, 0, 'Anna\nBcc: x@example.com', ''), { type: 'step.next' })
    expect(snapshot().value).toBe('configuration')
    expect(snapshot().context.fieldErrors).toEqual({ 'items.item-yoga.participants.0.firstname': { code: 'control_characters', params: { multiline: false } } })
  })

  it('an order still needs every participant’s name', () => {
    const { send, snapshot } = start({ cart: cart('cart-order', [CANYONING]) })
    send({ type: 'step.next' })
    expect(snapshot().value).toBe('configuration')
    expect(Object.keys(snapshot().context.fieldErrors)).toEqual([
      'items.item-canyon.participants',
      'items.item-canyon.participants.0.firstname',
      'items.item-canyon.participants.0.surname',
    ])
  })
})

describe('checkoutMachine: it says when the form refused a step (issue 22, point 13: the error summary takes the focus)', () => {
  it('emits `refused` for each refused "Continue" or submit, the browser’s or the server’s, and never for a step that passes', async () => {
    const invalid = new FakeApiError(400, { code: 'validation', errors: { 'person.email': { code: 'email' } } })
    const started = start({ answers: [invalid, new FakeApiError(500, { code: 'internal' })] })
    const { actor, send, snapshot } = started
    let refused = 0
    actor.on('refused', () => refused++)

    send({ type: 'step.next' })
    expect(refused).toBe(1)
    send({ type: 'step.next' }) // again: announced again
    expect(refused).toBe(2)
    send(...CONFIGURE_ORDER, { type: 'step.next' })
    expect(snapshot().value).toBe('contact')
    expect(refused).toBe(2)
    send({ type: 'step.next' })
    expect(refused).toBe(3)
    send(...fillContact(), { type: 'step.next' }, { type: 'payment.select', method: 'PAY_ON_SITE' }, { type: 'submit' }) // terms not accepted
    expect(snapshot().value).toBe('payment')
    expect(refused).toBe(4)
    send({ type: 'terms.toggle', value: true }, { type: 'submit' })
    await until(actor, 'contact') // the server's field error on the e-mail
    expect(refused).toBe(5)
    send({ type: 'step.next' }, { type: 'submit' })
    await until(actor, 'serverError') // no field error: the banner, not the summary
    expect(refused).toBe(5)
  })
})

describe('checkout draft: extras cost what the server charges (issue 22, point 8: the review’s amounts)', () => {
  it('charges an extra per booking once per item, however many participants choose it', () => {
    const transfer = { id: 'transfer', title: 'Transfer', price: { amount: 8000, currency: 'CHF' }, per: 'booking' as const }
    const extras = { ...EXTRAS, canyoning: [...EXTRAS.canyoning!, transfer] }
    const context = createActor(checkoutMachine, { input: { cart: ORDER_CART, extras, paymentOptions: ['PAY_ON_SITE'] } }).start()
    context.send({ type: 'participant.add', itemId: CANYONING.id })
    for (const index of [0, 1]) {
      context.send({ type: 'extra.toggle', itemId: CANYONING.id, index, extraId: 'transfer' })
      context.send({ type: 'extra.toggle', itemId: CANYONING.id, index, extraId: 'wetsuit' })
    }
    const ctx = context.getSnapshot().context
    expect(extraCharges(ctx, CANYONING).map((c) => [c.extra.id, c.quantity, c.amount.amount])).toEqual([
      ['wetsuit', 2, 2000],
      ['transfer', 1, 8000],
    ])
    expect(itemTotal(ctx, CANYONING)).toEqual({ amount: CANYONING.total.amount + 10000, currency: 'CHF' })
    expect(itemTotal(ctx, PARAGLIDING)).toEqual(PARAGLIDING.total)
    expect(checkoutTotal(ctx)).toEqual({ amount: ORDER_CART.total.amount + 10000, currency: 'CHF' })
  })
})

describe('checkoutMachine: the visitor controls the cart (issue 22, point 1)', () => {
  /** The machine whose server answers each cart change with `answers` in turn (a cart, or an error). */
  function withCart(answers: (Cart | Error)[], initial: Cart = ORDER_CART, draft?: CheckoutDraft) {
    const changes: ChangeCartInput[] = []
    const machine = checkoutMachine.provide({
      actors: {
        changeCart: fromPromise<Cart, ChangeCartInput>(async ({ input }) => {
          changes.push(input)
          const answer = answers.shift()
          if (!answer) throw new Error('no answer')
          if (answer instanceof Error) throw answer
          return answer
        }),
      },
    })
    const actor = createActor(machine, { input: { cart: initial, extras: EXTRAS, paymentOptions: ['PAY_ON_SITE'], ...(draft ? { draft } : {}) } }).start()
    return { actor, changes, send: (...events: CheckoutEvent[]) => events.forEach((e) => actor.send(e)), snapshot: () => actor.getSnapshot() }
  }
  const settled = (actor: ReturnType<typeof withCart>['actor']) => waitFor(actor, (s) => !s.matches('changingCart'), { timeout: 1000 })

  it('removes an item: the server’s cart comes in, the item’s participants and extras leave the draft', async () => {
    const { actor, changes, send, snapshot } = withCart([cart('cart-order', [PARAGLIDING])])
    send(...fill(CANYONING.id, 0, 'Anna', 'Muster'), { type: 'extra.toggle', itemId: CANYONING.id, index: 0, extraId: 'wetsuit' }, ...fill(PARAGLIDING.id, 0, 'Cleo', 'Muster'))
    send({ type: 'item.remove', itemId: CANYONING.id })
    expect(snapshot().value).toBe('changingCart')
    // Nothing else is taken while the server works.
    send({ type: 'step.next' }, { type: 'item.remove', itemId: PARAGLIDING.id })
    await settled(actor)
    expect(changes).toEqual([{ cartId: 'cart-order', change: { kind: 'remove', itemId: CANYONING.id } }])
    expect(snapshot().value).toBe('configuration')
    expect(snapshot().context.cart.items.map((i) => i.id)).toEqual([PARAGLIDING.id])
    expect(Object.keys(snapshot().context.draft.items)).toEqual([PARAGLIDING.id])
    expect(snapshot().context.draft.items[PARAGLIDING.id]!.participants[0]).toMatchObject({ firstname: 'Cleo', surname: 'Muster' })
    expect(checkoutTotal(snapshot().context)).toEqual({ amount: PARAGLIDING.total.amount, currency: 'CHF' })
    expect(snapshot().context.cartChange).toBeNull()
  })

  it('changes a quantity: the participants follow the server’s cart (fewer: the last ones go)', async () => {
    const one = { ...CANYONING, quantity: 1, places: 1, total: { amount: 4500, currency: 'CHF' } }
    const { actor, changes, send, snapshot } = withCart([cart('cart-order', [one, PARAGLIDING])])
    send(...fill(CANYONING.id, 0, 'Anna', 'Muster'), { type: 'participant.add', itemId: CANYONING.id }, ...fill(CANYONING.id, 1, 'Ben', 'Muster'))
    // Not a change: the same quantity, a fraction, 0, beyond 50, or the one slot of a private flight.
    for (const quantity of [2, 1.5, 0, 51]) send({ type: 'item.quantity', itemId: CANYONING.id, quantity })
    send({ type: 'item.quantity', itemId: PARAGLIDING.id, quantity: 2 }, { type: 'item.quantity', itemId: 'unknown', quantity: 1 })
    expect(snapshot().value).toBe('configuration')
    send({ type: 'item.quantity', itemId: CANYONING.id, quantity: 1 })
    await settled(actor)
    expect(changes).toEqual([{ cartId: 'cart-order', change: { kind: 'quantity', itemId: CANYONING.id, quantity: 1 } }])
    expect(snapshot().context.draft.items[CANYONING.id]!.participants.map((p) => p.firstname)).toEqual(['Anna'])
    expect(expectedParticipantsOf(snapshot().context.cart.items[0]!)).toBe(1)
  })

  it('a refused change keeps the cart and the draft and says why on that item', async () => {
    const refusal = new FakeApiError(409, { code: 'places.insufficient', left: 1 }, 'Only 1 places are left on this date.')
    const { actor, send, snapshot } = withCart([refusal])
    send(...fill(CANYONING.id, 0, 'Anna', 'Muster'))
    const before = snapshot().context
    send({ type: 'item.quantity', itemId: CANYONING.id, quantity: 5 })
    await settled(actor)
    expect(snapshot().value).toBe('configuration')
    expect(snapshot().context.cart).toEqual(before.cart)
    expect(snapshot().context.draft).toEqual(before.draft)
    expect(snapshot().context.cartChange).toEqual({
      change: { kind: 'quantity', itemId: CANYONING.id, quantity: 5 },
      error: { status: 409, code: 'places.insufficient', message: 'Only 1 places are left on this date.' },
    })
  })

  it('a cart booked meanwhile (another tab) ends in alreadyBooked', async () => {
    const { actor, send, snapshot } = withCart([new FakeApiError(409, { code: 'cart.booked' }, 'This cart has been booked already.')])
    send({ type: 'item.remove', itemId: PARAGLIDING.id })
    await settled(actor)
    expect(snapshot().value).toBe('alreadyBooked')
    expect(snapshot().status).toBe('done')
  })

  it('keeps the server’s refusal on an unchanged item when another item is removed; drops it once that item changed', async () => {
    const conflict = new FakeApiError(409, { code: 'items.unavailable', items: { [CANYONING.id]: 'places.insufficient' } }, 'Some dates are no longer available.')
    const one = { ...CANYONING, quantity: 1, places: 1, total: { amount: 4500, currency: 'CHF' } }
    const submitAndChange = checkoutMachine.provide({
      actors: {
        submitCheckout: fromPromise<Booking, SubmitCheckoutInput>(async () => {
          throw conflict
        }),
        changeCart: fromPromise<Cart, ChangeCartInput>(async ({ input }) =>
          input.change.kind === 'remove' ? cart('cart-order', [CANYONING]) : cart('cart-order', [one]),
        ),
      },
    })
    const actor = createActor(submitAndChange, { input: { cart: ORDER_CART, extras: EXTRAS, paymentOptions: ['PAY_ON_SITE'] } }).start()
    const send = (...events: CheckoutEvent[]) => events.forEach((e) => actor.send(e))
    send(...CONFIGURE_ORDER, { type: 'step.next' }, ...fillContact(), { type: 'step.next' }, { type: 'terms.toggle', value: true }, { type: 'submit' })
    await waitFor(actor, (s) => s.matches('configuration'), { timeout: 1000 })
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual([`items.${CANYONING.id}`])
    send({ type: 'item.remove', itemId: PARAGLIDING.id })
    await waitFor(actor, (s) => s.matches('configuration'), { timeout: 1000 })
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual([`items.${CANYONING.id}`])
    send({ type: 'item.quantity', itemId: CANYONING.id, quantity: 1 })
    await waitFor(actor, (s) => s.matches('configuration'), { timeout: 1000 })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
  })
})
