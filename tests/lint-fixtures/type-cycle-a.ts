// Lint fixture (never imported): type-cycle-a.ts and type-cycle-b.ts import each other's types
// only. tests/lint/architecture.test.ts expects local/no-type-cycle on both.
import type { B } from './type-cycle-b'

export type A = { b?: B }
