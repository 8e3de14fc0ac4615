/**
 * CI cannot go quietly green: under CI=true a PostgreSQL suite without TEST_DATABASE_URL fails
 * and says why; locally it is skipped. Runs one small data-layer file in a Vitest of its own.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

function runPrepareSuite(ci: boolean) {
  // its own coverage folder: the child's global setup must not wipe this run's
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_DATABASE_URL: '', CI: ci ? 'true' : '', CONTRACT_COVERAGE_DIR: mkdtempSync(join(tmpdir(), 'ci-guards-')) }
  delete env.CONTRACT_COVERAGE // the coverage teardown is for the whole suite, not this one file
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'tests/contract/prepare.test.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 90_000,
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

describe('CI guards', () => {
  it('under CI, a PostgreSQL suite without TEST_DATABASE_URL fails and names what is missing', () => {
    const { status, output } = runPrepareSuite(true)
    expect(status).not.toBe(0)
    expect(output).toContain('[postgres: required under CI]')
    expect(output).toContain('TEST_DATABASE_URL is not set')
  }, 120_000)

  it('locally, the same suite is skipped, not failed', () => {
    const { status, output } = runPrepareSuite(false)
    expect(status, output).toBe(0)
    expect(output).toMatch(/skipped/)
  }, 120_000)
})
