/**
 * Model-based tests against the real UI: path planning and coverage (pure, no Playwright).
 *
 * A machine's UI model (`UiModel`) names the machine (its real definition, with inert actors), the
 * starts (inputs) and, per snapshot, the concrete events a visitor or the server can cause; the
 * outcomes of the machine's actors are model events (`xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` with concrete payloads), as in the machines' own model tests
 * (tests/support/machine-model.ts).
 *
 * `planModel` walks the state graph (`xstate/graph`: a vertex per snapshot and per transition that
 * changes the state value), takes the shortest path to every vertex, and keeps a small set of them
 * that still covers every state node and every transition the graph has (greedy set cover, longest
 * first; a path whose edges another kept path has is dropped). Each kept path becomes one browser test.
 *
 * Coverage units, public API only:
 * - `state:<id>`: a state node the visitor can rest in (transient nodes with only `always`
 *   transitions are passed through, never shown);
 * - `edge:<from> --<event>--> <to>`: a transition between resting state values (self-loops
 *   included: an event handled without leaving the state);
 * - `handles:<id> <event>`: every event a state node handles is sent to it at least once.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, InputFrom, SnapshotFrom, StateValue } from 'xstate'
import { getStateNodes, serializeSnapshot, TestModel } from 'xstate/graph'

export type ModelStart<TMachine extends AnyStateMachine> = { name: string; input: InputFrom<TMachine> }

export type UiModel<TMachine extends AnyStateMachine = AnyStateMachine> = {
  /** The machine's name in titles, files and the report. */
  name: string
  machine: TMachine
  starts: ModelStart<TMachine>[]
  /** The concrete events to try in a snapshot (only those its state nodes handle are used). */
  events: (snapshot: SnapshotFrom<TMachine>) => EventObject[]
  /** Coverage units that are not exercised in the browser, each with its reason. */
  exceptions?: Record<string, string>
  /**
   * Bounded simple paths on top of the cover: every simple path of at most `maxSteps` events that
   * ends the machine (a final state) and runs a sequence of states no kept path runs, at most
   * `limit` of them, shortest first.
   */
  simplePaths?: { maxSteps: number; limit: number }
}

export type PlannedStep = { event: EventObject; snapshot: AnyMachineSnapshot; units: string[] }
export type PlannedPath = { id: string; title: string; start: string; initial: AnyMachineSnapshot; steps: PlannedStep[]; units: string[] }
export type ModelPlan = { name: string; paths: PlannedPath[]; universe: string[]; exceptions: Record<string, string> }

const valueKey = (value: StateValue) => (typeof value === 'string' ? value : JSON.stringify(value))

type AnyNode = ReturnType<typeof getStateNodes>[number]

function matchesNode(snapshot: AnyMachineSnapshot, node: AnyNode): boolean {
  if (!node.path.length) return false
  const value = node.path.length === 1 ? node.path[0]! : node.path.slice(0, -1).reduceRight<StateValue>((inner, key) => ({ [key]: inner }) as StateValue, node.path.at(-1)!)
  return snapshot.matches(value as never)
}

/** The state nodes a snapshot rests in, leaves and their ancestors but the root (public API: `matches`). */
function nodesOf(snapshot: AnyMachineSnapshot): AnyNode[] {
  return getStateNodes(snapshot.machine.root).filter((node) => matchesNode(snapshot, node))
}

/** The state node ids a snapshot rests in, leaves and their ancestors but the root. */
export function restingNodes(snapshot: AnyMachineSnapshot): string[] {
  return nodesOf(snapshot).map((node) => node.id)
}

/** Leaf ids a snapshot rests in: what the visitor sees is asserted per leaf. */
export function leafNodes(snapshot: AnyMachineSnapshot): string[] {
  return nodesOf(snapshot)
    .filter((node) => node.type !== 'compound' && node.type !== 'parallel')
    .map((node) => node.id)
}

/** The event types the state nodes of a snapshot handle. */
function ownEventsOf(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set(nodesOf(snapshot).flatMap((node) => node.ownEvents))
}

function isTransient(node: AnyNode) {
  return node.always?.length && Object.keys(node.on).length === 0 && node.invoke.length === 0 && node.type !== 'final'
}

function stepUnits(before: AnyMachineSnapshot, event: EventObject, after: AnyMachineSnapshot): string[] {
  const handled = nodesOf(before)
    .filter((node) => node.ownEvents.includes(event.type))
    .map((node) => `handles:${node.id} ${event.type}`)
  return [`edge:${valueKey(before.value)} --${event.type}--> ${valueKey(after.value)}`, ...handled, ...restingNodes(after).map((id) => `state:${id}`)]
}

/** Every coverage unit the machine has: its resting state nodes and the event types each handles. */
export function machineUnits(machine: AnyStateMachine): string[] {
  const nodes = getStateNodes(machine.root).filter((node) => !isTransient(node))
  return [
    ...nodes.map((node) => `state:${node.id}`),
    ...nodes.flatMap((node) => node.ownEvents.filter((type) => !type.startsWith('xstate.done.state')).map((type) => `handles:${node.id} ${type}`)),
  ]
}

function modelOf<TMachine extends AnyStateMachine>(model: UiModel<TMachine>, start: ModelStart<TMachine>) {
  type S = AnyMachineSnapshot
  return new TestModel<S, EventObject, InputFrom<TMachine>>(model.machine as never, {
    input: start.input,
    events: (snapshot: S) => {
      const own = ownEventsOf(snapshot)
      return model.events(snapshot as SnapshotFrom<TMachine>).filter((event) => own.has(event.type))
    },
    serializeState: (snapshot, event, previous) => {
      const via = event && previous && JSON.stringify(previous.value) !== JSON.stringify(snapshot.value)
      return serializeSnapshot(snapshot) + (via ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}` : '')
    },
  })
}

function describeEvent(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>
  const short = type.replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => (kind === 'done' ? 'answered:' : 'failed:'))
  const detail = Object.entries(rest)
    .filter(([, v]) => typeof v !== 'object')
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',')
  const error = (rest.error as { status?: number; data?: { code?: string } } | undefined) ?? undefined
  const code = error ? `${error.status ?? ''}${error.data?.code ? ` ${error.data.code}` : ''}` : ''
  return [short, detail, code].filter(Boolean).join(' ')
}

/** The paths to run in the browser and the units they must cover together. */
export function planModel<TMachine extends AnyStateMachine>(model: UiModel<TMachine>): ModelPlan {
  const candidates: PlannedPath[] = []
  const reachable = new Set<string>()
  for (const start of model.starts) {
    for (const path of modelOf(model, start).getShortestPaths()) {
      const [first, ...rest] = path.steps
      if (!first) continue
      let before = first.state as AnyMachineSnapshot
      const steps: PlannedStep[] = []
      const units = new Set(restingNodes(before).map((id) => `state:${id}`))
      for (const step of rest) {
        const after = step.state as AnyMachineSnapshot
        const stepped = stepUnits(before, step.event, after)
        stepped.forEach((u) => units.add(u))
        steps.push({ event: step.event, snapshot: after, units: stepped })
        before = after
      }
      units.forEach((u) => reachable.add(u))
      candidates.push({ id: '', title: '', start: start.name, initial: first.state as AnyMachineSnapshot, steps, units: [...units] })
    }
  }
  // greedy cover: the path that adds most new units first (ties: the shorter one)
  const covered = new Set<string>()
  const kept: PlannedPath[] = []
  const pool = [...candidates]
  for (;;) {
    let best: PlannedPath | null = null
    let bestGain = 0
    for (const p of pool) {
      const gain = p.units.filter((u) => !covered.has(u)).length
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && p.steps.length < best.steps.length)) {
        best = p
        bestGain = gain
      }
    }
    if (!best) break
    best.units.forEach((u) => covered.add(u))
    kept.push(best)
    pool.splice(pool.indexOf(best), 1)
  }
  if (model.simplePaths) kept.push(...boundedSimplePaths(model, kept, model.simplePaths))
  kept.forEach((p, i) => {
    p.id = `${model.name}-${String(i + 1).padStart(2, '0')}`
    p.title = `${p.id} [${p.start}: ${valueKey(p.initial.value)}] ${p.steps.map((s) => `${describeEvent(s.event)} ⇒ ${valueKey(s.snapshot.value)}`).join(' → ') || '(start)'}`
  })
  const universe = [...new Set([...machineUnits(model.machine), ...reachable])].sort()
  return { name: model.name, paths: kept, universe, exceptions: model.exceptions ?? {} }
}

/** A path's journey: its start and the state values and events it goes through. */
const journeyOf = (p: PlannedPath) => [p.start, valueKey(p.initial.value), ...p.steps.flatMap((s) => [s.event.type, valueKey(s.snapshot.value)])].join(' ')

function boundedSimplePaths<TMachine extends AnyStateMachine>(model: UiModel<TMachine>, kept: PlannedPath[], bound: { maxSteps: number; limit: number }): PlannedPath[] {
  const journeys = kept.map(journeyOf)
  const extra: PlannedPath[] = []
  const candidates: PlannedPath[] = []
  for (const start of model.starts) {
    for (const path of modelOf(model, start).getSimplePaths()) {
      const [first, ...rest] = path.steps
      const last = (path.steps.at(-1)?.state ?? first?.state) as AnyMachineSnapshot | undefined
      if (!first || rest.length === 0 || rest.length > bound.maxSteps || last?.status !== 'done') continue
      let before = first.state as AnyMachineSnapshot
      const steps: PlannedStep[] = rest.map((step) => {
        const after = step.state as AnyMachineSnapshot
        const planned = { event: step.event, snapshot: after, units: stepUnits(before, step.event, after) }
        before = after
        return planned
      })
      candidates.push({ id: '', title: '', start: start.name, initial: first.state as AnyMachineSnapshot, steps, units: [...new Set(steps.flatMap((s) => s.units))] })
    }
  }
  candidates.sort((a, b) => a.steps.length - b.steps.length)
  for (const candidate of candidates) {
    if (extra.length >= bound.limit) break
    const journey = journeyOf(candidate)
    if (journeys.some((j) => j === journey || j.startsWith(`${journey} `))) continue
    journeys.push(journey)
    extra.push(candidate)
  }
  return extra
}

/** Units of the universe that no passed path covered and no exception explains. */
export function uncovered(plan: ModelPlan, coveredUnits: Iterable<string>): { missing: string[]; excepted: string[] } {
  const covered = new Set(coveredUnits)
  const open = plan.universe.filter((u) => !covered.has(u))
  return { missing: open.filter((u) => !(u in plan.exceptions)), excepted: open.filter((u) => u in plan.exceptions) }
}
