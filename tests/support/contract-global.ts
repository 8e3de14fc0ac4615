import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'

/**
 * Where each test file leaves the operations it covered; CONTRACT_COVERAGE_DIR moves it (a Vitest
 * started by a test must not wipe the files of the run that started it).
 */
export const contractCoverageDir = () => process.env.CONTRACT_COVERAGE_DIR || join(import.meta.dirname, '..', '..', 'test-results', 'contract-coverage')

/**
 * When the whole suite runs (CONTRACT_COVERAGE=1, set by `npm test`), every operation of
 * openapi/webshop.yaml must have been answered at least once in a contract-checked test.
 */
export default function setup() {
  const dir = contractCoverageDir()
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  return () => {
    if (process.env.CONTRACT_COVERAGE !== '1') return
    const spec = parse(readFileSync(join(import.meta.dirname, '..', '..', 'openapi', 'webshop.yaml'), 'utf8'))
    const ids: string[] = Object.values(spec.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId).filter((id): id is string => !!id),
    )
    const covered = new Set<string>()
    for (const file of readdirSync(dir)) for (const id of Object.keys(JSON.parse(readFileSync(join(dir, file), 'utf8')))) covered.add(id)
    const missing = ids.filter((id) => !covered.has(id))
    if (missing.length) throw new Error(`operations of the contract no test answered: ${missing.join(', ')}`)
    console.log(`contract: all ${ids.length} operations were answered and validated`)
  }
}
