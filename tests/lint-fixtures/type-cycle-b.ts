// Lint fixture (never imported): type-cycle-a.ts and type-cycle-b.ts import each other's types
// only. tests/lint/architecture.test.ts expects local/no-type-cycle on both.
import type { A } from './type-cycle-a'

export type B = { a?: A }
