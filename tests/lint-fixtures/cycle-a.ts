// Lint fixture (never imported): cycle-a.ts and cycle-b.ts import each other.
// tests/lint/architecture.test.ts expects import-x/no-cycle on both.
import { b } from './cycle-b'

export const a = () => b.length
