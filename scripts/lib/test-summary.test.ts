import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { failureLines, playwrightCounts, summaryLine, vitestCounts } from './test-summary'

const file = (content: unknown) => {
  const path = join(mkdtempSync(join(tmpdir(), 'summary-')), 'report.json')
  writeFileSync(path, JSON.stringify(content))
  return path
}

describe("npm test's account of what ran and what was skipped", () => {
  it('counts each runner and names why tests were skipped, with tests skipped for no reason named as such', () => {
    const vitest = file({
      testResults: [
        { name: '/repo/tests/contract/a.test.ts', assertionResults: [{ status: 'passed', title: 'a' }, { status: 'skipped', title: 'b', ancestorTitles: ['suite [postgres: skipped, TEST_DATABASE_URL not set]'] }] },
        { name: '/repo/src/lib/b.test.ts', assertionResults: [{ status: 'failed', title: 'c' }, { status: 'pending', title: 'd', ancestorTitles: ['plain'] }] },
      ],
    })
    const playwright = file({
      suites: [{ specs: [{ title: 'x', tests: [{ status: 'expected' }] }], suites: [{ specs: [{ title: 'y', tests: [{ status: 'skipped', annotations: [{ type: 'skip', description: 'needs PostgreSQL' }] }, { status: 'unexpected' }] }] }] }],
    })
    const line = summaryLine([['vitest', vitestCounts(vitest)], ['Playwright', playwrightCounts(playwright)], ['model', null]])
    expect(line).toBe(
      '[test] ran: vitest 4 tests: 1 passed, 1 failed, 2 skipped (1 × postgres: skipped, TEST_DATABASE_URL not set; 1 × skipped without a reason in src/lib/b.test.ts)' +
        ' | Playwright 3 tests: 1 passed, 1 failed, 1 skipped (1 × needs PostgreSQL) | model: did not run',
    )
    expect(line).not.toContain('\n')
  })

  it('names each failed test with its file and the first line of its error, so that the tail of a log says what failed', () => {
    const vitest = file({
      testResults: [{ name: '/repo/src/lib/b.test.ts', assertionResults: [{ status: 'failed', title: 'c', ancestorTitles: ['money'], failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at b.test.ts:3'] }] }],
    })
    const playwright = file({
      suites: [{ specs: [{ title: 'pays', file: 'checkout.spec.ts', line: 12, tests: [{ status: 'unexpected', projectName: 'chromium', results: [{ error: { message: '\nError: expect(locator).toBeVisible() failed\n\nLocator: x' } }] }, { status: 'timedOut', projectName: 'model', results: [{}] }] }] }],
    })
    expect(failureLines([['vitest', vitestCounts(vitest)], ['Playwright', playwrightCounts(playwright)]])).toEqual([
      '[test] failed in vitest: src/lib/b.test.ts › money › c: AssertionError: expected 1 to be 2',
      '[test] failed in Playwright: [chromium] checkout.spec.ts:12 › pays: unexpected, Error: expect(locator).toBeVisible() failed',
      '[test] failed in Playwright: [model] checkout.spec.ts:12 › pays: timedOut',
    ])
    const many = file({ testResults: [{ name: 'x.test.ts', assertionResults: Array.from({ length: 25 }, (_, i) => ({ status: 'failed', title: `t${i}` })) }] })
    const lines = failureLines([['vitest', vitestCounts(many)]])
    expect(lines).toHaveLength(21)
    expect(lines.at(-1)).toBe('[test] … and 5 more')
  })
})
