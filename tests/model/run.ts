/**
 * Model-based tests against the real UI: the Playwright side. `modelTests(model, adapter)` plans
 * the machine's paths (plan.ts) and runs each as a test in Chromium against the production build:
 * the adapter opens the page for the path's start, turns each model event into what a visitor
 * does (found by role and accessible name) or into the server's answer to a held request, and
 * asserts after every step what the visitor sees in each state the machine rests in.
 *
 * A passed path writes the coverage units it exercised to test-results/model-coverage/; the
 * report (scripts/model-coverage.ts, run by `npm test` and `npm run test:model`) fails on any unit
 * of the machine that no passed path covered and no exception explains.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, Route, TestInfo } from '@playwright/test'
import { test } from '../e2e/fixtures'
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate'
import { COVERAGE_DIR } from './coverage-dir'
import { leafNodes, planModel, type PlannedPath, type UiModel } from './plan'

export type StepContext<TFixture> = { page: Page; fixture: TFixture; path: PlannedPath; before: AnyMachineSnapshot; after: AnyMachineSnapshot; testInfo: TestInfo }

export type UiAdapter<TFixture> = {
  /** Opens the page for the path's start (it may prepare data the path's answers need). */
  start: (page: Page, path: PlannedPath, testInfo: TestInfo) => Promise<TFixture>
  /** Per event type: what the visitor does, or how the held request is answered. */
  act: Record<string, (event: EventObject, step: StepContext<TFixture>) => Promise<void>>
  /** Per leaf state node id: what the visitor sees there (`snapshot` is the model's expectation). */
  see: Record<string, (step: StepContext<TFixture>) => Promise<void>>
  /** Cleans up after a path (optional). */
  end?: (fixture: TFixture) => Promise<void>
}

export function modelTests<TMachine extends AnyStateMachine, TFixture>(model: UiModel<TMachine>, adapter: UiAdapter<TFixture>) {
  const plan = planModel(model)
  test.describe(`model: ${model.name}`, () => {
    test('the adapter knows every event and every state of the plan', () => {
      const events = new Set(plan.paths.flatMap((p) => p.steps.map((s) => s.event.type)))
      const leaves = new Set(plan.paths.flatMap((p) => [p.initial, ...p.steps.map((s) => s.snapshot)].flatMap(leafNodes)))
      const missing = [...[...events].filter((t) => !adapter.act[t]).map((t) => `act: ${t}`), ...[...leaves].filter((id) => !adapter.see[id]).map((id) => `see: ${id}`)]
      if (missing.length) throw new Error(`the ${model.name} adapter lacks:\n${missing.join('\n')}`)
    })

    for (const path of plan.paths) {
      test(path.title, async ({ page }, testInfo) => {
        // a path is a journey: a minute to set up and to end, and up to 8 s per step on a busy machine
        test.setTimeout(60_000 + 8_000 * path.steps.length)
        const fixture = await adapter.start(page, path, testInfo)
        try {
          const look = async (before: AnyMachineSnapshot, after: AnyMachineSnapshot) => {
            for (const leaf of leafNodes(after)) await test.step(`sees ${leaf}`, () => adapter.see[leaf]!({ page, fixture, path, before, after, testInfo }))
          }
          await look(path.initial, path.initial)
          let before = path.initial
          for (const step of path.steps) {
            const ctx = { page, fixture, path, before, after: step.snapshot, testInfo }
            await test.step(`${step.event.type}`, () => adapter.act[step.event.type]!(step.event, ctx))
            await look(before, step.snapshot)
            before = step.snapshot
          }
        } finally {
          await adapter.end?.(fixture)
        }
        const units = [...new Set([...path.units])]
        mkdirSync(COVERAGE_DIR, { recursive: true })
        writeFileSync(join(COVERAGE_DIR, `${path.id}.json`), JSON.stringify({ machine: model.name, path: path.title, units }))
      })
    }
  })
}

/**
 * A request the page makes, held until the path answers it: `pass()` lets it through to the real
 * server, `fail(status, body)` answers it with the contract's error instead. Requests to the same
 * URL pattern after `release()` go through untouched.
 */
export class HeldRequests {
  private queue: Route[] = []
  private waiters: ((route: Route) => void)[] = []
  private holding = true

  private constructor(private readonly page: Page) {}

  static async on(page: Page, url: string | RegExp | ((url: URL) => boolean), method = 'GET') {
    const held = new HeldRequests(page)
    await page.route(url, async (route) => {
      if (route.request().method() !== method || !held.holding) return route.fallback()
      const waiter = held.waiters.shift()
      if (waiter) waiter(route)
      else held.queue.push(route)
    })
    return held
  }

  /** The next held request (waits for the page to send it). */
  next(timeout = 15_000): Promise<Route> {
    const queued = this.queue.shift()
    if (queued) return Promise.resolve(queued)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the page sent no request to answer')), timeout)
      this.waiters.push((route) => {
        clearTimeout(timer)
        resolve(route)
      })
    })
  }

  async pass() {
    await (await this.next()).fallback()
  }

  async fail(status: number, body: unknown) {
    await (await this.next()).fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
  }

  release() {
    this.holding = false
    for (const route of this.queue.splice(0)) void route.fallback()
  }
}
