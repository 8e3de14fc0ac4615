/**
 * The availability dialog's form machine: unit tests of its body and its errors, and a
 * model-based test as the visitor's machines have (the machine with a deferred `save` is its own
 * model; every shortest path is replayed on a real actor, which must agree with the model and
 * keep the invariants; the harness in tests/support/machine-model.ts).
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type Actor, type SnapshotFrom } from 'xstate'
import { getStateNodes } from 'xstate/graph'
import { actorOutcome, deferredCalls, machineModel, replayPaths } from '../../../tests/support/machine-model'
import { availabilityFormMachine, bodyOf, fieldErrorsOfFailure, type AvailabilityBody, type AvailabilityFormEvent, type AvailabilitySaved } from './availability'

/** Shaped like an ApiError: status and the contract's error body. */
const apiError = (status: number, errors?: Record<string, unknown>) =>
  Object.assign(new Error(`HTTP ${status}`), { status, body: { statusCode: status, data: { code: errors ? 'validation' : 'failed', ...(errors ? { errors } : {}) } } })

describe('availabilityFormMachine', () => {
  it('sends the selected dates with the value, the part and the trimmed note, and ends saved', async () => {
    const bodies: AvailabilityBody[] = []
    const machine = availabilityFormMachine.provide({
      actors: { save: fromPromise(async ({ input }: { input: AvailabilityBody }) => (bodies.push(input), { dates: input.dates.length, changed: 1 })) },
    })
    const actor = createActor(machine, { input: { staffId: 'guide-000000000001' } }).start()
    actor.send({ type: 'choose', choice: 'MAYBE' })
    actor.send({ type: 'part', part: 'PM' })
    actor.send({ type: 'note', value: '  until 15:00 ' })
    actor.send({ type: 'submit', dates: ['2026-04-07', '2026-04-08'] })
    expect(actor.getSnapshot().value).toBe('saving')
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().context.saved).toEqual({ dates: 2, changed: 1 })
    expect(bodies).toEqual([{ staffId: 'guide-000000000001', dates: ['2026-04-07', '2026-04-08'], part: 'PM', availability: 'MAYBE', note: 'until 15:00' }])
  })

  it('clears without a note, and leaves out a blank note and the caller’s own id', () => {
    const base = { staffId: null, part: 'DAY' as const, dates: ['2026-04-07'] }
    expect(bodyOf({ ...base, choice: 'CLEAR', note: 'kept?' })).toEqual({ dates: ['2026-04-07'], part: 'DAY', availability: null })
    expect(bodyOf({ ...base, choice: 'AVAILABLE', note: '   ' })).toEqual({ dates: ['2026-04-07'], part: 'DAY', availability: 'AVAILABLE' })
  })

  it('reads field errors only from a 400 with errors', () => {
    expect(fieldErrorsOfFailure(apiError(400, { note: { code: 'too_big' } }))).toEqual({ note: { code: 'too_big' } })
    expect(fieldErrorsOfFailure(apiError(400))).toBeNull()
    expect(fieldErrorsOfFailure(apiError(503, { note: { code: 'too_big' } }))).toBeNull()
    expect(fieldErrorsOfFailure(new Error('network'))).toBeNull()
  })
})

type Snapshot = SnapshotFrom<typeof availabilityFormMachine>
const pending = deferredCalls<'save'>()
let calls: AvailabilityBody[] = []
const machine = availabilityFormMachine.provide({ actors: { save: pending.actor<AvailabilitySaved, AvailabilityBody>('save') } })

const done = (output: unknown) => ({ type: 'xstate.done.actor.save', output }) as unknown as AvailabilityFormEvent
const failed = (error: unknown) => ({ type: 'xstate.error.actor.save', error }) as unknown as AvailabilityFormEvent
const DATES = ['2026-04-07', '2026-04-09']
const INVALID = apiError(400, { 'dates.1': { code: 'availability.date_out_of_range' }, note: { code: 'control_characters' } })
const EVENTS: AvailabilityFormEvent[] = [
  { type: 'choose', choice: 'CLEAR' },
  { type: 'part', part: 'AM' },
  { type: 'note', value: 'x' },
  { type: 'submit', dates: [] },
  { type: 'submit', dates: DATES },
  done({ dates: 2, changed: 1 }),
  failed(INVALID),
  failed(apiError(503)),
]
const EVENT_TYPES = ['xstate.init', 'choose', 'part', 'note', 'submit', 'xstate.done.actor.save', 'xstate.error.actor.save']

function assertInvariants(snapshot: Snapshot) {
  const c = snapshot.context
  const state = snapshot.value as string
  expect(JSON.parse(JSON.stringify(c))).toEqual(c) // serialisable
  // One request per stay in saving, with the dates of the submit; none without a date.
  if (state === 'saving') expect(calls.at(-1)).toEqual(bodyOf(c))
  if (state === 'saving' || state === 'saved') expect(c.dates).toEqual(DATES)
  expect(calls.every((body) => body.dates.length > 0)).toBe(true)
  // Errors belong to the states that show them.
  if (state === 'saving' || state === 'saved') expect([c.errors, c.failed]).toEqual([{}, false])
  if (state === 'failed') expect(c.failed).toBe(true)
  if (state === 'invalid') expect(c.failed).toBe(false)
  if (c.errors.dates) expect(c.errors.dates.code).toBe('too_small')
  expect(c.saved !== null).toBe(state === 'saved')
  expect(snapshot.status).toBe(state === 'saved' ? 'done' : 'active')
}

describe('availabilityFormMachine model', () => {
  const model = machineModel(machine, { staffId: 'guide-000000000001' }, () => EVENTS)
  const paths = model.getShortestPaths()

  it(`replays ${paths.length} shortest paths on a real actor`, async () => {
    expect(paths.length).toBeGreaterThan(10)
    const exec = async (actor: Actor<typeof machine>, event: AvailabilityFormEvent, before: Snapshot) => {
      const outcome = actorOutcome(event)
      if (outcome) return pending.settle(actor, before, 'save', outcome.outcome, outcome.value)
      actor.send(event)
      // a submit starts the request: its body is what was sent
      if (event.type === 'submit' && actor.getSnapshot().matches('saving')) calls.push(pending.get('save')!.input as AvailabilityBody)
    }
    await replayPaths(
      {
        machine,
        input: { staffId: 'guide-000000000001' },
        paths,
        eventTypes: EVENT_TYPES,
        reset: () => {
          pending.reset()
          calls = []
        },
      },
      exec,
      assertInvariants,
    )
  })

  it('uses every event type and reaches every state', () => {
    const used = new Set<string>(paths.flatMap((p) => p.steps.map((s) => s.event.type)))
    expect(EVENT_TYPES.filter((type) => !used.has(type))).toEqual([])
    const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n) => n.id))))
    expect(getStateNodes(machine.root).map((n) => n.id).filter((id) => !reached.has(id))).toEqual([])
  })
})
