import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { coverage } from './contract'
import { contractCoverageDir } from './contract-global'

/** Each test file leaves the operations its responses covered; the global teardown adds them up. */
afterAll(() => {
  if (coverage.size === 0) return
  const dir = contractCoverageDir()
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify(Object.fromEntries([...coverage].map(([id, statuses]) => [id, [...statuses]]))))
})
