/**
 * Model-based tests: the machine (with a deterministic submit actor) is its own model. Every
 * shortest path of its state graph is replayed on a real actor whose submit call is a deferred
 * promise that the path resolves or rejects; after each step the actor must agree with the
 * model and the invariants must hold. Every state node must be reached (over both carts).
 *
 * `createTestModel` refuses machines with `invoke`, so — as in the booking panel's model test —
 * the submit's outcomes are explicit events of the model (`xstate.done.actor.submitCheckout` /
 * `xstate.error.actor.submitCheckout` with concrete payloads) and the model is a `new TestModel`
 * (the harness in tests/support/machine-model.ts).
 *
 * To keep the graph small the visitor works through the form in order: participants before the
 * contact is touched, the contact before the payment step is touched (the example tests cover
 * edits in any order).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { type Actor, type ActorLogic, type SnapshotFrom } from 'xstate'
import { getStateNodes } from 'xstate/graph'
import { validateContact } from '~/lib/checkout-validation'
import { checkoutMachine } from './checkout.machine'
import type { Booking, Cart, ChangeCartInput, CheckoutContext, CheckoutDraft, CheckoutEvent, CheckoutMachineInput, PaymentMethod, PaymentStart, StartPaymentInput, SubmitCheckoutInput } from './checkout.types'
import {
  allowedPaymentMethods,
  checkoutErrors,
  checkoutMode,
  checkoutTotal,
  expectedParticipantsOf,
  extrasOf,
  itemCompleteness,
  persistableDraft,
  toCheckoutInput,
} from './checkout.draft'
import { bookingFor, cart, CANYONING, CONTACT, EXTRAS, REQUEST_CART, YOGA } from './checkout.fixtures'
import { actorOutcome, deferredCalls, machineModel, replayPaths } from '../../../tests/support/machine-model'

/** The open submit (and payment start) of the running actor under test. */
const pending = deferredCalls<'submitCheckout' | 'startPayment' | 'changeCart'>()
/** Where the app was sent (the redirect action). */
let redirects: string[] = []
const resetCalls = () => {
  pending.reset()
  redirects = []
}

/** The machine with a deterministic submit and payment start: each call waits until the test settles it. */
const machine = checkoutMachine.provide({
  actors: {
    submitCheckout: pending.actor<Booking, SubmitCheckoutInput>('submitCheckout'),
    startPayment: pending.actor<PaymentStart, StartPaymentInput>('startPayment'),
    changeCart: pending.actor<Cart, ChangeCartInput>('changeCart'),
  },
  actions: { redirect: (_, params: { url: string }) => void redirects.push(params.url) },
})

type Snapshot = SnapshotFrom<typeof machine>

/** The server's failures, as plain serialisable values. */
const FAILURES = {
  contactInvalid: { status: 400, message: 'Invalid enquiry', data: { code: 'validation', errors: { 'person.email': { code: 'email' } } } },
  termsInvalid: { status: 400, message: 'Invalid enquiry', data: { code: 'validation', errors: { termsAccepted: { code: 'required' } } } },
  conflict: { status: 409, message: 'Conflict', data: { code: 'items.unavailable', items: { [CANYONING.id]: 'places.insufficient', [YOGA.id]: 'slot.unavailable' } } },
  internal: { status: 500, message: 'Internal error', data: { code: 'internal' } },
  /** Booked before in another tab (the app turns the checkout's 200 into this). */
  booked: { status: 409, message: 'Conflict', data: { code: 'cart.booked' } },
  payment: { code: 'payment.failed', message: 'Card declined' },
}

const done = (output: Booking) => ({ type: 'xstate.done.actor.submitCheckout', output }) as unknown as CheckoutEvent
const failed = (error: unknown) => ({ type: 'xstate.error.actor.submitCheckout', error }) as unknown as CheckoutEvent

/** Pay now: the provider's page, and the start's failures. */
const START: PaymentStart = { paymentId: 'pay_AAAAAAAAAAAAAAAAAAAAAA', redirectUrl: 'https://pay.example/session/1' }
const START_FAILURES = {
  alreadyPaid: { status: 409, message: 'Conflict', data: { code: 'payment.already_paid' } },
  provider: { status: 502, message: 'Bad gateway', data: { code: 'payment.provider_unavailable' } },
}
const started = (output: PaymentStart) => ({ type: 'xstate.done.actor.startPayment', output }) as unknown as CheckoutEvent
const startFailed = (error: unknown) => ({ type: 'xstate.error.actor.startPayment', error }) as unknown as CheckoutEvent

/** The cart as the server answers a change (remove, quantity): what the change asked for. */
function changedCart(context: CheckoutContext): Cart | null {
  const change = context.cartChange?.change
  if (!change) return null
  const items =
    change.kind === 'remove'
      ? context.cart.items.filter((i) => i.id !== change.itemId)
      : context.cart.items.map((i) =>
          i.id === change.itemId ? { ...i, quantity: change.quantity, places: i.places === i.quantity ? change.quantity : i.places, total: { ...i.total, amount: i.unitPrice.amount * change.quantity } } : i,
        )
  return { ...context.cart, items, total: { ...context.cart.total, amount: items.reduce((sum, i) => sum + i.total.amount, 0) } }
}
const CART_FAILURES = {
  refused: { status: 409, message: 'Only 1 places are left on this date.', data: { code: 'places.insufficient', left: 1 } },
  booked: { status: 409, message: 'This cart has been booked already.', data: { code: 'cart.booked' } },
}
const cartChanged = (output: Cart) => ({ type: 'xstate.done.actor.changeCart', output }) as unknown as CheckoutEvent
const cartChangeFailed = (error: unknown) => ({ type: 'xstate.error.actor.changeCart', error }) as unknown as CheckoutEvent

/** Concrete events for a snapshot: the visitor's with fixed payloads, the submit's outcomes from the context. */
function eventsFor(itemId: string) {
  return (snapshot: Snapshot): CheckoutEvent[] => {
    const { context } = snapshot
    return [
      { type: 'participant.add', itemId },
      { type: 'participant.remove', itemId, index: 1 },
      { type: 'participant.change', itemId, index: 1, field: 'firstname', value: 'Ben' },
      { type: 'participant.change', itemId, index: 1, field: 'surname', value: 'Muster' },
      { type: 'participant.forSelf', itemId, index: 0, value: true },
      { type: 'extra.toggle', itemId, index: 1, extraId: 'wetsuit' },
      { type: 'item.quantity', itemId, quantity: 1 },
      { type: 'item.remove', itemId },
      ...(changedCart(context) ? [cartChanged(changedCart(context)!)] : []),
      ...Object.values(CART_FAILURES).map(cartChangeFailed),
      { type: 'contact.change', field: 'person.email', value: 'anna@' },
      { type: 'contact.change', field: 'person.email', value: 'anna@example.ch' },
      { type: 'contact.change', field: 'person.firstname', value: 'Anne' },
      { type: 'payment.select', method: 'PAY_ON_SITE' },
      { type: 'payment.select', method: 'PAY_NOW' }, // offered in the pay-now scenario only
      { type: 'terms.toggle', value: true },
      { type: 'message.change', value: 'Hello' },
      { type: 'step.next' },
      { type: 'step.back' },
      { type: 'step.goto', step: 'configuration' },
      { type: 'step.goto', step: 'contact' },
      { type: 'step.goto', step: 'payment' },
      { type: 'submit' },
      { type: 'retry' },
      done(bookingFor(toCheckoutInput(context))),
      ...Object.values(FAILURES).map(failed),
      started(START),
      ...Object.values(START_FAILURES).map(startFailed),
    ]
  }
}

const EDIT_STEP: Partial<Record<CheckoutEvent['type'], 'configuration' | 'contact' | 'payment'>> = {
  'participant.add': 'configuration',
  'participant.remove': 'configuration',
  'participant.change': 'configuration',
  'participant.forSelf': 'configuration',
  'extra.toggle': 'configuration',
  'contact.change': 'contact',
}

/** The visitor fills in the form in order (keeps the graph small). */
function inOrder(snapshot: Snapshot, event: CheckoutEvent): boolean {
  const { draft, error, fieldErrors } = snapshot.context
  const step = EDIT_STEP[event.type]
  const contactTouched = draft.person.email !== ''
  const paymentTouched = draft.termsAccepted || draft.message !== ''
  if (step === 'configuration') return !contactTouched && error === null
  if (step === 'contact') return !paymentTouched
  // Going back: from a step the visitor has not touched yet (or after a failed submit).
  if (event.type === 'step.back' || event.type === 'step.goto') {
    if (snapshot.matches('contact')) return !contactTouched
    if (snapshot.matches('payment')) return !paymentTouched
  }
  // Changing the cart: before anything else is typed, or after the server refused an item (the example tests cover changes later on).
  if (event.type === 'item.quantity' || event.type === 'item.remove') {
    return Object.keys(fieldErrors).some((path) => /^items\.[^.]+$/.test(path)) || (!contactTouched && error === null && untouchedItems(snapshot))
  }
  return true
}

/** The participants are as the model started them (the first named, nothing else). */
function untouchedItems(snapshot: Snapshot): boolean {
  return Object.values(snapshot.context.draft.items).every(
    (item) => item.participants.length === 1 && item.participants[0]!.firstname === 'Anna' && item.participants[0]!.extras.length === 0 && !item.participants[0]!.forSelf,
  )
}

/** The invariants every snapshot must satisfy. */
function assertInvariants(snapshot: Snapshot) {
  const c = snapshot.context
  const inState = (...states: string[]) => states.some((s) => snapshot.matches(s as never))

  expect(JSON.parse(JSON.stringify(c))).toEqual(c) // serialisable
  expect(JSON.parse(JSON.stringify(persistableDraft(c)))).toEqual({ ...c.draft, termsAccepted: false })
  expect(c.mode).toBe(checkoutMode(c.cart))

  // Payment: only allowed methods; a request is paid later.
  const allowed = allowedPaymentMethods(c)
  if (c.draft.paymentMethod !== undefined) expect(allowed).toContain(c.draft.paymentMethod)
  if (c.mode === 'request') expect(c.draft.paymentMethod).toBe('PAY_LATER')

  // Participants: one draft entry per cart item, 1..expected participants, known extras once each.
  expect(Object.keys(c.draft.items).sort()).toEqual(c.cart.items.map((i) => i.id).sort())
  const completeness = itemCompleteness(c)
  let extrasAmount = 0
  const forSelf: CheckoutDraft['items'][string]['participants'] = []
  for (const item of c.cart.items) {
    const participants = c.draft.items[item.id]!.participants
    const expected = expectedParticipantsOf(item)
    expect(participants.length).toBeGreaterThanOrEqual(1)
    expect(participants.length).toBeLessThanOrEqual(expected)
    const extras = extrasOf(c, item)
    for (const p of participants) {
      expect(new Set(p.extras).size).toBe(p.extras.length)
      for (const id of p.extras) extrasAmount += extras.find((e) => e.id === id)!.price.amount
      if (p.forSelf) forSelf.push(p)
    }
    const filled = participants.filter((p) => p.firstname.trim() && p.surname.trim()).length
    const status = completeness[item.id]!
    expect(status).toMatchObject({ expected, filled })
    // An order needs every participant's name; a request only its places (names can follow).
    const named = c.mode === 'request' || (participants.length === expected && filled === expected)
    expect(status.complete).toBe(named && !(`items.${item.id}` in c.fieldErrors))
    expect(status.complete).toBe(status.missing.length === 0)
    // Beyond the configuration, an order's item has its participants (their number changes there only).
    if (!inState('configuration', 'changingCart', 'alreadyBooked') && c.mode === 'order') expect(participants.length).toBe(expected)
  }
  expect(checkoutTotal(c)).toEqual({ amount: c.cart.total.amount + extrasAmount, currency: c.cart.total.currency })

  // The person booking takes part once at most and the names agree.
  expect(forSelf.length).toBeLessThanOrEqual(1)
  if (forSelf[0]) expect({ firstname: forSelf[0].firstname, surname: forSelf[0].surname }).toEqual({ firstname: c.draft.person.firstname, surname: c.draft.person.surname })

  // A step is only left valid: the contact beyond it, everything once submitted.
  if (!inState('configuration', 'contact', 'changingCart', 'alreadyBooked')) expect(validateContact(c.draft)).toEqual({})
  if (inState('submitting', 'success', 'requestSent', 'serverError', 'paymentFailure', 'startingPayment', 'redirecting')) expect(checkoutErrors(c)).toEqual({})
  // A cart change: open while changing the cart, its refusal shown in the configuration only; an emptied cart goes no further.
  if (inState('changingCart')) expect(c.cartChange).toMatchObject({ error: null })
  if (c.cartChange) expect(inState('configuration', 'changingCart', 'alreadyBooked')).toBe(true)
  if (c.cartChange?.error) expect(c.cartChange.error.code).toBe('places.insufficient')
  if (!inState('configuration', 'changingCart', 'alreadyBooked')) expect(c.cart.items.length).toBeGreaterThan(0)

  // Errors: serialisable codes; the banner error in the failure states, or after a refused submit.
  for (const error of Object.values(c.fieldErrors)) expect(typeof error.code).toBe('string')
  if (inState('serverError', 'paymentFailure')) expect(c.error?.message).toEqual(expect.any(String))
  if (inState('submitting', 'success', 'requestSent', 'startingPayment', 'redirecting')) expect(c.error).toBeNull()
  if (inState('configuration', 'contact', 'payment') && c.error) expect([400, 409]).toContain(c.error.status)
  // A payment failure: the submit said so (no booking yet), or the booking exists and its payment could not start.
  // Booked before (another tab): said so, and no booking of this draft is claimed.
  if (inState('alreadyBooked')) expect(c.error?.code).toBe('cart.booked')
  if (inState('paymentFailure')) expect(c.booking === null ? c.error?.code === 'payment.failed' : c.error?.code === 'payment.provider_unavailable').toBe(true)

  // Pay now: a booking to pay and the provider's page once, on the way out.
  if (inState('startingPayment', 'redirecting')) expect(c.booking).toMatchObject({ paymentMethod: 'PAY_NOW', paymentState: 'payable' })
  expect(c.redirectUrl !== null).toBe(inState('redirecting'))
  expect(redirects).toEqual(inState('redirecting') ? [START.redirectUrl] : [])

  // Done exactly in the final states, with the booking of the right kind.
  if (inState('configuration', 'contact', 'payment', 'submitting', 'serverError', 'alreadyBooked')) expect(c.booking).toBeNull()
  if (inState('success', 'requestSent', 'startingPayment', 'redirecting')) expect(c.booking).not.toBeNull()
  expect(snapshot.status).toBe(inState('success', 'requestSent', 'redirecting', 'alreadyBooked') ? 'done' : 'active')
  if (inState('success')) expect(c.booking?.mode).toBe('order')
  if (inState('requestSent')) expect(c.booking?.mode).toBe('request')
  if (snapshot.status === 'done') {
    expect(snapshot.output).toEqual({ booking: c.booking })
    expect(c.fieldErrors).toEqual({})
  }
}

/** Every event type a path can contain. */
const EVENT_TYPES = [
  'xstate.init',
  ...([
    'participant.add',
    'participant.remove',
    'participant.change',
    'participant.forSelf',
    'extra.toggle',
    'contact.change',
    'payment.select',
    'terms.toggle',
    'message.change',
    'item.remove',
    'item.quantity',
    'step.next',
    'step.back',
    'step.goto',
    'submit',
    'retry',
  ] satisfies CheckoutEvent['type'][]),
  'xstate.done.actor.submitCheckout',
  'xstate.error.actor.submitCheckout',
  'xstate.done.actor.startPayment',
  'xstate.error.actor.startPayment',
  'xstate.done.actor.changeCart',
  'xstate.error.actor.changeCart',
]

/** The contact is filled in but for the e-mail address. */
const DRAFT_CONTACT: Pick<CheckoutDraft, 'customer' | 'person' | 'address'> = {
  customer: CONTACT.customer,
  person: { ...CONTACT.person, email: '' },
  address: CONTACT.address,
}

/** Each scenario leaves some edits to the other one (the graph grows with their product). */
const SCENARIOS: [string, Cart, string, PaymentMethod[], (event: CheckoutEvent) => boolean][] = [
  [
    'order (group activity for two with extras, pay on site)',
    cart('cart-order', [CANYONING]),
    CANYONING.id,
    ['PAY_ON_SITE', 'PAY_LATER'],
    (event) => event.type !== 'participant.forSelf' && event.type !== 'message.change' && !(event.type === 'contact.change' && event.field === 'person.firstname'),
  ],
  ['request (private service for two, the person booking takes part)', REQUEST_CART, YOGA.id, ['PAY_ON_SITE', 'PAY_LATER'], (event) => event.type !== 'extra.toggle'],
  [
    'order paid now (the provider is started after the booking)',
    cart('cart-pay-now', [CANYONING]),
    CANYONING.id,
    ['PAY_NOW', 'PAY_ON_SITE'],
    (event) =>
      !['participant.forSelf', 'message.change', 'extra.toggle', 'participant.remove', 'item.remove', 'item.quantity'].includes(event.type) &&
      !(event.type === 'contact.change' && event.field === 'person.firstname') &&
      !(event.type === 'payment.select' && event.method === 'PAY_ON_SITE'),
  ],
]

const reachedStateNodes = new Set<string>()
const usedEventTypes = new Set<string>()

describe.each(SCENARIOS)('checkoutMachine model: %s', (name, modelCart, itemId, paymentOptions, uses) => {
  const input: CheckoutMachineInput = {
    cart: modelCart,
    extras: { ...EXTRAS, yoga: [{ id: 'wetsuit', title: 'Mat', price: { amount: 500, currency: 'CHF' } }] },
    paymentOptions,
    // The first participant is filled in, the contact but for the e-mail address.
    draft: { items: { [itemId]: { participants: [{ firstname: 'Anna', surname: 'Muster', extras: [] }] } }, ...DRAFT_CONTACT, termsAccepted: false, message: '' },
  }
  const events = eventsFor(itemId)
  // The harness's logic emits nothing: the machine's `refused` (for the form's focus) changes no state.
  const logic = machine as unknown as ActorLogic<Snapshot, CheckoutEvent, CheckoutMachineInput>
  const model = machineModel(logic, input, (snapshot) => events(snapshot).filter(uses), { filterEvents: inOrder })
  const paths = model.getShortestPaths()

  it('reaches the states of its mode', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n) => n.id))))
    reached.forEach((id) => reachedStateNodes.add(id))
    paths.forEach((p) => p.steps.forEach((s) => usedEventTypes.add(s.event.type)))
    const changing = uses({ type: 'item.remove', itemId }) ? ['checkout.changingCart'] : []
    const final = modelCart === REQUEST_CART ? ['checkout.requestSent'] : paymentOptions.includes('PAY_NOW') ? ['checkout.startingPayment', 'checkout.redirecting', 'checkout.success'] : ['checkout.success']
    expect([...reached], name).toEqual(expect.arrayContaining(['checkout.configuration', 'checkout.contact', 'checkout.payment', 'checkout.submitting', 'checkout.serverError', 'checkout.paymentFailure', 'checkout.alreadyBooked', ...changing, ...final]))
  })

  it(`replays the shortest paths on a real actor`, async () => {
    expect(paths.length).toBeGreaterThan(50)
    const exec = async (actor: Actor<typeof machine>, event: CheckoutEvent, before: Snapshot) => {
      const outcome = actorOutcome(event)
      if (outcome?.id === 'changeCart') {
        // The open change is the one the visitor asked for, on this cart.
        expect(pending.get('changeCart')?.input).toEqual({ cartId: before.context.cart.id, change: before.context.cartChange?.change })
        await pending.settle(actor, before, 'changeCart', outcome.outcome, outcome.value)
        return
      }
      if (outcome?.id === 'startPayment') {
        // The open start is for this cart; then its outcome.
        expect(pending.get('startPayment')?.input).toEqual({ cartId: before.context.cart.id })
        await pending.settle(actor, before, 'startPayment', outcome.outcome, outcome.value)
        return
      }
      if (outcome?.id !== 'submitCheckout') {
        actor.send(event)
        return
      }
      // The open call got the request body the context implies.
      expect(pending.get('submitCheckout')?.input).toEqual({ cartId: before.context.cart.id, input: toCheckoutInput(before.context) })
      await pending.settle(actor, before, 'submitCheckout', outcome.outcome, outcome.value)
    }
    const check = (actual: Snapshot) => {
      // Exactly one submit is open while submitting, one payment start while starting it.
      expect(pending.get('submitCheckout') !== undefined).toBe(actual.matches('submitting'))
      expect(pending.get('startPayment') !== undefined).toBe(actual.matches('startingPayment'))
      expect(pending.get('changeCart') !== undefined).toBe(actual.matches('changingCart'))
      assertInvariants(actual)
    }
    await replayPaths({ machine, input, paths, eventTypes: EVENT_TYPES, reset: resetCalls }, exec, check)
  })
})

describe('checkoutMachine model: coverage', () => {
  afterAll(() => {
    reachedStateNodes.clear()
    usedEventTypes.clear()
  })

  it('reaches every state node', () => {
    const all = getStateNodes(machine.root).map((n) => n.id)
    expect(all.filter((id) => !reachedStateNodes.has(id))).toEqual([])
    expect(all).toHaveLength(12)
  })

  it('uses every event type', () => {
    expect(EVENT_TYPES.filter((type) => !usedEventTypes.has(type))).toEqual([])
  })
})
