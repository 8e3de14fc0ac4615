// The one-line account of what `npm test` ran and what it skipped, and why, read from the JSON
// reports of Vitest and Playwright (written next to their usual output by scripts/test.ts).
import { existsSync, readFileSync } from 'node:fs'

type Counts = { total: number; passed: number; failed: number; skipped: number; reasons: Map<string, number> }
const empty = (): Counts => ({ total: 0, passed: 0, failed: 0, skipped: 0, reasons: new Map() })
const skippedFor = (counts: Counts, reason: string) => {
  counts.skipped++
  counts.reasons.set(reason, (counts.reasons.get(reason) ?? 0) + 1)
}

type VitestReport = { testResults?: { name: string; assertionResults?: { status: string; title: string; ancestorTitles?: string[] }[] }[] }

/** Vitest's JSON report: a skipped test's reason is its suite's bracketed note ('[postgres: skipped, TEST_DATABASE_URL not set]'). */
export function vitestCounts(file: string): Counts | null {
  if (!existsSync(file)) return null
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport
  const counts = empty()
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      counts.total++
      if (test.status === 'passed') counts.passed++
      else if (test.status === 'failed') counts.failed++
      else {
        const note = [...(test.ancestorTitles ?? []), test.title].map((t) => /\[([^\]]*(skipped|not set)[^\]]*)\]/.exec(t)?.[1]).find(Boolean)
        skippedFor(counts, note ?? `skipped without a reason in ${suite.name.replace(/^.*?\/(src|tests)\//, '$1/')}`)
      }
    }
  }
  return counts
}

type PlaywrightSuite = { suites?: PlaywrightSuite[]; specs?: { title: string; tests: { status: string; annotations?: { type: string; description?: string }[] }[] }[] }

/** Playwright's JSON report: a skipped test's reason is its `skip` annotation. */
export function playwrightCounts(file: string): Counts | null {
  if (!existsSync(file)) return null
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites?: PlaywrightSuite[] }
  const counts = empty()
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        counts.total++
        if (test.status === 'expected' || test.status === 'flaky') counts.passed++
        else if (test.status === 'skipped') skippedFor(counts, test.annotations?.find((a) => a.type === 'skip')?.description || `skipped without a reason: ${spec.title}`)
        else counts.failed++
      }
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites ?? []) walk(suite)
  return counts
}

/** "vitest 3012 tests: 3000 passed, 0 failed, 12 skipped (12 × …)" per runner, on one line. */
export function summaryLine(runs: [string, Counts | null][]): string {
  const parts = runs.map(([name, c]) => {
    if (!c) return `${name}: did not run`
    const reasons = [...c.reasons].map(([reason, n]) => `${n} × ${reason}`).join('; ')
    return `${name} ${c.total} tests: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${reasons ? ` (${reasons})` : ''}`
  })
  return `[test] ran: ${parts.join(' | ')}`
}
