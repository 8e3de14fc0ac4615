// Lint fixture (never imported): linted as if it were src/lib/lint-fixture.ts, it breaks the
// layering — lib must not import routes. tests/lint/architecture.test.ts expects the error.
import { Route } from '~/routes/__root'

export const leaked = Route
