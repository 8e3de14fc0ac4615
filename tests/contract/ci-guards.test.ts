/**
 * CI cannot go quietly green: under CI=true a PostgreSQL suite without TEST_DATABASE_URL fails
 * and says why; locally it is skipped. Runs one small data-layer file in a Vitest of its own.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
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

/** Every .ts/.mjs file under a folder (not dependencies or build output). */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (['node_modules', 'dist', 'test-results'].includes(name)) return []
    if (statSync(path).isDirectory()) return sourcesUnder(path)
    return /\.(ts|mjs)$/.test(name) ? [path] : []
  })
}

/** The argument text of each call of `name(` in `text` (up to the matching parenthesis), and the line before it. */
function callsOf(text: string, name: string): { call: string; lineBefore: string }[] {
  const calls: { call: string; lineBefore: string }[] = []
  const pattern = new RegExp(`(?<![\\w.])${name}\\(`, 'g')
  for (const match of text.matchAll(pattern)) {
    let depth = 0
    let end = match.index + match[0].length - 1
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++
      else if (text[end] === ')' && --depth === 0) break
    }
    const lineStart = text.lastIndexOf('\n', match.index) + 1
    const lineBefore = text.slice(text.lastIndexOf('\n', lineStart - 2) + 1, Math.max(lineStart - 1, 0))
    calls.push({ call: text.slice(match.index, end + 1), lineBefore })
  }
  return calls
}

describe('child processes', () => {
  it('every child process that tests and scripts start has a time-out, so nothing can hang the suite', () => {
    const files = [...sourcesUnder(join(root, 'scripts')), ...sourcesUnder(join(root, 'tests'))]
    const missing: string[] = []
    const runUntilStopped: string[] = []
    let found = 0
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      if (!/node:child_process|'child_process'/.test(text)) continue
      for (const name of ['spawnSync', 'spawn', 'execFileSync', 'execFile', 'execSync', 'exec', 'fork']) {
        for (const { call, lineBefore } of callsOf(text, name)) {
          found++
          if (/\btimeout\s*:/.test(call)) continue
          // a server that runs until it is stopped says so on the line before, and is listed below
          if (/\/\/ runs until stopped:/.test(lineBefore)) runUntilStopped.push(file.slice(root.length + 1))
          else missing.push(`${file.slice(root.length + 1)}: ${call.split('\n')[0]}`)
        }
      }
    }
    expect(found).toBeGreaterThan(10)
    expect(missing).toEqual([])
    // only `npm start`'s server (no test starts it: they use scripts/lib/serve-process.ts, with a time-out)
    expect(runUntilStopped).toEqual(['scripts/bootstrap.mjs'])
  })
})
