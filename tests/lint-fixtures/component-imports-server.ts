// Lint fixture (never imported): linted as if it were src/components/lint-fixture.tsx, it pulls
// server code into the browser. tests/lint/architecture.test.ts expects the error.
import { getRuntime } from '~/server/runtime'

export const leaked = getRuntime
