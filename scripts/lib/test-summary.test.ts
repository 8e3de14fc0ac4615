import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { playwrightCounts, summaryLine, vitestCounts } from './test-summary'

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
})
