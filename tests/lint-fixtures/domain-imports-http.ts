// Lint fixture (never imported): linted as if it were src/server/domain/lint-fixture.ts, the
// domain reaches into HTTP. tests/lint/architecture.test.ts expects the error.
import { clientAddress } from '~/server/http/rate-limit'

export const leaked = clientAddress
