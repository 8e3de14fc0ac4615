// `npm test`: the whole suite, in order, on the project's Node 24. Every step runs even when
// an earlier one failed (except the end-to-end tests, which need the build); the exit code
// is non-zero when anything failed. The last line sums up the steps as 'N passed, N failed'.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './ensure-chromium'
import { failureLines, playwrightCounts, summaryLine, vitestCounts } from './lib/test-summary'

const root = join(import.meta.dirname, '..')
/** The runners' JSON reports, read for the summary's account of what ran and what was skipped. */
const VITEST_REPORT = join(root, 'test-results', 'vitest-report.json')
const PLAYWRIGHT_REPORT = join(root, 'test-results', 'playwright-report.json')
const only = process.argv.slice(2)

type Step = { name: string; run: () => boolean; needs?: string }

/** Runs a step's command; it is stopped (and fails) after `minutes`. */
function sh(command: string, args: string[], env: Record<string, string> = {}, minutes = 15) {
  console.log(`\n$ ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, timeout: minutes * 60_000, killSignal: 'SIGKILL' })
  if (result.error) console.error(`[test] ${command} stopped after ${minutes} minutes or failed to run: ${result.error.message}`)
  return result.status === 0
}

const hashOf = (file: string) => (existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : '')
const routeTree = join(root, 'src', 'routeTree.gen.ts')

const steps: Step[] = [
  { name: 'generated API types are current', run: () => sh('tsx', ['scripts/gen-api.ts', '--check']) },
  { name: 'translations complete', run: () => sh('tsx', ['scripts/check-i18n.ts']) },
  { name: 'typecheck', run: () => sh('tsc', ['--noEmit']) },
  { name: 'lint (layers, import cycles, hooks, accessibility)', run: () => sh('eslint', ['.', '--max-warnings', '0']) },
  { name: 'unit, data and contract tests (vitest)', run: () => sh('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`], { CONTRACT_COVERAGE: '1' }, 40) },
  {
    name: 'production build',
    run: () => {
      const before = hashOf(routeTree)
      if (!sh('vite', ['build'])) return false
      if (hashOf(routeTree) !== before) {
        console.error('src/routeTree.gen.ts was stale: the build regenerated it; commit the new file.')
        return false
      }
      return true
    },
  },
  {
    name: 'end-to-end tests (Playwright, Chromium)',
    needs: 'production build',
    run: () => {
      try {
        ensureChromium()
      } catch (error) {
        console.error((error as Error).message)
        return false
      }
      // the model paths write what they covered here; the report below reads this run's only
      rmSync(join(root, 'test-results', 'model-coverage'), { recursive: true, force: true })
      return sh('playwright', ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT }, 55)
    },
  },
  {
    name: 'model-based tests cover every state and transition (report)',
    needs: 'production build',
    run: () => sh('tsx', ['scripts/model-coverage.ts']),
  },
]

for (const report of [VITEST_REPORT, PLAYWRIGHT_REPORT]) rmSync(report, { force: true })
const results = new Map<string, boolean>()
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue
  if (step.needs && results.get(step.needs) === false) {
    console.log(`\n[test] skipped '${step.name}': '${step.needs}' failed`)
    results.set(step.name, false)
    continue
  }
  console.log(`\n[test] ── ${step.name}`)
  const started = Date.now()
  const ok = step.run()
  results.set(step.name, ok)
  console.log(`[test] ${ok ? 'ok  ' : 'FAIL'} ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

const failed = [...results].filter(([, ok]) => !ok)
console.log('\n[test] summary')
for (const [name, ok] of results) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}`)
const runs: Parameters<typeof summaryLine>[0] = [['vitest', vitestCounts(VITEST_REPORT)], ['Playwright', playwrightCounts(PLAYWRIGHT_REPORT)]]
for (const line of failureLines(runs)) console.log(line)
console.log(summaryLine(runs))
console.log(`${results.size - failed.length} passed, ${failed.length} failed`)
process.exit(failed.length ? 1 : 0)
