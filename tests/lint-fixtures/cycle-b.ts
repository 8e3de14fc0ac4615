// Lint fixture (never imported): cycle-a.ts and cycle-b.ts import each other.
// tests/lint/architecture.test.ts expects import-x/no-cycle on both.
import { a } from './cycle-a'

export const b = [a]
