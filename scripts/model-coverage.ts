// The model-based tests' coverage report (tests/model): for each machine, the states and
// transitions its planned paths cover in the browser, from the files the passed paths wrote to
// test-results/model-coverage/. Exit 1 when a unit is uncovered and no exception explains it,
// or when no path ran at all. Run after `playwright test --project=model` (npm test does).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { planModel, uncovered, type UiModel } from '../tests/model/plan'
import { COVERAGE_DIR } from '../tests/model/coverage-dir'

const modelDir = join(import.meta.dirname, '..', 'tests', 'model')
const files = readdirSync(modelDir).filter((f) => f.endsWith('.model.ts')).sort()

const ran = new Map<string, string[]>()
if (existsSync(COVERAGE_DIR)) {
  for (const f of readdirSync(COVERAGE_DIR).filter((f) => f.endsWith('.json'))) {
    const { machine, units } = JSON.parse(readFileSync(join(COVERAGE_DIR, f), 'utf8')) as { machine: string; units: string[] }
    ran.set(machine, [...(ran.get(machine) ?? []), ...units])
  }
}

let failed = false
console.log('\n[model] coverage of the machines in the browser (states, transitions, events handled)')
for (const file of files) {
  const mod = (await import(pathToFileURL(join(modelDir, file)).href)) as { model: UiModel }
  const plan = planModel(mod.model)
  const covered = ran.get(plan.name) ?? []
  const { missing, excepted } = uncovered(plan, covered)
  const count = (prefix: string) => {
    const all = plan.universe.filter((u) => u.startsWith(prefix))
    const have = new Set(covered)
    return `${all.filter((u) => have.has(u)).length}/${all.length}`
  }
  console.log(`  ${plan.name}: ${plan.paths.length} paths; states ${count('state:')}, transitions ${count('edge:')}, events handled ${count('handles:')}`)
  for (const unit of excepted) console.log(`    excepted  ${unit}: ${plan.exceptions[unit]}`)
  for (const unit of missing) console.log(`    MISSING   ${unit}`)
  if (!covered.length) console.log(`    no path of ${plan.name} passed (did \`playwright test --project=model\` run?)`)
  if (missing.length || !covered.length) failed = true
}
console.log(failed ? '[model] coverage incomplete' : '[model] every state and transition covered (or excepted with a reason)')
process.exit(failed ? 1 : 0)
