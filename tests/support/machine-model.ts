/**
 * The harness of the machines' model-based tests (test-only): the machine (with deferred actors)
 * is its own model. `createTestModel` refuses machines with `invoke` ("Invocations on test machines
 * are not supported") because the traversal cannot run actors, so the actors' outcomes are explicit
 * events of the model (`xstate.done.actor.*` / `xstate.error.actor.*` with concrete payloads), the
 * model is a `new TestModel` with the options `createTestModel` would set, and every path is
 * replayed on a real actor whose actor calls wait until the path settles them.
 */
import { expect } from 'vitest'
import {
  createActor,
  fromPromise,
  waitFor,
  type Actor,
  type ActorLogic,
  type ActorOptions,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type EventObject,
  type InputFrom,
} from 'xstate'
import { serializeSnapshot, TestModel, type TestModelOptions, type TestParam, type TestPath } from 'xstate/graph'

/** As createTestModel: of the given events, only those the snapshot's state nodes handle. */
export function handledEvents<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(events: (snapshot: TSnapshot) => TEvent[]) {
  return (snapshot: TSnapshot): TEvent[] => {
    const own = new Set<string>(snapshot._nodes.flatMap((node) => node.ownEvents))
    return events(snapshot).filter((event) => own.has(event.type))
  }
}

/**
 * The test model of a machine with the options createTestModel would set: only the events the
 * snapshot's state nodes handle, a vertex per snapshot and per transition that changes the state
 * value, state keys matched with `matches`. `options` adds to them (e.g. `filterEvents`).
 */
export function machineModel<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  machine: ActorLogic<TSnapshot, TEvent, TInput>,
  input: TInput,
  events: (snapshot: TSnapshot) => TEvent[],
  options: Partial<TestModelOptions<TSnapshot, TEvent, TInput>> = {},
) {
  return new TestModel<TSnapshot, TEvent, TInput>(machine, {
    input,
    events: handledEvents(events),
    serializeState: (snapshot, event, previous) => {
      const via = event && previous && JSON.stringify(previous.value) !== JSON.stringify(snapshot.value)
      return serializeSnapshot(snapshot) + (via ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}` : '')
    },
    stateMatcher: (snapshot, key) => key !== '*' && snapshot.matches(key as never),
    ...options,
  })
}

/** An actor's outcome named by a model event (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`), or null. */
export function actorOutcome(event: EventObject): { id: string; outcome: 'done' | 'error'; value: unknown } | null {
  const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)
  if (!match) return null
  const { output, error } = event as { output?: unknown; error?: unknown }
  return match[1] === 'done' ? { id: match[2]!, outcome: 'done', value: output } : { id: match[2]!, outcome: 'error', value: error }
}

type PendingCall = { input: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void }

/** Deferred actors: each call stays open until the test settles it. */
export function deferredCalls<TId extends string>() {
  let open: Partial<Record<TId, PendingCall>> = {}
  return {
    /** The actor logic for `id`: its call is open until `settle`. */
    actor: <TOutput, TInput>(id: TId) =>
      fromPromise<TOutput, TInput>(
        ({ input }) =>
          new Promise<TOutput>((resolve, reject) => {
            open[id] = { input, resolve: (value) => resolve(value as TOutput), reject }
          }),
      ),
    /** The open call of `id`, if any. */
    get: (id: TId): PendingCall | undefined => open[id],
    /** Forgets every open call (before a new path). */
    reset: () => {
      open = {}
    },
    /** Settles the open call of `id` (it must be running); the outcome reaches the machine after the promise settles. */
    settle: async (actor: Actor<AnyActorLogic>, before: unknown, id: TId, outcome: 'done' | 'error', value: unknown) => {
      const call = open[id]
      expect(call, `${id} is running`).toBeDefined()
      delete open[id]
      if (outcome === 'done') call!.resolve(value)
      else call!.reject(value)
      await waitFor(actor, (s) => s !== before, { timeout: 1000 })
    },
  }
}

/**
 * Replays every path on a fresh actor (after `setup.reset`): each event type of
 * `setup.eventTypes` but the initial one runs `exec` (with the snapshot before it); after every step
 * the actor must agree with the model (state value and context) and pass `check`.
 */
export async function replayPaths<TLogic extends AnyActorLogic, TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  setup: { machine: TLogic; input: InputFrom<TLogic>; paths: TestPath<TSnapshot, TEvent>[]; eventTypes: readonly string[]; reset?: () => void },
  exec: (actor: Actor<TLogic>, event: TEvent, before: TSnapshot) => Promise<void>,
  check: (actual: TSnapshot) => void,
) {
  for (const path of setup.paths) {
    setup.reset?.()
    const actor = createActor(setup.machine, { input: setup.input } as ActorOptions<TLogic>).start()
    const snapshot = () => actor.getSnapshot() as TSnapshot
    const step = async ({ event }: { event: TEvent }) => {
      const before = snapshot()
      if (event.type !== 'xstate.init') await exec(actor, event, before)
    }
    const params = {
      events: Object.fromEntries(setup.eventTypes.map((type) => [type, step])),
      states: {
        '*': (expected: TSnapshot) => {
          const actual = snapshot()
          expect(actual.value).toEqual(expected.value)
          expect(actual.context).toEqual(expected.context)
          check(actual)
        },
      },
    } as unknown as TestParam<TSnapshot, TEvent>
    await path.test(params)
    actor.stop()
  }
}
