import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'

/**
 * Where each test file leaves the operations it covered; CONTRACT_COVERAGE_DIR moves it (a Vitest
 * started by a test must not wipe the files of the run that started it).
 */
export const contractCoverageDir = () => process.env.CONTRACT_COVERAGE_DIR || join(import.meta.dirname, '..', '..', 'test-results', 'contract-coverage')

/** The contracts whose every operation a full run must answer (operationIds are unique across them). */
const CONTRACTS = ['webshop.yaml', 'admin.yaml']

/**
 * When the whole suite runs (CONTRACT_COVERAGE=1, set by `npm test`), every operation of
 * openapi/webshop.yaml and openapi/admin.yaml must have been answered at least once in a
 * contract-checked test (tests/support/contract.ts validates the answers against their contract).
 */
export default function setup() {
  const dir = contractCoverageDir()
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  return () => {
    if (process.env.CONTRACT_COVERAGE !== '1') return
    const ids: string[] = CONTRACTS.flatMap((file) => {
      const spec = parse(readFileSync(join(import.meta.dirname, '..', '..', 'openapi', file), 'utf8'))
      return Object.values(spec.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) =>
        Object.values(item).map((op) => op.operationId).filter((id): id is string => !!id),
      )
    })
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i)
    if (twice.length) throw new Error(`operationIds in more than one contract (coverage is kept by id): ${twice.join(', ')}`)
    const covered = new Set<string>()
    for (const file of readdirSync(dir)) for (const id of Object.keys(JSON.parse(readFileSync(join(dir, file), 'utf8')))) covered.add(id)
    const missing = ids.filter((id) => !covered.has(id))
    if (missing.length) throw new Error(`operations of the contract no test answered: ${missing.join(', ')}`)
    console.log(`contract: all ${ids.length} operations (${CONTRACTS.join(', ')}) were answered and validated`)
  }
}
