// Lint fixture (never imported): linted as if it were src/components/lint-fixture.tsx, an
// allowed import (components -> lib). tests/lint/architecture.test.ts expects no error.
import { formatDate } from '~/lib/dates'

export const allowed = formatDate
