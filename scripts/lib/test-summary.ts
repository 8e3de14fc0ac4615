// The one-line account of what `npm test` ran and what it skipped, and why, read from the JSON
// reports of Vitest and Playwright (written next to their usual output by scripts/test.ts).
import { existsSync, readFileSync } from 'node:fs'

/** `failures`: each failed test as 'file › title: the first line of its error', so that a log's tail names them. */
type Counts = { total: number; passed: number; failed: number; skipped: number; reasons: Map<string, number>; failures: string[] }
const empty = (): Counts => ({ total: 0, passed: 0, failed: 0, skipped: 0, reasons: new Map(), failures: [] })
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')
const firstLine = (message: string | undefined) => (message ?? '').replace(ANSI_COLOUR, '').split('\n').map((l) => l.trim()).find(Boolean)?.slice(0, 200) ?? ''
const shortPath = (path: string) => path.replace(/^.*?\/(src|tests|scripts)\//, '$1/')
const skippedFor = (counts: Counts, reason: string) => {
  counts.skipped++
  counts.reasons.set(reason, (counts.reasons.get(reason) ?? 0) + 1)
}

type VitestReport = { testResults?: { name: string; assertionResults?: { status: string; title: string; ancestorTitles?: string[]; failureMessages?: string[] }[] }[] }

/** Vitest's JSON report: a skipped test's reason is its suite's bracketed note ('[postgres: skipped, TEST_DATABASE_URL not set]'). */
export function vitestCounts(file: string): Counts | null {
  if (!existsSync(file)) return null
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport
  const counts = empty()
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      counts.total++
      if (test.status === 'passed') counts.passed++
      else if (test.status === 'failed') {
        counts.failed++
        counts.failures.push(`${shortPath(suite.name)} › ${[...(test.ancestorTitles ?? []), test.title].join(' › ')}: ${firstLine(test.failureMessages?.[0])}`)
      } else {
        const note = [...(test.ancestorTitles ?? []), test.title].map((t) => /\[([^\]]*(skipped|not set)[^\]]*)\]/.exec(t)?.[1]).find(Boolean)
        skippedFor(counts, note ?? `skipped without a reason in ${shortPath(suite.name)}`)
      }
    }
  }
  return counts
}

type PlaywrightTest = { status: string; projectName?: string; annotations?: { type: string; description?: string }[]; results?: { error?: { message?: string } }[] }
type PlaywrightSuite = { suites?: PlaywrightSuite[]; specs?: { title: string; file?: string; line?: number; tests: PlaywrightTest[] }[] }

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
        else {
          counts.failed++
          const error = test.results?.map((r) => r.error?.message).find(Boolean)
          counts.failures.push(`${test.projectName ? `[${test.projectName}] ` : ''}${spec.file ?? '?'}:${spec.line ?? '?'} › ${spec.title}: ${test.status}${error ? `, ${firstLine(error)}` : ''}`)
        }
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

/** The failed tests of every runner, a line each (at most `most`), for the end of `npm test`'s output. */
export function failureLines(runs: [string, Counts | null][], most = 20): string[] {
  const all = runs.flatMap(([name, c]) => (c?.failures ?? []).map((f) => `[test] failed in ${name}: ${f}`))
  return all.length > most ? [...all.slice(0, most), `[test] … and ${all.length - most} more`] : all
}
