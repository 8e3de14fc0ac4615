/**
 * Model-based tests of paymentMachine, as booking-panel.model.test.ts does it: the machine (with
 * deferred actors) is its own model; actor outcomes and the poll delay are explicit events of
 * the model (`new TestModel`, since createTestModel refuses `invoke`); every shortest path is
 * replayed on a real actor, which must agree with the model and keep the invariants.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { getStateNodes, serializeSnapshot, TestModel, type TestParam } from 'xstate/graph'
import { attemptOf, paymentMachine, type PaymentEvent, type PaymentMachineInput, type PaymentStart, type PaymentView } from './payment.machine'
import { apiError, ATTEMPT_ID, CANCELLED, FAILED, NOT_PAYABLE, PAID, PAYABLE, PENDING, START } from './payment.fixtures'

type ActorId = 'loadPayment' | 'startPayment'
type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void }
let pending: Partial<Record<ActorId, Pending>> = {}
let redirects: string[] = []

const deferred = <T,>(id: ActorId) =>
  fromPromise<T, void>(() => new Promise<T>((resolve, reject) => (pending[id] = { resolve: (v) => resolve(v as T), reject })))

const machine = paymentMachine.provide({
  actors: { loadPayment: deferred<PaymentView>('loadPayment'), startPayment: deferred<PaymentStart>('startPayment') },
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
  const model = new TestModel<Snapshot, PaymentEvent, PaymentMachineInput>(machine, {
    input,
    events: (snapshot) => {
      const own = new Set<string>(snapshot._nodes.flatMap((node) => node.ownEvents))
      return EVENTS.filter((event) => own.has(event.type))
    },
    serializeState: (snapshot, event, previous) => {
      const via = event && previous && JSON.stringify(previous.value) !== JSON.stringify(snapshot.value)
      return serializeSnapshot(snapshot) + (via ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}` : '')
    },
    stateMatcher: (snapshot, key) => key !== '*' && snapshot.matches(key as never),
  })
  const paths = model.getShortestPaths()

  it(`replays ${paths.length} shortest paths on a real actor`, async () => {
    expect(paths.length).toBeGreaterThan(5)
    for (const path of paths) {
      pending = {}
      redirects = []
      const actor = createActor(machine, { input }).start()
      const exec = async ({ event }: { event: { type: string; output?: unknown; error?: unknown } }) => {
        const before = actor.getSnapshot()
        const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)
        if (event.type === 'xstate.init') return
        if (event.type === POLL) {
          // the real delay (1 ms) fires on its own
          await waitFor(actor, (s) => s !== before && !s.matches({ returned: 'waiting' }), { timeout: 1000 })
          return
        }
        if (match) {
          const id = match[2] as ActorId
          const call = pending[id]
          expect(call, `${id} is running`).toBeDefined()
          delete pending[id]
          if (match[1] === 'done') call!.resolve(event.output)
          else call!.reject(event.error)
          await waitFor(actor, (s) => s !== before, { timeout: 1000 })
          // a poll that the answer scheduled runs in the next step
          return
        }
        actor.send(event as PaymentEvent)
      }
      const params = {
        events: Object.fromEntries(EVENT_TYPES.map((type) => [type, exec])),
        states: {
          '*': (expected: Snapshot) => {
            const actual = actor.getSnapshot()
            expect(actual.value).toEqual(expected.value)
            expect(actual.context).toEqual(expected.context)
            assertInvariants(actual)
          },
        },
      } as unknown as TestParam<Snapshot, PaymentEvent>
      await path.test(params)
      actor.stop()
    }
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
      const model = new TestModel<Snapshot, PaymentEvent, PaymentMachineInput>(machine, {
        input,
        events: (snapshot) => {
          const own = new Set<string>(snapshot._nodes.flatMap((node) => node.ownEvents))
          return EVENTS.filter((event) => own.has(event.type))
        },
      })
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
