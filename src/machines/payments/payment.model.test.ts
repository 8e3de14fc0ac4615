/**
 * Model-based tests of paymentMachine, as booking-panel.model.test.ts does it: the machine (with
 * deferred actors) is its own model; actor outcomes and the poll delay are explicit events of
 * the model (`new TestModel`, since createTestModel refuses `invoke`); every shortest path is
 * replayed on a real actor, which must agree with the model and keep the invariants (the harness
 * in tests/support/machine-model.ts).
 */
import { describe, expect, it } from 'vitest'
import { waitFor, type Actor, type SnapshotFrom } from 'xstate'
import { getStateNodes, TestModel } from 'xstate/graph'
import { attemptOf, paymentMachine, type PaymentEvent, type PaymentMachineInput, type PaymentStart, type PaymentView } from './payment.machine'
import { apiError, ATTEMPT_ID, CANCELLED, FAILED, NOT_PAYABLE, PAID, PAYABLE, PENDING, START } from './payment.fixtures'
import { actorOutcome, deferredCalls, handledEvents, machineModel, replayPaths } from '../../../tests/support/machine-model'

type ActorId = 'loadPayment' | 'startPayment'
const pending = deferredCalls<ActorId>()
let redirects: string[] = []
const resetCalls = () => {
  pending.reset()
  redirects = []
}

const machine = paymentMachine.provide({
  actors: { loadPayment: pending.actor<PaymentView, void>('loadPayment'), startPayment: pending.actor<PaymentStart, void>('startPayment') },
  actions: { redirect: (_, params: { url: string }) => void redirects.push(params.url) },
})
type Snapshot = SnapshotFrom<typeof machine>

const POLL = 'xstate.after.poll.payment.returned.waiting'
const done = (id: ActorId, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as PaymentEvent
const failed = (id: ActorId, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as PaymentEvent

const EVENTS: PaymentEvent[] = [
  { type: 'pay' },
  { type: 'retry' },
  { type: 'reload' },
  ...[PAYABLE, PAID, NOT_PAYABLE, PENDING, FAILED, CANCELLED].map((v) => done('loadPayment', v)),
  failed('loadPayment', apiError(410, 'payment_link.expired')),
  failed('loadPayment', apiError(500)),
  done('startPayment', START),
  ...['payment.already_paid', 'payment.not_payable', 'payment.in_progress'].map((code) => failed('startPayment', apiError(409, code))),
  failed('startPayment', apiError(404, 'payment_link.not_found')),
  failed('startPayment', apiError(502)),
  { type: POLL } as unknown as PaymentEvent,
]

const EVENT_TYPES = ['xstate.init', 'pay', 'retry', 'reload', POLL, ...(['loadPayment', 'startPayment'] as const).flatMap((id) => [`xstate.done.actor.${id}`, `xstate.error.actor.${id}`])]

function assertInvariants(snapshot: Snapshot) {
  const c = snapshot.context
  const state = typeof snapshot.value === 'string' ? snapshot.value : 'returned'
  expect(JSON.parse(JSON.stringify(c))).toEqual(c) // serialisable
  expect(c.polls).toBeGreaterThanOrEqual(0)
  expect(c.polls).toBeLessThan(c.maxPolls)
  // The states that show the booking have it; the outcomes agree with it.
  if (['payable', 'starting', 'redirecting', 'alreadyPaid', 'notPayable', 'failed', 'success'].includes(state)) expect(c.view).not.toBeNull()
  if (state === 'payable') expect(c.view?.paymentState).toBe('payable')
  if (state === 'success') expect(c.view?.paymentState === 'paid' || attemptOf(c)?.status === 'succeeded').toBe(true)
  if (state === 'failed') expect(['failed', 'cancelled']).toContain(attemptOf(c)?.status)
  // The provider's page is left for exactly once, in redirecting, with the started attempt's URL.
  expect(redirects.length).toBe(state === 'redirecting' ? 1 : 0)
  if (state === 'redirecting') expect(redirects[0]).toBe(START.redirectUrl)
  if (state === 'linkInvalid') expect([404, 410]).toContain(c.error?.status)
  if (state === 'unknownError') expect(c.error).not.toBeNull()
  expect(snapshot.status).toBe(['redirecting', 'success', 'alreadyPaid', 'notPayable', 'linkInvalid'].includes(state) ? 'done' : 'active')
}

const INPUTS: [string, PaymentMachineInput][] = [
  ['payment link, loaded in the browser', { maxPolls: 2, pollIntervalMs: 1 }],
  ['payment link, view from the server', { view: PAYABLE, maxPolls: 2, pollIntervalMs: 1 }],
  ['back from the provider', { returnedPaymentId: ATTEMPT_ID, maxPolls: 2, pollIntervalMs: 1 }],
]

describe.each(INPUTS)('paymentMachine model: %s', (_name, input) => {
  const model = machineModel(machine, input, () => EVENTS)
  const paths = model.getShortestPaths()

  it(`replays ${paths.length} shortest paths on a real actor`, async () => {
    expect(paths.length).toBeGreaterThan(5)
    const exec = async (actor: Actor<typeof machine>, event: PaymentEvent, before: Snapshot) => {
      if ((event.type as string) === POLL) {
        // the real delay (1 ms) fires on its own
        await waitFor(actor, (s) => s !== before && !s.matches({ returned: 'waiting' }), { timeout: 1000 })
        return
      }
      const outcome = actorOutcome(event)
      if (outcome) {
        await pending.settle(actor, before, outcome.id as ActorId, outcome.outcome, outcome.value)
        // a poll that the answer scheduled runs in the next step
        return
      }
      actor.send(event)
    }
    await replayPaths({ machine, input, paths, eventTypes: EVENT_TYPES, reset: resetCalls }, exec, assertInvariants)
  })

  it('uses every event type its start allows', () => {
    const used = new Set<string>(paths.flatMap((p) => p.steps.map((s) => s.event.type)))
    expect(EVENT_TYPES.filter((type) => !used.has(type))).toEqual([])
  })
})

describe('paymentMachine model: coverage', () => {
  it('reaches every state node from the three starts together', () => {
    const reached = new Set<string>()
    for (const [, input] of INPUTS) {
      const model = new TestModel<Snapshot, PaymentEvent, PaymentMachineInput>(machine, { input, events: handledEvents(() => EVENTS) })
      for (const path of model.getShortestPaths()) for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id)
    }
    // Transient nodes (only `always` transitions: init, deciding) are passed through, never rested in.
    const all = getStateNodes(machine.root)
      .filter((n) => !(n.always?.length && Object.keys(n.on).length === 0 && !n.invoke.length))
      .map((n) => n.id)
    expect(all.filter((id) => !reached.has(id))).toEqual([])
    expect(all).toEqual(expect.arrayContaining(['payment.returned.waiting', 'payment.delayed', 'payment.redirecting', 'payment.failed']))
  })
})
